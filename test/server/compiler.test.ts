import {describe, expect, it} from 'vitest';
import {compileModel} from '../../src/server/engines/compiler/index.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';

const cube = (body: string): string => `cubes:\n  - name: orders\n    sql_table: orders\n${body}`;
const file = (path: string, content: string) => ({path, content});

describe('model compiler: valid models', () => {
  it('compiles the demo model with its cube and view counts', () => {
    const result = compileModel(DEMO_MODEL_FILES);
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({valid: true, cubesCount: 4, viewsCount: 2});
    expect([...result.model.cubes.keys()].sort()).toEqual(['line_items', 'orders', 'products', 'users']);
  });

  it('accepts paths with a leading slash, as the file tree names them, and ignores files outside model/', () => {
    const result = compileModel([
      file('/model/cubes/orders.yml', cube('    measures:\n      - name: count\n        type: count\n')),
      file('/cube.js', 'module.exports = {};'),
      file('/README.md', '# not a model'),
    ]);
    expect(result).toMatchObject({valid: true, cubesCount: 1, errors: []});
  });

  it('treats an empty model file as defining nothing', () => {
    expect(compileModel([file('model/cubes/empty.yml', '')])).toMatchObject({valid: true, cubesCount: 0});
  });

  it('resolves {CUBE}, bare columns and cross-cube references into quoted aliases', () => {
    const {model} = compileModel(DEMO_MODEL_FILES);
    const orders = model.cubes.get('orders')!;
    expect(orders.measures.get('total_amount')!.sql).toBe('SUM("orders"."amount")');
    expect(orders.joins.get('users')!.sql).toBe('"orders".user_id = ("users"."id")');
    expect(orders.primaryKey?.name).toBe('id');
  });

  it('maps the relationship aliases has_many / belongs_to / has_one onto the current names', () => {
    const result = compileModel([
      file('model/a.yml', `cubes:
  - name: a
    sql_table: a
    joins:
      - {name: b, relationship: has_many, sql: "{CUBE}.id = {b}.a_id"}
      - {name: c, relationship: belongs_to, sql: "{CUBE}.c_id = {c}.id"}
      - {name: d, relationship: has_one, sql: "{CUBE}.id = {d}.a_id"}
  - {name: b, sql_table: b}
  - {name: c, sql_table: c}
  - {name: d, sql_table: d}
`),
    ]);
    expect(result.errors).toEqual([]);
    const joins = result.model.cubes.get('a')!.joins;
    expect([...joins.values()].map((j) => j.relationship)).toEqual(['one_to_many', 'many_to_one', 'one_to_one']);
  });

  it("compiles a count without sql to a count of its cube's primary key, COUNT(*) where the cube has none", () => {
    const counts = '    measures:\n      - {name: count, type: count}\n      - {name: done, type: count, filters: [{sql: "{CUBE}.status IS NULL"}]}\n';
    const keyed = compileModel([file('model/o.yml', cube(`${counts}    dimensions:\n      - {name: id, type: number, sql: id, primary_key: true}\n`))]);
    const unkeyed = compileModel([file('model/o.yml', cube(counts))]);
    const sqlOf = (r: typeof keyed) => [...r.model.cubes.get('orders')!.measures.values()].map((m) => m.sql);
    expect(sqlOf(keyed)).toEqual(['COUNT("orders"."id")', 'COUNT(CASE WHEN ("orders".status IS NULL) THEN "orders"."id" END)']);
    expect(sqlOf(unkeyed)).toEqual(['COUNT(*)', 'COUNT(CASE WHEN ("orders".status IS NULL) THEN 1 END)']);
  });

  it('builds number measures from other measures of the same cube', () => {
    const {model} = compileModel(DEMO_MODEL_FILES);
    expect(model.cubes.get('orders')!.measures.get('completed_share')!.sql).toContain('NULLIF((COUNT("orders"."id")), 0)');
  });

  it('exposes view members through join paths, with prefixes and aliases', () => {
    const {model} = compileModel(DEMO_MODEL_FILES);
    const customers = model.views.get('customers')!;
    expect(customers.root).toBe('users');
    expect(customers.members.get('orders_total_amount')).toMatchObject({cube: 'orders', member: 'total_amount', kind: 'measure'});
    expect(customers.members.has('created_at')).toBe(false);
    expect(model.views.get('sales')!.members.get('orders_count')).toMatchObject({cube: 'orders', member: 'count'});
  });

  it('titles members from their names unless a title is given', () => {
    const {model} = compileModel([file('model/o.yml', cube(`    measures:
      - {name: total_amount, type: sum, sql: amount}
      - {name: n, type: count, title: Number of orders}
`))]);
    const measures = model.cubes.get('orders')!.measures;
    expect(measures.get('total_amount')!.title).toBe('Total Amount');
    expect(measures.get('n')!.title).toBe('Number of orders');
  });
});
