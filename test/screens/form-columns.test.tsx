// Cosmetics of issue 22 §3 that a screenshot shows: in a form, the focused empty field's example starts in the same
// column as every other field's (the cursor stood in a cell of its own in front of it: one column right), and the
// tenant settings list keeps its `1 of 1` whole at 120 columns.
import {describe, expect, it} from 'vitest';
import {renderApp, startDemo} from '../helpers/screenApp.js';

/** The column each field's example (‹…›) starts in, by the field's label. */
function exampleColumns(frame: string, labels: readonly string[]): Record<string, number> {
  const rows = frame.split('\n');
  return Object.fromEntries(labels.map((label) => {
    const row = rows.find((r) => new RegExp(`^│ [› ] ${label}\\s`).test(r)) ?? '';
    return [label, row.indexOf('‹')];
  }));
}

describe('form fields line up', () => {
  it('the audit filter: the focused field’s example starts in the column of the others, wherever the focus is', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'audit'}, {columns: 120});
    await tui.waitForFrame(/newest \d+ of \d+ events/);
    await tui.press('f');
    const labels = ['Start', 'End', 'Event name', 'User email', 'Search'];
    let frame = await tui.waitForFrame(/^│ › Start/m);
    let columns = exampleColumns(frame, labels);
    expect(columns.Start).toBeGreaterThan(0);
    expect(columns).toEqual(Object.fromEntries(labels.map((l) => [l, columns.Start])));
    await tui.press('tab', 'tab');
    frame = await tui.waitForFrame(/^│ › Event name/m);
    columns = exampleColumns(frame, labels);
    expect(columns).toEqual(Object.fromEntries(labels.map((l) => [l, columns.Start])));
  });
});

describe('tenant settings at 120 columns', () => {
  it('the title line keeps the list position whole', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'res:tenant'}, {columns: 120});
    const frame = await tui.waitForFrame(/Tenant settings \[1\]/);
    expect(frame.split('\n')[1]).toMatch(/^Tenant settings \[1\] +1 of 1$/);
  });
});
