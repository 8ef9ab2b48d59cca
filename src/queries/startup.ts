// What the console's first frame reads: the deployments list (its first page) and the signed-in user in the
// header. `svc ui` asks for both as soon as it has a client, side by side and while the UI modules are still
// loading, so the first frame can be painted from data instead of a spinner. The answers go into the cache under
// the keys the screen and the header read (fresh for the client's staleTime).
//
// They are asked without fetch when the client can (Api.getDirect: Node's fetch takes ~20 ms to load, which the
// first frame need not wait for). That way is stricter than the client: no redirect, no refresh of an expired
// token. So a failure leaves nothing behind — no error, no retry, no query holding the direct way — and the screen
// asks again through the client when it mounts.
import type {InfiniteData, QueryClient} from '@tanstack/query-core';
import type {Api} from '../api/client.js';
import {accountQueries} from './account.js';
import {DEPLOYMENTS_PAGE_SIZE, deploymentQueries} from './deployments.js';

/** Resolves once both answers are in the cache or have failed; never rejects. */
export function prefetchFirstFrame(client: QueryClient, viaClient: Api): Promise<void> {
  const api: Api = viaClient.getDirect ? {...viaClient, get: viaClient.getDirect} : viaClient;
  const signal = new AbortController().signal;
  const list = deploymentQueries.list(api, {limit: DEPLOYMENTS_PAGE_SIZE});
  const me = accountQueries.me(api);
  // Kept only while the cache has nothing newer (a screen that mounted meanwhile asked on its own).
  const keep = <T>(key: readonly unknown[], data: T) => {
    if (client.getQueryData(key) === undefined) client.setQueryData(key, data);
  };
  return Promise.all([
    list
      .queryFn({pageParam: list.initialPageParam, signal})
      .then((page) => keep<InfiniteData<typeof page, number>>(list.queryKey, {pages: [page], pageParams: [list.initialPageParam]}))
      .catch(() => {}),
    me
      .queryFn({signal})
      .then((data) => keep(me.queryKey, data))
      .catch(() => {}),
  ]).then(() => undefined);
}
