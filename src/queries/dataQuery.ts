// The query screen's reads: where the data API answers (with a deployment token, kept for a few minutes) and the
// model's members to complete from, asked again while the branch answers "Continue wait".
import type {Api} from '../api/client.js';
import {modelMembers} from '../api/dataApi.js';
import {dataTarget, type DataTarget} from '../workflows/query.js';
import {dataQueryKeys} from './keys.js';

/** The branch's runtime is still warming up: the members query retries. */
export class StillWarmingUp extends Error {
  constructor() {
    super('the branch is still warming up (Continue wait)');
  }
}

const TOKEN_FRESH_MS = 5 * 60_000;
const WARMUP_RETRIES = 60;

export const dataQueryQueries = {
  target: (api: Api, deploymentId: string) => ({
    queryKey: dataQueryKeys.target(deploymentId),
    queryFn: ({signal}: {signal: AbortSignal}) => dataTarget(api, deploymentId, signal),
    staleTime: TOKEN_FRESH_MS,
  }),
  members: (target: DataTarget | undefined, deploymentId: string, branch: string) => ({
    queryKey: dataQueryKeys.members(deploymentId, branch),
    queryFn: async ({signal}: {signal: AbortSignal}) => {
      const answer = await modelMembers(target!, branch === '' ? undefined : branch, signal);
      if (answer.wait) throw new StillWarmingUp();
      return {measures: answer.measures, dimensions: answer.dimensions};
    },
    enabled: target !== undefined,
    retry: (count: number, err: unknown) => err instanceof StillWarmingUp && count < WARMUP_RETRIES,
    retryDelay: 2000,
  }),
};
