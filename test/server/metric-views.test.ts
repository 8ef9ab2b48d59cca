// Databricks Metric View publication (getIntegration, saveIntegration, startPreview, previewStatus, previewResult,
// cancelPreview): settings with optimistic versions, and previews that run through their states on the service
// clock and convert the deploy branch's views into metric view YAML, blocking what cannot be carried over. Every
// answer validated against the reference description's schema (skipped when it is absent).
import {createHash} from 'node:crypto';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {conforms} from '../helpers/referenceSchemas.js';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach();
const D = '/api/v1/deployments/1';
const INTEGRATION = `${D}/databricks-metric-view-integrations/default`;
const PREVIEWS = `${D}/databricks-metric-view-previews`;

const SHOP = {
  'model/cubes/shop_orders.yml': `cubes:
  - name: shop_orders
    sql_table: shop.orders
    joins:
      - name: shop_users
        relationship: many_to_one
        sql: "{CUBE}.user_id = {shop_users.id}"
    measures:
      - name: count
        type: count
      - name: revenue
        type: sum
        sql: amount
    dimensions:
      - name: id
        type: number
        sql: id
        primary_key: true
      - name: status
        type: string
        sql: status
`,
  'model/cubes/shop_users.yml': `cubes:
  - name: shop_users
    sql_table: shop.users
    dimensions:
      - name: id
        type: number
        sql: id
        primary_key: true
      - name: city
        type: string
        sql: city
`,
  'model/views/shop_sales.yml': `views:
  - name: shop_sales
    cubes:
      - join_path: shop_orders
        includes: [count, revenue, status]
      - join_path: shop_orders.shop_users
        includes: [city]
`,
};

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

/** Deploys files onto main (keeping the others) and lets the build finish. */
async function deploy(files: Record<string, string>): Promise<void> {
  const up = '/build/api/v1/deployments/1/data-model/upload';
  const start = await t.call(`${up}/start`, {method: 'POST'});
  for (const [fileName, content] of Object.entries(files)) {
    const form = new FormData();
    form.set('transaction', JSON.stringify(start.body.transaction));
    form.set('fileName', fileName);
    form.set('file', new Blob([content]), fileName.split('/').at(-1));
    const res = await t.app.request(`${up}/file`, {method: 'POST', headers: {authorization: `Bearer ${t.adminKey}`}, body: form});
    expect(res.status).toBe(200);
  }
  const manifest = Object.fromEntries(Object.entries(files).map(([p, c]) => [p, {hash: sha1(c)}]));
  expect((await t.call(`${up}/finish`, {method: 'POST', json: {transaction: start.body.transaction, files: manifest, autoRemoveFiles: false}})).status).toBe(200);
  await settleBuild();
}

async function settleBuild(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    t.clock.advance(1_000);
    t.ctx.builds.tick();
    if ((await t.call(`${D}/build-status?branchName=main`)).body.status === 'built') return;
  }
  throw new Error('the build did not finish');
}

async function databricks(catalog?: string): Promise<void> {
  const env_variables = [{name: 'CUBEJS_DB_TYPE', value: 'databricks-jdbc'}, ...(catalog ? [{name: 'CUBEJS_DB_DATABRICKS_CATALOG', value: catalog}] : [])];
  expect((await t.call(`${D}/env-vars`, {method: 'PUT', json: {env_variables}})).status).toBe(200);
  await settleBuild();
}

describe('publication settings', () => {
  it('need a Databricks data source', async () => {
    const res = await t.call(INTEGRATION);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/default is postgres, not Databricks: .*CUBEJS_DB_TYPE=databricks-jdbc/);
    expect((await t.call(`${D}/databricks-metric-view-integrations/warehouse2`)).status).toBe(404);
  });

  it('are created with version 0, then changed only by whoever read the current version', async () => {
    await databricks('main');
    expect((await t.call(INTEGRATION)).status).toBe(404);
    const body = {expectedConfigurationVersion: 0, enabled: true, targetCatalog: 'main', targetSchema: 'metrics', selectionMode: 'all'};
    const created = await t.call(INTEGRATION, {method: 'PUT', json: body});
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({deploymentId: 1, dataSourceName: 'default', configurationVersion: 1, configuration: {version: 1, enabled: true, targetCatalog: 'main', targetSchema: 'metrics', selectionMode: 'all', deletionPolicy: 'retain'}});
    conforms('DatabricksMetricViewIntegrationResponse', created.body);
    const read = await t.call(INTEGRATION);
    expect(read.body).toEqual(created.body);
    conforms('DatabricksMetricViewIntegrationResponse', read.body);

    const stale = await t.call(INTEGRATION, {method: 'PUT', json: body});
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/version 1, not 0/);
    const updated = await t.call(INTEGRATION, {method: 'PUT', json: {...body, expectedConfigurationVersion: 1, selectionMode: 'pattern', viewNameRegex: '^shop_.*'}});
    expect(updated.body).toMatchObject({configurationVersion: 2, publicId: created.body.publicId, configuration: {selectionMode: 'pattern', viewNameRegex: '^shop_.*'}});
    expect((await t.call(INTEGRATION, {method: 'PUT', json: {...body, expectedConfigurationVersion: 2, selectionMode: 'pattern', viewNameRegex: '(a|b)'}})).status).toBe(400);
    expect((await t.call(INTEGRATION, {method: 'PUT', json: {...body, expectedConfigurationVersion: 2, selectionMode: 'selected'}})).status).toBe(400);
  });
});

