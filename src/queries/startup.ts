// What the console's first frame reads: the deployments list (its first page) and the signed-in user in the
// header. `svc ui` starts both as soon as it has a client, side by side and while the UI modules are still
// loading, so the first frame can be painted from data instead of a spinner. The screen and the header use the
// same query options, so they find these entries in the cache (fresh for the client's staleTime).
import type {QueryClient} from '@tanstack/query-core';
import type {Api} from '../api/client.js';
import {accountQueries} from './account.js';
import {DEPLOYMENTS_PAGE_SIZE, deploymentQueries} from './deployments.js';

/**
 * Starts the first frame's requests in parallel, without fetch when the client can (Api.getDirect: Node's fetch
 * loads in ~20 ms, which the first frame need not wait for); a failure is left to the screen, which asks again
 * through the client when it mounts.
 */
export function prefetchFirstFrame(client: QueryClient, viaClient: Api): Promise<void> {
  const api: Api = viaClient.getDirect ? {...viaClient, get: viaClient.getDirect} : viaClient;
  return Promise.all([
    client.prefetchInfiniteQuery(deploymentQueries.list(api, {limit: DEPLOYMENTS_PAGE_SIZE})),
    client.prefetchQuery({...accountQueries.me(api), staleTime: Infinity}),
  ]).then(() => undefined);
}
