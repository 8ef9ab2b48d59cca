import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {openSampleDatabase} from '../../src/server/engines/sample/dataset.js';
import {testApp, type TestApp} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
let t: TestApp;
let token: string;
beforeEach(async () => {
  t = testApp();
  token = (await t.call('/api/v1/deployments/1/token', {method: 'POST'})).body.cubeApiToken;
});
afterEach(() => t.close());

const COUNT = {measures: ['orders.count'], dimensions: ['orders.status']};
const load = (prefix: string, query: unknown, key: string | null = token) =>
  t.call(`${prefix}/cubejs-api/v1/load?query=${encodeURIComponent(JSON.stringify(query))}`, {key: null, headers: key === null ? {} : {authorization: key}});
const direct = () => openSampleDatabase().prepare('SELECT status, count(*) c FROM orders GROUP BY status ORDER BY c DESC').all() as Array<{status: string; c: number}>;

describe('data API', () => {
  it('answers the deploy branch with rows from the sample warehouse, token sent raw', async () => {
    const res = await load('/data/1', COUNT);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(direct().map((r) => ({'orders.status': r.status, 'orders.count': r.c})));
    expect(res.body.annotation.measures['orders.count']).toMatchObject({type: 'count'});
  });

  it('accepts POST {query} and a Bearer token too', async () => {
    const res = await t.call('/data/1/cubejs-api/v1/load', {method: 'POST', key: token, json: {query: {measures: ['orders.count']}}});
    expect(res.body.data).toEqual([{'orders.count': 2400}]);
  });

  it('says "Continue wait" until a dev branch has built, then answers through its own model', async () => {
    const dev = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}})).body.branchName as string;
    const extra = 'cubes:\n  - name: big_orders\n    sql: SELECT * FROM orders WHERE amount > 500\n    measures:\n      - {name: count, type: count}\n';
    await t.call(`${D}/data-model/files`, {method: 'PUT', json: {files: [{path: 'model/cubes/big_orders.yml', content: extra}]}});
    const prefix = `/data/1/dev-mode/${encodeURIComponent(dev)}`;
    expect(await load(prefix, {measures: ['big_orders.count']})).toMatchObject({status: 200, body: {error: 'Continue wait'}});
    t.clock.advance(60_000);
    const res = await load(prefix, {measures: ['big_orders.count']});
    const want = (openSampleDatabase().prepare('SELECT count(*) c FROM orders WHERE amount > 500').get() as {c: number}).c;
    expect(res.body.data).toEqual([{'big_orders.count': want}]);
    // Production has no such cube: the branch's model is not the deploy branch's.
    expect((await load('/data/1', {measures: ['big_orders.count']})).body.error).toBe('"big_orders.count" is not a member of any cube or view');
  });

  it('reports a failed build and inactive or unknown branches', async () => {
    const dev = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}})).body.branchName as string;
    await t.call(`${D}/data-model/files`, {method: 'PUT', json: {files: [{path: 'model/cubes/bad.yml', content: 'cubes:\n  - name: bad\n'}]}});
    t.clock.advance(60_000);
    const failed = await load(`/data/1/dev-mode/${dev}`, COUNT);
    expect(failed.status).toBe(400);
    expect(failed.body.error).toMatch(/does not compile: model\/cubes\/bad.yml:2/);
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'idle'}});
    expect((await load('/data/1/dev-mode/idle', COUNT)).body.error).toMatch(/Branch idle is not active/);
    expect((await load('/data/1/dev-mode/ghost', COUNT)).status).toBe(404);
  });

  it('answers query mistakes as 400 with the engine’s message', async () => {
    const res = await load('/data/1', {measures: ['orders.nope']});
    expect(res).toMatchObject({status: 400, body: {error: '"orders.nope" is not a member of cube "orders"'}});
    const bad = await t.call('/data/1/cubejs-api/v1/load?query=%7Bnope', {key: token});
    expect(bad.body.error).toBe('query is not valid JSON');
  });

  it('describes the branch model at /meta, cubes and views with qualified member names', async () => {
    const res = await t.call('/data/1/cubejs-api/v1/meta', {key: token});
    expect(res.status).toBe(200);
    type MetaCube = {name: string; type: string; title: string; measures: unknown[]};
    const byName = Object.fromEntries((res.body.cubes as MetaCube[]).map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['customers', 'line_items', 'orders', 'products', 'sales', 'users']);
    expect(byName.orders).toMatchObject({type: 'cube', title: 'Orders'});
    expect(byName.orders!.measures).toContainEqual({name: 'orders.total_amount', title: 'Orders Total Amount', shortTitle: 'Total Amount', type: 'sum'});
    expect(byName.sales!.measures).toContainEqual(expect.objectContaining({name: 'sales.orders_count', type: 'count'}));
    const dev = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}})).body.branchName as string;
    expect((await t.call(`/data/1/dev-mode/${dev}/cubejs-api/v1/meta`, {key: token})).body).toEqual({error: 'Continue wait'});
    expect((await t.call('/data/1/cubejs-api/v1/meta', {key: null})).status).toBe(401);
    // The admin key is a valid credential of the wrong kind here: 403 naming the token to use.
    expect((await t.call('/data/1/cubejs-api/v1/meta')).status).toBe(403);
  });

  it('needs a data API token for this deployment', async () => {
    expect((await load('/data/1', COUNT, null)).status).toBe(401);
    expect((await load('/data/1', COUNT, t.adminKey)).status).toBe(403);
    const other = (await t.call('/api/v1/deployments/2/token', {method: 'POST'})).body.cubeApiToken;
    expect((await load('/data/1', COUNT, other)).status).toBe(403);
  });

  it('refuses a metadata token (valid, but not for data) with 403', async () => {
    const envs = (await t.call('/api/v1/deployments/1/environments')).body.data.environments as Array<{id: string}>;
    const meta = (await t.call(`/api/v1/deployments/1/environments/${envs[0]!.id}/tokens-for-meta-sync`, {method: 'POST', json: {security_context: {tenant: 'a'}}})).body.data.token;
    const res = await load('/data/1', COUNT, meta);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/cannot query data/);
  });

  it('checks the token before anything else: no query, an unknown deployment or branch still answer 401/403', async () => {
    const bare = (path: string, key: string | null) => t.call(path, {key: null, headers: key === null ? {} : {authorization: key}});
    expect((await bare('/data/1/cubejs-api/v1/load', null)).status).toBe(401);
    expect((await bare('/data/999/cubejs-api/v1/load', null)).status).toBe(401);
    expect((await bare('/data/1/dev-mode/ghost/cubejs-api/v1/meta', null)).status).toBe(401);
    const post = await t.call('/data/1/cubejs-api/v1/load', {method: 'POST', key: null, json: {}});
    expect(post.status).toBe(401);
    expect((await bare('/data/999/cubejs-api/v1/load', token)).status).toBe(403);
    // With the right token the same mistakes are named.
    expect(await bare('/data/1/cubejs-api/v1/load', token)).toMatchObject({status: 400});
  });
});
