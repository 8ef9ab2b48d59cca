import {afterEach, describe, expect, it, vi} from 'vitest';
import {createBranch} from '../../src/api/dataModel.js';
import {listVersions, updateDeployment} from '../../src/api/deployments.js';
import {advanceUntil, fakeIntervals} from '../helpers/fakeIntervals.js';
import {fakeApi} from '../helpers/renderTui.js';
import {cursorOn, instrument, pauseLive, POLLING, renderApp, renderThroughLoading, startDemo} from '../helpers/screenApp.js';
import {SteppedClock} from '../helpers/steppedClock.js';

const BUILD = {screen: 'build', params: {deploymentId: '1', deploymentName: 'analytics-prod', branch: 'main'}};
const STEP_MS = {queued: 1_000, building: 3_000, warmup: 2_000};
const statusCalls = /GET \/api\/v1\/deployments\/1\/build-status/;
/** The screen polls every BUILD_POLL_MS (2 s) × liveScale 0.01 = 20 ms; "no more requests" is checked over 100 polls. */
const POLL_STEP_MS = 20;
const QUIET_MS = 100 * POLL_STEP_MS;

afterEach(() => vi.useRealTimers());

/** The Build screen on deployment 1 while a version switch rebuilds main, with polls on fake intervals. */
async function rebuilding() {
  const {api, clock} = await startDemo();
  await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
  const spy = instrument(api);
  fakeIntervals();
  return {api, clock, spy, tui: renderApp(spy.api, BUILD, POLLING)};
}

describe('BuildScreen', () => {
  it('shows a finished build without polling it', async () => {
    fakeIntervals();
    const {spy, frame} = await renderThroughLoading(BUILD, 'Loading build status…', /✓ built\s+09:00:00/, POLLING);
    expect(frame).toContain('Build · analytics-prod · main');
    expect(frame).toContain('Branch: main (production) build #1');
    expect(frame).toContain('Status: ✓ built');
    expect(frame).toContain('finished: live updates stopped');
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(spy.count(statusCalls)).toBe(1);
  });

  it('says why when the status cannot be loaded', async () => {
    const {api, svc} = await startDemo();
    await svc.close();
    const tui = renderApp(api, BUILD, POLLING);
    await tui.waitForFrame('could not load build status');
  });

  it('follows a rebuild step by step, then stops polling and flashes the outcome', async () => {
    const {clock, spy, tui} = await rebuilding();
    /** The frame once polling has shown `shown` (polls fire as the test advances the fake intervals). */
    const polledTo = async (shown: RegExp | string) => {
      await advanceUntil(() => (typeof shown === 'string' ? tui.lastFrame().includes(shown) : shown.test(tui.lastFrame())), POLL_STEP_MS, {seen: tui.lastFrame});
      return tui.lastFrame();
    };
    let frame = await tui.waitForFrame(/● queued\s+09:00:00/);
    expect(frame).toContain('Status: ● building');
    expect(frame).toMatch(/○ warmup/);
    clock.advance(STEP_MS.queued);
    frame = await polledTo(/● building\s+09:00:01/);
    expect(frame).toMatch(/✓ queued\s+09:00:00/);
    clock.advance(STEP_MS.building);
    await polledTo(/● warmup\s+09:00:04/);
    const whileRunning = spy.count(statusCalls);
    expect(whileRunning).toBeGreaterThan(2);
    clock.advance(STEP_MS.warmup);
    frame = await polledTo('Build of main built');
    expect(frame).toContain('Status: ✓ built');
    expect(frame).toMatch(/✓ built\s+09:00:06/);
    expect(frame).toContain('finished: live updates stopped');
    const atEnd = spy.count(statusCalls);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(spy.count(statusCalls)).toBe(atEnd);
  });

  it('p pauses live updates: no requests until resumed', async () => {
    const {clock, spy, tui} = await rebuilding();
    await tui.waitForFrame('Status: ● building');
    // A request already on its way when p was pressed may still land; nothing after it may start.
    await pauseLive(tui, spy, 'live updates paused');
    const paused = spy.count(statusCalls);
    clock.advance(10_000);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(spy.count(statusCalls)).toBe(paused);
    expect(tui.lastFrame()).toContain('Status: ● building');
    await tui.press('p');
    await advanceUntil(() => tui.lastFrame().includes('Status: ✓ built'), POLL_STEP_MS, {seen: tui.lastFrame});
  });

  it('a branch nothing builds says so (not active / no such branch), without polling or a ticking clock', async () => {
    const {api} = await startDemo();
    await createBranch(api, '1', {name: 'quiet'});
    const spy = instrument(api);
    fakeIntervals();
    const tui = renderApp(spy.api, {screen: 'build', params: {deploymentId: '1', branch: 'quiet'}}, POLLING);
    const frame = await tui.waitForFrame('Status: ○ not active');
    expect(frame).toContain('Not built: nobody has this branch open in dev mode and it has no staging environment');
    expect(frame).toContain('nothing builds it: live updates stopped (r checks again)');
    expect(frame).not.toMatch(/building|Branch is not active|queued/);
    const frames = tui.frames.length;
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(spy.count(statusCalls)).toBe(1);
    // Nothing ticks: every frame drawn while the time passed is the one before it.
    expect(new Set(tui.frames.slice(frames - 1))).toEqual(new Set([frame]));

    const unknown = renderApp(api, {screen: 'build', params: {deploymentId: '1', branch: 'no-such'}}, POLLING);
    const other = await unknown.waitForFrame('Status: ○ no such branch');
    expect(other).toContain('The service knows no branch no-such');
    expect(other).not.toMatch(/building|Bad branch/);
  });

  it('shows a failed build with its error text and flashes it', async () => {
    let status = 'building';
    const api = fakeApi((method, path) =>
      path.endsWith('/build-status')
        ? {deploymentId: 9, branchName: 'dev-x', mode: 'dev_mode', status, deploymentStatus: status, buildJobId: 4,
           errorText: status === 'failed' ? 'orders.yml: unknown measure type "avg"' : null, updatedAt: '2026-06-01T09:00:05.000Z'}
        : undefined,
    );
    const tui = renderApp(api, {screen: 'build', params: {deploymentId: '9', branch: 'dev-x'}}, POLLING);
    await tui.waitForFrame('Status: ● building');
    status = 'failed';
    const frame = await tui.waitForFrame('Build of dev-x failed: orders.yml');
    expect(frame).toContain('Status: ✗ failed');
    expect(frame).toContain('finished: live updates stopped');
    expect(frame).toMatch(/✗ building/);
    expect(frame).toContain('orders.yml: unknown measure type "avg"');
  });
});

