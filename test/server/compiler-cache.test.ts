// A model file is parsed once per content (engines/compiler/parseFile.ts): the data API, validation and the dbt
// engine compile a branch's model again and again, and parsing its YAML was nine tenths of a compile. A compile
// of files parsed before gives what a first compile gives, errors included, each compile its own.
import {describe, expect, it} from 'vitest';
import {compileModel, type ModelFile} from '../../src/server/engines/compiler/index.js';

/** A model of `files` files, `cubes` cubes each; `salt` makes the content one no compile has seen. */
function model(salt: string, files = 6, cubes = 10): ModelFile[] {
  return Array.from({length: files}, (_, f) => {
    const body = Array.from({length: cubes}, (_, c) => {
      const dims = Array.from({length: 8}, (_, d) => `      - {name: d${d}, type: string, sql: c${d}}`).join('\n');
      const measures = Array.from({length: 4}, (_, m) => `      - {name: m${m}, type: sum, sql: v${m}}`).join('\n');
      return `  - name: cube_${f}_${c}\n    sql_table: t_${f}_${c}\n    dimensions:\n      - {name: id, type: number, sql: id, primary_key: true}\n${dims}\n    measures:\n${measures}`;
    });
    return {path: `model/cubes/part${f}.yml`, content: `# ${salt}\ncubes:\n${body.join('\n')}\n`};
  });
}

/** The least CPU time (ms) of `runs` calls of `fn` (the least is the one the machine's load disturbed least). */
function leastCpuMs(runs: number, fn: (i: number) => void): number {
  let least = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    fn(i);
    const used = process.cpuUsage(start);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return least;
}

const BROKEN: ModelFile[] = [
  {path: 'model/cubes/a.yml', content: 'cubes:\n  - name: orders\n    sql_table: orders\n    measures:\n      - name: total\n        type: summ\n        sql: amount\n'},
  {path: 'model/cubes/b.yml', content: 'cubes:\n  - name: users\n    sql_table: [users\n'},
  {path: 'model/cubes/c.yml', content: 'cubes:\n  - name: orders\n    sql_table: orders_again\n'},
];

describe('model compiler: files parsed once per content', () => {
  it('a compile of unchanged files gives the first compile\'s result, its errors (file and line) included, in objects of its own', () => {
    const first = compileModel(BROKEN);
    const second = compileModel(BROKEN);
    expect(first.valid).toBe(false);
    expect(first.errors.map((e) => [e.file, e.line])).toEqual([['model/cubes/a.yml', 6], ['model/cubes/b.yml', 4], ['model/cubes/c.yml', 2]]);
    expect(second).toEqual(first);
    expect(second.errors).not.toBe(first.errors);
    second.errors.push({file: 'x', message: 'a caller added this'});
    second.errors[0]!.message = 'a caller changed this';
    expect(compileModel(BROKEN)).toEqual(first);
    // The same content at another path is that file's: its cubes and errors name it.
    const moved = compileModel([{...BROKEN[0]!, path: 'model/cubes/moved.yml'}]);
    expect(moved.errors.map((e) => e.file)).toEqual(['model/cubes/moved.yml']);
    expect(moved.model.cubes.get('orders')?.file).toBe('model/cubes/moved.yml');
  });

  it('a changed file is parsed again, the others are not', () => {
    const files = model('changed');
    const before = compileModel(files);
    const changed = [...files.slice(0, 5), {path: files[5]!.path, content: files[5]!.content.replace('cube_5_9', 'cube_5_renamed')}];
    const after = compileModel(changed);
    expect(before.model.cubes.has('cube_5_9')).toBe(true);
    expect(after.model.cubes.has('cube_5_9')).toBe(false);
    expect(after.model.cubes.has('cube_5_renamed')).toBe(true);
    expect(after.cubesCount).toBe(before.cubesCount);
  });

  it('compiling a model already parsed costs a fraction of parsing it', () => {
    const known = model('known');
    const first = compileModel(known);
    expect(first.valid).toBe(true);
    expect(first.cubesCount).toBe(60);
    const parsing = leastCpuMs(5, (i) => compileModel(model(`fresh-${i}`)));
    const cached = leastCpuMs(5, () => compileModel(known));
    expect(cached).toBeLessThan(parsing / 3);
  });
});
