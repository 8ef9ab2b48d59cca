// Build-status query: polls while the build runs and stops by itself on built, failed or cancelled, or when nothing
// builds the branch (not active, no such branch: `r` asks again). The step
// times of a build live in the query cache beside it, so a screen that is left and opened again keeps them.
import type {QueryClient} from '@tanstack/query-core';
import type {Api} from '../api/client.js';
import {getBuildStatus, isSettledBuildStatus} from '../api/builds.js';
import {buildKeys} from './keys.js';
import {pollUntil, type LivePolicy} from './poll.js';

type BuildStatusData = Awaited<ReturnType<typeof getBuildStatus>>;

/** Step → when it began (the service's `updatedAt` is when the current step began), for one build. */
export interface BuildTimes {
  /** The build the times belong to; a later trigger starts fresh. */
  readonly buildId: number | undefined;
  readonly at: Readonly<Record<string, string>>;
}

const NO_TIMES: BuildTimes = {buildId: undefined, at: {}};
/** Step times outlive the screen by this much (a build takes minutes). */
const TIMES_GC_MS = 60 * 60_000;

/** The times with `step` noted as begun `at`; the first sighting of a step wins. */
export function noteStep(times: BuildTimes | undefined, seen: {buildId: number | undefined; step: string; at: string}): BuildTimes {
  const base = times && times.buildId === seen.buildId ? times : {buildId: seen.buildId, at: {}};
  return base.at[seen.step] !== undefined ? base : {...base, at: {...base.at, [seen.step]: seen.at}};
}

export const buildQueries = {
  /** `branch` undefined: the service's choice (the dev-mode branch, else the deploy branch). */
  status: (api: Api, deploymentId: string, branch?: string, live?: LivePolicy) => ({
    queryKey: buildKeys.status(deploymentId, branch),
    queryFn: ({signal}: {signal: AbortSignal}) => getBuildStatus(api, deploymentId, branch, signal),
    refetchInterval: pollUntil<BuildStatusData>(live, isSettledBuildStatus),
  }),
  /** The step times noted so far (see noteStep); `r` re-reads them from the cache, never from the service. */
  times: (client: QueryClient, deploymentId: string, branch?: string) => ({
    queryKey: buildKeys.times(deploymentId, branch),
    queryFn: () => client.getQueryData<BuildTimes>(buildKeys.times(deploymentId, branch)) ?? NO_TIMES,
    // Never fetched on mount (a fetch would answer what it read before the screen noted the first step).
    initialData: () => client.getQueryData<BuildTimes>(buildKeys.times(deploymentId, branch)) ?? NO_TIMES,
    staleTime: Infinity,
    gcTime: TIMES_GC_MS,
  }),
};
