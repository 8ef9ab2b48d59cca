// docs/seed-differences.md is the Prism oracle's allow-list (prism-tour.test.ts reads it). This checks, without the
// reference description, that every entry reads, says why, and names an operation the service serves.
import {describe, expect, it} from 'vitest';
import {testApp} from '../helpers/startService.js';
import {readSeedDifferences} from './seedDifferences.js';

describe('docs/seed-differences.md', () => {
  const entries = readSeedDifferences();

  it('reads as a list of entries, each with its reason', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.why.length, e.operation).toBeGreaterThan(20);
    const keys = entries.map((e) => `${e.operation} ${e.location} ${e.code ?? ''}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('names only operations the service serves', async () => {
    const t = testApp('empty');
    const doc = (await t.call('/api/v1/spec')).body as {paths: Record<string, Record<string, unknown>>};
    t.close();
    const served = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{id}')}`)));
    expect(entries.map((e) => e.operation).filter((op) => !served.has(op))).toEqual([]);
  });

  it('refuses an entry it cannot read, so a typo cannot empty the list', () => {
    expect(() => readSeedDifferences('### GET /x — \n')).toThrow(/cannot read the heading/);
    expect(() => readSeedDifferences('### GET /x — undescribed\n\nSpec: a line\n')).toThrow(/no Why:/);
  });
});
