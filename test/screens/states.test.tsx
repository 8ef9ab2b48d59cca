// The states the demo service never produces on its own (a deployment with no versions, a branch never built),
// through a fake API, plus load errors with nothing cached, through the real service.
import {describe, expect, it} from 'vitest';
import {fakeApi} from '../helpers/renderTui.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

describe('screen states', () => {
  it('Versions: empty list and a load error', async () => {
    const empty = renderApp(fakeApi((_m, path) => (path.endsWith('/versions') ? {items: []} : path.endsWith('/settings') ? {name: 'x'} : undefined)), {
      screen: 'versions',
      params: {deploymentId: '5'},
    });
    await empty.waitForFrame('No versions yet');
    empty.unmount();
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'versions', params: {deploymentId: '999'}});
    await tui.waitForFrame(/could not load versions: .*999/);
  });

  it('Environments: a load error with nothing cached', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'environments', params: {deploymentId: '999'}});
    await tui.waitForFrame(/could not load environments: .*999/);
  });

  it('Build: a branch that has never been built', async () => {
    const api = fakeApi((_m, path) =>
      path.endsWith('/build-status') ? {deploymentId: 5, branchName: 'feature', mode: 'dev_mode', status: 'none'} : undefined,
    );
    const tui = renderApp(api, {screen: 'build', params: {deploymentId: '5', branch: 'feature'}});
    const frame = await tui.waitForFrame('No build yet for this branch');
    expect(frame).toContain('Status: ○ not built');
  });

  it('Overview: an open dev-mode session shows its branch (the service answers for it when no branch is named)', async () => {
    const api = fakeApi((_m, path, options) => {
      if (path.endsWith('/settings')) return {id: 5, name: 'shop', deployBranchName: 'main', region: 'aws-us-east-1'};
      if (path.endsWith('/environments')) return {items: [], pagination: {offset: 0, limit: 100, total: 0}};
      if (!path.endsWith('/build-status')) return undefined;
      const named = (options?.searchParams as Record<string, unknown> | undefined)?.branchName;
      return named === undefined
        ? {deploymentId: 5, branchName: 'dev-admin-5f3a9c1e', mode: 'dev_mode', status: 'built'}
        : {deploymentId: 5, branchName: 'main', mode: 'production', status: 'built'};
    });
    const tui = renderApp(api, {screen: 'deployment', params: {deploymentId: '5'}});
    // Three queries fill this screen and may land in any order: wait for the frame that holds all three.
    const frame = await tui.waitForFrame((f) => /Dev mode\s+★ dev-admin-5f3a9c1e/.test(f) && /Environments\s+0/.test(f) && /Build\s+✓ built/.test(f));
    expect(frame).toMatch(/Dev mode\s+★ dev-admin-5f3a9c1e/);
  });
});
