// What the console's first frame reads: the deployments list (its first page) and the signed-in user in the
// header. `svc ui` asks for both as soon as it has a client, side by side and before query-core, Ink and React
// have loaded (this module needs none of them), so the first frame can be painted from data. The answers go into
// the cache under the keys the screen and the header read (fresh for the client's staleTime).
//
// They are asked without fetch when the client can (Api.getDirect: loading Node's fetch is time the first frame
// need not wait for; BENCHMARKS.md, "Third pass"). That way is stricter than the client: no redirect, no refresh
// of an expired token. So a failure leaves nothing behind — no error, no retry, no query holding the direct way —
// and the screen asks again through the client when it mounts.
import type {InfiniteData, QueryClient} from '@tanstack/query-core';
import {getMe, type Me} from '../../api/account.js';
import type {Api} from '../../api/client.js';
import {deploymentsPageParams, listDeployments, type DeploymentList} from '../../api/deployments.js';
import {accountKeys, DEPLOYMENTS_PAGE_SIZE, deploymentKeys} from '../../queries/keys.js';

export interface FirstFrameData {
  readonly list?: DeploymentList;
  readonly me?: Me;
}

/** Asks for both at once; an answer that fails is left out. Never rejects. */
export async function fetchFirstFrame(viaClient: Api): Promise<FirstFrameData> {
  const api: Api = viaClient.getDirect ? {...viaClient, get: viaClient.getDirect} : viaClient;
  const [list, me] = await Promise.all([
    listDeployments(api, deploymentsPageParams(0, DEPLOYMENTS_PAGE_SIZE)).catch(() => undefined),
    getMe(api).catch(() => undefined),
  ]);
  return {...(list && {list}), ...(me && {me})};
}

/** Puts the answers where the list query (its first page) and the header's user query read them, unless a screen that mounted meanwhile has its own. */
export function storeFirstFrame(client: QueryClient, data: FirstFrameData): void {
  const keep = <T>(key: readonly unknown[], value: T | undefined) => {
    if (value !== undefined && client.getQueryData(key) === undefined) client.setQueryData(key, value);
  };
  keep<InfiniteData<DeploymentList, number>>(deploymentKeys.list({limit: DEPLOYMENTS_PAGE_SIZE}), data.list && {pages: [data.list], pageParams: [0]});
  keep(accountKeys.me(), data.me);
}
