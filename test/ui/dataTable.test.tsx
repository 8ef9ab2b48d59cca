import React, {useState} from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {DataTable, type Column} from '../../src/ui/components/DataTable.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';

interface Item {
  id: string;
  name: string;
  size: number;
}

const columns: Column<Item>[] = [
  {id: 'name', header: 'NAME', flex: 1, render: (r) => r.name},
  {id: 'size', header: 'SIZE', width: 8, align: 'right', render: (r) => String(r.size)},
];
const items = (n: number, prefix = 'item'): Item[] =>
  Array.from({length: n}, (_, i) => ({id: `${prefix}-${i}`, name: `${prefix}-${String(i).padStart(5, '0')}`, size: i * 7}));
const getId = (r: Item) => r.id;

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

/** Lines of the table body: those holding a row name. */
const rowLines = (frame: string, prefix = 'item') => frame.split('\n').filter((l) => l.includes(`${prefix}-`) && !l.includes('<'));
const selectedLine = (frame: string) => frame.split('\n').find((l) => l.trimStart().startsWith('›'));

describe('DataTable', () => {
  it('renders only the rows that fit, even with 10,000 rows', async () => {
    const rows = items(10_000);
    tui = renderTui(<DataTable rows={rows} columns={columns} getRowId={getId} noun="items" />, {rows: 20});
    const frame = await tui.waitForFrame('item-00000');
    // 20 rows: the frame uses 19; header, title, table header, crumbs, footer, flash → 13 rows of data.
    const shown = rowLines(frame);
    expect(shown.length).toBe(19 - 5 - 1);
    expect(frame).not.toContain('item-00013');
    expect(frame.split('\n').length).toBeLessThanOrEqual(20);
    expect(frame).toContain('Test [10000]');
  });

  it('moves with j/k, G/g and pages, scrolling the window with the cursor', async () => {
    tui = renderTui(<DataTable rows={items(100)} columns={columns} getRowId={getId} />, {rows: 20});
    await tui.waitForFrame('item-00000');
    await tui.press('j', 'j');
    expect(selectedLine(await tui.waitForFrame((f) => selectedLine(f)?.includes('item-00002') ?? false))).toBeDefined();
    await tui.press('G');
    let frame = await tui.waitForFrame((f) => selectedLine(f)?.includes('item-00099') ?? false);
    expect(frame).not.toContain('item-00000');
    await tui.press('g');
    frame = await tui.waitForFrame((f) => selectedLine(f)?.includes('item-00000') ?? false);
    await tui.press('pagedown');
    frame = await tui.waitForFrame((f) => selectedLine(f)?.includes('item-00013') ?? false);
    await tui.press('k', 'up');
    await tui.waitForFrame((f) => selectedLine(f)?.includes('item-00011') ?? false);
  });

  it('keeps the selection on the same row id when a refresh inserts rows above it', async () => {
    let setRows: (r: Item[]) => void = () => {};
    function Screen() {
      const [rows, set] = useState(items(50));
      setRows = set;
      return <DataTable rows={rows} columns={columns} getRowId={getId} />;
    }
    tui = renderTui(<Screen />, {rows: 20});
    await tui.waitForFrame('item-00000');
    await tui.press('j', 'j', 'j');
    await tui.waitForFrame((f) => selectedLine(f)?.includes('item-00003') ?? false);
    setRows([...items(5, 'new'), ...items(50)]);
    const frame = await tui.waitForFrame('new-00000');
    expect(selectedLine(frame)).toContain('item-00003');
    // The cursor keeps working from the row it stayed on.
    await tui.press('j');
    await tui.waitForFrame((f) => selectedLine(f)?.includes('item-00004') ?? false);
  });

  it('truncates long cells with … and right-aligns numeric columns', async () => {
    const rows: Item[] = [
      {id: 'a', name: 'a-very-long-deployment-name-that-cannot-possibly-fit-in-the-column', size: 5},
      {id: 'b', name: 'short', size: 12345},
    ];
    tui = renderTui(<DataTable rows={rows} columns={columns} getRowId={getId} />, {columns: 60, rows: 16});
    const frame = await tui.waitForFrame('short');
    const lines = frame.split('\n');
    const long = lines.find((l) => l.includes('a-very-long'));
    const short = lines.find((l) => l.includes('short'));
    expect(long).toContain('…');
    expect(long).not.toContain('the-column');
    expect(long!.length).toBeLessThanOrEqual(60);
    // Right alignment: both sizes end in the same column.
    expect(long!.trimEnd().length).toBe(short!.trimEnd().length);
    expect(long!.trimEnd().endsWith(' 5')).toBe(true);
  });

  it('says so when empty, and when the filter hides every row', async () => {
    tui = renderTui(<DataTable rows={[]} columns={columns} getRowId={getId} noun="items" />);
    await tui.waitForFrame('No items yet');
    tui.unmount();
    tui = renderTui(<DataTable rows={items(3)} columns={columns} getRowId={getId} noun="items" />);
    await tui.waitForFrame('item-00000');
    await tui.press('/', 'zzz');
    await tui.waitForFrame('No items match /zzz');
  });

  it('calls onActivate with the highlighted row on Enter', async () => {
    const opened: string[] = [];
    tui = renderTui(<DataTable rows={items(5)} columns={columns} getRowId={getId} onActivate={(r) => opened.push(r.id)} />);
    await tui.waitForFrame('item-00000');
    await tui.press('j', 'enter');
    await tui.waitForFrame(() => opened.length > 0);
    expect(opened).toEqual(['item-1']);
  });
});

describe('column headings', () => {
  it('never run together, even when a heading fills its column', async () => {
    const {columnWidths, GAP} = await import('../../src/ui/components/tableLayout.js');
    const {fitCells: fit} = await import('../../src/lib/cells.js');
    const cols = [
      {id: 'latest', header: 'LATEST', width: 6, render: () => '✓'},
      {id: 'pass', header: 'PASS AS', flex: 1, render: () => 'x'},
    ];
    const widths = columnWidths(cols, 40);
    const header = cols.map((c, i) => fit(c.header, widths[i] ?? 0)).join(' '.repeat(GAP));
    expect(header).toMatch(/^LATEST {2,}PASS AS/);
  });
});
