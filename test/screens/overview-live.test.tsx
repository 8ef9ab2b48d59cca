// The overview's live sections on the real service: environments with their branches, the latest dbt syncs
// (status and age, refreshed on the live interval), and the GitHub connection for a git deployment only (asked for
// lazily: a deployment without GitHub sends no GitHub request at all).
import {describe, expect, it, vi} from 'vitest';
import {startDbtSync} from '../../src/api/dbt.js';
import {createDeployment} from '../../src/api/deployments.js';
import {connectGithub} from '../../src/api/github.js';
import {idString} from '../../src/api/read.js';
import {instrument, POLLING, renderApp, startDemo} from '../helpers/screenApp.js';

/** The live sections are refreshed on the live interval, which these tests watch. */
const WIDE = {columns: 120, rows: 35, ...POLLING};
const overview = (deploymentId: string, deploymentName: string) => ({screen: 'deployment', params: {deploymentId, deploymentName}, label: deploymentName});

describe('DeploymentOverviewScreen: environments, syncs, GitHub', () => {
  it('lists the environments with their branches and the latest syncs with status and age; no GitHub for a cli deployment', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, overview('1', 'analytics-prod'), WIDE);
    const frame = await tui.waitForFrame((f) => /Environments\s+3/.test(f) && /Latest syncs\s+\S/.test(f) && !/Latest syncs\s+…/.test(f));
    expect(frame).toMatch(/^\s{16}production\s+production\s+branch main$/m);
    expect(frame).toMatch(/^\s{16}staging\s+staging\s+branch staging$/m);
    expect(frame).toMatch(/^\s{16}dev-admin\s+development\s+branch \S+/m);
    const syncRows = frame.split('\n').filter((l) => /^(Latest syncs|\s{16})\s*[✓✗●○] [A-Z]+\s+\d+[smhd] ago/.test(l));
    expect(syncRows).toHaveLength(3);
    // One format for every run, whatever it was started with: the ref it synced and the branch it wrote.
    for (const row of syncRows) expect(row, row).toMatch(/ ref \S+ → \S+$/);
    expect(frame).not.toContain('GitHub');
    // Several live intervals go by (each asks for the syncs again), and none of them asks for GitHub.
    const asked = spy.count(/dbt\/syncs|dbt-sync|dbt/);
    await vi.waitUntil(() => spy.count(/dbt\/syncs|dbt-sync|dbt/) >= asked + 3, {timeout: 10_000, interval: 10});
    expect(spy.count(/github/)).toBe(0);
  });

  it('shows a sync started elsewhere on the next refresh', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, overview('4', 'sandbox-01'), WIDE);
    await tui.waitForFrame(/Latest syncs\s+none yet/);
    await startDbtSync(api, '4', {ref: 'main'});
    await tui.waitForFrame(/Latest syncs\s+● RUNNING\s+\d+[smhd] ago\s+api\s+ref main → \S+/);
  });

  it('shows the GitHub connection of a git deployment, asked for again on the live interval', async () => {
    const {api} = await startDemo();
    const made = await createDeployment(api, {name: 'from-github', region: 'aws-us-east-1', creationMethod: 'github'});
    const id = idString(made.id)!;
    await connectGithub(api, id, {installationId: 4242, name: 'analytics-model'});
    const spy = instrument(api);
    const tui = renderApp(spy.api, overview(id, 'from-github'), WIDE);
    const frame = await tui.waitForFrame(/GitHub\s+✓ connected/);
    expect(frame).toMatch(/GitHub\s+✓ connected\s+settings https:\/\/github\.com\/settings\/installations\/4242/);
    expect(frame).toMatch(/Deploy mode\s+git/);
    const first = spy.count(/\/github\/status/);
    await vi.waitUntil(() => spy.count(/\/github\/status/) > first, {timeout: 10_000, interval: 10});
  });

  it('fits a smaller terminal: the syncs keep their rows and the environments give way to a "more" line', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, overview('1', 'analytics-prod'), {columns: 80, rows: 20});
    const frame = await tui.waitForFrame((f) => /Latest syncs\s+[✓✗●]/.test(f) && /Environments\s+3/.test(f));
    expect(frame).toMatch(/Dev mode\s+none/);
    expect(frame.split('\n').filter((l) => /^(Latest syncs|\s{16})\s*[✓✗●○] [A-Z]+\s+\d+[smhd] ago/.test(l))).toHaveLength(3);
    expect(frame).toMatch(/^\s{16}production\s+production\s+branch main$/m);
    expect(frame).toMatch(/^\s{16}… 2 more \(e lists them\)$/m);
    expect(frame).not.toMatch(/branch staging/);
  });
});
