// The console renders what changes and no more: a key, a layer or a flash that changes nothing of a screen does not
// render it again, and a render that changes nothing is not made at all. Counted in React's commits
// (test/helpers/commits.ts) and in frames (a commit that draws is one frame under renderTui).
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {DataTable, type Column} from '../../src/ui/components/DataTable.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {useFlash} from '../../src/ui/hooks/useFlash.js';
import {useNavActions, useRemembered} from '../../src/ui/hooks/useNav.js';
import {useTitle} from '../../src/ui/hooks/useTitle.js';
import type {ScreenDef} from '../../src/ui/screen.js';
import {commitCounter} from '../helpers/commits.js';
import {fakeApi, renderTui, type Tui} from '../helpers/renderTui.js';
import {SteppedClock} from '../helpers/steppedClock.js';

type Row = {id: string; name: string};
const columns: Column<Row>[] = [{id: 'name', header: 'NAME', render: (r) => r.name}];
const rows: Row[] = ['analytics-prod', 'analytics-staging', 'marketing', 'quarterly-reports'].map((n) => ({id: n, name: n}));

function List() {
  useTitle('Deployments');
  return <DataTable rows={rows} columns={columns} getRowId={(r) => r.id} noun="deployments" />;
}

/**
 * Renders of the counted screen: a list whose Enter shows a flash message (as a screen's action says what it did), and
 * that remembers a view state and may open another screen, as most screens do; it does not read the `/` filter.
 */
let listRenders = 0;
function CountedList() {
  listRenders++;
  const flash = useFlash();
  const nav = useNavActions();
  const [, setWide] = useRemembered('wide', false);
  useKeys('screen', {'list.open': () => flash.success('saved'), 'list.wrap': () => setWide((w) => !w), 'list.top': () => nav.push({screen: 'other'})});
  return <List />;
}

function Other() {
  useTitle('Branches');
  return <DataTable rows={rows.slice(0, 2)} columns={columns} getRowId={(r) => r.id} noun="branches" />;
}

const screens: ScreenDef[] = [
  {id: 'list', title: 'Deployments', name: 'list', aliases: [], component: List},
  {id: 'counted', title: 'Deployments', name: 'counted', aliases: [], component: CountedList},
  {id: 'other', title: 'Branches', name: 'branches', aliases: [], component: Other},
];
const me = fakeApi((_method, path) => (path.endsWith('/me') ? {data: {id: 1, email: 'ada@example.com'}} : undefined));

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

async function listOnScreen(screen = 'list', clock = new SteppedClock()): Promise<Tui> {
  // The console's clock stands still: no second's tick (the header's age) draws a frame while a test counts them.
  tui = renderTui(null, {screens, api: me, initial: {screen}, clock});
  await tui.waitForFrame('ada@example.com');
  await tui.settle();
  return tui;
}

