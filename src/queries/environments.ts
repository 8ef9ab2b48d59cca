// Environment queries and the metadata-sync token mutation (plain options; no React).
import {keepPreviousData} from '@tanstack/query-core';
import type {Api} from '../api/client.js';
import {createMetaSyncToken, listEnvironments} from '../api/environments.js';
import type {Json} from '../api/read.js';
import {environmentKeys, type EnvironmentListParams} from './keys.js';
import {pollUntil, type LivePolicy} from './poll.js';

export const ENVIRONMENTS_LIMIT = 100;

export const environmentQueries = {
  list: (api: Api, deploymentId: string, params: EnvironmentListParams = {limit: ENVIRONMENTS_LIMIT}, live?: LivePolicy) => ({
    queryKey: environmentKeys.list(deploymentId, params),
    queryFn: ({signal}: {signal: AbortSignal}) =>
      listEnvironments(api, deploymentId, {...(params.type !== undefined && {type: params.type}), limit: params.limit}, signal),
    placeholderData: keepPreviousData,
    refetchInterval: pollUntil(live),
  }),
};

export interface MetaSyncTokenInput {
  environmentId: string;
  securityContext: Json;
  expiresIn?: number;
}

export const environmentMutations = {
  /** Issues a token; nothing is cached (the token is a secret shown once). */
  metaSyncToken: (api: Api, deploymentId: string) => ({
    mutationKey: [...environmentKeys.ofDeployment(deploymentId), 'meta-sync-token'] as const,
    mutationFn: (input: MetaSyncTokenInput) =>
      createMetaSyncToken(api, deploymentId, input.environmentId, {
        security_context: input.securityContext,
        ...(input.expiresIn !== undefined && {expires_in: input.expiresIn}),
      }),
  }),
};
