// Issue 15: the build timeline keeps the time each step began, also when the screen is left and opened again
// (the times are the service's, kept in the query cache, not reset to the first sighting), and the running step
// says how long it has run, ticking. Only Date is faked: the test sets the wall clock.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {updateDeployment} from '../../src/api/deployments.js';
import {TEST_EPOCH} from '../helpers/startService.js';
import {realTimeWait} from '../helpers/fakeDate.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

const OVERVIEW = {screen: 'deployment', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const STEP_MS = {queued: 1_000, building: 3_000, warmup: 2_000};

afterEach(() => void vi.useRealTimers());

describe('the build timeline', () => {
  it('keeps every step time across leaving and reopening the screen; the running step ticks', async () => {
    vi.useFakeTimers({toFake: ['Date']});
    vi.setSystemTime(TEST_EPOCH);
    const {api, clock} = await startDemo();
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
    const tui = renderApp(api, OVERVIEW, {columns: 120, rows: 30});
    const waitFor = realTimeWait(tui);
    await waitFor(/analytics-prod/);
    await tui.press('b');
    await waitFor(/● queued\s+09:00:00/);
    clock.advance(STEP_MS.queued);
    let frame = await waitFor(/● building\s+09:00:01/);
    expect(frame).toMatch(/✓ queued\s+09:00:00/);
    // Away while the build moves on to warmup.
    await tui.press('escape');
    await waitFor((f) => !f.includes('Status: ● building'));
    clock.advance(STEP_MS.building);
    vi.setSystemTime(TEST_EPOCH + 4_000 + 42_000);
    await tui.press('b');
    frame = await waitFor(/● warmup\s+09:00:04/);
    expect(frame).toMatch(/✓ queued\s+09:00:00/);
    expect(frame).toMatch(/✓ building\s+09:00:01/);
    frame = await waitFor(/● warmup\s+09:00:04 · running 42s/);
    vi.setSystemTime(TEST_EPOCH + 4_000 + 65_000);
    await waitFor(/● warmup\s+09:00:04 · running 1m 5s/);
    clock.advance(STEP_MS.warmup);
    frame = await waitFor(/✓ built\s+09:00:06/);
    expect(frame).not.toContain('running 1m');
    expect(frame).toMatch(/✓ building\s+09:00:01/);
  });
});
