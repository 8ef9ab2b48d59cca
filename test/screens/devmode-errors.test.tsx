// Validation errors in the dev-mode files pane are shown whole: a message longer than the FILE column wraps onto
// rows of its own under it (at 80 columns the column holds about 50 cells), never cut with ….
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import type {Validation} from '../../src/api/dataModel.js';
import {FilesPane, paneRows} from '../../screens/devmode/FilesPane.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';

const MESSAGE =
  'line 12: cube "orders": measure "total_amount": unknown type "summ" (expected one of count, sum, avg, min, max, count_distinct, number, string, time, boolean) END';

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

describe('validation errors in the files pane', () => {
  it.each([80, 120])('shows a long error whole, wrapped, at %i columns', async (columns) => {
    const validation = {deploymentId: '1', branchName: 'dev-x', mode: 'dev_mode', valid: false, errors: [{fileName: 'model/cubes/orders.yml', message: MESSAGE}], raw: {}} as Validation;
    const rows = paneRows([{path: 'model/cubes/orders.yml'} as never], [], validation);
    tui = renderTui(<FilesPane rows={rows} saved={[]} validation={validation} height={15} active onSelect={() => {}} />, {columns, rows: 24});
    const frame = await tui.waitForFrame('1 error in 1 file');
    const lines = frame.split('\n');
    const first = lines.findIndex((l) => l.includes('✗ line 12'));
    expect(first).toBeGreaterThan(0);
    const end = lines.findIndex((l) => l.includes('END'));
    expect(end, 'the end of the message is on screen').toBeGreaterThanOrEqual(first);
    const shown = lines
      .slice(first, end + 1)
      .map((l) => l.replace(/^[› ] {1,3}(✗ )?/, '').trim())
      .join(' ');
    expect(shown.replace(/\s+/g, ' ')).toBe(MESSAGE);
    for (const l of lines.slice(first, end + 1)) expect(l.trimEnd().endsWith('…'), l).toBe(false);
  });
});
