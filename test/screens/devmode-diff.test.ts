import {describe, expect, it} from 'vitest';
import {changedFiles, diffLines} from '../../screens/common/diff.js';

describe('dev-mode diff', () => {
  it('lists added, modified and deleted files by path; unchanged ones are left out', () => {
    const parent = [{path: 'a.yml', content: 'x\n'}, {path: 'b.yml', content: 'same\n'}, {path: 'c.yml', content: 'gone\n'}];
    const dev = [{path: 'a.yml', content: 'y\n'}, {path: 'b.yml', content: 'same\n'}, {path: 'd.yml', content: 'new\n'}];
    expect(changedFiles(parent, dev).map((c) => [c.path, c.kind])).toEqual([
      ['a.yml', 'modified'],
      ['c.yml', 'deleted'],
      ['d.yml', 'added'],
    ]);
  });

  it('writes unified hunks with three lines of context, removals before additions, separate hunks far apart', () => {
    const before = Array.from({length: 20}, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before.replace('line 5\n', 'line five\n').replace('line 18\n', 'line 18\nline 18b\n');
    const out = diffLines({path: 'f.yml', kind: 'modified', before, after}).map((l) => l.text);
    expect(out[0]).toBe('f.yml');
    expect(out.slice(1, 9)).toEqual(['@@ -2,7 +2,7 @@', ' line 2', ' line 3', ' line 4', '-line 5', '+line five', ' line 6', ' line 7']);
    const second = out.indexOf('@@ -16,5 +16,6 @@');
    expect(second).toBeGreaterThan(0);
    expect(out.slice(second + 1)).toEqual([' line 16', ' line 17', ' line 18', '+line 18b', ' line 19', ' line 20']);
  });

  it('a new file is all additions, a deleted one all removals', () => {
    expect(diffLines({path: 'n.yml', kind: 'added', after: 'a\nb\n'}).map((l) => l.text)).toEqual(['n.yml (new file)', '@@ -0,0 +1,2 @@', '+a', '+b']);
    expect(diffLines({path: 'o.yml', kind: 'deleted', before: 'a\n'}).map((l) => l.text)).toEqual(['o.yml (deleted)', '@@ -1,1 +0,0 @@', '-a']);
  });
});
