// The dbt pipeline without HTTP: what a sync of the sample project generates compiles with the model compiler
// (alone and on top of the demo model) and answers queries from the sample warehouse through the generated
// joins; the manifest reader refuses what it cannot convert with a reason, never a crash.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {compileModel} from '../../src/server/engines/compiler/index.js';
import {compileProject, DbtCompileError} from '../../src/server/engines/dbt/compile.js';
import {generateCubeFiles} from '../../src/server/engines/dbt/cubes.js';
import {ManifestError, readManifest} from '../../src/server/engines/dbt/manifest.js';
import {prepareRun} from '../../src/server/engines/dbt/prepare.js';
import {projectAt} from '../../src/server/engines/dbt/project.js';
import {runQuery} from '../../src/server/engines/query/index.js';
import {openSampleDatabase} from '../../src/server/engines/sample/dataset.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';

const meta = {generatedAt: '2026-06-01T09:00:00.000Z', invocationId: 'test'};
const filesOf = (ref: string) => generateCubeFiles(readManifest(compileProject(projectAt(ref)!, meta)));

describe('the generated model', () => {
  it('compiles alone and beside the demo model', () => {
    const files = filesOf('main');
    const alone = compileModel(files);
    expect(alone.errors).toEqual([]);
    expect(alone.cubesCount).toBe(7);
    const merged = compileModel([...DEMO_MODEL_FILES, ...files]);
    expect(merged.valid).toBe(true);
    expect(merged.cubesCount).toBe(7 + 4);
  });

  it('answers queries from the sample warehouse, through joins made from relationships tests', () => {
    const {model} = compileModel(filesOf('main'));
    const db = openSampleDatabase();
    const direct = db.prepare('SELECT count(*) AS n, round(sum(amount), 2) AS total FROM orders').get() as {n: number; total: number};
    const totals = runQuery(model, db, {measures: ['fct_orders.count', 'fct_orders.total_amount']});
    expect(totals.data[0]).toEqual({'fct_orders.count': direct.n, 'fct_orders.total_amount': direct.total});
    const byCountry = runQuery(model, db, {measures: ['fct_orders.count'], dimensions: ['dim_customers.country']});
    const expected = db.prepare('SELECT u.country, count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id GROUP BY u.country ORDER BY n DESC, u.country ASC').all() as Array<{country: string; n: number}>;
    expect(byCountry.data.map((r) => [r['dim_customers.country'], r['fct_orders.count']])).toEqual(expected.map((r) => [r.country, r.n]));
    const revenue = runQuery(model, db, {measures: ['fct_order_items.total_line_total'], dimensions: ['fct_order_items.category'], filters: [{member: 'fct_orders.status', operator: 'equals', values: ['completed']}]});
    const sql = `SELECT p.category, round(sum(li.quantity * li.price), 2) AS t FROM line_items li JOIN products p ON p.id = li.product_id
      JOIN orders o ON o.id = li.order_id WHERE o.status = 'completed' GROUP BY p.category`;
    const want = new Map((db.prepare(sql).all() as Array<{category: string; t: number}>).map((r) => [r.category, r.t]));
    expect(revenue.data).toHaveLength(want.size);
    for (const row of revenue.data) expect(Number(row['fct_order_items.total_line_total'])).toBeCloseTo(want.get(String(row['fct_order_items.category']))!, 2);
  });

  it('carries dbt descriptions, meta and keys into the cubes', () => {
    const file = filesOf('main').find((f) => f.cube === 'dim_customers')!;
    expect(file.content).toContain('description: One row per customer with lifetime order figures.');
    expect(file.content).toContain('dbt_unique_id: model.acme_shop.dim_customers');
    expect(file.content).toContain('certified: true');
    expect(file.content).toMatch(/- name: customer_id\n\s+type: number\n\s+sql: customer_id\n\s+primary_key: true/);
    expect(file.content).toContain('name: total_lifetime_value');
  });

  it('follows the ref: the tag has the older, smaller project', () => {
    expect(filesOf('v1.0.0').map((f) => f.cube)).toEqual(['dim_customers', 'fct_orders', 'stg_customers', 'stg_orders']);
  });
});

describe('failures', () => {
  it('broken-compile fails dbt compile with dbt’s message; bad-manifest compiles but cannot be read', () => {
    expect(() => compileProject(projectAt('broken-compile')!, meta)).toThrow(DbtCompileError);
    const old = compileProject(projectAt('bad-manifest')!, meta);
    expect(Object.values(old.nodes as Record<string, object>).some((n) => 'compiled_sql' in n)).toBe(true);
    expect(() => readManifest(old)).toThrow(/unsupported manifest schema v4/);
  });

  it('plans each failing ref to stop in its stage', () => {
    const plan = (ref: string) => prepareRun({syncJobId: `id-${ref}`, workflowId: 'w', source: 'git', output: 'branch', ref, startedAt: 0}).plan;
    expect(plan('broken-compile')).toMatchObject({failStage: 'COMPILING_DBT'});
    expect(plan('bad-manifest')).toMatchObject({failStage: 'PROCESSING_MANIFEST'});
    expect(plan('nope')).toMatchObject({failStage: 'UPLOADING_PROJECT'});
    expect(plan('main')).toMatchObject({failStage: null});
    expect(plan('broken-compile').stages.at(-1)!.stage).toBe('COMPILING_DBT');
  });

  it('never crashes on arbitrary uploaded JSON: it converts it or says why not', () => {
    const manifestish = fc.record({
      metadata: fc.oneof(fc.constant({dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json'}), fc.jsonValue()),
      nodes: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.dictionary(fc.string(), fc.record({resource_type: fc.constantFrom('model', 'test'), name: fc.string(), columns: fc.jsonValue(), config: fc.jsonValue(), test_metadata: fc.jsonValue(), depends_on: fc.jsonValue(), attached_node: fc.jsonValue()}, {requiredKeys: []}))),
      sources: fc.jsonValue(),
      macros: fc.jsonValue(),
    }, {requiredKeys: []});
    fc.assert(fc.property(fc.oneof(manifestish, fc.jsonValue()), (value) => {
      try {
        const read = readManifest(value);
        compileModel(generateCubeFiles(read));
      } catch (e) {
        expect(e).toBeInstanceOf(ManifestError);
      }
    }), {numRuns: 300});
  });
});

describe('history paging', () => {
  it('walks an index in id order for every filter combination, never sorting the whole history', async () => {
    const {dbtService} = await import('./dbtHelpers.js');
    const s = dbtService();
    try {
      for (const where of ['', 'AND status = 1', 'AND trigger = 1', 'AND status = 1 AND trigger = 1']) {
        const plan = s.ctx.db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM dbt_syncs WHERE deployment_id = 1 ${where} AND id < 100 ORDER BY id DESC LIMIT 21`).all() as Array<{detail: string}>;
        const text = plan.map((p) => p.detail).join('\n');
        expect(text, where).toMatch(/USING INDEX dbt_syncs_(history|by_status|by_trigger)/);
        expect(text, where).not.toMatch(/TEMP B-TREE/);
      }
    } finally {
      s.close();
    }
  });
});
