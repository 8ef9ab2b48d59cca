import {beforeAll, describe, expect, it} from 'vitest';
import Database from 'better-sqlite3';
import {compileModel, type CompiledModel} from '../../src/server/engines/compiler/index.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {SAMPLE_SIZES, loadSampleDataset, openSampleDatabase} from '../../src/server/engines/sample/dataset.js';
import {planQuery, runQuery, type Query} from '../../src/server/engines/query/index.js';
import type {Row} from '../../src/server/engines/query/types.js';
import {QueryOracle, type OracleQuery} from '../helpers/queryOracle.js';

let model: CompiledModel;
let db: Database.Database;
beforeAll(() => {
  model = compileModel(DEMO_MODEL_FILES).model;
  db = openSampleDatabase();
});

const run = (query: Query) => runQuery(model, db, query).data;
/** The expected answer, computed straight from the tables without the model. */
const direct = <T>(sql: string, ...params: unknown[]): T[] => db.prepare(sql).all(...params) as T[];
const close = (a: unknown, b: number) => expect(a as number).toBeCloseTo(b, 6);

describe('sample dataset', () => {
  it('is the same on every load and has thousands of rows', () => {
    const other = openSampleDatabase();
    const digest = (d: Database.Database) => d.prepare('SELECT count(*) n, sum(amount) s, max(created_at) t FROM orders').get();
    expect(digest(other)).toEqual(digest(db));
    expect(direct<{n: number}>('SELECT count(*) n FROM orders')[0]!.n).toBe(SAMPLE_SIZES.orders);
    expect(direct<{n: number}>('SELECT count(*) n FROM line_items')[0]!.n).toBeGreaterThan(4000);
  });

  it('refuses writes, so model SQL cannot change the warehouse', () => {
    expect(() => db.exec('DELETE FROM orders')).toThrow(/readonly/);
  });
});

