// Issue 15 "live, like k9s": a RUNNING dbt run's row shows how long it has run and the stage it is in, and the
// time ticks on its own between refreshes; a cancelled run reads CANCELLED in the list and in its detail.
// Only Date is faked (the renderer and the frame waits keep real timers): the test sets the wall clock.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {cancelDbtSync, startDbtSync} from '../../src/api/dbt.js';
import {runDuration} from '../../src/lib/time.js';
import {TEST_EPOCH} from '../helpers/startService.js';
import {realTimeWait} from '../helpers/fakeDate.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

const RUNS = {screen: 'dbt', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const rowOf = (frame: string, id: string) => frame.split('\n').find((l) => l.includes(id.slice(0, 8))) ?? '';

afterEach(() => void vi.useRealTimers());

describe('running rows are live', () => {
  it('a RUNNING dbt run shows its elapsed time and current stage, ticking without a refresh', async () => {
    vi.useFakeTimers({toFake: ['Date']});
    vi.setSystemTime(TEST_EPOCH);
    const {api, clock} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    clock.advance(4_000);
    vi.setSystemTime(TEST_EPOCH + 65_000);
    const tui = renderApp(api, RUNS, {columns: 140, rows: 30});
    const waitFor = realTimeWait(tui);
    let frame = await waitFor((f) => /● RUNNING/.test(rowOf(f, started.syncJobId)));
    expect(rowOf(frame, started.syncJobId)).toMatch(/● RUNNING .*\b1m 5s\s+[A-Z_]{6,}/);
    // Live updates paused (no refetch at all): the wall clock moves and the row's time moves with it.
    await tui.press('p');
    await waitFor(/paused/);
    vi.setSystemTime(TEST_EPOCH + 125_000);
    frame = await waitFor((f) => /\b2m 5s\b/.test(rowOf(f, started.syncJobId)));
    expect(rowOf(frame, started.syncJobId)).toMatch(/2m 5s\s+[A-Z_]{6,}/);
  });

  it("the run's running phase says how long it has run, ticking", async () => {
    vi.useFakeTimers({toFake: ['Date']});
    vi.setSystemTime(TEST_EPOCH);
    const {api, clock} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    clock.advance(1_000);
    vi.setSystemTime(TEST_EPOCH + 1_000 + 30_000);
    const tui = renderApp(api, {screen: 'dbtRun', params: {deploymentId: '1', syncJobId: started.syncJobId}}, {columns: 120, rows: 30});
    const waitFor = realTimeWait(tui);
    const frame = await waitFor(/● sandbox\s+running\s+for \d+s/);
    const first = Number(/● sandbox\s+running\s+for (\d+)s/.exec(frame)![1]);
    expect(first).toBeGreaterThanOrEqual(29);
    // The run as a whole too, from its first log line.
    expect(frame).toMatch(/Status: ● \w+ \d+% \S+ running for 31s/);
    await tui.press('p');
    await waitFor(/paused/);
    vi.setSystemTime(TEST_EPOCH + 1_000 + 30_000 + 90_000);
    await waitFor(new RegExp(`● sandbox\\s+running\\s+for ${runDuration((first + 90) * 1000)}\\b`));
  });

  it('a cancelled run is CANCELLED in the list and in its detail', async () => {
    const {api} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    await cancelDbtSync(api, '1', started.syncJobId);
    const tui = renderApp(api, RUNS, {columns: 140, rows: 30});
    const frame = await tui.waitForFrame((f) => rowOf(f, started.syncJobId) !== '');
    expect(rowOf(frame, started.syncJobId)).toContain('✗ CANCELLED');
    const detail = renderApp(api, {screen: 'dbtRun', params: {deploymentId: '1', syncJobId: started.syncJobId}});
    const shown = await detail.waitForFrame(/Status: /);
    expect(shown).toContain('Status: ✗ CANCELLED');
    expect(shown).not.toMatch(/FAILED \d+%/);
  });
});