describe('switching versions end to end', () => {
  it('confirm → PUT → the Build screen watches the rebuild until built', async () => {
    const {api, clock} = await startDemo();
    const spy = instrument(api);
    // The console's clock stands still (the test never moves it): the activity watcher does not look, so its notice
    // of the same build cannot take the flash line in the turn the outcome's flash is set (both answers may come in
    // one turn, and then the flash is never drawn).
    const tui = renderApp(spy.api, {screen: 'versions', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {...POLLING, clock: new SteppedClock()});
    await tui.waitForFrame('[6]');
    await tui.press('j');
    await cursorOn(tui, /›\s+1\.3\.2/);
    await tui.press('enter');
    await tui.waitForFrame('Switch analytics-prod to version 1.3.2 (latest)?');
    await tui.press('y');
    await tui.waitForFrame('Build · analytics-prod · main');
    expect(spy.calls).toContain('PUT /api/v1/deployments/1');
    const current = (await listVersions(api, '1')).versions.find((v) => v.isCurrent);
    expect(current?.version).toBe('1.3.2');
    await tui.waitForFrame('Status: ● building');
    const from = tui.frames.length;
    clock.advance(STEP_MS.queued + STEP_MS.building + STEP_MS.warmup);
    // Looked for among every frame drawn since, not only the last one.
    const flashed = () => tui.frames.slice(from).find((f) => f.includes('Build of main built'));
    await tui.waitForFrame(() => flashed() !== undefined);
    expect(flashed()).toContain('Status: ✓ built');
    await tui.press('escape');
    await tui.waitForFrame(/★ 1\.3\.2/);
  });
});
