// k9s conventions on every list (DataTable), against the real service: the position on the title line with the
// API's total, sort by column (> < ~) that survives a round trip, and wrap (W) showing a cut cell in full.
import React from 'react';
import {describe, expect, it} from 'vitest';
import {SCREENS} from '../../screens/index.js';
import {DeploymentsScreen} from '../../screens/DeploymentsScreen.js';
import {positionText, sortRows, stepSort} from '../../src/ui/components/tableSort.js';
import {wrapCells} from '../../src/lib/cells.js';
import type {Column} from '../../src/ui/components/tableLayout.js';
import {renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const DEPLOYMENTS = {screen: 'deployments'};
const titleOf = (frame: string) => frame.split('\n').find((l) => l.startsWith('Deployments')) ?? '';
const firstRow = (frame: string) => frame.split('\n').find((l) => l.startsWith('›')) ?? '';

describe('position on the title line', () => {
  it('counts from the API total, not the loaded rows; a filter says how many match', async () => {
    const {api} = await startDemo();
    const screens = SCREENS.map((s) =>
      s.id === 'deployments' ? {...s, component: (p: {params: Record<string, string>}) => <DeploymentsScreen {...p} pageSize={10} />} : s,
    );
    const tui = renderApp(api, DEPLOYMENTS, {screens});
    let frame = await tui.waitForFrame('Deployments [10]');
    expect(titleOf(frame)).toMatch(/^Deployments \[10\]\s+1 of 45$/);
    await tui.press('j', 'j');
    frame = await tui.waitForFrame((f) => / 3 of 45$/.test(titleOf(f)));
    await tui.press('/');
    await typeAfter(tui, 'type to filter', 'sandbox-0', 'enter');
    frame = await tui.waitForFrame((f) => /matching/.test(titleOf(f)));
    // The cursor stays on its row (the third) when it matches.
    expect(titleOf(frame)).toMatch(/^Deployments \[(\d+)\] \/sandbox-0\s+3 of \1 matching · 45 in all$/);
  });
});

describe('sort by column', () => {
  it('> sorts by the next column with ▲ on its heading, ~ reverses, and the order survives opening a row', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEPLOYMENTS);
    let frame = await tui.waitForFrame('Deployments [45]');
    expect(firstRow(frame)).toMatch(/analytics-prod/);
    await tui.press('>', '>');
    frame = await tui.waitForFrame(/NAME▲/);
    expect(firstRow(frame)).toMatch(/analytics-prod/);
    await tui.press('~');
    frame = await tui.waitForFrame(/NAME▼/);
    // The last name in order is now on top (sandbox-40 > sandbox-4 > … with numbers compared as numbers).
    const names = frame.split('\n').filter((l) => /^[› ] +\d+ +\S/.test(l)).map((l) => /^[› ] +\d+ +(\S+)/.exec(l)![1]!);
    expect(names.slice(0, 3)).toEqual([...names.slice(0, 3)].sort((a, b) => b.localeCompare(a, 'en', {numeric: true})));
    expect(names[0]).not.toBe('analytics-prod');
    const top = names[0]!;
    await tui.press('enter');
    await tui.waitForFrame(`Deployment · ${top}`);
    await tui.press('escape');
    frame = await tui.waitForFrame(/NAME▼/);
    expect(firstRow(frame)).toContain(top);
    // < steps back to the first column, and past it to the API's order.
    await tui.press('<', '<');
    frame = await tui.waitForFrame((f) => !/[▲▼]/.test(f));
    expect(frame).toMatch(/ID\s+NAME\s+URL/);
  });
});

describe('wrap', () => {
  it('W shows the selected row’s cut cells in full below it, and again hides them', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEPLOYMENTS, {columns: 60});
    let frame = await tui.waitForFrame('Deployments [45]');
    expect(frame).not.toMatch(/^ {4}URL {2}/m);
    await tui.press('W');
    frame = await tui.waitForFrame(/^ {4}URL {2}http/m);
    expect(frame).toMatch(/· wrap/);
    await tui.press('W');
    frame = await tui.waitForFrame((f) => !/^ {4}URL {2}/m.test(f));
  });
});

describe('table sort, position and wrap (pure)', () => {
  const cols: Column<{n: string; size: number}>[] = [
    {id: 'n', header: 'NAME', render: (r) => r.n},
    {id: 's', header: 'SIZE', render: (r) => `${r.size} B`, sortValue: (r) => r.size},
  ];
  const rows = [{n: 'b-10', size: 9}, {n: 'b-9', size: 100}, {n: 'a', size: 10}];
  it('sorts text with numbers as numbers, values as numbers, stable', () => {
    expect(sortRows(rows, cols, {column: 'n', desc: false}).map((r) => r.n)).toEqual(['a', 'b-9', 'b-10']);
    expect(sortRows(rows, cols, {column: 's', desc: true}).map((r) => r.size)).toEqual([100, 10, 9]);
    expect(sortRows(rows, cols, undefined)).toBe(rows);
  });
  it('steps through the columns and back to none', () => {
    expect(stepSort(undefined, cols, 1)).toEqual({column: 'n', desc: false});
    expect(stepSort({column: 's', desc: true}, cols, 1)).toBeUndefined();
    expect(stepSort(undefined, cols, -1)).toEqual({column: 's', desc: false});
  });
  it('writes the position', () => {
    expect(positionText({at: 12, shown: 45, filtered: false, partialSort: false, wrap: false})).toBe('12 of 45');
    expect(positionText({at: 12, shown: 50, total: 10_000, filtered: false, partialSort: true, wrap: false})).toBe('12 of 10,000 · sorted: 50 loaded');
    expect(positionText({at: 1, shown: 3, total: 45, filtered: true, partialSort: false, wrap: true})).toBe('1 of 3 matching · 45 in all · wrap');
  });
  it('wraps at spaces where it can', () => {
    expect(wrapCells('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapCells('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});
