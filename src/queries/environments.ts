// Environment queries, the environment-token list, and the token mutations (plain options; no React).
import {keepPreviousData} from '@tanstack/query-core';
import type {Api} from '../api/client.js';
import {createEnvironmentToken, createMetaSyncToken, listEnvironmentTokens, listEnvironments} from '../api/environments.js';
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
  /** The newest tokens issued for an environment (values redacted by the service). */
  tokens: (api: Api, deploymentId: string, environmentId: string) => ({
    queryKey: environmentKeys.tokens(deploymentId, environmentId),
    queryFn: ({signal}: {signal: AbortSignal}) => listEnvironmentTokens(api, deploymentId, environmentId, {first: ENVIRONMENT_TOKENS_SHOWN}, signal),
  }),
};

export const ENVIRONMENT_TOKENS_SHOWN = 10;

export interface MetaSyncTokenInput {
  environmentId: string;
  securityContext: Json;
  expiresIn?: number;
  /** Environment tokens only: data and/or meta (default both). */
  scopes?: string[];
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
  /** Issues an environment token; the caller invalidates `environmentKeys.tokens` so the listing shows it. */
  environmentToken: (api: Api, deploymentId: string) => ({
    mutationKey: [...environmentKeys.ofDeployment(deploymentId), 'environment-token'] as const,
    mutationFn: (input: MetaSyncTokenInput) =>
      createEnvironmentToken(api, deploymentId, input.environmentId, {
        security_context: input.securityContext,
        ...(input.expiresIn !== undefined && {expires_in: input.expiresIn}),
        ...(input.scopes !== undefined && {scopes: input.scopes}),
      }),
  }),
};
