// The gate flow over HTTP: sync → dev mode on the synced branch → the dev branch builds → the data API answers a
// query through the generated cubes; the shared sync branch itself has no runtime until opened in dev mode.
import {afterEach, describe, expect, it} from 'vitest';
import {BASE, dbtService, runToEnd, startSync, type DbtService} from './dbtHelpers.js';

const open: DbtService[] = [];
afterEach(() => open.splice(0).forEach((s) => s.close()));

describe('dbt sync as a CI gate', () => {
  it('queries the generated model on a dev-… branch forked from the synced branch', async () => {
    const s = dbtService();
    open.push(s);
    const {syncJobId, branchName} = await startSync(s, {ref: 'main'});
    await runToEnd(s, syncJobId, 5000);
    const dev = await s.call('/build/api/v1/deployments/1/dev-mode', {method: 'POST', json: {branchName}});
    expect(dev.status, JSON.stringify(dev.body)).toBe(200);
    const devBranch = dev.body.branchName as string;
    expect(devBranch).toMatch(/^dev-/);
    const token = (await s.call('/api/v1/deployments/1/token', {method: 'POST'})).body.cubeApiToken as string;
    const query = encodeURIComponent(JSON.stringify({measures: ['fct_orders.count'], dimensions: ['dim_customers.is_vip']}));
    const load = async () => {
      const res = await s.call(`/data/1/dev-mode/${encodeURIComponent(devBranch)}/cubejs-api/v1/load?query=${query}`, {key: token});
      return res;
    };
    let res = await load();
    for (let i = 0; i < 30 && res.body?.error === 'Continue wait'; i++) {
      s.clock.advance(1000);
      res = await load();
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data as Array<Record<string, unknown>>;
    expect(rows.reduce((sum, r) => sum + Number(r['fct_orders.count']), 0)).toBe(2400);
    expect((await s.call(`${BASE}/${syncJobId}`)).body.status).toBe('COMPLETED');
  });
});
