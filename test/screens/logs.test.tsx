// Logs screen against the real service: builds triggered through the API write the lines the screen follows.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {updateDeployment} from '../../src/api/deployments.js';
import {advanceUntil, fakeIntervals} from '../helpers/fakeIntervals.js';
import {instrument, pauseLive, POLLING, renderApp, renderThroughLoading, startDemo, typeAfter} from '../helpers/screenApp.js';

const LOGS = {screen: 'logs', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const logCalls = /GET \/api\/v1\/deployments\/1\/logs/;
const STEP_MS = {queued: 1_000, building: 3_000, warmup: 2_000};
/** Logs poll every 2 s × liveScale 0.01 = 20 ms; "no polls" is checked over 100 of them on fake intervals. */
const POLL_STEP_MS = 20;

afterEach(() => vi.useRealTimers());

describe('LogsScreen', () => {
  it('shows the newest lines: dimmed time, level glyph, pod/container, message', async () => {
    const {spy, tui, frame} = await renderThroughLoading(LOGS, 'Loading log lines…', /dbt sync completed: 7 cubes/, POLLING);
    expect(frame).toContain('Logs · analytics-prod');
    expect(frame).toMatch(/^\d{2}:\d{2}:\d{2} i \[cube-refresh-worker-1-0\/MAIN\] dbt sync completed: 7 cubes in 7 files$/m);
    expect(frame).toMatch(/\d+ lines · source all · pod all · container all/);
    expect(frame).toContain('following · new lines every 2s');
    expect(frame).toContain('s source: all/production/dev');
    // The first look asks for the newest lines; later ones only for what came after the cursor.
    await tui.waitForFrame(() => spy.calls.filter((c) => logCalls.test(c)).length >= 2);
    const [first, second] = spy.calls.filter((c) => logCalls.test(c));
    expect(first).toContain('first=200');
    expect(second).toMatch(/after=[A-Za-z0-9_-]+/);
  });

  it('follows new lines without a key: a triggered build writes its steps', async () => {
    const {api, clock} = await startDemo();
    const tui = renderApp(api, LOGS, POLLING);
    await tui.waitForFrame('following');
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
    let frame = await tui.waitForFrame(/i \[cube-api-1-0\/cubejs-server\] build \d+ queued/);
    expect(frame).not.toMatch(/build \d+ building/);
    clock.advance(STEP_MS.queued);
    frame = await tui.waitForFrame(/build \d+ building$/m);
    // The newest line is at the bottom, just above the status line.
    expect(frame).toMatch(/build \d+ building\nfollowing/);
  });

  it('colours errors with ✗ (a build cancelled by a newer one)', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, LOGS, POLLING);
    await tui.waitForFrame('following');
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.5'});
    await tui.waitForFrame(/✗ \[cube-api-1-0\/cubejs-server\] build \d+ cancelled/);
  });

  it('p pauses following: no polls and no new lines until resumed', async () => {
    const {api, clock} = await startDemo();
    const spy = instrument(api);
    fakeIntervals();
    const tui = renderApp(spy.api, LOGS, POLLING);
    await tui.waitForFrame('following');
    await pauseLive(tui, spy, 'live updates paused (p resumes)');
    const paused = spy.count(logCalls);
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
    clock.advance(STEP_MS.queued);
    await vi.advanceTimersByTimeAsync(100 * POLL_STEP_MS);
    expect(spy.count(logCalls)).toBe(paused);
    expect(tui.lastFrame()).not.toMatch(/build \d+ queued/);
    await tui.press('p');
    await advanceUntil(() => /build \d+ building/.test(tui.lastFrame()), POLL_STEP_MS, {seen: tui.lastFrame});
    const frame = tui.lastFrame();
    expect(frame).toMatch(/build \d+ queued/);
  });

  it('filters by source, pod, container and text; says so when nothing matches', async () => {
    const {api} = await startDemo();
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
    const tui = renderApp(api, LOGS, POLLING);
    await tui.waitForFrame(/build \d+ queued/);
    await tui.press('s');
    let frame = await tui.waitForFrame('Logs · analytics-prod · production');
    await tui.waitForFrame(/source production/);
    await tui.press('s');
    // The seed's dev-mode branch was built: the dev source holds that build's line, and none of production's.
    frame = await tui.waitForFrame(/source dev[\s\S]*build \d+ built \(dev mode entered\)/);
    expect(frame).not.toMatch(/build \d+ queued/);
    await tui.press('s');
    await tui.waitForFrame(/build \d+ queued/);
    await tui.press('o');
    frame = await tui.waitForFrame(/pod cube-api-1-0 · container all\n(.*\n)*.*build \d+ queued/);
    expect(frame).not.toContain('cube-refresh-worker-1-0/MAIN');
    await tui.press('o');
    frame = await tui.waitForFrame(/pod cube-refresh-worker-1-0/);
    frame = await tui.waitForFrame(/dbt sync completed/);
    expect(frame).not.toMatch(/build \d+ queued/);
    await tui.press('c');
    frame = await tui.waitForFrame(/container MAIN/);
    await tui.waitForFrame(/dbt sync completed/);
    await tui.press('c');
    frame = await tui.waitForFrame('container vector');
    await tui.waitForFrame('No log lines for this filter');
    // The next pod is the dev-mode pod (the seed's dev branch was built there), then all pods again.
    await tui.press('o');
    await tui.waitForFrame(/pod cube-dev-1-0[\s\S]*build \d+ built \(dev mode entered\)/);
    await tui.press('o');
    await tui.waitForFrame(/pod all · container all/);
    await tui.press('/');
    await typeAfter(tui, 'type to filter', 'completed: 4 cubes', 'enter');
    frame = await tui.waitForFrame(/^1 line · /m);
    expect(frame).toMatch(/dbt sync completed: 4 cubes in 4 files/);
    expect(frame).not.toMatch(/build \d+ queued/);
    await tui.press('escape');
    await tui.waitForFrame(/build \d+ queued/);
    await tui.press('/');
    await typeAfter(tui, 'type to filter', 'no-such-text', 'enter');
    await tui.waitForFrame('No log lines match /no-such-text');
  });

  it('scrolling back holds the view while lines arrive; G follows again', async () => {
    const {api, clock} = await startDemo();
    const tui = renderApp(api, LOGS, {rows: 20, ...POLLING});
    await tui.waitForFrame('following');
    await tui.press('k');
    await tui.waitForFrame('scrolled back · 1 newer line below · G follows again');
    await tui.press('pageup');
    let frame = await tui.waitForFrame(/scrolled back · \d{2} newer lines below/);
    expect(frame).not.toContain('dbt sync completed');
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
    clock.advance(STEP_MS.queued);
    frame = await tui.waitForFrame((f) => /scrolled back · (\d+) newer/.exec(f)?.[1] !== /scrolled back · (\d+) newer/.exec(frame)?.[1]);
    expect(frame).not.toMatch(/build \d+ queued/);
    await tui.press('G');
    frame = await tui.waitForFrame(/build \d+ building\nfollowing/);
    expect(frame).toMatch(/build \d+ queued/);
  });

  it('keeps the lines when a poll fails, and says why', async () => {
    const {api, svc} = await startDemo();
    const tui = renderApp(api, LOGS, POLLING);
    await tui.waitForFrame('following');
    await svc.close();
    const frame = await tui.waitForFrame('refresh failed');
    expect(frame).toContain('dbt sync completed: 7 cubes');
  });

  it('says why when the logs cannot be loaded at all', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'logs', params: {deploymentId: '999'}}, POLLING);
    await tui.waitForFrame(/could not load log lines: not found \(404\)/);
  });

  it('is one key (l) away from the deployment overview', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployment', params: {deploymentId: '1', deploymentName: 'analytics-prod'}, label: 'analytics-prod'}, POLLING);
    await tui.waitForFrame(/Deploy branch\s+main/);
    await tui.press('l');
    await tui.waitForFrame('dbt sync completed: 7 cubes');
    await tui.press('escape');
    await tui.waitForFrame(/Deploy branch\s+main/);
    // The palette's :log alias reaches it too, for the deployment on the stack.
    await tui.press(':', 'log');
    await tui.waitForFrame('› logs');
    await tui.press('enter');
    await tui.waitForFrame('dbt sync completed: 7 cubes');
    await tui.waitForFrame('Logs · analytics-prod');
  });
});
