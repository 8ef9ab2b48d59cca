// The whole data model workflow over real HTTP on loopback, the way the CLI and the dbt gate drive it:
// dev mode → edit → validate → build → query the dev branch → commit → merge to default → query production.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ManualClock} from '../../src/server/engines/clock.js';
import type {RunningService} from '../../src/server/index.js';
import {TEST_EPOCH, startTestService} from '../helpers/startService.js';

let service: RunningService;
const clock = new ManualClock(TEST_EPOCH);
beforeAll(async () => {
  service = await startTestService({clock});
});
afterAll(() => service.close());

async function call(method: string, path: string, opts: {json?: unknown; auth?: string} = {}) {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: {authorization: opts.auth ?? `Bearer ${service.adminKey}`, ...(opts.json === undefined ? {'content-length': '0'} : {'content-type': 'application/json'})},
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
  return {status: res.status, body: (await res.json()) as any};
}

const D = '/build/api/v1/deployments/1';
const HIGH_VALUE = `cubes:
  - name: high_value_orders
    sql: SELECT * FROM orders WHERE amount >= 1000
    measures:
      - {name: count, type: count}
      - {name: revenue, type: sum, sql: amount}
`;

describe('data model workflow over HTTP', () => {
  it('goes from a dev-mode edit to a production query', async () => {
    const deploymentUrl = (await call('GET', '/api/v1/deployments/1')).body.deploymentUrl as string;
    expect(deploymentUrl).toBe(`${service.url}/data/1`);
    const token = (await call('POST', '/api/v1/deployments/1/token')).body.cubeApiToken as string;
    const query = (prefix: string) =>
      fetch(`${prefix}/cubejs-api/v1/load?query=${encodeURIComponent(JSON.stringify({measures: ['high_value_orders.count']}))}`, {headers: {authorization: token}})
        .then(async (r) => ({status: r.status, body: (await r.json()) as any}));

    const branchNames = async () => ((await call('GET', `${D}/branches`)).body.items as Array<{name: string}>).map((b) => b.name);
    const before = await branchNames();
    const dev = (await call('POST', `${D}/dev-mode`, {json: {branchName: 'staging'}})).body.branchName as string;
    expect(dev).toMatch(/^dev-admin-[0-9a-f]{8}$/);
    expect((await call('PUT', `${D}/data-model/files`, {json: {files: [{path: 'model/cubes/high_value_orders.yml', content: HIGH_VALUE}]}})).body).toEqual({success: true});
    expect((await call('GET', `${D}/data-model/validate?devMode=true`)).body).toMatchObject({branchName: dev, valid: true, cubesCount: 5});

    expect((await query(`${deploymentUrl}/dev-mode/${dev}`)).body).toEqual({error: 'Continue wait'});
    clock.advance(60_000);
    const devAnswer = await query(`${deploymentUrl}/dev-mode/${dev}`);
    expect(devAnswer.status).toBe(200);
    const count = devAnswer.body.data[0]['high_value_orders.count'] as number;
    expect(count).toBeGreaterThan(0);
    expect((await query(deploymentUrl)).status).toBe(400);

    expect((await call('POST', `${D}/commit`, {json: {message: 'high value orders', exitDevMode: true}})).body).toEqual({success: true});
    expect((await call('POST', `${D}/merge-to-default`, {json: {branchName: 'staging', message: 'ship', removeBranchAfterMerge: false}})).body)
      .toEqual({merged: true, branchDeleted: false});
    expect((await query(deploymentUrl)).body).toEqual({error: 'Continue wait'});
    clock.advance(60_000);
    expect((await query(deploymentUrl)).body.data).toEqual([{'high_value_orders.count': count}]);

    // The dev branch stays listed until someone deletes it; the CI recipe deletes the fork first.
    expect((await call('DELETE', `${D}/branches?branchName=${dev}`)).body).toEqual({success: true});
    // What the seed started with (the deploy and shared branches, the seeded dev and dbt-sync branches) and no more.
    expect(await branchNames()).toEqual(before);
    expect(before).not.toContain(dev);
  });
});
