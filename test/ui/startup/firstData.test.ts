// The first frame's two requests (src/ui/startup/firstData.ts) go the direct way (no fetch, no refresh, no redirect). A
// refusal must leave the cache as it was — no error, no retry, no query that would keep asking the direct way — so
// the screen asks again through the client, which refreshes an expired token.
import {afterEach, describe, expect, it} from 'vitest';
import {createApi} from '../../../src/api/client.js';
import {accountKeys, deploymentKeys} from '../../../src/queries/keys.js';
import type {Api} from '../../../src/api/client.js';
import {fetchFirstFrame, storeFirstFrame} from '../../../src/ui/startup/index.js';
import {createQueryClient} from '../../../src/ui/queryClient.js';
import type {QueryClient} from '@tanstack/query-core';
import {json, startStub, type Stub} from '../../helpers/httpStub.js';

const TOKEN = 'svc_startupTestKey0123456789abcdefghij';
const LIST_KEY = deploymentKeys.list({limit: 50});
let stub: Stub | undefined;
afterEach(() => stub?.close());

/** What svc ui does with them: ask, then store in the client runUi makes. */
async function prefetchFirstFrame(client: QueryClient, api: Api): Promise<void> {
  storeFirstFrame(client, await fetchFirstFrame(api));
}

describe('the first frame\'s answers', () => {
  it('fills the list and the user under the keys the screen and the header read', async () => {
    stub = await startStub({
      '/api/v1/deployments': (_req, res) => json(res, 200, {items: [{id: 1, name: 'analytics-prod'}], pagination: {offset: 0, limit: 50, total: 1}}),
      '/api/v1/users/me': (_req, res) => json(res, 200, {id: 7, email: 'ann@example.com'}),
    });
    const client = createQueryClient();
    await prefetchFirstFrame(client, createApi({baseUrl: stub.url, token: TOKEN}));
    const list = client.getQueryData<{pages: {deployments: {name: string}[]}[]; pageParams: number[]}>(LIST_KEY);
    expect(list?.pages[0]?.deployments.map((d) => d.name)).toEqual(['analytics-prod']);
    expect(list?.pageParams).toEqual([0]);
    expect(client.getQueryData<{email: string}>(accountKeys.me())?.email).toBe('ann@example.com');
    // Only the console's page size: no `offset=0` the service defaults to (strict validation of the platform's
    // description refuses it).
    expect(stub.requests.find((r) => r.url.startsWith('/api/v1/deployments'))?.url).toBe('/api/v1/deployments?limit=50');
    client.clear();
  });

  it('leaves nothing behind when refused: no error, no retry, no query', async () => {
    stub = await startStub({
      '/api/v1/deployments': (_req, res) => json(res, 401, {error: 'expired'}),
      '/api/v1/users/me': (_req, res) => json(res, 401, {error: 'expired'}),
    });
    const client = createQueryClient();
    const started = Date.now();
    await prefetchFirstFrame(client, createApi({baseUrl: stub.url, token: TOKEN, onUnauthorized: async () => 'svc_never'}));
    // The client retries twice with a 1 s and a 2 s pause; one answer each means none of that happened.
    expect(Date.now() - started).toBeLessThan(900);
    expect(stub.requests).toHaveLength(2);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('keeps what a screen that mounted meanwhile already has', async () => {
    stub = await startStub({
      '/api/v1/deployments': (_req, res) => setTimeout(() => json(res, 200, {items: [{id: 1, name: 'older'}], pagination: {offset: 0, limit: 50, total: 1}}), 50),
      '/api/v1/users/me': (_req, res) => json(res, 200, {id: 7, email: 'ann@example.com'}),
    });
    const client = createQueryClient();
    const pending = prefetchFirstFrame(client, createApi({baseUrl: stub.url, token: TOKEN}));
    client.setQueryData(LIST_KEY, {pages: [{deployments: [{id: '1', name: 'newer'}], total: 1, offset: 0}], pageParams: [0]});
    await pending;
    expect(client.getQueryData<{pages: {deployments: {name: string}[]}[]}>(LIST_KEY)?.pages[0]?.deployments[0]?.name).toBe('newer');
    client.clear();
  });
});
