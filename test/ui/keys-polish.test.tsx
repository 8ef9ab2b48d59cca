// Keys that used to get lost: the palette past its fifth line, Esc followed by a key in one terminal read, keys
// typed while a screen is still loading.
import React, {lazy} from 'react';
import {Text} from 'ink';
import {afterEach, describe, expect, it} from 'vitest';
import {DataTable, type Column} from '../../src/ui/components/DataTable.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {useNav} from '../../src/ui/hooks/useNav.js';
import {useTitle} from '../../src/ui/hooks/useTitle.js';
import type {ScreenDef} from '../../src/ui/screen.js';
import {fakeApi, renderTui, type Tui} from '../helpers/renderTui.js';

type Row = {id: string};
const columns: Column<Row>[] = [{id: 'name', header: 'NAME', render: (r) => r.id}];

function List({next, title}: {next: string; title: string}) {
  const nav = useNav();
  useTitle(title);
  return (
    <DataTable
      rows={['alpha', 'bravo', 'charlie'].map((id) => ({id}))}
      columns={columns}
      getRowId={(r) => r.id}
      onActivate={(r) => nav.push({screen: next, params: {pick: r.id}, label: r.id})}
    />
  );
}

function Marker() {
  const nav = useNav();
  useKeys('screen', {'deployment.dev': () => nav.push({screen: 'target'})});
  return <Text>the slow screen is here</Text>;
}

let release: () => void = () => {};
const slow = lazy(
  () =>
    new Promise<{default: typeof Marker}>((resolve) => {
      release = () => resolve({default: Marker});
    }),
);

const names = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
const screens: ScreenDef[] = [
  {id: 'list', title: 'List', name: 'list', aliases: [], component: () => <List next="list2" title="List" />},
  {id: 'list2', title: 'List two', name: 'list2', aliases: [], component: () => <List next="list3" title="List two" />},
  {id: 'list3', title: 'List three', name: 'list3', aliases: [], component: () => <Text>third level</Text>},
  {id: 'slow', title: 'Slow', name: 'slow', aliases: [], component: slow},
  {id: 'target', title: 'Target', name: 'target', aliases: [], component: () => <Text>target reached</Text>},
  ...names.map((n) => ({id: `s-${n}`, title: `Screen ${n}`, name: `zz-${n}`, aliases: [], component: () => <Text>{n}</Text>})),
];

let tui: Tui | undefined;
afterEach(() => tui?.unmount());
const app = (initial = 'list') => renderTui(null, {screens, api: fakeApi(() => ({data: {}})), initial: {screen: initial}});

describe('palette', () => {
  it('scrolls with the highlight past the fifth match and says where it is', async () => {
    tui = app();
    await tui.waitForFrame('alpha');
    await tui.press(':', 'zz');
    await tui.waitForFrame('› zz-one');
    for (let i = 0; i < 6; i++) await tui.press('down');
    const frame = await tui.waitForFrame('› zz-seven');
    expect(frame).not.toContain('zz-one');
    expect(frame).toContain('7 of 8');
    await tui.press('enter');
    await tui.waitForFrame('seven');
  });
});

describe('Esc followed by another key in one terminal read', () => {
  it('Esc j goes back, then moves down', async () => {
    tui = app();
    await tui.waitForFrame('alpha');
    await tui.press('enter');
    await tui.waitForFrame('List two');
    tui.burst('\u001Bj');
    const frame = await tui.waitForFrame((f) => /› bravo/.test(f) && !f.includes('List two'));
    expect(frame).toContain('List [3]');
  });

  it('Esc Esc goes back two screens', async () => {
    tui = app();
    await tui.waitForFrame('alpha');
    await tui.press('enter');
    await tui.waitForFrame('List two');
    await tui.press('enter');
    await tui.waitForFrame('third level');
    tui.burst('\u001B\u001B');
    await tui.waitForFrame((f) => f.includes('List [3]') && !f.includes('List two'));
  });
});

describe('keys typed while a screen loads', () => {
  it('wait for the screen instead of being dropped', async () => {
    tui = app('slow');
    await tui.waitForFrame('Slow');
    // press() returns once Ink has read the key and the dispatcher has taken it: it waits, queued, for the screen.
    await tui.press('d');
    release();
    await tui.waitForFrame('target reached');
  });
});

describe('--readonly', () => {
  it('shows a READONLY badge in the header', async () => {
    tui = renderTui(null, {screens, api: fakeApi(() => ({data: {}})), initial: {screen: 'list'}, readonly: true});
    const frame = await tui.waitForFrame('alpha');
    expect(frame.split('\n')[0]).toContain('READONLY');
  });
});
