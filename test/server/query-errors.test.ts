import {beforeAll, describe, expect, it} from 'vitest';
import type Database from 'better-sqlite3';
import {compileModel, type CompiledModel} from '../../src/server/engines/compiler/index.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {openSampleDatabase} from '../../src/server/engines/sample/dataset.js';
import {QueryError, runQuery, type Query} from '../../src/server/engines/query/index.js';

let model: CompiledModel;
let db: Database.Database;
beforeAll(() => {
  model = compileModel(DEMO_MODEL_FILES).model;
  db = openSampleDatabase();
});

const failure = (query: Query, m: CompiledModel = model): string => {
  try {
    runQuery(m, db, query);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return (e as Error).message;
  }
  throw new Error('the query was expected to fail');
};

describe('query engine errors', () => {
  it('names unknown members and cubes', () => {
    expect(failure({measures: ['orders.foo']})).toBe('"orders.foo" is not a member of cube "orders"');
    expect(failure({measures: ['ghosts.count']})).toBe('"ghosts.count" is not a member of any cube or view');
    expect(failure({measures: ['count']})).toMatch(/"count" is not a member name; use <cube>.<member>/);
    expect(failure({measures: ['sales.status']})).toMatch(/"sales.status" is a dimension; list it under dimensions/);
  });

  it('rejects a measure used as a dimension and a non-time time dimension', () => {
    expect(failure({dimensions: ['orders.count']})).toMatch(/is a measure; list it under measures/);
    expect(failure({measures: ['orders.count'], timeDimensions: [{dimension: 'orders.status', granularity: 'day'}]}))
      .toMatch(/"orders.status" is a string dimension; timeDimensions take time dimensions/);
  });

  it('rejects bad filters with a message naming the member', () => {
    expect(failure({measures: ['orders.count'], filters: [{member: 'orders.amount', operator: 'gt', values: ['lots']}]}))
      .toBe('filter on "orders.amount": "lots" is not a number');
    expect(failure({measures: ['orders.count'], filters: [{member: 'orders.amount', operator: 'gt', values: []}]}))
      .toMatch(/operator "gt" needs exactly one value/);
    expect(failure({measures: ['orders.count'], filters: [{member: 'orders.status', operator: 'like' as never, values: ['x']}]}))
      .toMatch(/unknown filter operator "like"/);
    expect(failure({measures: ['orders.count'], filters: [{member: 'orders.status', operator: 'inDateRange', values: ['2025-01-01', '2025-02-01']}]}))
      .toMatch(/needs a time dimension/);
  });

  it('rejects bad date ranges, granularities, limits and orders', () => {
    const td = (t: object): Query => ({measures: ['orders.count'], timeDimensions: [{dimension: 'orders.created_at', ...t}]});
    expect(failure(td({dateRange: 'last week'}))).toMatch(/dateRange must be \[from, to\]/);
    expect(failure(td({dateRange: ['2025-13-45', '2025-01-01']}))).toMatch(/"2025-13-45" is not a date/);
    expect(failure(td({granularity: 'fortnight'}))).toMatch(/unknown granularity "fortnight"/);
    expect(failure({measures: ['orders.count'], limit: 10_001})).toBe('limit must be a whole number between 1 and 10000');
    expect(failure({measures: ['orders.count'], order: {'orders.status': 'asc'}})).toMatch(/order only by the query's own measures/);
    expect(failure({measures: ['orders.count'], bogus: 1} as Query)).toBe('unknown query property "bogus"');
    expect(failure({})).toMatch(/the query selects nothing/);
  });

  it('refuses to mix view members with cube members', () => {
    expect(failure({measures: ['sales.revenue', 'orders.count']})).toMatch(/cannot be queried together with members of view "sales"/);
  });

  it('reports cubes that cannot be joined', () => {
    expect(failure({measures: ['products.count'], dimensions: ['products.category', 'users.city']}, modelWithout('users', 'orders')))
      .toMatch(/cannot join "products", "users"/);
  });

  it('needs a primary key to aggregate a cube the join multiplies', () => {
    const files = DEMO_MODEL_FILES.map((f) => f.path.endsWith('orders.yml') ? {...f, content: f.content.replace('        primary_key: true\n', '')} : f);
    const compiled = compileModel(files);
    expect(compiled.valid).toBe(true);
    expect(failure({measures: ['orders.count'], dimensions: ['products.category']}, compiled.model)).toMatch(/cube "orders" needs a primary key/);
  });

  it('reports SQL the warehouse rejects as a query error', () => {
    const files = DEMO_MODEL_FILES.map((f) => f.path.endsWith('products.yml') ? {...f, content: f.content.replace('sql: category', 'sql: categry')} : f);
    expect(failure({dimensions: ['products.category']}, compileModel(files).model)).toMatch(/the warehouse rejected the generated SQL: no such column/);
  });
});

/** The demo model with one cube's joins to `target` dropped, so no join path connects them. */
function modelWithout(cube: string, target: string): CompiledModel {
  const compiled = compileModel(DEMO_MODEL_FILES).model;
  compiled.cubes.get(cube)!.joins.delete(target);
  return compiled;
}
