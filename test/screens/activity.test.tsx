// :activity against the real local service: a sync started from the API and an env-var rebuild show while going,
// end in the right status without a key, f keeps the failed one, Enter opens the run's own screen; syncs started
// from the CLI, by a webhook and from this console show while going and end in their own status; a sync started
// from this console is on :activity at once, before the watcher has looked, and the watcher's listing then replaces
// that row.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {startDbtSync} from '../../src/api/dbt.js';
import {setEnvVars} from '../../src/api/envVars.js';
import {DbtSyncEngine} from '../../src/server/engines/dbt/engine.js';
import {runInProcess} from '../helpers/cliInProcess.js';
import {instrument, POLLING, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';
import {renderStepped, stepUntil} from '../helpers/steppedApp.js';

/** The rows of analytics-prod's syncs in a frame of :activity. */
const syncRows = (frame: string) => frame.split('\n').filter((line) => /analytics-prod\s+sync\s/.test(line));

describe('ActivityScreen', () => {
  it('shows runs across deployments while going and as they end; f shows failed only; Enter opens the sync', async () => {
    const {api, clock} = await startDemo();
    const {syncJobId} = await startDbtSync(api, '1', {ref: 'broken-compile'});
    await setEnvVars(api, '2', [{name: 'ACTIVITY_PROBE', value: '1'}]);
    const tui = renderApp(api, {screen: 'activity', params: {}}, POLLING);
    const going = await tui.waitForFrame((f) => /sync .*broken-compile.*running/.test(f) && /build.*(queued|running)/.test(f));
    expect(going).toMatch(/DEPLOYMENT.*KIND.*BRANCH\/REF.*TRIGGER.*STATUS.*PHASE.*ELAPSED/);
    expect(going).toMatch(/analytics-prod.*sync.*broken-compile.*api.*running/);
    // No key pressed: the service's time moves on and the rows follow.
    clock.advance(120_000);
    const ended = await tui.waitForFrame((f) => /sync .*broken-compile.*failed.*dbt-compile/.test(f) && /build.*succeeded/.test(f));
    expect(ended).toContain(syncJobId.slice(0, 7));
    await tui.press('f');
    const failedOnly = await tui.waitForFrame((f) => f.includes('failed only') && !/build.*succeeded/.test(f));
    expect(failedOnly).toMatch(/sync .*broken-compile.*failed/);
    await tui.press('enter');
    await tui.waitForFrame(new RegExp(`sync ${syncJobId.slice(0, 8)}`));
  });

  it('syncs started from the CLI, by a webhook and from this console show while going and end in their own status', async () => {
    const demo = await startDemo();
    const work = mkdtempSync(join(tmpdir(), 'svc-activity-cli-'));
    try {
      const cli = await runInProcess(['--json', 'dbt', 'sync', '1', '--ref', 'broken-compile'], {HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1', SVC_API_URL: demo.svc.url, SVC_API_KEY: demo.svc.adminKey});
      expect(cli.code, cli.stderr).toBe(0);
    } finally {
      rmSync(work, {recursive: true, force: true});
    }
    // The platform starts a webhook's sync itself (a push to the dbt repository); the local service has no route for
    // it, so the test starts one through the service's own engine, as its webhook would.
    new DbtSyncEngine(demo.svc.ctx).start({deploymentId: 2, userId: null, trigger: 'webhook', source: 'git', output: 'branch', ref: null, branchName: null});
    const tui = renderApp(demo.api, {screen: 'dbt', params: {deploymentId: '3', deploymentName: 'finance-reporting'}}, {columns: 140, ...POLLING});
    await typeAfter(tui, 'No dbt runs yet', 's');
    await typeAfter(tui, 'Start a dbt sync', ...'main', 'enter');
    await tui.waitForFrame(/Started dbt sync/);
    await tui.press(':', ...'activity', 'enter');
    const going = await tui.waitForFrame((f) => /analytics-prod.*sync.*broken-compile.*api.*running/.test(f) && /marketing-dash.*sync.*webhook.*running/.test(f) && /finance-reporting.*sync.*main.*api.*running/.test(f));
    expect(going).toContain('Activity');
    demo.clock.advance(120_000);
    await tui.waitForFrame((f) => /analytics-prod.*sync.*broken-compile.*failed.*dbt-compile/.test(f) && /marketing-dash.*sync.*webhook.*succeeded/.test(f) && /finance-reporting.*sync.*main.*api.*succeeded/.test(f));
  });

  it('a sync started from this console is on :activity at once, then the listing replaces its row', async () => {
    const demo = await startDemo();
    const spy = instrument(demo.api);
    const c = renderStepped(spy, {screen: 'dbt', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 140});
    const {tui} = c;
    await typeAfter(tui, '[50]', 's');
    await typeAfter(tui, 'Start a dbt sync', ...'broken-compile', 'enter');
    await tui.waitForFrame(/Started dbt sync/);
    // The console's clock stands still: the watcher has not looked at the deployment's runs yet.
    await tui.press(':', ...'activity', 'enter');
    const own = await tui.waitForFrame((f) => /^Activity \[1\]/m.test(f) && syncRows(f).length === 1);
    const looks = /deployments\/1\/dbt-sync\?first=20$/;
    expect(spy.count(looks)).toBe(0);
    expect(syncRows(own)[0]).toMatch(/analytics-prod\s+sync\s+broken-compile\s+queued\s+started here\s+0s\s+[0-9a-f]{8}/);
    // The watcher's first look lists it: still one row, now with what the service says (its trigger, its status).
    await stepUntil(c, () => spy.count(looks) >= 1 && !tui.lastFrame().includes('started here'), 'the listing of the sync');
    const listed = tui.lastFrame();
    expect(syncRows(listed), listed).toHaveLength(1);
    expect(syncRows(listed)[0]).toMatch(/analytics-prod\s+sync\s+broken-compile\s+api\s+(queued|running)\s/);
  });

  it('is on the palette as :activity and :pulse', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployments', params: {}}, POLLING);
    await tui.waitForFrame(/Deployments/);
    await tui.press(':');
    for (const ch of 'pulse') await tui.press(ch);
    await tui.press('enter');
    await tui.waitForFrame(/Activity/);
  });
});
