// The README stays a short guide (set-up, tour, command mode, the console's keys) and the screen captures live in
// docs/console.md, each written by scripts/captures.mjs between its markers.
import {readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('the README and docs/console.md', () => {
  it('keeps the README at 300 lines or fewer, with the captures in docs/console.md', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme).toContain('docs/console.md');
    expect(readme).not.toMatch(/<!-- capture:/);
  });

  it('has a written capture between every pair of markers in docs/console.md', () => {
    const doc = read('docs/console.md');
    const names = [...doc.matchAll(/<!-- capture:([\w-]+) -->/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(10);
    const empty = names.filter((name) => {
      const body = doc.slice(doc.indexOf(`<!-- capture:${name} -->`), doc.indexOf(`<!-- /capture:${name} -->`));
      return !/```\n[^\n]*svc · [\s\S]*\n```/.test(body);
    });
    expect(empty, 'run node scripts/captures.mjs after npm run build').toEqual([]);
  });
});
