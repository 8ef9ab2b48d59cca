// Writing or checking generated cube files under a directory: only differing files are written, --check writes
// nothing, and a path that would leave the directory is refused.
import {mkdtempSync, readFileSync, writeFileSync, mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {applyGeneratedFiles, targetPath} from '../../src/workflows/dbtGenerate.js';

const files = [
  {path: 'model/cubes/dbt/a.yml', content: 'cubes:\n  - name: a\n'},
  {path: 'model/cubes/dbt/b.yml', content: 'cubes:\n  - name: b\n'},
];

describe('applyGeneratedFiles', () => {
  it('checks without writing, writes what differs, then finds everything up to date', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-gen-'));
    mkdirSync(join(dir, 'model/cubes/dbt'), {recursive: true});
    writeFileSync(join(dir, 'model/cubes/dbt/a.yml'), 'cubes: []\n');
    expect(await applyGeneratedFiles(files, dir, true)).toEqual([
      {path: 'model/cubes/dbt/a.yml', state: 'changed'},
      {path: 'model/cubes/dbt/b.yml', state: 'missing'},
    ]);
    expect(readFileSync(join(dir, 'model/cubes/dbt/a.yml'), 'utf8')).toBe('cubes: []\n');
    expect((await applyGeneratedFiles(files, dir, false)).map((f) => f.state)).toEqual(['written', 'written']);
    expect(readFileSync(join(dir, 'model/cubes/dbt/b.yml'), 'utf8')).toBe(files[1]!.content);
    expect((await applyGeneratedFiles(files, dir, true)).map((f) => f.state)).toEqual(['unchanged', 'unchanged']);
  });

  it('refuses a generated path that would leave the output directory', async () => {
    expect(() => targetPath('/tmp/out', '../etc/passwd')).toThrow(/outside the output directory/);
    expect(() => targetPath('/tmp/out', '/etc/passwd')).toThrow(/outside the output directory/);
    expect(targetPath('/tmp/out', 'model/a.yml')).toBe('/tmp/out/model/a.yml');
    await expect(applyGeneratedFiles([{path: 'model/../../x.yml', content: ''}], mkdtempSync(join(tmpdir(), 'svc-gen-')), false)).rejects.toThrow(/outside/);
  });
});