describe('query engine', () => {
  it('answers a measure with no dimensions', () => {
    const [row] = run({measures: ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.largest_amount', 'orders.buyers']});
    const [want] = direct<{c: number; s: number; a: number; m: number; b: number}>(
      'SELECT count(*) c, sum(amount) s, avg(amount) a, max(amount) m, count(DISTINCT user_id) b FROM orders');
    expect(row!['orders.count']).toBe(want!.c);
    close(row!['orders.total_amount'], want!.s);
    close(row!['orders.average_amount'], want!.a);
    close(row!['orders.largest_amount'], want!.m);
    expect(row!['orders.buyers']).toBe(want!.b);
  });

  it('groups by a dimension, ordered by the first measure descending by default', () => {
    const rows = run({measures: ['orders.count'], dimensions: ['orders.status']});
    const want = direct<{status: string; c: number}>('SELECT status, count(*) c FROM orders GROUP BY status ORDER BY c DESC');
    expect(rows).toEqual(want.map((w) => ({'orders.status': w.status, 'orders.count': w.c})));
  });

  it('computes filtered and number measures', () => {
    const [row] = run({measures: ['orders.completed_count', 'orders.completed_share']});
    const [want] = direct<{c: number; n: number}>("SELECT sum(status = 'completed') c, count(*) n FROM orders");
    expect(row!['orders.completed_count']).toBe(want!.c);
    close(row!['orders.completed_share'], want!.c / want!.n);
  });

  it('filters with equals, notEquals, gt and lt, binding values', () => {
    const count = (filters: Query['filters']) => run({measures: ['orders.count'], filters})[0]!['orders.count'];
    const n = (sql: string, ...p: unknown[]) => direct<{n: number}>(`SELECT count(*) n FROM orders WHERE ${sql}`, ...p)[0]!.n;
    expect(count([{member: 'orders.status', operator: 'equals', values: ['completed', 'shipped']}])).toBe(n("status IN ('completed','shipped')"));
    expect(count([{member: 'orders.status', operator: 'notEquals', values: ['cancelled']}])).toBe(n("status <> 'cancelled'"));
    expect(count([{member: 'orders.amount', operator: 'gt', values: ['500']}])).toBe(n('amount > 500'));
    expect(count([{member: 'orders.amount', operator: 'lt', values: [100]}, {member: 'orders.status', operator: 'equals', values: ['completed']}]))
      .toBe(n("amount < 100 AND status = 'completed'"));
  });

  it('treats a filter value as data, never as SQL', () => {
    const rows = run({measures: ['orders.count'], filters: [{member: 'orders.status', operator: 'equals', values: ["x' OR '1'='1"]}]});
    expect(rows[0]!['orders.count']).toBe(0);
    expect(run({measures: ['users.count'], filters: [{member: 'users.name', operator: 'contains', values: ['%']}]})[0]!['users.count']).toBe(0);
  });

  it('filters on a measure after aggregation', () => {
    const rows = run({measures: ['orders.count'], dimensions: ['users.city'], filters: [{member: 'orders.count', operator: 'gte', values: ['250']}]});
    const want = direct<{city: string}>('SELECT u.city FROM orders o JOIN users u ON u.id = o.user_id GROUP BY u.city HAVING count(*) >= 250');
    expect(rows.map((r) => r['users.city']).sort()).toEqual(want.map((w) => w.city).sort());
  });

  it('buckets a time dimension by month within a date range', () => {
    const rows = run({measures: ['orders.count'], timeDimensions: [{dimension: 'orders.created_at', granularity: 'month', dateRange: ['2025-02-01', '2025-04-30']}]});
    const want = direct<{m: string; c: number}>("SELECT substr(created_at, 1, 7) m, count(*) c FROM orders WHERE created_at >= '2025-02-01' AND created_at < '2025-05-01' GROUP BY m ORDER BY m");
    expect(rows).toEqual(want.map((w) => ({'orders.created_at.month': `${w.m}-01T00:00:00.000`, 'orders.created_at': `${w.m}-01T00:00:00.000`, 'orders.count': w.c})));
  });

  it('buckets by day, counting the last day of the range whole', () => {
    const rows = run({measures: ['orders.count'], timeDimensions: [{dimension: 'orders.created_at', granularity: 'day', dateRange: ['2025-03-01', '2025-03-03']}]});
    const want = direct<{d: string; c: number}>("SELECT substr(created_at, 1, 10) d, count(*) c FROM orders WHERE substr(created_at, 1, 10) BETWEEN '2025-03-01' AND '2025-03-03' GROUP BY d ORDER BY d");
    expect(rows.map((r) => [r['orders.created_at.day'], r['orders.count']])).toEqual(want.map((w) => [`${w.d}T00:00:00.000`, w.c]));
  });

  it('joins through declared relationships without double counting the one side', () => {
    const rows = run({measures: ['orders.count', 'orders.total_amount', 'line_items.revenue'], dimensions: ['orders.status'], order: {'orders.status': 'asc'}});
    const want = direct<{status: string; c: number; s: number; r: number}>(`SELECT o.status, count(*) c, sum(o.amount) s,
      sum((SELECT sum(quantity * price) FROM line_items li WHERE li.order_id = o.id)) r FROM orders o GROUP BY o.status ORDER BY o.status`);
    expect(rows.map((r) => r['orders.status'])).toEqual(want.map((w) => w.status));
    rows.forEach((row, i) => {
      expect(row['orders.count']).toBe(want[i]!.c);
      close(row['orders.total_amount'], want[i]!.s);
      close(row['line_items.revenue'], want[i]!.r);
    });
  });

  it('counts users per country while joining their orders', () => {
    const rows = run({measures: ['users.count', 'orders.count'], dimensions: ['users.country'], order: [['users.country', 'asc']]});
    const want = direct<{country: string; u: number; o: number}>(`SELECT u.country, count(DISTINCT u.id) u, count(o.id) o
      FROM users u JOIN orders o ON o.user_id = u.id GROUP BY u.country ORDER BY u.country`);
    expect(rows).toEqual(want.map((w) => ({'users.country': w.country, 'users.count': w.u, 'orders.count': w.o})));
  });

  it('answers through a view, with aliases and the view join paths', () => {
    const rows = run({measures: ['sales.orders_count', 'sales.revenue'], dimensions: ['sales.category'], order: {'sales.category': 'asc'}});
    const want = direct<{category: string; o: number; r: number}>(`SELECT p.category, count(DISTINCT li.order_id) o, sum(li.quantity * li.price) r
      FROM line_items li JOIN products p ON p.id = li.product_id GROUP BY p.category ORDER BY p.category`);
    expect(rows.map((r) => [r['sales.category'], r['sales.orders_count']])).toEqual(want.map((w) => [w.category, w.o]));
    rows.forEach((row, i) => close(row['sales.revenue'], want[i]!.r));
  });

  it('applies segments, booleans and explicit order with limit and offset', () => {
    const [row] = run({measures: ['orders.count'], segments: ['orders.completed']});
    expect(row!['orders.count']).toBe(direct<{n: number}>("SELECT count(*) n FROM orders WHERE status = 'completed'")[0]!.n);
    const vip = run({measures: ['users.count'], dimensions: ['users.is_vip'], order: {'users.is_vip': 'desc'}});
    expect(vip.map((r) => r['users.is_vip'])).toEqual([true, false]);
    expect(vip[0]!['users.count']).toBe(direct<{n: number}>('SELECT count(*) n FROM users WHERE is_vip = 1')[0]!.n);
    const page = run({dimensions: ['products.name'], order: {'products.name': 'asc'}, limit: 5, offset: 10});
    expect(page.map((r) => r['products.name'])).toEqual(direct<{name: string}>('SELECT name FROM products ORDER BY name LIMIT 5 OFFSET 10').map((w) => w.name));
  });

  it('caps rows at the row limit by default', () => {
    expect(run({dimensions: ['line_items.id']})).toHaveLength(
      Math.min(10_000, direct<{n: number}>('SELECT count(*) n FROM line_items')[0]!.n));
    expect(runQuery(model, db, {dimensions: ['orders.id']}, {rowLimit: 50}).data).toHaveLength(50);
  });

  it('returns decimals without binary noise', () => {
    const rows = run({measures: ['line_items.revenue'], dimensions: ['orders.status']});
    for (const row of rows) {
      const value = row['line_items.revenue'] as number;
      expect(String(value)).toMatch(/^\d+(\.\d{1,2})?$/);
    }
  });

  it('annotates the members it returns', () => {
    const result = runQuery(model, db, {measures: ['orders.total_amount'], timeDimensions: [{dimension: 'orders.created_at', granularity: 'year'}]});
    expect(result.annotation.measures['orders.total_amount']).toEqual({title: 'Orders Total Amount', shortTitle: 'Total Amount', type: 'sum'});
    expect(result.annotation.timeDimensions['orders.created_at.year']).toMatchObject({type: 'time'});
    expect(result.data).toEqual([expect.objectContaining({'orders.created_at.year': '2025-01-01T00:00:00.000'})]);
  });
});

describe('query plans', () => {
  it('read every cube from its own table and indexes, never from a copy made for the statement', () => {
    // Each pair of cubes with a measure of each: every join the demo model has, both ways, one-to-many included (its
    // measures go over distinct primary keys). line_items is given as `sql`, a subquery, the others as tables.
    const cubes = [...model.cubes.keys()];
    const queries: Query[] = cubes.flatMap((a) => cubes.filter((b) => b !== a)
      .map((b): Query => ({measures: [`${a}.count`, `${b}.count`], dimensions: [`${a}.id`, `${b}.id`]})));
    queries.push({measures: ['sales.orders_count', 'sales.revenue'], dimensions: ['sales.category']});
    const copies = queries.flatMap((query) => {
      const plan = planQuery(model, query);
      const steps = db.prepare(`EXPLAIN QUERY PLAN ${plan.sql}`).all(plan.params) as Array<{detail: string}>;
      // A temporary copy of a cube (MATERIALIZE) or an index SQLite builds for this statement on one (AUTOMATIC).
      return steps.map((s) => s.detail).filter((d) => cubes.some((c) => d === `MATERIALIZE ${c}` || d.startsWith(`SEARCH ${c} USING AUTOMATIC`)))
        .map((d) => `${JSON.stringify(query.measures)}: ${d}`);
    });
    expect(copies).toEqual([]);
  });
});

describe('a count measure over a LEFT JOIN', () => {
  // The sample data plus one user with no orders: the LEFT JOIN from users gives that user one row of NULLs for orders.
  const lonely = SAMPLE_SIZES.users + 1;
  const withLonelyUser = (): Database.Database => {
    const d = new Database(':memory:');
    loadSampleDataset(d);
    d.prepare("INSERT INTO users VALUES (?, 'Nobody Yet', 'Berlin', 'Germany', 0, '2025-06-01T00:00:00.000Z')").run(lonely);
    d.pragma('query_only = ON');
    return d;
  };

  it("counts its own cube's rows: 0 orders for a user without any, as the oracle says", () => {
    const d = withLonelyUser();
    const oracle = new QueryOracle(DEMO_MODEL_FILES, d);
    const queries: OracleQuery[] = [
      {measures: ['customers.orders_count', 'customers.count'], dimensions: ['customers.name']},
      {measures: ['users.count', 'orders.count', 'orders.completed_count'], dimensions: ['users.id']},
      // users is multiplied by line_items here: orders' measures come from the distinct-keys group, where the user's
      // NULL order key once dropped the user's group and left NULL, not 0.
      {measures: ['users.count', 'orders.count', 'line_items.count'], dimensions: ['users.id']},
    ];
    for (const q of queries) {
      const rows = runQuery(model, d, {...q, limit: 1000} as Query).data;
      expect(rows.find((r) => r['customers.name'] === 'Nobody Yet' || r['users.id'] === lonely), JSON.stringify(q))
        .toMatchObject(q.measures![0] === 'users.count' ? Object.fromEntries(q.measures!.slice(1).map((m) => [m, 0])) : {'customers.orders_count': 0});
      const byKey = (list: Row[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect(byKey(rows), JSON.stringify(q)).toEqual(byKey(oracle.answer(q).rows));
    }
  });
});
