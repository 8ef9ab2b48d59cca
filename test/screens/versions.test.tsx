import {describe, expect, it} from 'vitest';
import {listVersions} from '../../src/api/deployments.js';
import type {Api} from '../../src/api/client.js';
import {cursorOn, instrument, keysSettled, refreshAfterServiceStops, renderApp, renderThroughLoading, startDemo} from '../helpers/screenApp.js';

// Deployment 1 lists 6: the two channel heads plus 1.3.2 and 1.3.0 (it ran them) and 1.2.4 and 1.2.0 (deployment 2 did).
const VERSIONS = {screen: 'versions', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const current = async (api: Api) => (await listVersions(api, '1')).versions.find((v) => v.isCurrent);

describe('VersionsScreen', () => {
  it('lists every version with channel, ★ current, ✓ latest and the CHANNEL VERSION value (what --release-channel-version takes)', async () => {
    const {frame} = await renderThroughLoading(VERSIONS, 'Loading versions…', 'Versions · analytics-prod [6]');
    expect(frame).toMatch(/VERSION\s+CHANNEL\s+LATEST\s+CHANNEL VERSION/);
    expect(frame).toMatch(/★ 1\.3\.5\s+latest\s+✓\s+svc-platform\/runtime:v1\.3\.5/);
    expect(frame).toMatch(/1\.3\.2\s+latest\s+svc-platform\/runtime:v1\.3\.2/);
    expect(frame).toMatch(/1\.2\.7\s+release\s+✓/);
    // One hint for the two keys that switch (the footer shows a key once, with one meaning).
    expect(frame).toContain('Enter/s switch version');
    // Older versions the account ran on other deployments are listed too (1.2.4 and 1.2.0 ran on deployment 2).
    expect(frame).toMatch(/1\.2\.0\s+release\s+svc-platform\/runtime:v1\.2\.0/);
  });

  it('narrows with / and says when nothing matches', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, VERSIONS);
    await tui.waitForFrame('[6]');
    await tui.press('/');
    await tui.waitForFrame('type to filter');
    await tui.press('9.9', 'enter');
    await tui.waitForFrame('No versions match /9.9');
  });

  it('keeps the rows when a refresh fails', async () => {
    const frame = await refreshAfterServiceStops(VERSIONS, '[6]');
    expect(frame).toContain('1.3.2');
  });

  it('cancel (n, Esc, or Enter on the default No) sends nothing', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, VERSIONS);
    await tui.waitForFrame('[6]');
    await tui.press('j');
    await cursorOn(tui, /›\s+1\.3\.2/);
    for (const cancel of ['n', 'escape', 'enter']) {
      await tui.press('s');
      await tui.waitForFrame('Switch analytics-prod to version 1.3.2 (latest)?');
      await tui.press(cancel);
      await tui.waitForFrame((f) => !f.includes('Switch analytics-prod'));
    }
    expect(spy.count(/^PUT/)).toBe(0);
    expect((await current(api))?.version).toBe('1.3.5');
  });

  it('says so instead of asking when the selected version is already current', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, VERSIONS);
    await tui.waitForFrame('[6]');
    await tui.press('s');
    await tui.waitForFrame('analytics-prod already runs version 1.3.5');
  });

  it('L switches to the selected channel’s latest after confirming', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, VERSIONS);
    await tui.waitForFrame('[6]');
    await tui.press('G');
    await cursorOn(tui, /›\s+1\.2\.0/);
    await tui.press('L');
    await tui.waitForFrame('Switch analytics-prod to the latest release version (1.2.7)?');
    await tui.press('y');
    await tui.waitForFrame('Build · analytics-prod · main');
    expect(await current(api)).toMatchObject({version: '1.2.7', releaseChannel: 'release'});
  });

  it('is read-only with --readonly: neither Enter nor s asks to switch', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, VERSIONS, {readonly: true});
    await tui.waitForFrame('[6]');
    await tui.press('j', 'enter', 's');
    await keysSettled(tui);
    expect(tui.lastFrame()).not.toContain('Switch analytics-prod');
  });
});
