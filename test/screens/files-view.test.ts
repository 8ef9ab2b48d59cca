import {describe, expect, it} from 'vitest';
import {compare} from '../../screens/files/CompareFlow.js';
import {isBinary, lookOf} from '../../screens/files/fileView.js';
import {foldersAbove, parentOf, treeRows} from '../../screens/files/tree.js';
import {yamlLines} from '../../screens/files/yaml.js';

const kinds = (line: string) => yamlLines(line)[0]!.filter((t) => t.text.trim() !== '').map((t) => `${t.kind}:${t.text.trim()}`);

describe('YAML highlighting', () => {
  it('tells keys, strings, numbers, literals and comments apart', () => {
    expect(kinds('cubes:')).toEqual(['key:cubes', 'punct::']);
    expect(kinds('  - name: orders  # the main cube')).toEqual(['punct:-', 'key:name', 'punct::', 'string:orders', 'comment:# the main cube']);
    expect(kinds('    sql: "{CUBE}.id = 1 # not a comment"')).toEqual(['key:sql', 'punct::', 'string:"{CUBE}.id = 1 # not a comment"']);
    expect(kinds('    refresh: 3600')).toEqual(['key:refresh', 'punct::', 'number:3600']);
    expect(kinds('    ratio: -0.5')).toEqual(['key:ratio', 'punct::', 'number:-0.5']);
    expect(kinds('    public: false')).toEqual(['key:public', 'punct::', 'literal:false']);
    expect(kinds('# a comment line')).toEqual(['comment:# a comment line']);
    expect(kinds('  - orders')).toEqual(['punct:-', 'string:orders']);
    expect(kinds("    url: 'http://x:1/#a'")).toEqual(['key:url', 'punct::', "string:'http://x:1/#a'"]);
    expect(kinds('---')).toEqual(['punct:---']);
  });

  it('keeps every character of every line, broken YAML too, one token list per line', () => {
    for (const line of ['  - name: orders  # c', 'a: "b: c"', '  key:value', '', '   ', '- - x: 1', '@bad: [unclosed', 'a: "open', '\tx: {']) {
      expect(yamlLines(line).map((tokens) => tokens.map((t) => t.text).join(''))).toEqual([line]);
    }
    const file = 'a: 1\nb: "two\n  lines"\n\n# end\n';
    expect(yamlLines(file).map((tokens) => tokens.map((t) => t.text).join(''))).toEqual(file.split('\n'));
  });

  it('reads the body of a block scalar as a string, not as keys', () => {
    const lines = ['  m:', '    sql: |', '      SELECT id: 1', '', '      FROM t', '    type: number', '  description: >-', '    long text', 'next: 1'];
    const bodyOnly = yamlLines(lines.join('\n')).map((tokens) => tokens.every((t) => t.kind === 'string' || t.text.trim() === ''));
    expect(bodyOnly).toEqual([false, false, true, true, true, false, false, true, false]);
  });

  it('colours flow collections by part and knows a key by its context in the file', () => {
    expect(kinds('m: {a: 1, b: [x, true]}')).toEqual(['key:m', 'punct::', 'punct:{', 'key:a', 'punct::', 'number:1', 'punct:,', 'key:b', 'punct::', 'punct:[', 'string:x', 'punct:,', 'literal:true', 'punct:]', 'punct:}']);
    expect(kinds('&base name: *ref')).toEqual(['punct:&base', 'key:name', 'punct::', 'punct:*ref']);
    expect(yamlLines('a: >\n  b: c\nd: e')[1]!.map((t) => t.kind)).toEqual(['string']);
  });
});

describe('file view', () => {
  it('calls a file with NUL or mostly control bytes binary, YAML text not', () => {
    expect(isBinary('cubes:\n  - name: a\n')).toBe(false);
    expect(isBinary('PK\u0003\u0004\u0000')).toBe(true);
    expect(isBinary('\ufffd\ufffd\ufffdab')).toBe(true);
    expect(isBinary('')).toBe(false);
  });

  it('numbers the lines, colours YAML only, and drops colours past the size limit', () => {
    const small = lookOf('model/a.yml', 'a: 1\nb: 2\n');
    expect(small).toEqual({kind: 'text', highlight: true, lines: [{seq: 0, text: 'a: 1'}, {seq: 1, text: 'b: 2'}]});
    expect(lookOf('model/a.sql', 'select 1').kind === 'text' && lookOf('model/a.sql', 'select 1')).toMatchObject({highlight: false});
    const big = lookOf('model/big.yml', 'x: 1\n'.repeat(60_000));
    expect(big).toMatchObject({kind: 'text', highlight: false, note: 'large file (293 KB, 60000 lines): shown without colours'});
    expect(lookOf('model/b.yml', '\u0000\u0001')).toEqual({kind: 'binary', message: 'model/b.yml looks like a binary file (2 B): not shown as text'});
  });
});

describe('file tree', () => {
  const files = ['model/cubes/orders.yml', 'model/cubes/a.yml', 'model/views/sales.yml', 'README.md', 'model/schema.yml'].map((path) => ({path, content: 'x'}));

  it('puts folders first, then files, by name; a closed folder hides its children', () => {
    const rows = treeRows(files, new Set(['model']));
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.kind === 'folder' ? `${r.open ? '-' : '+'}${r.name}/${r.size}` : r.name}`)).toEqual([
      '-model/4',
      '  +cubes/2',
      '  +views/1',
      '  schema.yml',
      'README.md',
    ]);
    expect(treeRows(files, new Set()).map((r) => r.id)).toEqual(['model', 'README.md']);
    expect(treeRows(files, new Set(), true).filter((r) => r.kind === 'file').map((r) => r.id)).toEqual([
      'model/cubes/a.yml',
      'model/cubes/orders.yml',
      'model/views/sales.yml',
      'model/schema.yml',
      'README.md',
    ]);
  });

  it('knows the folders above a path', () => {
    expect(foldersAbove('model/cubes/orders.yml')).toEqual(['model', 'model/cubes']);
    expect(parentOf('model/cubes/orders.yml')).toBe('model/cubes');
    expect(parentOf('README.md')).toBe('');
  });
});

describe('compare', () => {
  it('diffs the file on the browsed branch against the other, and says so when it cannot', () => {
    expect(compare('a.yml', 'main', 'x', 'a: 1\n', 'a: 2\n')).toEqual({kind: 'diff', changes: [{path: 'a.yml', kind: 'modified', before: 'a: 1\n', after: 'a: 2\n'}]});
    expect(compare('a.yml', 'main', 'x', 'a: 1\n', 'a: 1\n')).toEqual({kind: 'diff', changes: []});
    expect(compare('a.yml', 'main', 'x', undefined, 'a: 1\n')).toMatchObject({changes: [{kind: 'added'}]});
    expect(compare('a.yml', 'main', 'x', 'a: 1\n', undefined)).toMatchObject({changes: [{kind: 'deleted'}]});
    expect(compare('a.yml', 'main', 'x', undefined, undefined)).toEqual({kind: 'message', text: 'a.yml is on neither main nor x'});
    expect(compare('a.bin', 'main', 'x', '\u0000a', '\u0000b')).toEqual({kind: 'message', text: 'a.bin is a binary file: no line diff (it differs on main and x)'});
    // Terminal escapes in the content are made inert before they reach the diff view.
    expect(compare('a.yml', 'main', 'x', 'a: 1\n', 'title: an ordinary line \u001b[2J\n')).toMatchObject({changes: [{after: 'title: an ordinary line \\x1b[2J\n'}]});
  });
});
