import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {compileModel} from '../../src/server/engines/compiler/index.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import Database from 'better-sqlite3';
import {SAMPLE_SIZES, loadSampleDataset} from '../../src/server/engines/sample/dataset.js';
import {QueryError, runQuery, type Query} from '../../src/server/engines/query/index.js';
import {FILTER_OPERATORS, GRANULARITIES, type Row} from '../../src/server/engines/query/types.js';
import {QueryOracle, type OracleAnswer, type OracleQuery} from '../helpers/queryOracle.js';

const {model} = compileModel(DEMO_MODEL_FILES);
/**
 * The sample warehouse plus users without orders: every sample user has orders, so a LEFT JOIN that finds nothing
 * (a count that must be 0, a group that must not drop out) would otherwise never be generated.
 */
const LONELY_USERS = 20;
const db = (() => {
  const d = new Database(':memory:');
  loadSampleDataset(d);
  const insert = d.prepare("INSERT INTO users VALUES (?, ?, 'Berlin', 'Germany', 0, '2025-06-01T00:00:00.000Z')");
  for (let i = 1; i <= LONELY_USERS; i++) insert.run(SAMPLE_SIZES.users + i, `Nobody ${i}`);
  d.pragma('query_only = ON');
  return d;
})();
const members = (kind: 'measures' | 'dimensions' | 'segments') =>
  [...model.cubes.values()].flatMap((c) => [...c[kind].keys()].map((m) => `${c.name}.${m}`));
const viewMembers = [...model.views.values()].flatMap((v) => [...v.members.keys()].map((m) => `${v.name}.${m}`));
const anyMember = fc.constantFrom(...members('measures'), ...members('dimensions'), ...members('segments'), ...viewMembers, 'orders.nope', 'x');
const value = fc.oneof(fc.string({maxLength: 8}), fc.integer({min: -5, max: 3000}).map(String), fc.constantFrom('2025-03-01', 'true', "'; DROP TABLE orders; --"));

const query: fc.Arbitrary<Query> = fc.record({
  measures: fc.array(fc.oneof(fc.constantFrom(...members('measures')), anyMember), {maxLength: 3}),
  dimensions: fc.array(fc.oneof(fc.constantFrom(...members('dimensions')), anyMember), {maxLength: 2}),
  segments: fc.array(anyMember, {maxLength: 1}),
  filters: fc.array(fc.record({member: anyMember, operator: fc.constantFrom(...FILTER_OPERATORS), values: fc.array(value, {maxLength: 3})}), {maxLength: 2}),
  timeDimensions: fc.array(fc.record({
    dimension: fc.constantFrom('orders.created_at', 'users.created_at', 'orders.status'),
    granularity: fc.option(fc.constantFrom(...GRANULARITIES), {nil: undefined}),
    dateRange: fc.option(fc.tuple(fc.constantFrom('2025-01-01', '2025-06-30'), fc.constantFrom('2025-03-31', '2025-12-31')), {nil: undefined}),
  }, {requiredKeys: ['dimension']}), {maxLength: 1}),
  limit: fc.option(fc.integer({min: 1, max: 50}), {nil: undefined}),
}, {requiredKeys: []});

describe('query engine on arbitrary queries over the demo model', () => {
  it('answers or fails with a QueryError, never with anything else, and respects the limit', () => {
    fc.assert(
      fc.property(query, (q) => {
        try {
          const result = runQuery(model, db, q, {rowLimit: 200});
          expect(result.data.length).toBeLessThanOrEqual(q.limit ?? 200);
        } catch (e) {
          if (!(e instanceof QueryError)) throw e;
          expect(e.message).not.toMatch(/the warehouse rejected/);
        }
      }),
      {numRuns: 400},
    );
    expect((db.prepare('SELECT count(*) n FROM orders').get() as {n: number}).n).toBe(2400);
  });
});

