import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {shortDuration} from '../../src/lib/time.js';
import {sparkline} from '../../src/ui/components/Sparkline.js';
import {columnWidths, windowStart} from '../../src/ui/components/tableLayout.js';
import {fitCells, truncateCells} from '../../src/lib/cells.js';
import {Timeline} from '../../src/ui/components/Timeline.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

describe('small widgets', () => {
  it('Timeline marks each step by glyph, not only colour, with durations', async () => {
    tui = renderTui(
      <Timeline
        steps={[
          {name: 'queued', status: 'completed', durationMs: 1000},
          {name: 'building', status: 'failed', durationMs: 134_000, detail: 'model error'},
          {name: 'warmup', status: 'running'},
          {name: 'built', status: 'pending'},
        ]}
      />,
    );
    const frame = await tui.waitForFrame('warmup');
    expect(frame).toMatch(/✓ queued\s+completed\s+1s/);
    expect(frame).toMatch(/✗ building\s+failed\s+2m 14s model error/);
    expect(frame).toMatch(/● warmup\s+running/);
    expect(frame).toMatch(/○ built\s+pending/);
  });

  it('sparkline scales to the largest value and keeps the last `width` values', () => {
    expect(sparkline([0, 1, 2, 4, 8])).toBe('▁▂▃▅█');
    expect(sparkline([5, 5, 0, 10], 2)).toBe('▁█');
    expect(sparkline([0, 0])).toBe('▁▁');
  });

  it('table layout: widths fill the line exactly, cells truncate with …, windows follow the cursor', () => {
    const cols = [
      {id: 'a', header: 'A', width: 10, render: () => ''},
      {id: 'b', header: 'B', flex: 2, render: () => ''},
      {id: 'c', header: 'C', flex: 1, render: () => ''},
    ];
    const w = columnWidths(cols, 80);
    expect(w[0]).toBe(10);
    // marker 2 + gaps 2 + columns = 80
    expect(2 + 2 + w.reduce((a, b) => a + b, 0)).toBe(80);
    expect(w[1]).toBeGreaterThan(w[2]!);
    expect(truncateCells('abcdefgh', 5)).toBe('abcd…');
    expect(fitCells('42', 5, 'right')).toBe('   42');
    expect(windowStart(0, 12, 10, 100)).toBe(3);
    expect(windowStart(3, 5, 10, 100)).toBe(3);
    expect(windowStart(50, 2, 10, 100)).toBe(2);
    expect(windowStart(0, 99, 10, 100)).toBe(90);
  });

  it('formats "updated … ago"', () => {
    expect(shortDuration(3)).toBe('3s');
    expect(shortDuration(125)).toBe('2m');
    expect(shortDuration(7300)).toBe('2h');
  });
});
