// Build-status query: polls while the build runs and stops by itself on built, failed or cancelled.
import type {Api} from '../api/client.js';
import {getBuildStatus, isTerminalBuildStatus} from '../api/builds.js';
import {buildKeys} from './keys.js';
import {pollUntil, type LivePolicy} from './poll.js';

type BuildStatusData = Awaited<ReturnType<typeof getBuildStatus>>;

export const buildQueries = {
  /** `branch` undefined: the service's choice (the dev-mode branch, else the deploy branch). */
  status: (api: Api, deploymentId: string, branch?: string, live?: LivePolicy) => ({
    queryKey: buildKeys.status(deploymentId, branch),
    queryFn: ({signal}: {signal: AbortSignal}) => getBuildStatus(api, deploymentId, branch, signal),
    refetchInterval: pollUntil<BuildStatusData>(live, (data) => isTerminalBuildStatus(data.status)),
  }),
};
