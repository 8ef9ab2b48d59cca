// A dbt run's whole log on the run screen, against the real service with a long log written by the dbt store:
// the pager reads it through the API's cursor, keeps a bounded window in memory, scrolls back to line 1,
// searches lines that are not in memory, and follows new lines while the run goes on.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Api} from '../../src/api/client.js';
import {startDbtSync} from '../../src/api/dbt.js';
import {DBT_LOG_PAGE} from '../../src/queries/dbt.js';
import {DBT_LOG_KEEP} from '../../src/queries/dbtLog.js';
import {appendDbtLog, findDbtSync} from '../../src/server/store/dbt.js';
import type {RunningService} from '../../src/server/index.js';
import {instrument, POLLING, renderApp, startDemo, startSharedDemo, typeAfter} from '../helpers/screenApp.js';

const runOf = (syncJobId: string) => ({screen: 'dbtRun', params: {deploymentId: '1', deploymentName: 'analytics-prod', syncJobId}});
const position = (frame: string) => /lines (\d+)–(\d+) of (\d+)/.exec(frame)?.slice(1).map(Number);
/** Longer than memory keeps by two pages: the window is bounded, and the first stretches are read again from their marks. */
const LONG = DBT_LOG_KEEP + 2 * DBT_LOG_PAGE;

/**
 * Appends `count` lines to a run's log in the service's own store (as a chatty dbt would write them); the log's
 * line number (from 0) of the first of them.
 */
function writeLines(svc: RunningService, syncJobId: string, count: number, line: (i: number) => string): number {
  const db = svc.ctx.db;
  const deployment = db.prepare('SELECT deployment_id AS id FROM dbt_syncs WHERE sync_job_id = ?').get(syncJobId) as {id: number};
  const run = findDbtSync(db, deployment.id, syncJobId)!;
  const at = svc.ctx.clock.now();
  const before = (db.prepare('SELECT count(*) AS n FROM dbt_sync_logs WHERE sync_id = ?').get(run.id) as {n: number}).n;
  db.transaction(() => {
    for (let i = 0; i < count; i++) appendDbtLog(db, {sync_id: run.id, at, level: 'info', phase: 'init', message: line(i), duration_ms: null});
  })();
  return before;
}

/**
 * Of the LONG lines written, the middle line of each page (the log is read in stretches of DBT_LOG_PAGE lines, and
 * fewer lines than one page come before them) says `stretch_mark`: one in each stretch, in memory or not.
 */
const STRETCH_MARKS = Array.from({length: LONG / DBT_LOG_PAGE}, (_, page) => page * DBT_LOG_PAGE + DBT_LOG_PAGE / 2);

/**
 * Starts a dbt run on the service and writes LONG lines to its log (line 41 the one a search looks for, and the
 * STRETCH_MARKS); its id and the log's line number of the first line written.
 */
async function longRun(api: Api, svc: RunningService): Promise<{syncJobId: string; first: number}> {
  const started = await startDbtSync(api, '1', {ref: 'main'});
  const first = writeLines(svc, started.syncJobId, LONG, (i) =>
    i === 41 ? 'compiled model needle_forty_one' : STRETCH_MARKS.includes(i) ? `compiled model stretch_mark_${i}` : `compiled model m_${i}`);
  return {syncJobId: started.syncJobId, first};
}

