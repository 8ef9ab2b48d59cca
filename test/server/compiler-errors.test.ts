import {describe, expect, it} from 'vitest';
import {compileModel} from '../../src/server/engines/compiler/index.js';

const ORDERS = 'model/cubes/orders.yml';
const compileOne = (content: string, path = ORDERS) => compileModel([{path, content}]);
const cube = (body: string): string => `cubes:\n  - name: orders\n    sql_table: orders\n${body}`;

/** Compiles one file and expects exactly one error, reported against that file. */
function onlyError(content: string, path = ORDERS) {
  const result = compileOne(content, path);
  expect(result.valid).toBe(false);
  expect(result.errors).toHaveLength(1);
  expect(result.errors[0]!.file).toBe(path);
  return result.errors[0]!;
}

describe('model compiler: errors name their file and line', () => {
  it('reports YAML syntax errors with the line', () => {
    const error = onlyError('cubes:\n  - name: orders\n    sql_table: [orders\n    measures: []\n');
    expect(error.message).toMatch(/^YAML syntax error/);
    expect(error.line).toBeGreaterThanOrEqual(3);
  });

  it('reports duplicate YAML keys', () => {
    expect(onlyError('cubes: []\ncubes: []\n').message).toMatch(/YAML syntax error: Map keys must be unique/);
  });

  it('rejects an unknown measure type, naming it and the allowed ones', () => {
    const error = onlyError(cube('    measures:\n      - name: total\n        type: summ\n        sql: amount\n'));
    expect(error).toMatchObject({line: 6});
    expect(error.message).toBe('cube "orders": measure "total": unknown type "summ" (expected one of count, sum, avg, min, max, count_distinct, number)');
  });

  it('rejects an unknown dimension type', () => {
    expect(onlyError(cube('    dimensions:\n      - {name: status, type: text, sql: status}\n')).message)
      .toMatch(/dimension "status": unknown type "text"/);
  });

  it('rejects an unknown join relationship', () => {
    const content = `cubes:
  - name: orders
    sql_table: orders
    joins:
      - {name: users, relationship: many_to_many, sql: "{CUBE}.user_id = {users}.id"}
  - {name: users, sql_table: users}
`;
    expect(onlyError(content).message).toMatch(/join "users": unknown relationship "many_to_many"/);
  });

  it('requires a cube name', () => {
    const error = onlyError('cubes:\n  - sql_table: orders\n');
    expect(error).toMatchObject({message: 'cube: "name" is required', line: 2});
  });

  it('requires sql_table or sql, and rejects both at once', () => {
    expect(onlyError('cubes:\n  - name: orders\n').message).toBe('cube "orders": "sql_table" or "sql" is required');
    expect(onlyError('cubes:\n  - name: orders\n    sql_table: orders\n    sql: SELECT 1\n').message).toMatch(/either "sql_table" or "sql", not both/);
  });

  it('requires sql on non-count measures and on dimensions', () => {
    expect(onlyError(cube('    measures:\n      - {name: total, type: sum}\n')).message).toBe('cube "orders": measure "total": "sql" is required for type sum');
    expect(onlyError(cube('    dimensions:\n      - {name: status, type: string}\n')).message).toMatch(/dimension "status": "sql" is required/);
  });

  it('requires a measure type', () => {
    expect(onlyError(cube('    measures:\n      - {name: count}\n')).message).toBe('cube "orders": measure "count": "type" is required');
  });

  it('reserves cube names starting with __ for the query engine', () => {
    expect(onlyError('cubes:\n  - {name: __keys, sql_table: t}\n').message).toMatch(/cube name "__keys" is reserved/);
  });

  it('rejects invalid member names', () => {
    expect(onlyError(cube('    measures:\n      - {name: "order count", type: count}\n')).message).toMatch(/name "order count" must start with a letter/);
  });

  it('rejects duplicate member names within a cube, also across measures and dimensions', () => {
    const error = onlyError(cube(`    measures:
      - {name: count, type: count}
    dimensions:
      - {name: count, type: number, sql: n}
`));
    expect(error).toMatchObject({line: 7, message: 'cube "orders": member "count" is defined twice (as a measure and a dimension)'});
  });

  it('rejects a cube defined in two files, reporting the second file', () => {
    const result = compileModel([
      {path: 'model/cubes/a.yml', content: 'cubes:\n  - {name: orders, sql_table: orders}\n'},
      {path: 'model/cubes/b.yml', content: 'cubes:\n  - {name: orders, sql_table: orders2}\n'},
    ]);
    expect(result.errors).toEqual([{file: 'model/cubes/b.yml', line: 2, message: 'cube "orders" is already defined in model/cubes/a.yml'}]);
    expect(result.cubesCount).toBe(1);
  });

  it('rejects a join to a cube that does not exist', () => {
    const error = onlyError(cube('    joins:\n      - {name: customers, relationship: many_to_one, sql: "{CUBE}.user_id = {customers}.id"}\n'));
    expect(error.message).toMatch(/join "customers": the target cube "customers" is not defined/);
  });

  it('rejects references to unknown members and unknown cubes in member SQL', () => {
    expect(onlyError(cube('    dimensions:\n      - {name: s, type: string, sql: "{CUBE.nope}"}\n')).message)
      .toMatch(/"nope" is not a member of cube "orders"/);
    expect(onlyError(cube('    dimensions:\n      - {name: s, type: string, sql: "{ghost.name}"}\n')).message)
      .toMatch(/unknown cube "ghost"/);
  });

  it('rejects circular references between dimensions', () => {
    const result = compileOne(cube(`    dimensions:
      - {name: a, type: number, sql: "{b} + 1"}
      - {name: b, type: number, sql: "{a} + 1"}
`));
    expect(result.valid).toBe(false);
    expect(result.errors[0]!.message).toMatch(/circular reference/);
    expect(result.errors.every((e) => e.file === ORDERS)).toBe(true);
  });

  it('lets only number measures reference measures', () => {
    expect(onlyError(cube('    measures:\n      - {name: c, type: count}\n      - {name: s, type: sum, sql: "{c}"}\n')).message)
      .toMatch(/measure "s": \{orders.c\} is a measure; only measures of type number may reference measures/);
  });

  it('rejects unknown properties on cubes and members', () => {
    expect(onlyError(cube('    measure:\n      - {name: c, type: count}\n')).message).toBe('cube: unknown property "measure"');
    expect(onlyError(cube('    dimensions:\n      - {name: s, type: string, sql: s, primary: true}\n')).message)
      .toMatch(/dimension: unknown property "primary"/);
  });

  it('rejects unknown top-level keys and non-list cubes', () => {
    expect(onlyError('cube:\n  - {name: orders, sql_table: orders}\n').message).toMatch(/unknown top-level key "cube"/);
    expect(onlyError('cubes:\n  name: orders\n').message).toBe('"cubes" must be a list');
  });

  it('rejects a second primary key', () => {
    expect(onlyError(cube(`    dimensions:
      - {name: id, type: number, sql: id, primary_key: true}
      - {name: id2, type: number, sql: id2, primary_key: true}
`)).message).toMatch(/one primary key; "id" is one already/);
  });

  it('rejects views over unknown cubes, missing joins and unknown members', () => {
    const cubes = {path: 'model/cubes/orders.yml', content: cube('    measures:\n      - {name: count, type: count}\n')};
    const view = (body: string) => compileModel([cubes, {path: 'model/views/v.yml', content: `views:\n  - name: v\n    cubes:\n${body}`}]);
    const unknownCube = view('      - {join_path: ghosts, includes: "*"}\n');
    expect(unknownCube.errors).toEqual([{file: 'model/views/v.yml', line: 4, message: 'view "v": join_path "ghosts" starts at "ghosts", which is not a cube'}]);
    expect(view('      - {join_path: orders.users, includes: "*"}\n').errors[0]!.message).toMatch(/cube "orders" declares no join to "users"/);
    expect(view('      - {join_path: orders, includes: [count, revenue]}\n').errors[0]!.message).toMatch(/includes "revenue", which is not a member of cube "orders"/);
    expect(view('      - {join_path: orders, includes: "*"}\n').viewsCount).toBe(1);
  });

  it('rejects a view member included twice and a view named like a cube', () => {
    const content = `cubes:
  - name: a
    sql_table: a
    measures: [{name: count, type: count}]
    joins: [{name: b, relationship: one_to_many, sql: "{CUBE}.id = {b}.a_id"}]
  - {name: b, sql_table: b, measures: [{name: count, type: count}]}
views:
  - name: v
    cubes:
      - {join_path: a, includes: "*"}
      - {join_path: a.b, includes: "*"}
  - name: a
    cubes: [{join_path: a, includes: "*"}]
`;
    const messages = compileOne(content, 'model/all.yml').errors.map((e) => e.message);
    expect(messages).toEqual([
      'view "v": member "count" is included twice (from "a" and "b"); use prefix: true or an alias',
      'view "a" clashes with a cube or view already defined in model/all.yml',
    ]);
  });

  it('reports errors from several files, each against its own file', () => {
    const result = compileModel([
      {path: 'model/cubes/a.yml', content: 'cubes:\n  - name: a\n'},
      {path: 'model/cubes/b.yml', content: 'cubes: [\n'},
      {path: 'model/cubes/c.js', content: 'cube(`c`, {});'},
    ]);
    expect(result.errors.map((e) => e.file)).toEqual(['model/cubes/a.yml', 'model/cubes/b.yml', 'model/cubes/c.js']);
  });
});
