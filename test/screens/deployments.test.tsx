import React from 'react';
import {describe, expect, it, onTestFinished, vi} from 'vitest';
import {listDeployments} from '../../src/api/deployments.js';
import {DEPLOYMENTS_PAGE_SIZE} from '../../src/queries/deployments.js';
import {SCREENS} from '../../screens/index.js';
import {DeploymentsScreen} from '../../screens/DeploymentsScreen.js';
import type {Tui} from '../helpers/renderTui.js';
import {instrument, keysSettled, refreshAfterServiceStops, renderApp, renderThroughLoading, startDemo, typeAfter} from '../helpers/screenApp.js';

const DEPLOYMENTS = {screen: 'deployments'};

/** `/` then the text once the filter line is up (keys typed before it mounts would be lost), then Enter. */
async function filter(tui: Tui, text: string) {
  await tui.press('/');
  await typeAfter(tui, 'type to filter', text, 'enter');
}
const names = async (api: Parameters<typeof listDeployments>[0]) =>
  (await listDeployments(api, {limit: 1000})).deployments.map((d) => d.name);

describe('DeploymentsScreen', () => {
  it('shows loading, then the deployments with their columns and count', async () => {
    const {frame} = await renderThroughLoading(DEPLOYMENTS, 'Loading deployments…', 'Deployments [45]');
    expect(frame).toMatch(/ID\s+NAME\s+URL\s+CREATED/);
    expect(frame).toContain('› 1        analytics-prod');
    expect(frame).toContain('c new deployment');
    expect(frame).toContain('D delete deployment');
  });

  it('says so when there are no deployments', async () => {
    const {api} = await startDemo('empty');
    const tui = renderApp(api, DEPLOYMENTS);
    await tui.waitForFrame('No deployments yet (c creates one)');
  });

  it('filters with / and says when nothing matches', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEPLOYMENTS);
    await tui.waitForFrame('analytics-prod');
    await filter(tui, 'finance');
    const frame = await tui.waitForFrame('Deployments [1] /finance');
    expect(frame).toContain('finance-reporting');
    expect(frame).not.toContain('analytics-prod');
    await tui.press('escape');
    await tui.waitForFrame('Deployments [45]');
    await filter(tui, 'zzz');
    const none = await tui.waitForFrame('No deployments match /zzz');
    // Nothing listed, no position: the title line says [0] and no longer '1 of 45'.
    const title = none.split('\n').find((l) => l.startsWith('Deployments [0] /zzz'))!;
    expect(title.trimEnd()).toBe('Deployments [0] /zzz');
  });

  it('fails loudly without data, and keeps stale rows when a refresh fails', async () => {
    const down = await startDemo();
    await down.svc.close();
    const failing = renderApp(down.api, DEPLOYMENTS);
    await failing.waitForFrame('could not load deployments');
    failing.unmount();

    const frame = await refreshAfterServiceStops(DEPLOYMENTS, 'analytics-prod');
    expect(frame).toContain('analytics-prod');
  });

  it('loads the next page from the API as the cursor nears the end of the loaded rows', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const screens = SCREENS.map((s) =>
      s.id === 'deployments' ? {...s, component: (p: {params: Record<string, string>}) => <DeploymentsScreen {...p} pageSize={10} />} : s,
    );
    const tui = renderApp(spy.api, DEPLOYMENTS, {screens});
    await tui.waitForFrame('Deployments [10]');
    // The first page sends the page size only: no `offset=0` the service defaults to.
    expect(spy.count(/deployments\?limit=10$/)).toBeGreaterThan(0);
    expect(spy.count(/deployments\?offset=0/)).toBe(0);
    expect(spy.count(/deployments\?offset=10/)).toBe(0);
    await tui.press('G');
    await tui.waitForFrame('Deployments [20]');
    expect(spy.count(/deployments\?offset=20/)).toBe(0);
    await tui.press('G');
    const frame = await tui.waitForFrame('Deployments [30]');
    expect(frame).toContain('sandbox-17');
    expect(spy.count(/deployments\?offset=20&limit=10/)).toBeGreaterThan(0);
  });

  it('opens the overview with Enter and comes back with Esc', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEPLOYMENTS);
    await tui.waitForFrame('analytics-prod');
    await tui.press('j', 'enter');
    const frame = await tui.waitForFrame('Deploy branch');
    expect(frame).toContain('Deployment · marketing-dashboards');
    await tui.press('escape');
    await tui.waitForFrame('Deployments [45]');
  });

  // The console's query client keeps an answer fresh for 5 s (ui/queryClient.ts staleTime): a screen shown again
  // within them draws what was loaded and asks for nothing; later it asks again. react-query's age is Date's, so
  // the test sets Date; its polls are intervals, faked so that none comes between the marks.
  it.each([
    ['within 5 s draws the list it loaded and asks for nothing', 4_999, []],
    ['after 5 s asks for the list again', 5_001, [`GET /api/v1/deployments?limit=${DEPLOYMENTS_PAGE_SIZE}`]],
  ])('Esc back from the overview %s', async (_when, ms, lists) => {
    vi.useFakeTimers({toFake: ['Date', 'setInterval', 'clearInterval']});
    onTestFinished(() => void vi.useRealTimers());
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, DEPLOYMENTS);
    await tui.waitForFrame('analytics-prod');
    await tui.press('j', 'enter');
    await tui.waitForFrame('Deploy branch');
    await tui.settle(() => spy.inflight() > 0);
    const mark = spy.calls.length;
    vi.setSystemTime(Date.now() + ms);
    await tui.press('escape');
    await tui.waitForFrame('Deployments [45]');
    await tui.settle(() => spy.inflight() > 0);
    expect(spy.calls.slice(mark).filter((c) => c.startsWith('GET /api/v1/deployments?'))).toEqual(lists);
  });

  it('the palette jumps to a screen of the deployment under the cursor', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEPLOYMENTS);
    await tui.waitForFrame('› 1        analytics-prod');
    await tui.press('j');
    await tui.waitForFrame('› 2        marketing-dashboards');
    await tui.press(':');
    await typeAfter(tui, /^:/m, 'dbt', 'enter');
    // The jump opens the deployment and the screen on it; the crumbs name both.
    const frame = await tui.waitForFrame((f) => f.includes('<Deployments> › <marketing-dashboards> › <dbt runs>') && /^dbt runs/m.test(f));
    expect(frame).not.toContain('pick one first');
    // Back on the list (through the deployment), the offer follows the cursor; away from it there is none.
    await tui.press('escape');
    await tui.waitForFrame('Deployment · marketing-dashboards');
    await tui.press('escape');
    await tui.waitForFrame('Deployments [45]');
  });

  it('creates a deployment: validates the form, then flashes and opens it', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEPLOYMENTS);
    await tui.waitForFrame('analytics-prod');
    await tui.press('c');
    await typeAfter(tui, 'aws-us-east-1', 'enter');
    await tui.waitForFrame('name is required');
    await tui.press('shop-eu', 'tab', 'down', 'enter');
    await tui.waitForFrame(/Created deployment shop-eu \(\d+\)/);
    const frame = await tui.waitForFrame('Deployment · shop-eu');
    await tui.waitForFrame('aws-eu-central-1');
    expect(frame).toContain('Deployment · shop-eu');
    expect(await names(api)).toContain('shop-eu');
  });

  it('cancels a create with Esc without sending anything', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, DEPLOYMENTS);
    await tui.waitForFrame('analytics-prod');
    await tui.press('c');
    await typeAfter(tui, 'New deployment', 'draft', 'escape');
    await tui.waitForFrame((f) => !f.includes('New deployment'));
    expect(spy.count(/^POST/)).toBe(0);
  });

  it('deletes only after the exact name is typed', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEPLOYMENTS);
    await tui.waitForFrame('analytics-prod');
    await filter(tui, 'finance');
    await tui.waitForFrame('Deployments [1] /finance');
    await tui.press('D');
    await typeAfter(tui, 'Type finance-reporting to confirm', 'finance', 'enter');
    await tui.waitForFrame('does not match');
    expect(await names(api)).toContain('finance-reporting');
    await tui.press('-reporting', 'enter');
    await tui.waitForFrame(/Deleted deployment finance-reporting/);
    expect(await names(api)).not.toContain('finance-reporting');
  });

  it('Esc cancels a delete and nothing is deleted', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEPLOYMENTS);
    await tui.waitForFrame('analytics-prod');
    await tui.press('D');
    await typeAfter(tui, 'Type analytics-prod to confirm', 'analytics-prod', 'escape');
    await tui.waitForFrame((f) => !f.includes('to confirm'));
    expect(await names(api)).toContain('analytics-prod');
  });

  it('hides create and delete in --readonly', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEPLOYMENTS, {readonly: true});
    const frame = await tui.waitForFrame('Deployments [45]');
    expect(frame).not.toContain('D delete');
    await tui.press('D', 'c');
    await keysSettled(tui);
    expect(tui.lastFrame()).not.toContain('to confirm');
    expect(tui.lastFrame()).not.toContain('New deployment');
  });
});
