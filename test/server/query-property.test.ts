import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {compileModel} from '../../src/server/engines/compiler/index.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {openSampleDatabase} from '../../src/server/engines/sample/dataset.js';
import {QueryError, runQuery, type Query} from '../../src/server/engines/query/index.js';
import {FILTER_OPERATORS, GRANULARITIES} from '../../src/server/engines/query/types.js';

const {model} = compileModel(DEMO_MODEL_FILES);
const db = openSampleDatabase();
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

  it('answers every well-formed query over cube members, within the limit', () => {
    const dims = [...model.cubes.values()].flatMap((c) => [...c.dimensions.values()].map((d) => ({name: `${c.name}.${d.name}`, type: d.type})));
    const filterOn = (type: string) => dims.filter((d) => d.type === type).map((d) => d.name);
    const filter = fc.oneof(
      fc.record({member: fc.constantFrom(...filterOn('string')), operator: fc.constantFrom('equals', 'notEquals', 'contains', 'startsWith'), values: fc.array(fc.string({maxLength: 5}), {minLength: 1, maxLength: 2})}),
      fc.record({member: fc.constantFrom(...filterOn('number')), operator: fc.constantFrom('gt', 'gte', 'lt', 'lte'), values: fc.integer({min: 0, max: 2000}).map((n) => [String(n)])}),
      fc.record({member: fc.constantFrom(...dims.map((d) => d.name)), operator: fc.constantFrom('set', 'notSet')}),
      fc.record({member: fc.constantFrom(...members('measures')), operator: fc.constantFrom('gt', 'lt'), values: fc.integer({min: 0, max: 500}).map((n) => [String(n)])}),
    );
    const wellFormed: fc.Arbitrary<Query> = fc.record({
      measures: fc.uniqueArray(fc.constantFrom(...members('measures')), {maxLength: 3}),
      dimensions: fc.uniqueArray(fc.constantFrom(...dims.filter((d) => d.type !== 'time').map((d) => d.name)), {minLength: 1, maxLength: 2}),
      segments: fc.uniqueArray(fc.constantFrom(...members('segments')), {maxLength: 1}),
      filters: fc.array(filter, {maxLength: 2}),
      timeDimensions: fc.array(fc.record({dimension: fc.constantFrom('orders.created_at', 'users.created_at'), granularity: fc.constantFrom(...GRANULARITIES),
        dateRange: fc.constantFrom<[string, string]>(['2025-01-01', '2025-06-30'], ['2024-06-01', '2025-12-31'])}), {maxLength: 1}),
      limit: fc.integer({min: 1, max: 50}),
    });
    fc.assert(
      fc.property(wellFormed, (q) => {
        expect(runQuery(model, db, q, {rowLimit: 200}).data.length).toBeLessThanOrEqual(q.limit!);
      }),
      {numRuns: 300},
    );
  });
});
