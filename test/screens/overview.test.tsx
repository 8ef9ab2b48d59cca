import {describe, expect, it} from 'vitest';
import {updateDeployment} from '../../src/api/deployments.js';
import {POLLING, renderApp, renderThroughLoading, startDemo} from '../helpers/screenApp.js';

const OVERVIEW = {screen: 'deployment', params: {deploymentId: '1', deploymentName: 'analytics-prod'}, label: 'analytics-prod'};

describe('DeploymentOverviewScreen', () => {
  it('summarises settings, version, build, environments and dev mode', async () => {
    // Every section has answered (they load side by side, the build status last or not).
    const {frame} = await renderThroughLoading(OVERVIEW, 'Loading deployment…', (f) => /Environments\s+3/.test(f) && /Build\s+✓ built/.test(f));
    expect(frame).toContain('Deployment · analytics-prod');
    expect(frame).toMatch(/Name\s+analytics-prod \(1\)/);
    expect(frame).toMatch(/Region\s+aws-us-east-1/);
    expect(frame).toMatch(/Deploy mode\s+cli/);
    expect(frame).toMatch(/Deploy branch\s+main/);
    expect(frame).toMatch(/URL\s+http:\/\/127\.0\.0\.1:\d+\/data\/1/);
    expect(frame).toMatch(/Version\s+\S*1\.3\.5 \(channel latest\)/);
    expect(frame).toMatch(/Build\s+✓ built/);
    expect(frame).toMatch(/Dev mode\s+none/);
    expect(frame).toContain('v versions  e environments  b build status  B branches');
  });

  it('reports an unknown deployment, and keeps the summary when a refresh fails', async () => {
    const {api, svc} = await startDemo();
    const missing = renderApp(api, {screen: 'deployment', params: {deploymentId: '999'}});
    await missing.waitForFrame('could not load deployment');
    missing.unmount();
    const tui = renderApp(api, OVERVIEW);
    await tui.waitForFrame(/Deploy branch\s+main/);
    await svc.close();
    await tui.press('r');
    const frame = await tui.waitForFrame('refresh failed');
    expect(frame).toMatch(/Region\s+aws-us-east-1/);
  });

  it('shows the production build live while it runs', async () => {
    const {api, clock} = await startDemo();
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.0'});
    // It watches the build end after moving the service's clock: at POLLING's pace, not the next 2 s poll.
    const tui = renderApp(api, OVERVIEW, POLLING);
    await tui.waitForFrame(/Build\s+● building/);
    await tui.waitForFrame(/Version\s+\S*1\.3\.0/);
    clock.advance(10_000);
    await tui.waitForFrame(/Build\s+✓ built/);
  });

  it('opens versions, environments and build with v, e and b; Esc comes back', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, OVERVIEW);
    await tui.waitForFrame(/Deploy branch\s+main/);
    await tui.press('v');
    // Two channel heads plus every older version the account has run (1.3.2, 1.3.0 here; 1.2.4, 1.2.0 on deployment 2).
    await tui.waitForFrame('Versions · analytics-prod [6]');
    await tui.press('escape');
    await tui.waitForFrame(/Deploy branch\s+main/);
    await tui.press('e');
    await tui.waitForFrame('Environments · analytics-prod [3]');
    await tui.press('escape');
    await tui.waitForFrame(/Deploy branch\s+main/);
    await tui.press('b');
    const frame = await tui.waitForFrame('Build · analytics-prod · main');
    expect(frame).toContain('<analytics-prod> › <Build>');
  });
});
