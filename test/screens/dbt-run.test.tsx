// dbt run screen against the real local service: the phase timeline live to COMPLETED (then the result and a
// terminal notification), a failing ref's failed phase and log, and cancelling with confirmation.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {getDbtSyncStatus, startDbtSync} from '../../src/api/dbt.js';
import type {DbtStage} from '../../src/contract/dbt.js';
import {plannedStages} from '../../src/server/engines/dbt/phases.js';
import {advanceUntil, fakeIntervals} from '../helpers/fakeIntervals.js';
import {instrument, POLLING, renderApp, startDemo} from '../helpers/screenApp.js';

const runOf = (syncJobId: string) => ({screen: 'dbtRun', params: {deploymentId: '1', deploymentName: 'analytics-prod', syncJobId}});
const statusCalls = /GET \/api\/v1\/deployments\/1\/dbt-sync\/[^/]+$/;
/** The run screen polls every DBT_RUN_POLL_MS (2 s) × liveScale 0.01 = 20 ms; "no more requests" is checked over 100 polls. */
const POLL_STEP_MS = 20;

afterEach(() => vi.useRealTimers());

describe('DbtRunScreen', () => {
  it('follows a sync phase by phase to COMPLETED, shows its files, stops polling and notifies the terminal', async () => {
    const {api, clock} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    const spy = instrument(api);
    // Polls fire as the test advances the fake intervals.
    fakeIntervals();
    const polledTo = async (shown: RegExp | ((f: string) => boolean)) => {
      await advanceUntil(() => (shown instanceof RegExp ? shown.test(tui.lastFrame()) : shown(tui.lastFrame())), POLL_STEP_MS, {seen: tui.lastFrame});
      return tui.waitForFrame(shown);
    };
    // The run's stages last their planned times ±20 %, drawn from its id (random here): the clock moves to where this
    // run ends a stage, not by fixed steps (18 s did not always reach the end of dbt-compile, and the test then polled
    // a sync that would never move).
    const ends = new Map<DbtStage, number>();
    let total = 0;
    for (const {stage, ms} of plannedStages('git', started.syncJobId)) ends.set(stage, (total += ms));
    let moved = 0;
    const endStage = (stage: DbtStage) => {
      clock.advance(ends.get(stage)! - moved);
      moved = ends.get(stage)!;
    };
    // A terminal that declares OSC 9 (iTerm2), outside tmux: the end's notice is the bell and a notification.
    const tui = renderApp(spy.api, runOf(started.syncJobId), {prefs: {env: {TERM_PROGRAM: 'iTerm.app', TERM: 'xterm-256color'}}, ...POLLING});
    // The status and the log are two requests: the frame waited for shows both (the log may come a frame later).
    let frame = await tui.waitForFrame((f) => /Status: ● INITIALIZING 0%/.test(f) && /● init\s+running/.test(f));
    expect(frame).toContain('Preparing the sync workflow');
    endStage('CREATING_SANDBOX');
    // The timeline comes from the log, the header from the status: two polls, which a loaded machine may land
    // one interval apart.
    frame = await polledTo((f) => /✓ sandbox\s+completed\s+█+░*\s+\d+s/.test(f) && /Status: ● \w+ \d+% █+/.test(f));
    expect(frame).toMatch(/✓ init\s+completed/);
    expect(frame).toMatch(/Status: ● \w+ \d+% █+/);
    expect(frame).toContain('[sandbox] Sandbox ready');
    endStage('COMPILING_DBT');
    frame = await polledTo(/✓ dbt-compile\s+completed/);
    endStage('FINALIZING');
    // The result and the final log lines are two queries: the timeline's last phase may land a moment later.
    frame = await polledTo((f) => f.includes('Generated 7 cubes in 7 files') && /✓ finalize\s+completed/.test(f));
    expect(frame).toContain('Status: ✓ COMPLETED 100%');
    expect(frame).toContain('model/cubes/dbt/fct_orders.yml');
    expect(frame).toContain(`dbt sync ${started.syncJobId} completed`);
    expect(frame).toContain('finished: live updates stopped');
    // A finished sync cannot be cancelled: the footer no longer offers x.
    expect(frame).not.toContain('x cancel');
    expect(tui.frames.some((f) => f.includes('INITIALIZING') && f.includes('x cancel this sync')), 'offered while it ran').toBe(true);
    expect(tui.frames).toContain(`\u0007\u001b]9;svc: ✓ dbt sync ${started.syncJobId} completed\u001b\\`);
    await spy.landed();
    const atEnd = spy.count(statusCalls);
    // 100 poll intervals pass: a status poll still running would have asked (counted as it is sent).
    await vi.advanceTimersByTimeAsync(100 * POLL_STEP_MS);
    expect(spy.count(statusCalls)).toBe(atEnd);
  });

  it('a ref whose dbt compile breaks shows the failed phase and its error log', async () => {
    const {api, clock} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'broken-compile'});
    const tui = renderApp(api, runOf(started.syncJobId), {columns: 200, ...POLLING});
    await tui.waitForFrame('Status: ● INITIALIZING');
    clock.advance(60_000);
    const frame = await tui.waitForFrame(/failed in phase dbt-compile: Compilation Error/);
    expect(frame).toContain('Status: ✗ FAILED');
    expect(frame).toMatch(/✗ dbt-compile\s+failed/);
    expect(frame).toContain('[dbt-compile] Compilation Error');
    expect(frame).toContain('[dbt-compile] dbt-compile failed');
    expect(frame).toMatch(/depends on a node named 'stg_payments'/);
    expect(frame).not.toContain('Generated');
    expect(frame).not.toMatch(/process-manifest/);
  });

  it('x asks before cancelling; No keeps it running, Yes cancels it', async () => {
    const {api} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    const spy = instrument(api);
    const tui = renderApp(spy.api, runOf(started.syncJobId), POLLING);
    await tui.waitForFrame('Status: ● INITIALIZING');
    await tui.press('x');
    await tui.waitForFrame(`Cancel dbt sync ${started.syncJobId}?`);
    await tui.press('n');
    await tui.waitForFrame((f) => !f.includes('Cancel dbt sync'));
    expect(spy.calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    expect((await getDbtSyncStatus(api, '1', started.syncJobId)).status).toBe('INITIALIZING');
    await tui.press('x');
    await tui.waitForFrame(`Cancel dbt sync ${started.syncJobId}?`);
    await tui.press('y');
    // One status everywhere: the history lists a cancelled run as CANCELLED, so the run screen does too (the
    // status query reports FAILED with a reason that says it was cancelled).
    const frame = await tui.waitForFrame(/Status: ✗ CANCELLED/);
    expect(frame).toMatch(/✗ cancelled during phase init: Cancelled by .* during INITIALIZING/);
    // The cancel's flash and the run's own end-of-run flash race (either may show last): the cancel's is shown
    // at some point, before or after the status turned.
    await tui.waitForFrame(() => tui.frames.some((f) => f.includes('Cancelled dbt sync')));
    expect(spy.calls.filter((c) => c.startsWith('DELETE'))).toEqual([`DELETE /api/v1/deployments/1/dbt-sync/${started.syncJobId}`]);
    expect((await getDbtSyncStatus(api, '1', started.syncJobId)).status).toBe('FAILED');
    await tui.press('x');
    await tui.waitForFrame('already ended; only a running sync can be cancelled');
  });

  it('says why when the sync cannot be loaded', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, runOf('no-such-sync'), POLLING);
    await tui.waitForFrame(/could not load dbt sync: not found \(404\)[\s\S]*no dbt\s+sync no-such-sync/);
  });
});
