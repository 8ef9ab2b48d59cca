// Going back finds your place, and jumps do not pile up: a screen's filters and cursor survive a round trip
// and a `:` jump to the same screen; a jump replaces what was opened after the deployment it belongs to;
// crumbs name the screen; Audit and Contexts are not dead ends.
import {describe, expect, it} from 'vitest';
import {renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const DEP = {deploymentId: '1', deploymentName: 'analytics-prod'};
const crumbsOf = (frame: string) => frame.split('\n').find((l) => l.startsWith('<')) ?? '';
const cursorRow = (frame: string) => frame.split('\n').find((l) => l.startsWith('›')) ?? '';

async function jump(tui: ReturnType<typeof renderApp>, name: string) {
  await tui.press(':');
  await typeAfter(tui, /^:/m, name, 'enter');
}

describe('places survive a round trip', () => {
  it('dbt runs keep their status filter and cursor after opening a run and coming back, and on :dbt', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'dbt', params: DEP});
    await tui.waitForFrame('status: all · trigger: all');
    await tui.press('f', 'f');
    await tui.waitForFrame((f) => f.includes('status: COMPLETED') && /✓ COMPLETED/.test(f) && !f.includes('loading the filtered runs'));
    await tui.press('j', 'j');
    const before = cursorRow(await tui.waitForFrame((f) => cursorRow(f) !== '' && f.split('\n').indexOf(cursorRow(f)) > 0 && !/›.*SYNC JOB/.test(f)));
    const chosen = cursorRow(tui.lastFrame());
    await tui.press('enter');
    await tui.waitForFrame(/Status: /);
    await tui.press('escape');
    let frame = await tui.waitForFrame((f) => f.includes('status: COMPLETED') && /✓ COMPLETED/.test(f));
    expect(cursorRow(frame)).toBe(chosen);
    expect(before).not.toBe('');
    await jump(tui, 'dbt');
    frame = await tui.waitForFrame((f) => f.includes('status: COMPLETED') && cursorRow(f) === chosen);
    expect(crumbsOf(frame)).not.toContain('dbt runs › <dbt runs');
  });
});

describe('palette jumps and crumbs', () => {
  it('a jump replaces the screens after the deployment; crumbs name every screen', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployment', params: DEP});
    await tui.waitForFrame('Deploy branch');
    for (const name of ['envs', 'branches', 'dbt']) await jump(tui, name);
    const frame = await tui.waitForFrame((f) => crumbsOf(f).includes('dbt runs'));
    expect(crumbsOf(frame).trim()).toBe('<analytics-prod> › <dbt runs>');
  });

  it(':overview from a screen below the deployment names the deployment', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'versions', params: DEP});
    await tui.waitForFrame('Versions · analytics-prod');
    await jump(tui, 'overview');
    const frame = await tui.waitForFrame('Deploy branch');
    expect(crumbsOf(frame)).not.toContain('<deployment >');
    expect(crumbsOf(frame)).toMatch(/<analytics-prod>$/);
  });
});

describe('global screens', () => {
  it('Esc on Audit goes back where it came from; :versions there opens the last deployment', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployments'});
    await tui.waitForFrame('› 1        analytics-prod');
    await tui.press('enter');
    await tui.waitForFrame('Deploy branch');
    await jump(tui, 'audit');
    await tui.waitForFrame(/Audit log/);
    await tui.press('escape');
    await tui.waitForFrame('Deploy branch');
    await tui.press('escape');
    await tui.waitForFrame('Deployments [45]');
    await jump(tui, 'ctx');
    await tui.waitForFrame(/^Contexts/m);
    await jump(tui, 'versions');
    const frame = await tui.waitForFrame('Versions · analytics-prod');
    expect(frame).not.toContain('pick one first');
    expect(crumbsOf(frame)).toContain('<analytics-prod> › <Versions>');
  });
});
