import {describe, expect, it} from 'vitest';
import {changedFiles, diffLines} from '../../screens/common/diff.js';

// The line diff is jsdiff's (structuredPatch); these pin the unified-diff shape the dev-mode and compare views show.
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

  it('a hunk with an empty side names the line before it; a missing last newline is no change and no marker line', () => {
    expect(diffLines({path: 'f.yml', kind: 'modified', before: 'b\nc\n', after: 'a\nb\nc\n'}).map((l) => l.text)).toEqual(['f.yml', '@@ -1,2 +1,3 @@', '+a', ' b', ' c']);
    expect(diffLines({path: 'f.yml', kind: 'modified', before: 'a\n', after: ''}).map((l) => l.text)).toEqual(['f.yml', '@@ -1,1 +0,0 @@', '-a']);
    expect(diffLines({path: 'f.yml', kind: 'modified', before: 'a\nb', after: 'a\nb\n'}).map((l) => l.text)).toEqual(['f.yml']);
  });

  it('a line that reads like a diff marker or ends in CR is text, kinds follow the prefix', () => {
    const out = diffLines({path: 'f.yml', kind: 'modified', before: '\\ No newline\r\n+x\n', after: '-y\n+x\n'});
    expect(out.map((l) => [l.kind, l.text])).toEqual([
      ['file', 'f.yml'],
      ['hunk', '@@ -1,2 +1,2 @@'],
      ['del', '-\\ No newline\r'],
      ['add', '+-y'],
      ['same', ' +x'],
    ]);
  });

  it('a file rewritten past 500 changed lines shows as replaced in one hunk, without the full diff', () => {
    const before = Array.from({length: 3000}, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({length: 3000}, (_, i) => `new ${i}`).join('\n');
    const started = performance.now();
    const out = diffLines({path: 'big.yml', kind: 'modified', before, after});
    expect(performance.now() - started).toBeLessThan(3000);
    expect(out.slice(0, 3).map((l) => l.text)).toEqual(['big.yml', '@@ -1,3000 +1,3000 @@', '-old 0']);
    expect(out).toHaveLength(2 + 6000);
    expect(out.at(-1)).toEqual({kind: 'add', text: '+new 2999'});
  });
});