describe('query engine against an independent oracle (test/helpers/queryOracle.ts)', () => {
  const oracle = new QueryOracle(DEMO_MODEL_FILES, db);
  const catalogue = oracle.members();
  const ROW_LIMIT = 200;

  it('evaluates every member of the demo model but the number measure', () => {
    // orders.completed_share is SQL over two other measures (1.0 * a / NULLIF(b, 0)): the oracle would have to
    // reimplement SQLite's arithmetic (integer division, NULLIF) to check it, so the generated queries leave it out.
    expect(catalogue.filter((m) => !m.supported).map((m) => m.name)).toEqual(['orders.completed_share']);
  });

  // A query reads either cubes or one view; these are the members each source offers the oracle can evaluate.
  const sources = ['', ...model.views.keys()].map((source) => {
    const own = catalogue.filter((m) => m.supported && (source === '' ? !model.views.has(m.name.split('.')[0]!) : m.name.startsWith(`${source}.`)));
    const names = (keep: (m: typeof own[number]) => boolean) => own.filter(keep).map((m) => m.name);
    return {
      measures: names((m) => m.kind === 'measure'),
      dimensions: names((m) => m.kind === 'dimension'),
      times: names((m) => m.type === 'time'),
      segments: names((m) => m.kind === 'segment'),
      ofType: (type: string) => names((m) => m.kind === 'dimension' && m.type === type),
    };
  });
  const date = fc.integer({min: 0, max: 800}).map((d) => new Date(Date.UTC(2024, 5, 1) + d * 86_400_000).toISOString().slice(0, 10));
  // Plain ASCII: SQLite's LIKE folds the case of ASCII letters only, and the sample data is ASCII.
  const text = fc.oneof(fc.constantFrom('completed', 'shipped', 'Berlin', 'Germany', 'United States', 'Books', 'Kitchen', 'Ada Berg'),
    fc.string({unit: fc.constantFrom(...'aeiouBGKnrstl %_'), maxLength: 3}));

  const queryOf = (src: (typeof sources)[number]): fc.Arbitrary<OracleQuery & {limit?: number; offset?: number}> => {
    const pick = (list: string[]) => fc.constantFrom(...list);
    const filters: Array<fc.Arbitrary<{member: string; operator: string; values?: string[]}>> = [
      fc.record({member: pick(src.measures), operator: fc.constantFrom('gt', 'gte', 'lt', 'lte'),
        // Off the cent grid, so no sum lands on the threshold and float noise cannot decide which side it is on.
        values: fc.integer({min: 0, max: 3000}).map((n) => [String(n + 0.001)])}),
      fc.record({member: pick(src.dimensions), operator: fc.constantFrom('set', 'notSet')}),
    ];
    if (src.ofType('string').length > 0) {
      filters.push(fc.record({member: pick(src.ofType('string')), operator: fc.constantFrom('equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'endsWith'),
        values: fc.array(text, {minLength: 1, maxLength: 2})}));
    }
    if (src.ofType('number').length > 0) {
      filters.push(fc.record({member: pick(src.ofType('number')), operator: fc.constantFrom('equals', 'notEquals', 'gt', 'gte', 'lt', 'lte'),
        values: fc.integer({min: 0, max: 2500}).map((n) => [String(n)])}));
    }
    if (src.ofType('boolean').length > 0) {
      filters.push(fc.record({member: pick(src.ofType('boolean')), operator: fc.constantFrom('equals', 'notEquals'), values: fc.constantFrom(['true'], ['false'])}));
    }
    return fc.record({
      measures: fc.uniqueArray(pick(src.measures), {maxLength: 3}),
      dimensions: fc.uniqueArray(pick(src.dimensions), {maxLength: 2}),
      timeDimensions: fc.array(fc.record({
        dimension: pick(src.times.length === 0 ? ['none'] : src.times),
        granularity: fc.option(fc.constantFrom(...GRANULARITIES), {nil: undefined}),
        dateRange: fc.option(fc.tuple(date, date).map(([a, b]): [string, string] => (a <= b ? [a, b] : [b, a])), {nil: undefined}),
      }, {requiredKeys: ['dimension']}), {maxLength: src.times.length === 0 ? 0 : 1}),
      segments: fc.uniqueArray(pick(src.segments.length === 0 ? ['none'] : src.segments), {maxLength: src.segments.length === 0 ? 0 : 1}),
      filters: fc.array(fc.oneof(...filters), {maxLength: 2}),
      limit: fc.option(fc.integer({min: 1, max: 60}), {nil: undefined}),
      offset: fc.option(fc.integer({min: 0, max: 5}), {nil: undefined}),
      orderSeed: fc.array(fc.tuple(fc.nat(), fc.constantFrom<'asc' | 'desc'>('asc', 'desc')), {maxLength: 2}),
    }, {requiredKeys: ['measures', 'dimensions', 'timeDimensions', 'segments', 'filters', 'orderSeed']})
      .filter((q) => q.measures.length + q.dimensions.length > 0 || q.timeDimensions.some((t) => t.granularity))
      .map(({orderSeed, ...q}) => {
        // Order only by what the query returns: its measures, dimensions and time dimensions' keys.
        const keys = [...q.measures, ...q.dimensions, ...q.timeDimensions.flatMap((t) => (t.granularity ? [`${t.dimension}.${t.granularity}`] : []))];
        const order = [...new Map(orderSeed.map(([n, dir]) => [keys[n % keys.length]!, dir])).entries()];
        return order.length > 0 ? {...q, order} : q;
      });
  };

  it('answers each generated query as the oracle does', () => {
    // Always run, besides the generated ones: the classic fan-out (users and orders counted across their line items),
    // the same by user (a user without orders: counts of 0 from the distinct-keys groups), and weeks around a range
    // that starts on a Sunday and ends on a Monday.
    const fanOut: OracleQuery = {measures: ['users.count', 'orders.total_amount', 'line_items.count'], dimensions: ['orders.status']};
    const byUser: OracleQuery = {
      measures: ['users.count', 'orders.count', 'line_items.count'],
      dimensions: ['users.id'],
      filters: [{member: 'users.id', operator: 'gt', values: [String(SAMPLE_SIZES.users - 5)]}],
    };
    const weeks: OracleQuery = {measures: ['orders.count'], timeDimensions: [{dimension: 'orders.created_at', granularity: 'week', dateRange: ['2025-03-02', '2025-03-17']}]};
    fc.assert(
      fc.property(fc.oneof(...sources.map(queryOf)), (q) => {
        const engine = runQuery(model, db, q as Query, {rowLimit: ROW_LIMIT}).data;
        expect(differences(engine, oracle.answer(q), q)).toEqual([]);
      }),
      {numRuns: 100, examples: [[fanOut], [byUser], [weeks]]},
    );
  });

  /** What differs between the engine's rows and the oracle's answer, one line each (empty when they agree). */
  function differences(engine: Row[], expected: OracleAnswer, q: OracleQuery & {limit?: number; offset?: number}): string[] {
    const [offset, limit] = [q.offset ?? 0, q.limit ?? ROW_LIMIT];
    const measures = new Set(q.measures);
    const groupKey = (row: Row | OracleAnswer['rows'][number]) => JSON.stringify(Object.keys(row).filter((k) => !measures.has(k)).sort().map((k) => [k, row[k]]));
    const close = (a: unknown, b: unknown) => a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));
    const same = (a: Row, b: Row) => Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => close(a[k], b[k]));
    // Two rows may come either way round if their order keys are equal, or the first that is not equal exactly is a
    // sum or average within float noise (SQLite adds in another order than the oracle: two equal sums may not be).
    const mayTie = (a: Row, b: Row) => {
      for (const [key] of expected.order) {
        if (expected.inexact.has(key) && close(a[key], b[key])) return true;
        if (a[key] !== b[key]) return false;
      }
      return true;
    };
    const at = new Map(expected.rows.map((row, i) => [groupKey(row), i]));
    const want = expected.rows.slice(offset, offset + limit);
    // The query sets no order and nothing is cut off: the rows are compared as a set.
    const ordered = q.order !== undefined || offset > 0 || expected.rows.length > limit;
    const problems = engine.length === want.length ? [] : [`${engine.length} rows, the oracle has ${want.length} (of ${expected.rows.length} before offset and limit)`];
    if (new Set(engine.map(groupKey)).size !== engine.length) problems.push('the same group twice');
    engine.forEach((row, i) => {
      const j = at.get(groupKey(row));
      if (j === undefined) return problems.push(`row ${i} ${JSON.stringify(row)} is no group of the oracle's answer`);
      if (!same(row, expected.rows[j]!)) problems.push(`row ${i} ${JSON.stringify(row)}, the oracle has ${JSON.stringify(expected.rows[j])}`);
      const there = want[i];
      if (ordered && there && j !== offset + i && !mayTie(row, there)) problems.push(`row ${i} ${JSON.stringify(row)} is the oracle's row ${j}; its row ${offset + i} is ${JSON.stringify(there)}`);
    });
    return problems;
  }
});
