import fc from 'fast-check';
import {stringify} from 'yaml';
import {describe, expect, it} from 'vitest';
import {compileModel} from '../../src/server/engines/compiler/index.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';

const PATH = 'model/cubes/fuzz.yml';
const checkResult = (result: ReturnType<typeof compileModel>) => {
  expect(result.valid).toBe(result.errors.length === 0);
  for (const e of result.errors) {
    expect(typeof e.file).toBe('string');
    expect(e.message.length).toBeGreaterThan(0);
    if (e.line !== undefined) expect(e.line).toBeGreaterThanOrEqual(1);
  }
};

describe('model compiler on arbitrary input', () => {
  it('never throws on arbitrary text, and reports errors against the file', () => {
    fc.assert(
      fc.property(fc.string({maxLength: 300}), (text) => {
        const result = compileModel([{path: PATH, content: text}]);
        checkResult(result);
        for (const e of result.errors) expect(e.file).toBe(PATH);
      }),
      {numRuns: 300},
    );
  });

  it('never throws on arbitrary YAML structures shaped like models', () => {
    const scalar = fc.oneof(fc.string({maxLength: 12}), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom('count', 'sum', 'number', 'time', '{CUBE}.x', '{orders.id}', '*', 'orders', 'many_to_one'));
    const member = fc.dictionary(fc.constantFrom('name', 'type', 'sql', 'primary_key', 'filters', 'relationship', 'join_path', 'includes', 'excludes', 'prefix', 'bogus'), fc.oneof(scalar, fc.array(scalar, {maxLength: 3})), {maxKeys: 5});
    const cube = fc.record({
      name: scalar,
      sql_table: fc.option(scalar, {nil: undefined}),
      measures: fc.option(fc.array(member, {maxLength: 3}), {nil: undefined}),
      dimensions: fc.option(fc.array(member, {maxLength: 3}), {nil: undefined}),
      joins: fc.option(fc.array(member, {maxLength: 2}), {nil: undefined}),
    }, {requiredKeys: []});
    const doc = fc.record({cubes: fc.array(cube, {maxLength: 3}), views: fc.array(fc.record({name: scalar, cubes: fc.array(member, {maxLength: 2})}), {maxLength: 2})}, {requiredKeys: []});
    fc.assert(
      fc.property(doc, (d) => {
        checkResult(compileModel([...DEMO_MODEL_FILES, {path: PATH, content: stringify(d)}]));
      }),
      {numRuns: 300},
    );
  });
});