describe('renders', () => {
  it('a cursor key is one commit: the layers it leaves as they were schedule no render of their own', async () => {
    const t = await listOnScreen();
    expect(t.lastFrame()).toContain('1 of 4');
    const commits = commitCounter();
    const frames = t.frames.length;
    await t.press('j');
    await t.settle();
    expect(t.lastFrame()).toContain('2 of 4');
    expect(t.frames.length - frames).toBe(1);
    expect(commits()).toBe(1);
  });

  it('help and the palette open and close in one frame each: the layer they register redraws nothing', async () => {
    const t = await listOnScreen();
    for (const [key, shown] of [['?', (f: string) => f.includes('close help')], ['escape', (f: string) => !f.includes('close help')], [':', (f: string) => /^:/m.test(f)], ['escape', (f: string) => !/^:/m.test(f)]] as const) {
      const frames = t.frames.length;
      await t.press(key);
      await t.settle();
      expect(shown(t.lastFrame()), `${key}: ${t.lastFrame()}`).toBe(true);
      expect(t.frames.length - frames, `frames drawn by ${key}`).toBe(1);
    }
  });

  it('what the shell draws over a screen does not render the screen again: a flash, help', async () => {
    const t = await listOnScreen('counted');
    const before = listRenders;
    await t.press('enter');
    await t.waitForFrame('saved');
    await t.press('?');
    await t.waitForFrame('close help');
    await t.press('escape');
    await t.settle();
    expect(t.lastFrame()).not.toContain('close help');
    expect(t.lastFrame()).toContain('Deployments [4]');
    expect(listRenders - before).toBe(0);
  });

  it('a screen renders once as it opens: the title, count and keys it publishes to the shell draw the shell alone', async () => {
    listRenders = 0;
    const t = await listOnScreen('counted');
    expect(t.lastFrame()).toContain('Deployments [4]');
    expect(t.lastFrame()).toContain('1 of 4');
    expect(listRenders).toBe(1);
  });

  it('a screen name typed into the palette in one read draws the palette and the name; Enter and Esc back never draw the old screen\'s title', async () => {
    const t = await listOnScreen();
    const drawn = async (act: () => Promise<void> | void) => {
      const frames = t.frames.length;
      await act();
      await t.settle();
      return t.frames.slice(frames);
    };
    // `:` opens the palette (one frame); the rest of the read goes to its field whole (one more), not letter by letter.
    const typed = await drawn(() => t.burst(':branches'));
    expect(typed.map((f) => /^:.*$/m.exec(f)?.[0])).toEqual([':list', ':branches']);
    // Enter draws the new screen under its registry title, then the count and position its list publishes: no frame
    // shows the old screen's title, count or position. Esc back the same, the other way.
    const titles = (frames: string[]) => frames.map((f) => /^(Deployments|Branches)\b.*$/m.exec(f)?.[0].trimEnd());
    const entered = await drawn(() => t.press('enter'));
    expect(titles(entered)).toEqual(['Branches', expect.stringMatching(/^Branches \[2\] +1 of 2$/)]);
    expect(t.lastFrame()).not.toMatch(/^:/m);
    const back = await drawn(() => t.press('escape'));
    expect(titles(back)).toEqual(['Deployments', expect.stringMatching(/^Deployments \[4\] +1 of 4$/)]);
  });

  it('a key that changes nothing draws nothing: an unbound key, ↑ on the first row; its one commit is the dispatcher\'s, with no frame', async () => {
    const t = await listOnScreen();
    await t.press('j', 'k');
    expect(t.lastFrame()).toContain('1 of 4');
    for (const key of ['x', 'k', 'Z']) {
      const commits = commitCounter();
      const frames = t.frames.length;
      await t.press(key);
      await t.settle();
      expect(t.frames.length - frames, `frames drawn by ${key}`).toBe(0);
      // The dispatcher's own (the next key waits for the effects of the commit this one made): it renders nothing else.
      expect(commits(), `commits made by ${key}`).toBe(1);
    }
    // The keys still go on one at a time: the next one moves.
    await t.press('j');
    expect(t.lastFrame()).toContain('2 of 4');
  });

  it('a `/` filter keystroke renders what reads the filter, not the screen that only remembers and moves', async () => {
    const t = await listOnScreen('counted');
    const before = listRenders;
    await t.press('/', 'a', 'n');
    await t.waitForFrame('Deployments [2] /an');
    await t.press('enter');
    await t.settle();
    expect(t.lastFrame()).toContain('1 of 2 matching');
    expect(listRenders - before).toBe(0);
  });

  it('the header draws a tick only when what it shows changes: `updated 1m ago` for a minute of ticks is one frame', async () => {
    const clock = new SteppedClock();
    const t = await listOnScreen('list', clock);
    await clock.advance(61_000);
    await t.settle();
    expect(t.lastFrame()).toContain('updated 1m ago');
    const commits = commitCounter();
    const frames = t.frames.length;
    // The data arrived a few ms after the clock started: `1m` lasts until 121 s.
    await clock.advance(59_000);
    await t.settle();
    expect(t.frames.length - frames).toBe(0);
    expect(commits()).toBe(0);
    await clock.advance(1_000);
    await t.settle();
    expect(t.lastFrame()).toContain('updated 2m ago');
    expect(t.frames.length - frames).toBe(1);
  });
});