describe('a long dbt run log', () => {
  // The tests that only read the log share one service and run (the service's clock stands still, so the run
  // does too); each renders its own App. The test that moves the run on has its own.
  let shared: {svc: RunningService; api: Api; syncJobId: string; first: number};
  beforeAll(async () => {
    const {svc, api} = await startSharedDemo();
    shared = {svc, api, ...(await longRun(api, svc))};
  });
  afterAll(() => shared?.svc.close());

  it('reads the whole log page by page, keeps a bounded window, and scrolls back to its first line', async () => {
    const {api, syncJobId} = shared;
    const spy = instrument(api);
    const tui = renderApp(spy.api, runOf(syncJobId), {rows: 30, columns: 120, ...POLLING});
    let frame = await tui.waitForFrame((f) => (position(f)?.[2] ?? 0) > LONG && f.includes('following'));
    const [, last, total] = position(frame)!;
    expect(last).toBe(total);
    const kept = Number(/(\d+) in memory/.exec(frame)?.[1]);
    expect(kept).toBeGreaterThan(1000);
    expect(kept).toBeLessThanOrEqual(DBT_LOG_KEEP);
    // The log was read through the cursor, not in one request.
    const reads = spy.calls.filter((c) => c.includes('/logs'));
    expect(reads.length).toBeGreaterThanOrEqual(Math.ceil(LONG / DBT_LOG_PAGE));
    expect(reads.filter((c) => c.includes('after=')).length).toBeGreaterThanOrEqual(Math.ceil(LONG / DBT_LOG_PAGE) - 1);

    await tui.press('g');
    frame = await tui.waitForFrame((f) => position(f)?.[0] === 1 && f.includes(`dbt sync ${syncJobId} started`));
    expect(frame).toMatch(/scrolled back · \d+ newer lines below/);
    // Down from the first line reads the next stretches again as they are reached.
    for (let i = 0; i < 3; i++) await tui.press('pagedown');
    frame = await tui.waitForFrame((f) => (position(f)?.[0] ?? 0) > 40);
    expect(frame).toContain('compiled model m_');
  });

  it('/ finds a line far back, outside the lines in memory, and n/N move between matches through every stretch', async () => {
    const {api, syncJobId, first: firstWritten} = shared;
    const tui = renderApp(api, runOf(syncJobId), {rows: 30, columns: 120, ...POLLING});
    const shown = await tui.waitForFrame((f) => (position(f)?.[2] ?? 0) > LONG && f.includes('in memory'));
    // The footer says what `/` does here.
    expect(shown).toContain('/ search (n/N)');
    await tui.press('/');
    await typeAfter(tui, 'type to search', 'needle_forty', 'enter');
    const frame = await tui.waitForFrame(/\/needle_forty: line \d+/);
    const line = Number(/\/needle_forty: line (\d+)/.exec(frame)![1]);
    expect(line).toBeLessThan(100);
    expect(frame).toContain('compiled model needle_forty_one');
    const [first] = position(frame)!;
    expect(first).toBeLessThanOrEqual(line);
    await tui.press('n');
    await tui.waitForFrame(/\/needle_forty: no older match in the whole log/);

    // A match in each stretch the log is read in: the first stretch is in memory now (the search read it), the
    // others are not; N finds each newer one in turn, reading its stretch, and n each older one back to the first.
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('/needle_forty'));
    await tui.press('/');
    await typeAfter(tui, 'type to search', 'stretch_mark', 'enter');
    /** The search's status names line `i` of those written (as the screen counts, from 1), and the view shows it. */
    const found = async (i: number) => {
      const at = await tui.waitForFrame(new RegExp(`/stretch_mark: line ${firstWritten + i + 1}(?!\\d)`));
      expect(at).toContain(`compiled model stretch_mark_${i}`);
    };
    await found(STRETCH_MARKS[0]!);
    for (const i of STRETCH_MARKS.slice(1)) {
      await tui.press('N');
      await found(i);
    }
    await tui.press('N');
    await tui.waitForFrame(/\/stretch_mark: no newer match in the whole log/);
    for (const i of STRETCH_MARKS.slice(0, -1).reverse()) {
      await tui.press('n');
      await found(i);
    }
    await tui.press('n');
    await tui.waitForFrame(/\/stretch_mark: no older match in the whole log/);
  });

  it('follows new lines while the run goes on', async () => {
    const {api, clock, svc} = await startDemo();
    const {syncJobId} = await longRun(api, svc);
    const tui = renderApp(api, runOf(syncJobId), {rows: 30, columns: 120, ...POLLING});
    let frame = await tui.waitForFrame((f) => (position(f)?.[2] ?? 0) > LONG && f.includes('following'));
    const before = position(frame)![2]!;
    clock.advance(4_000);
    frame = await tui.waitForFrame((f) => f.includes('[sandbox] Sandbox ready') && (position(f)?.[2] ?? 0) > before);
    expect(position(frame)![1]).toBe(position(frame)![2]);
    // Scrolled back, new lines are counted below instead of moving the view.
    await tui.press('pageup');
    frame = await tui.waitForFrame(/scrolled back · \d+ newer lines below/);
    const below = Number(/(\d+) newer lines below/.exec(frame)![1]);
    writeLines(svc, syncJobId, 7, (i) => `late line ${i}`);
    clock.advance(10);
    frame = await tui.waitForFrame((f) => Number(/(\d+) newer lines below/.exec(f)?.[1] ?? 0) >= below + 7);
    await tui.press('G');
    await tui.waitForFrame((f) => f.includes('late line 6') && f.includes('following'));
  });
});
