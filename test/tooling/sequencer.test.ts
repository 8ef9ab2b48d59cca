// The start order (test/sequencer.ts): where vitest has no timing of its own (a clean clone), a file known to run long
// starts before the others of its tier, so that it does not run alone at the end.
import {existsSync} from 'node:fs';
import {resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {type FileToRun, startOrder, TIMINGS} from '../sequencer.js';
import {testFiles} from '../tiers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const e2e = (file: string, size: number, last?: FileToRun['last']): FileToRun => ({file, groupOrder: 2, project: 'e2e', isolate: true, size, last});

describe('the order test files start in', () => {
  it('test/timings.json names only test files that exist', () => {
    const files = new Set(testFiles(ROOT));
    const stale = Object.keys(TIMINGS).filter((f) => !files.has(f) || !existsSync(resolve(ROOT, f)));
    expect(stale, 'files in test/timings.json that are not test files (node scripts/test-timings.mjs writes it anew)').toEqual([]);
    expect(Object.keys(TIMINGS).length).toBeGreaterThan(0);
  });

  it('without timings of vitest\'s own, a file known to run long starts first, then the largest', () => {
    const files = [e2e('test/e2e/big.test.ts', 18_000), e2e('test/oracles/tour.test.ts', 4_000), e2e('test/e2e/small.test.ts', 1_000)];
    const order = startOrder(files, {'test/oracles/tour.test.ts': 24}).map((f) => f.file);
    expect(order).toEqual(['test/oracles/tour.test.ts', 'test/e2e/big.test.ts', 'test/e2e/small.test.ts']);
  });

  it('vitest\'s own timing of the last run wins over the file, and a file that failed starts first', () => {
    const files = [
      e2e('test/e2e/a.test.ts', 1_000, {failed: false, duration: 30_000}),
      e2e('test/oracles/tour.test.ts', 4_000, {failed: false, duration: 2_000}),
      e2e('test/e2e/b.test.ts', 1_000, {failed: true, duration: 10}),
    ];
    const order = startOrder(files, {'test/oracles/tour.test.ts': 24}).map((f) => f.file);
    expect(order).toEqual(['test/e2e/b.test.ts', 'test/e2e/a.test.ts', 'test/oracles/tour.test.ts']);
  });

  it('tiers keep their places: the group, then the tier, before any length', () => {
    const files: FileToRun[] = [
      e2e('test/oracles/tour.test.ts', 4_000),
      {file: 'test/screens/x.test.tsx', groupOrder: 1, project: 'service', isolate: false, size: 10},
      {file: 'test/react-dev/screens.test.tsx', groupOrder: 2, project: 'react-dev', isolate: true, size: 10},
      {file: 'test/ui/y.test.ts', groupOrder: 0, project: 'unit', isolate: false, size: 10},
    ];
    const order = startOrder(files, {'test/react-dev/screens.test.tsx': 99, 'test/oracles/tour.test.ts': 1}).map((f) => f.file);
    expect(order).toEqual(['test/ui/y.test.ts', 'test/screens/x.test.tsx', 'test/oracles/tour.test.ts', 'test/react-dev/screens.test.tsx']);
  });
});