describe('a preview', () => {
  it('runs QUEUED → RUNNING → COMPLETED and converts each view, blocking what it cannot carry over', async () => {
    await deploy(SHOP);
    await databricks('main');
    const start = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'all'}});
    expect(start.status).toBe(202);
    conforms('DatabricksMetricViewPublicationPreviewStartResponse', start.body);
    expect(start.body).toMatchObject({deploymentId: 1, dataSourceName: 'default', reused: false, status: 'QUEUED', statusUrl: `${PREVIEWS}/${start.body.previewId}`, resultUrl: `${PREVIEWS}/${start.body.previewId}/result`});
    const status = async () => (await t.call(start.body.statusUrl)).body;

    const queued = await status();
    expect(queued).toMatchObject({status: 'QUEUED', resultAvailable: false, progress: {stage: 'QUEUED', percentComplete: 0}});
    conforms('DatabricksMetricViewPublicationPreviewStatusResponse', queued);
    expect((await t.call(start.body.resultUrl)).status).toBe(409);
    // The same submission while it runs reuses it.
    const again = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'all'}});
    expect(again.body).toMatchObject({previewId: start.body.previewId, reused: true});

    t.clock.advance(1_000);
    const running = await status();
    expect(running.status).toBe('RUNNING');
    expect(running.progress.percentComplete).toBeGreaterThan(0);
    conforms('DatabricksMetricViewPublicationPreviewStatusResponse', running);

    t.clock.advance(1_000);
    const done = await status();
    expect(done).toMatchObject({status: 'COMPLETED', resultAvailable: true, progress: {stage: 'COMPLETED', percentComplete: 100}});
    conforms('DatabricksMetricViewPublicationPreviewStatusResponse', done);
    const result = await t.call(start.body.resultUrl);
    expect(result.status).toBe(200);
    conforms('DatabricksMetricViewPublicationPreviewResultResponse', result.body);
    expect(result.body).toMatchObject({version: 2, outcome: 'partial', durationMs: 2_000});
    const byName = Object.fromEntries((result.body.views as Array<{cubeViewName: string}>).map((v) => [v.cubeViewName, v])) as Record<string, any>;
    expect(Object.keys(byName).sort()).toEqual(['customers', 'sales', 'shop_sales']);

    const shop = byName.shop_sales;
    expect(shop).toMatchObject({outcome: 'success', eligibleForPublication: true, source: 'main.shop.orders', counts: {dimensions: 2, measures: 2, joins: 1, errors: 0}});
    expect(shop.datasetSources).toEqual([
      {dataset: 'shop_orders', dataSource: 'default', originalSource: 'shop.orders', resolvedSource: 'main.shop.orders'},
      {dataset: 'shop_users', dataSource: 'default', originalSource: 'shop.users', resolvedSource: 'main.shop.users'},
    ]);
    expect(parse(shop.metricViewYaml)).toEqual({
      version: 0.1,
      source: 'main.shop.orders',
      joins: [{name: 'shop_users', source: 'main.shop.users', on: 'source.user_id = (shop_users.id)'}],
      dimensions: [{name: 'status', expr: 'source.status'}, {name: 'city', expr: 'shop_users.city'}],
      measures: [{name: 'count', expr: 'COUNT(source.id)'}, {name: 'revenue', expr: 'SUM(source.amount)'}],
    });
    expect(shop.metricViewSha256).toBe(createHash('sha256').update(shop.metricViewYaml).digest('hex'));
    // The demo's views: a SQL-defined cube, one-part table names, tenants, a one-to-many join.
    const codes = (name: string) => (byName[name].issues as Array<{code: string}>).map((i) => i.code);
    expect(byName.sales).toMatchObject({outcome: 'failed', eligibleForPublication: false, metricViewYaml: null});
    expect(codes('sales')).toEqual(expect.arrayContaining(['ACCESS_POLICY', 'UNSUPPORTED_SOURCE', 'UNQUALIFIED_SOURCE']));
    expect(codes('customers')).toEqual(expect.arrayContaining(['ACCESS_POLICY', 'UNSAFE_FANOUT']));

    // A later submission starts afresh.
    const later = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'all'}});
    expect(later.body.reused).toBe(false);
    expect(later.body.previewId).not.toBe(start.body.previewId);
  });

  it('selects views by name or by a safe pattern, and names the views with targetNames', async () => {
    await deploy(SHOP);
    await databricks('main');
    const selected = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'selected', viewNames: ['shop_sales', 'ghost'], targetNames: {shop_sales: 'shop_metrics'}}});
    const pattern = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'pattern', viewNameRegex: '^shop.*'}});
    t.clock.advance(2_000);
    const one = (await t.call(selected.body.resultUrl)).body;
    expect(one.views.map((v: {cubeViewName: string; metricViewName: string; outcome: string}) => [v.cubeViewName, v.metricViewName, v.outcome])).toEqual([
      ['shop_sales', 'shop_metrics', 'success'],
      ['ghost', 'ghost', 'failed'],
    ]);
    expect(one.outcome).toBe('partial');
    expect((await t.call(pattern.body.resultUrl)).body.views.map((v: {cubeViewName: string}) => v.cubeViewName)).toEqual(['shop_sales']);
    for (const bad of ['(shop)', 'a|b', '.*x.*', '[a-z]+']) {
      const res = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'pattern', viewNameRegex: bad}});
      expect(res.status, bad).toBe(400);
    }
    expect((await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'selected'}})).status).toBe(400);
  });

  it('fails closed without the catalog, naming the setting', async () => {
    await deploy(SHOP);
    await databricks();
    const start = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'selected', viewNames: ['shop_sales']}});
    t.clock.advance(2_000);
    const view = (await t.call(start.body.resultUrl)).body.views[0];
    expect(view.outcome).toBe('failed');
    expect(view.issues[0]).toMatchObject({code: 'MISSING_CATALOG', severity: 'ERROR', stage: 'INPUT'});
    expect(view.issues[0].message).toMatch(/CUBEJS_DB_DATABRICKS_CATALOG/);
  });

  it('is cancelled while it runs (then has no result), and not after it ended', async () => {
    await databricks('main');
    const start = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'all'}});
    t.clock.advance(1_000);
    const cancelled = await t.call(start.body.statusUrl, {method: 'DELETE'});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({status: 'CANCELLED', resultAvailable: false});
    t.clock.advance(5_000);
    expect((await t.call(start.body.statusUrl)).body.status).toBe('CANCELLED');
    const result = await t.call(start.body.resultUrl);
    expect(result.status).toBe(409);
    expect(result.body.error).toMatch(/CANCELLED/);
    expect((await t.call(start.body.statusUrl, {method: 'DELETE'})).status).toBe(409);
    const names = (t.ctx.db.prepare('SELECT name FROM audit_events ORDER BY id').all() as Array<{name: string}>).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['preview.start', 'preview.cancel']));
  });

  it('needs a successful build, a Databricks source, and is forgotten after 7 days', async () => {
    expect((await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'all'}})).status).toBe(400);
    expect((await t.call(`${D}/env-vars`, {method: 'PUT', json: {env_variables: [{name: 'CUBEJS_DB_TYPE', value: 'databricks-jdbc'}]}})).status).toBe(200);
    const building = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'all'}});
    expect(building.status).toBe(409);
    expect(building.body.error).toMatch(/latest build of main is (queued|building|warmup)/);
    await settleBuild();
    const start = await t.call(PREVIEWS, {method: 'POST', json: {dataSourceName: 'default', selectionMode: 'all'}});
    t.clock.advance(7 * 24 * 3600_000 + 1);
    expect((await t.call(start.body.statusUrl)).status).toBe(404);
    expect((await t.call(`${PREVIEWS}/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await t.call(`${PREVIEWS}/nope`)).status).toBe(400);
  });
});
