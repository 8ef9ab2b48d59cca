// The gate screen end to end against the real local service: the shared workflow runs from the screen while the
// test moves the service clock; the verdict, then a confirmed cleanup verified through the API.
import {describe, expect, it} from 'vitest';
import {listBranches} from '../../src/api/dataModel.js';
import type {ManualClock} from '../../src/server/engines/clock.js';
import {sessionReleased} from '../helpers/devMode.js';
import type {Tui} from '../helpers/renderTui.js';
import {POLLING, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const GATE = {screen: 'gate', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Moves the service clock until the frame matches: syncs and builds advance only on it. 5 s a turn, not 1 s: the
 * file's four runs took 145 turns of a 25 ms pause each, now 57 to 75 (the gate polls every 20 ms).
 */
async function runClockUntil(tui: Tui, clock: ManualClock, match: RegExp): Promise<string> {
  for (let i = 0; i < 400; i++) {
    if (match.test(tui.lastFrame())) return tui.lastFrame();
    clock.advance(5_000);
    await pause(25);
  }
  return tui.waitForFrame(match, 1);
}

describe('DbtGateScreen', () => {
  it('runs the gate for main to PASS, then cleans up after confirmation: branches gone, session released', async () => {
    const {api, clock} = await startDemo();
    const before = (await listBranches(api, '1')).map((b) => b.name);
    // A terminal that declares OSC 9 (iTerm2), outside tmux: the verdict's notice is the bell and a notification.
    const tui = renderApp(api, GATE, {columns: 160, prefs: {env: {TERM_PROGRAM: 'iTerm.app', TERM: 'xterm-256color'}}, ...POLLING});
    await tui.waitForFrame('s gates a ref');
    await tui.press('s');
    await typeAfter(tui, 'Gate a dbt ref', 'm', 'a', 'i', 'n');
    await tui.press('tab');
    await tui.press(...'fct_orders.count', 'enter');
    // While it runs, its progress is shown beside the branch it writes (the gate's to clean up).
    await tui.waitForFrame(/● dbt sync\s+running\s+\S+ → dbt-sync\/main-\S+ · dbt sync: [A-Z_]+ \d+%/);
    let frame = await runClockUntil(tui, clock, /✓ PASS: /);
    expect(frame).toMatch(/✓ dbt sync\s+completed\s+\S+ → dbt-sync\/main-/);
    expect(frame).toMatch(/✓ dev mode\s+completed\s+dev-/);
    expect(frame).toMatch(/✓ validate\s+completed\s+valid, \d+ cubes/);
    expect(frame).toMatch(/✓ query\s+completed\s+fct_orders\.count = 2400/);
    expect(frame).toMatch(/PASS: main syncs, compiles \(\d+ cubes\) and answers fct_orders\.count = 2400/);
    expect(tui.frames).toContainEqual(expect.stringMatching(/^\u0007\u001b\]9;svc: ✓ dbt gate PASS: main syncs/));
    const during = (await listBranches(api, '1')).map((b) => b.name);
    const created = during.filter((b) => !before.includes(b));
    expect(created).toHaveLength(2);
    expect(frame).toMatch(/c cleans up: exit dev mode, delete dev-\S+, then delete dbt-sync\/main-/);

    await tui.press('c');
    await tui.waitForFrame('Clean up after the gate?');
    await tui.press('n');
    await tui.waitForFrame((f) => !f.includes('Clean up after the gate?'));
    expect((await listBranches(api, '1')).map((b) => b.name)).toEqual(during);
    await tui.press('c');
    await tui.waitForFrame('Clean up after the gate?');
    await tui.press('y');
    frame = await tui.waitForFrame(/✓ cleanup\s+completed\s+removed dev-/);
    expect(frame).toContain('Cleaned up: exited dev mode, deleted');
    expect((await listBranches(api, '1')).map((b) => b.name)).toEqual(before);
    expect(await sessionReleased(api)).toBe(true);
  });

  it('a ref that fails to compile gives a FAIL verdict naming the sync step, and nothing is left after cleanup', async () => {
    const {api, clock} = await startDemo();
    const before = (await listBranches(api, '1')).map((b) => b.name);
    const tui = renderApp(api, GATE, {columns: 200, ...POLLING});
    await tui.waitForFrame('s gates a ref');
    await tui.press('s');
    await typeAfter(tui, 'Gate a dbt ref', ...'broken-compile', 'enter');
    const frame = await runClockUntil(tui, clock, /✗ FAIL: /);
    expect(frame).toMatch(/✗ dbt sync\s+failed\s+dbt sync \S+ failed: Compilation Error/);
    expect(frame).toMatch(/○ dev mode\s+pending/);
    expect(frame).toContain('FAIL: sync: dbt sync');
    await tui.press('c');
    await tui.waitForFrame('Clean up after the gate?');
    await tui.press('y');
    await tui.waitForFrame(/✓ cleanup\s+completed/);
    expect((await listBranches(api, '1')).map((b) => b.name)).toEqual(before);
  });

  it('leaving at the verdict without cleanup says what was left behind', async () => {
    const {api, clock} = await startDemo();
    const tui = renderApp(api, {screen: 'dbt', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 200, ...POLLING});
    await typeAfter(tui, '[50]', 'v');
    await typeAfter(tui, 's gates a ref', 's');
    await typeAfter(tui, 'Gate a dbt ref', ...'main', 'enter');
    await runClockUntil(tui, clock, /✓ PASS: /);
    await tui.press('escape');
    const frame = await tui.waitForFrame(/gate left before cleanup: dev-\S+ and dbt-sync\/main-\S+ remain, dev mode is still on/);
    expect(frame).toContain('dbt runs · analytics-prod');
  });

  it('leaving while the gate runs does not stop it: the verdict flashes on another screen, coming back shows it, c cleans up', async () => {
    const {api, clock} = await startDemo();
    const before = (await listBranches(api, '1')).map((b) => b.name);
    const tui = renderApp(api, {screen: 'dbt', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 200, ...POLLING});
    await typeAfter(tui, '[50]', 'v');
    await typeAfter(tui, 's gates a ref', 's');
    await typeAfter(tui, 'Gate a dbt ref', ...'main', 'enter');
    await tui.waitForFrame(/● dbt sync\s+running/);
    await tui.press('escape');
    await tui.waitForFrame('the dbt gate goes on; :gate shows where it is');
    // On the runs list, the workflow still goes through dev mode, validate and the query to its verdict.
    let frame = await runClockUntil(tui, clock, /dbt gate PASS: main syncs, compiles/);
    expect(frame).toContain('dbt runs · analytics-prod');
    expect((await listBranches(api, '1')).length).toBe(before.length + 2);
    await tui.press('v');
    frame = await tui.waitForFrame(/✓ PASS: /);
    expect(frame).toMatch(/✓ dev mode\s+completed\s+dev-/);
    expect(frame).toMatch(/✓ query\s+completed\s+\S+ = \d+/);
    await tui.press('c');
    await tui.waitForFrame('Clean up after the gate?');
    await tui.press('y');
    await tui.waitForFrame(/✓ cleanup\s+completed\s+removed dev-/);
    expect((await listBranches(api, '1')).map((b) => b.name)).toEqual(before);
    expect(await sessionReleased(api)).toBe(true);
  });

  it('rejects a commit SHA inline before anything is sent', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, GATE, {columns: 160, ...POLLING});
    await tui.waitForFrame('s gates a ref');
    await tui.press('s');
    await typeAfter(tui, 'Gate a dbt ref', ...'0123abcd0123abcd0123abcd0123abcd0123abcd', 'enter');
    await tui.waitForFrame('ref: `0123abcd0123abcd0123abcd0123abcd0123abcd` is a commit SHA');
    expect(tui.lastFrame()).toMatch(/○ dbt sync\s+pending/);
  });

  it('cannot be started in --readonly', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, GATE, {readonly: true, ...POLLING});
    await tui.waitForFrame('read-only session: the gate creates branches');
    await tui.press('s');
    await tui.waitForFrame('read-only session: s gate a ref (starts a sync, enters dev mode) is not available');
    expect(tui.lastFrame()).not.toContain('Gate a dbt ref');
  });

  it('is reachable from the runs screen with v', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'dbt', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, POLLING);
    await tui.waitForFrame('[50]');
    await tui.press('v');
    await tui.waitForFrame('dbt gate · analytics-prod');
  });
});
