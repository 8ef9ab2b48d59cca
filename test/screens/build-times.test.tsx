// Issue 15: the build timeline keeps the time each step began, also when the screen is left and opened again
// (the times are the service's, kept in the query cache, not reset to the first sighting), and the running step
// says how long it has run, ticking. The test moves the console's clock (the running step's age and its tick) and
// the service's (the build's steps); the build is polled at 1/100 of the product's pace (POLLING).
import {describe, expect, it} from 'vitest';
import {updateDeployment} from '../../src/api/deployments.js';
import {TEST_EPOCH} from '../helpers/startService.js';
import {POLLING, renderApp, startDemo} from '../helpers/screenApp.js';
import {SteppedClock} from '../helpers/steppedClock.js';

const OVERVIEW = {screen: 'deployment', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const STEP_MS = {queued: 1_000, building: 3_000, warmup: 2_000};

describe('the build timeline', () => {
  it('keeps every step time across leaving and reopening the screen; the running step ticks', async () => {
    const {api, clock: service} = await startDemo();
    const uiClock = new SteppedClock(TEST_EPOCH);
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
    const tui = renderApp(api, OVERVIEW, {columns: 120, rows: 30, clock: uiClock, ...POLLING});
    await tui.waitForFrame(/analytics-prod/);
    await tui.press('b');
    await tui.waitForFrame(/● queued\s+09:00:00/);
    service.advance(STEP_MS.queued);
    let frame = await tui.waitForFrame(/● building\s+09:00:01/);
    expect(frame).toMatch(/✓ queued\s+09:00:00/);
    // Away while the build moves on to warmup.
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('Status: ● building'));
    service.advance(STEP_MS.building);
    // The console's clock jumps, as a wall clock does: its tickers fire once, at the new time.
    await uiClock.jump(4_000 + 42_000);
    await tui.press('b');
    frame = await tui.waitForFrame(/● warmup\s+09:00:04/);
    expect(frame).toMatch(/✓ queued\s+09:00:00/);
    expect(frame).toMatch(/✓ building\s+09:00:01/);
    frame = await tui.waitForFrame(/● warmup\s+09:00:04 · running 42s/);
    // The running step's age ticks with the console's clock.
    await uiClock.jump(23_000);
    await tui.waitForFrame(/● warmup\s+09:00:04 · running 1m 5s/);
    service.advance(STEP_MS.warmup);
    frame = await tui.waitForFrame(/✓ built\s+09:00:06/);
    expect(frame).not.toContain('running 1m');
    expect(frame).toMatch(/✓ building\s+09:00:01/);
  });
});
