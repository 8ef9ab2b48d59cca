// Environment tokens (issue 13 item 4): GET and POST /api/v1/deployments/{d}/environments/{e}/tokens with the
// reference shapes — {data: {token, security_context, created_at, expires_at}} on creation, {items, data,
// pageInfo, pagination} for the list — the value shown only once, scopes that decide what the token opens on the
// environment's data API, and the model's tenancy rule applied to queries.
import {decodeJwt} from 'jose';
import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

const envId = async (deployment = 1, type = 'production') =>
  ((await t.call(`/api/v1/deployments/${deployment}/environments`)).body.data.environments as Array<{id: string; type: string}>).find((e) => e.type === type)!.id;
const tokensPath = async (deployment = 1) => `/api/v1/deployments/${deployment}/environments/${await envId(deployment)}/tokens`;
const create = async (json: unknown, key?: string) => t.call(await tokensPath(), {method: 'POST', json, key});
const get = (path: string, token: string) => t.call(path, {key: null, headers: {authorization: token}});
const load = (token: string, measures: string[]) => get(`/data/1/cubejs-api/v1/load?query=${encodeURIComponent(JSON.stringify({measures}))}`, token);

describe('POST …/environments/{e}/tokens', () => {
  it('answers the reference shape; created_at is the JWT iat, default lifetime 3600 s, all scopes', async () => {
    t.clock.advance(321);
    const res = await create({security_context: {tenant: 'acme'}});
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const data = res.body.data;
    expect(data).toEqual({token: expect.any(String), security_context: {tenant: 'acme'}, created_at: expect.any(String), expires_at: expect.any(String), scopes: ['data', 'meta']});
    const claims = decodeJwt(data.token);
    expect(data.created_at).toBe(new Date(claims.iat! * 1000).toISOString());
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims).toMatchObject({scope: 'env', scopes: ['data', 'meta'], security_context: {tenant: 'acme'}, deploymentId: 1});
  });

  it('refuses what the reference refuses: no security_context, expires_in outside 1..3600, unknown scopes', async () => {
    for (const body of [{}, {security_context: null}, {security_context: {}, expires_in: 0}, {security_context: {}, expires_in: 3601}, {security_context: {}, scopes: ['admin']}, {security_context: {}, scopes: []}]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await create({security_context: {}, expires_in: 60, scopes: ['meta']})).status).toBe(200);
    expect((await create({security_context: {}, expires_in: null, scopes: null})).status).toBe(200);
  });

  it('404 for an unknown environment or deployment, 403 for a key scoped to another deployment, 401 without one', async () => {
    expect((await t.call('/api/v1/deployments/1/environments/99999/tokens', {method: 'POST', json: {security_context: {}}})).status).toBe(404);
    expect((await t.call('/api/v1/deployments/999/environments/1/tokens', {method: 'POST', json: {security_context: {}}})).status).toBe(404);
    const other = `/api/v1/deployments/2/environments/${await envId(2)}/tokens`;
    expect((await t.call(other, {method: 'POST', json: {security_context: {}}, key: t.scopedKey})).status).toBe(403);
    expect((await t.call(other, {key: t.scopedKey})).status).toBe(403);
    expect((await t.call(other, {key: null})).status).toBe(401);
  });
});

describe('what an environment token opens', () => {
  it('scope data queries the environment under the tenancy rule; scope meta only reads metadata', async () => {
    const acme = (await create({security_context: {tenant: 'acme'}, scopes: ['data']})).body.data.token as string;
    const ok = await load(acme, ['users.count']);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual([{'users.count': 400}]);
    // globex cannot see users: the member does not exist for it.
    const globex = (await create({security_context: {tenant: 'globex'}, scopes: ['data']})).body.data.token as string;
    const hidden = await load(globex, ['users.count']);
    expect(hidden.status).toBe(400);
    expect((await load(globex, ['orders.count'])).status).toBe(200);
    // data only: the metadata API is refused.
    expect((await get('/data/1/v1/entities', acme)).status).toBe(403);
    const metaOnly = (await create({security_context: {tenant: 'acme'}, scopes: ['meta']})).body.data.token as string;
    expect((await get('/data/1/v1/entities', metaOnly)).status).toBe(200);
    const refused = await load(metaOnly, ['orders.count']);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('an environment token with scopes meta cannot query data here');
  });
});

describe('GET …/environments/{e}/tokens', () => {
  it('lists newest first in the reference shape, never the token value', async () => {
    const made: string[] = [];
    for (const tenant of ['a', 'b', 'c']) {
      made.push((await create({security_context: {tenant}})).body.data.token);
      t.clock.advance(1000);
    }
    const res = await t.call(await tokensPath());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(res.body.items);
    expect(res.body.pagination).toEqual({offset: 0, limit: 20, total: 3});
    expect(res.body.pageInfo).toMatchObject({hasNextPage: false, hasPreviousPage: false});
    expect(res.body.items.map((i: {security_context: {tenant: string}}) => i.security_context.tenant)).toEqual(['c', 'b', 'a']);
    const text = JSON.stringify(res.body);
    for (const token of made) {
      expect(text).not.toContain(token);
      expect(text).toContain(`…${token.slice(-8)}`);
    }
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(['created_at', 'expires_at', 'scopes', 'security_context', 'token']);
  });

  it('pages with first/after and with offset/limit; another environment has its own list', async () => {
    for (let i = 0; i < 5; i++) await create({security_context: {n: i}});
    const one = await t.call(`${await tokensPath()}?first=2`);
    expect(one.body.items.map((i: {security_context: {n: number}}) => i.security_context.n)).toEqual([4, 3]);
    expect(one.body.pageInfo.hasNextPage).toBe(true);
    const two = await t.call(`${await tokensPath()}?first=2&after=${one.body.pageInfo.endCursor}`);
    expect(two.body.items.map((i: {security_context: {n: number}}) => i.security_context.n)).toEqual([2, 1]);
    const off = await t.call(`${await tokensPath()}?offset=4&limit=2`);
    expect(off.body.items.map((i: {security_context: {n: number}}) => i.security_context.n)).toEqual([0]);
    expect((await t.call(`${await tokensPath()}?after=bogus`)).status).toBe(400);
    const staging = `/api/v1/deployments/1/environments/${await envId(1, 'staging')}/tokens`;
    expect((await t.call(staging)).body.items).toEqual([]);
  });

  it('is in the OpenAPI document with both methods', async () => {
    const spec = (await t.call('/api/v1/spec')).body;
    const path = spec.paths['/api/v1/deployments/{deploymentId}/environments/{environmentId}/tokens'];
    expect(path.get.operationId).toBe('getDeploymentEnvironmentTokens');
    expect(path.post.operationId).toBe('createDeploymentEnvironmentToken');
  });
});
