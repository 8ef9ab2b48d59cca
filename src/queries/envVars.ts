// Environment variables of a deployment: the list (every page, refreshed on the live interval) and the set/unset
// mutations. A change rebuilds the deploy branch, so both refresh the deployment's builds too.
import type {QueryClient} from '@tanstack/query-core';
import type {Api} from '../api/client.js';
import {listAllEnvVars, setEnvVars, unsetEnvVars, type EnvVariable} from '../api/envVars.js';
import {buildKeys, envVarKeys} from './keys.js';
import {pollUntil, type LivePolicy} from './poll.js';

export const envVarQueries = {
  list: (api: Api, deploymentId: string, live?: LivePolicy) => ({
    queryKey: envVarKeys.ofDeployment(deploymentId),
    queryFn: ({signal}: {signal: AbortSignal}) => listAllEnvVars(api, deploymentId, signal),
    refetchInterval: pollUntil(live),
  }),
};

const refresh = (client: QueryClient, deploymentId: string) =>
  Promise.all([
    client.invalidateQueries({queryKey: envVarKeys.ofDeployment(deploymentId)}),
    client.invalidateQueries({queryKey: buildKeys.ofDeployment(deploymentId)}),
  ]);

export const envVarMutations = {
  set: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (variable: EnvVariable) => setEnvVars(api, deploymentId, [variable]),
    onSuccess: () => refresh(client, deploymentId),
  }),
  unset: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (name: string) => unsetEnvVars(api, deploymentId, [name]),
    onSuccess: () => refresh(client, deploymentId),
  }),
};
