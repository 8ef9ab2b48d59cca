import {describe, expect, it} from 'vitest';
import {LIST_REFRESH_MS} from '../../src/queries/poll.js';
import {instrument, POLLING, renderApp, startDemo} from '../helpers/screenApp.js';

const idsOf = (calls: string[], what: RegExp) => new Set(calls.flatMap((c) => (what.exec(c)?.[1] ? [what.exec(c)![1]!] : [])));
const BUILD = /^GET \/api\/v1\/deployments\/(\d+)\/build-status/;
const SYNCS = /^GET \/api\/v1\/deployments\/(\d+)\/dbt-sync\?first=1/;
const SETTINGS = /^GET \/api\/v1\/deployments\/(\d+)\/settings/;

describe('deployments list: live state of the rows on screen', () => {
  it('shows build, version, last sync and git for visible rows and asks only for those', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, {screen: 'deployments'}, {columns: 120, rows: 20, ...POLLING});
    let frame = await tui.waitForFrame(/› 1\s+analytics-prod.*✓ built/);
    expect(frame).toMatch(/ID\s+NAME\s+URL\s+BUILD\s+VERSION\s+LAST SYNC\s+AGE\s+GIT\s+CREATED/);
    const shown = [...frame.matchAll(/^[› ] (\d+)\s/gm)].map((m) => m[1]!);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(45);
    await tui.waitForFrame(() => idsOf(spy.calls, SETTINGS).size >= shown.length && idsOf(spy.calls, SYNCS).size >= shown.length);
    // Only rows on screen: never a request for deployment 45 while it is off screen.
    for (const re of [BUILD, SYNCS, SETTINGS]) expect([...idsOf(spy.calls, re)].sort()).toEqual([...shown].sort());
    // Live refreshes: while the list page is refetched three times, the rows' state is asked for at most twice per
    // visible row per live interval (settings are not on it), one interval more of slack for timers not in phase
    // with the list's. The intervals are counted on the clock, not as the list's refetches: on a loaded machine a
    // list refetch still in flight when its interval comes round skips that turn, while the rows' polls keep theirs.
    const lists = () => spy.count(/^GET \/api\/v1\/deployments\?/);
    let mark = lists();
    await tui.waitForFrame(() => lists() > mark);
    const start = spy.calls.length;
    const since = performance.now();
    mark = lists();
    await tui.waitForFrame(() => lists() >= mark + 3);
    const intervals = Math.max(3, Math.ceil((performance.now() - since) / (LIST_REFRESH_MS * POLLING.liveScale)));
    const refreshes = spy.calls.slice(start).filter((c) => BUILD.test(c) || SYNCS.test(c) || SETTINGS.test(c));
    expect(refreshes.filter((c) => SETTINGS.test(c))).toEqual([]);
    expect(refreshes.length).toBeLessThanOrEqual(2 * shown.length * (intervals + 1));
    expect(refreshes.length).toBeGreaterThan(0);

    await tui.press('G');
    frame = await tui.waitForFrame(/› 45\s/);
    const last = [...frame.matchAll(/^[› ] (\d+)\s/gm)].map((m) => m[1]!);
    await tui.waitForFrame(() => idsOf(spy.calls, BUILD).has('45'));
    // The first window and the last one; nothing in between was ever asked for.
    expect([...idsOf(spy.calls, BUILD)].sort()).toEqual([...new Set([...shown, ...last])].sort());
    expect(idsOf(spy.calls, BUILD).has('20')).toBe(false);
  });
});
