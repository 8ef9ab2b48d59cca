// The bounded window over a dbt run's whole log: marks every DBT_LOG_PAGE lines, at most DBT_LOG_KEEP lines kept,
// older and newer stretches read again from their marks, stale answers ignored.
import {describe, expect, it} from 'vitest';
import type {DbtLogEntry} from '../../src/api/dbt.js';
import {DBT_LOG_PAGE} from '../../src/queries/dbt.js';
import {
  applyStretch, applyTail, DBT_LOG_KEEP, emptyLogWindow, newerRead, olderRead, stretchAt, windowEnd, windowStart, type LogWindow,
} from '../../src/queries/dbtLog.js';

const entries = (from: number, n: number): DbtLogEntry[] => Array.from({length: n}, (_, i) => ({level: 'info', phase: 'init', message: `l${from + i}`, raw: {}}));
const cursor = (n: number) => `c${n}`;

/** Reads the tail page by page the way the screen does, `total` lines in all. */
function readAll(total: number, take = true): LogWindow {
  let w = emptyLogWindow;
  while (w.total < total) {
    const n = Math.min(DBT_LOG_PAGE, total - w.total);
    w = applyTail(w, {after: w.tail, entries: entries(w.total, n), endCursor: cursor(w.total + n), hasNextPage: w.total + n < total}, take);
  }
  return w;
}

describe('the dbt log window', () => {
  it('marks a stretch every page and keeps at most DBT_LOG_KEEP lines, the newest', () => {
    const w = readAll(12_345);
    expect(w.total).toBe(12_345);
    expect(w.reachedEnd).toBe(true);
    expect(w.marks.map((m) => m.seq).slice(0, 3)).toEqual([0, 1000, 2000]);
    expect(w.lines.length).toBeLessThanOrEqual(DBT_LOG_KEEP);
    expect(windowEnd(w)).toBe(12_345);
    expect(w.lines.at(-1)!.entry.message).toBe('l12344');
    expect(w.lines.every((l, i) => l.entry.message === `l${windowStart(w) + i}`)).toBe(true);
  });

  it('reads older stretches from their marks and drops the newest to stay bounded', () => {
    let w = readAll(12_345);
    for (let i = 0; i < 12 && windowStart(w) > 0; i++) {
      const r = olderRead(w)!;
      expect(r.after).toBe(r.seq === 0 ? undefined : cursor(r.seq));
      w = applyStretch(w, r, entries(r.seq, r.first));
      expect(w.lines.length).toBeLessThanOrEqual(DBT_LOG_KEEP);
    }
    expect(windowStart(w)).toBe(0);
    expect(w.lines[0]!.entry.message).toBe('l0');
    expect(windowEnd(w)).toBeLessThan(w.total);
    const r = newerRead(w)!;
    expect(r.seq).toBe(windowEnd(w));
    w = applyStretch(w, r, entries(r.seq, r.first));
    expect(w.lines.every((l, i) => l.entry.message === `l${windowStart(w) + i}`)).toBe(true);
  });

  it('a reader scrolled back keeps their lines: new ones past the cap are counted, not taken', () => {
    let w = readAll(DBT_LOG_KEEP - 10);
    w = applyTail(w, {after: w.tail, entries: entries(w.total, 50), endCursor: cursor(w.total + 50), hasNextPage: false}, false);
    expect(w.total).toBe(DBT_LOG_KEEP + 40);
    expect(windowEnd(w)).toBe(DBT_LOG_KEEP - 10);
    expect(windowStart(w)).toBe(0);
    // An answer for a cursor that is no longer the tail changes nothing.
    expect(applyTail(w, {after: 'c1', entries: entries(0, 3), hasNextPage: false}, true)).toBe(w);
    // The stretch holding the newest lines is read whole again.
    expect(stretchAt(w, w.total - 1).seq).toBeLessThanOrEqual(windowEnd(w));
  });

  it('a re-read that brings no newer line changes nothing (no endless re-reading)', () => {
    let w = readAll(DBT_LOG_KEEP - 10);
    w = applyTail(w, {after: w.tail, entries: entries(w.total, 50), endCursor: cursor(w.total + 50), hasNextPage: false}, false);
    const r = newerRead(w)!;
    expect(applyStretch(w, r, entries(r.seq, windowEnd(w) - r.seq))).toBe(w);
    expect(applyStretch(w, r, [])).toBe(w);
  });

  it('a stretch that no longer touches the window is dropped unless it replaces it', () => {
    const w = readAll(12_345);
    const far = stretchAt(w, 10);
    expect(applyStretch(w, far, entries(far.seq, far.first))).toBe(w);
    const jumped = applyStretch(w, far, entries(far.seq, far.first), true);
    expect(windowStart(jumped)).toBe(0);
    expect(jumped.lines).toHaveLength(1000);
  });
});
