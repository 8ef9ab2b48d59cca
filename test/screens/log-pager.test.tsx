// Every log is one pager: a dbt run's log scrolls back (j/k, PgUp, ctrl+u, g), counts the newer lines below, G
// follows again, `/` finds lines and w wraps them. Screens with nothing to filter do not offer `/`.
import {describe, expect, it} from 'vitest';
import {startDbtSync} from '../../src/api/dbt.js';
import {POLLING, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const runOf = (syncJobId: string) => ({screen: 'dbtRun', params: {deploymentId: '1', deploymentName: 'analytics-prod', syncJobId}});
const position = (frame: string) => /lines (\d+)–(\d+) of (\d+)/.exec(frame)?.slice(1).map(Number);

describe('the dbt run log', () => {
  it('scrolls back and follows again, says how many newer lines are below', async () => {
    const {api, clock} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    const tui = renderApp(api, runOf(started.syncJobId), {rows: 30, ...POLLING});
    await tui.waitForFrame(/Status: ● INITIALIZING/);
    clock.advance(60_000);
    // The final log lines are a second query: wait for them too.
    let frame = await tui.waitForFrame((f) => f.includes('Generated 7 cubes') && (position(f)?.[2] ?? 0) > 10);
    const [, lastShown, total] = position(frame)!;
    expect(lastShown).toBe(total);
    expect(total).toBeGreaterThan(10);
    expect(frame).toContain('end of log');
    await tui.press('k');
    frame = await tui.waitForFrame('scrolled back · 1 newer line below · G follows again');
    await tui.press('g');
    frame = await tui.waitForFrame(/lines 1–\d+ of/);
    expect(frame).toContain('[init]');
    await tui.press('ctrl+d');
    frame = await tui.waitForFrame((f) => (position(f)?.[0] ?? 1) > 1);
    await tui.press('G');
    frame = await tui.waitForFrame('end of log');
    expect(position(frame)![1]).toBe(total);
    // The footer offers what the pager does.
    expect(frame).toMatch(/G\/End follow/);
  });

  // The dbt run log is a window of a log of any length, so `/` searches it (through the API beyond the lines in
  // memory) instead of filtering the loaded lines: every line stays, the view moves to the match.
  it('`/` finds log lines (n older, N newer) without hiding the others, and w wraps long ones', async () => {
    const {api, clock} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    const tui = renderApp(api, runOf(started.syncJobId), {rows: 32, columns: 60, ...POLLING});
    await tui.waitForFrame(/Status: ● INITIALIZING/);
    clock.advance(60_000);
    await tui.waitForFrame((f) => f.includes('Status: ✓ COMPLETED') && f.includes('end of log'));
    await tui.press('/');
    await typeAfter(tui, 'type to search', 'sandbox', 'enter');
    const at = (f: string) => Number(/\/sandbox: line (\d+)/.exec(f)?.[1] ?? NaN);
    let frame = await tui.waitForFrame((f) => at(f) > 0);
    const newest = at(frame);
    const logLines = frame.split('\n').filter((l) => /^\d{2}:\d{2}:\d{2} \[/.test(l));
    expect(logLines.some((l) => l.toLowerCase().includes('sandbox'))).toBe(true);
    expect(logLines.some((l) => !l.toLowerCase().includes('sandbox'))).toBe(true);
    await tui.press('n');
    frame = await tui.waitForFrame((f) => at(f) < newest);
    const older = at(frame);
    await tui.press('N');
    frame = await tui.waitForFrame((f) => at(f) > older);
    expect(at(frame)).toBe(newest);
    await tui.press('escape');
    frame = await tui.waitForFrame((f) => !f.includes('/sandbox'));
    await tui.press('G');
    frame = await tui.waitForFrame('end of log');
    const truncated = frame.split('\n').filter((l) => l.endsWith('…')).length;
    expect(truncated).toBeGreaterThan(0);
    await tui.press('w');
    frame = await tui.waitForFrame('wrapped');
    expect(frame.split('\n').filter((l) => l.endsWith('…')).length).toBeLessThan(truncated);
  });
});

describe('screens without a list or a log', () => {
  it('the build screen does not offer `/`, and says so when it is pressed', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'build', params: {deploymentId: '1', deploymentName: 'analytics-prod'}});
    const frame = await tui.waitForFrame(/Status: /);
    expect(frame).not.toContain('/ filter');
    await tui.press('/');
    await tui.waitForFrame('nothing to filter on this screen');
    expect(tui.lastFrame()).not.toContain('type to filter');
  });

  it('versions shows Enter once, with what it does', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'versions', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 140});
    const frame = await tui.waitForFrame(/VERSION/);
    const footer = frame.split('\n').at(-2) ?? '';
    expect(footer.match(/Enter/g)?.length).toBe(1);
    expect(footer).toContain('Enter/s switch version');
  });
});
