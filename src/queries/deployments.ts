// Deployment queries and mutations. Plain option objects (no React): the UI hands them to useQuery /
// useInfiniteQuery / useMutation, command mode to queryClient.fetchQuery or straight to the fetcher.
import {keepPreviousData, type QueryClient} from '@tanstack/query-core';
import type {Api} from '../api/client.js';
import {
  createDeployment,
  deploymentsPageParams,
  deleteDeployment,
  getDeployment,
  getDeploymentSettings,
  listDeployments,
  listVersions,
  updateDeployment,
  type DeploymentList,
} from '../api/deployments.js';
import type {Json} from '../api/read.js';
import {buildKeys, DEPLOYMENTS_PAGE_SIZE, deploymentKeys, type DeploymentListParams} from './keys.js';
import {pollUntil, type LivePolicy} from './poll.js';

export {DEPLOYMENTS_PAGE_SIZE} from './keys.js';

/** Offset of the page after `last`, or undefined once every deployment is loaded. */
export function nextDeploymentsOffset(last: DeploymentList): number | undefined {
  const next = last.offset + last.deployments.length;
  return last.deployments.length === 0 || next >= last.total ? undefined : next;
}

export const deploymentQueries = {
  /** Offset pages, fetched one by one as the cursor nears the end of the loaded rows. */
  list: (api: Api, params: DeploymentListParams = {limit: DEPLOYMENTS_PAGE_SIZE}, live?: LivePolicy) => ({
    queryKey: deploymentKeys.list(params),
    queryFn: ({pageParam, signal}: {pageParam: number; signal: AbortSignal}) =>
      listDeployments(api, deploymentsPageParams(pageParam, params.limit), signal),
    initialPageParam: 0,
    getNextPageParam: nextDeploymentsOffset,
    placeholderData: keepPreviousData,
    refetchInterval: pollUntil(live),
  }),
  /** One offset page, for command mode (`deployments list --offset --limit`). */
  page: (api: Api, offset: number, limit: number) => ({
    queryKey: [...deploymentKeys.lists(), 'page', {offset, limit}] as const,
    queryFn: ({signal}: {signal: AbortSignal}) => listDeployments(api, {offset, limit}, signal),
  }),
  detail: (api: Api, id: string, live?: LivePolicy) => ({
    queryKey: deploymentKeys.detail(id),
    queryFn: ({signal}: {signal: AbortSignal}) => getDeployment(api, id, signal),
    refetchInterval: pollUntil(live),
  }),
  settings: (api: Api, id: string, live?: LivePolicy) => ({
    queryKey: deploymentKeys.settings(id),
    queryFn: ({signal}: {signal: AbortSignal}) => getDeploymentSettings(api, id, signal),
    refetchInterval: pollUntil(live),
  }),
  versions: (api: Api, id: string, live?: LivePolicy) => ({
    queryKey: deploymentKeys.versions(id),
    queryFn: ({signal}: {signal: AbortSignal}) => listVersions(api, id, signal),
    placeholderData: keepPreviousData,
    refetchInterval: pollUntil(live),
  }),
};

export interface CreateDeploymentInput {
  name: string;
  region: string;
}

export const deploymentMutations = {
  /** The new deployment's record (its `id` opens the overview); every list is refetched before it resolves. */
  create: (api: Api, client: QueryClient) => ({
    mutationKey: [...deploymentKeys.all, 'create'] as const,
    mutationFn: (input: CreateDeploymentInput) => createDeployment(api, {...input}),
    onSuccess: () => client.invalidateQueries({queryKey: deploymentKeys.lists()}),
  }),
  /** PUT /deployments/{id}: a version or channel switch also rebuilds, so build status is refetched too. */
  update: (api: Api, client: QueryClient, id: string) => ({
    mutationKey: [...deploymentKeys.detail(id), 'update'] as const,
    mutationFn: (body: Json) => updateDeployment(api, id, body),
    onSuccess: async () => {
      // A cached finished build would read as the outcome of the rebuild this switch just started.
      client.removeQueries({queryKey: buildKeys.ofDeployment(id), type: 'inactive'});
      await Promise.all([
        client.invalidateQueries({queryKey: deploymentKeys.detail(id)}),
        client.invalidateQueries({queryKey: buildKeys.ofDeployment(id)}),
      ]);
    },
  }),
  /** Waits for the lists to refetch, so the deleted row is gone when the dialog closes. */
  remove: (api: Api, client: QueryClient) => ({
    mutationKey: [...deploymentKeys.all, 'delete'] as const,
    mutationFn: (id: string) => deleteDeployment(api, id),
    onSuccess: async (_ok: boolean, id: string) => {
      client.removeQueries({queryKey: deploymentKeys.detail(id)});
      await client.invalidateQueries({queryKey: deploymentKeys.lists()});
    },
  }),
};
