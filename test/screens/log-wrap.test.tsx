// `w` wraps a log's long lines: while following the newest line, every line on screen is shown whole, its
// continuation rows under it, and the rows counted for the window are the rows drawn (no line squeezed to one row,
// no blank rows left at the bottom).
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {listLogs} from '../../src/api/logs.js';
import {LogPager} from '../../src/ui/components/LogPager.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

interface Line {
  seq: number;
  text: string;
}

/** Long lines of words (so wrapping at spaces takes more rows than length / width), each with its own last word. */
const LINES: Line[] = Array.from({length: 12}, (_, i) => ({
  seq: i,
  text: `line-${i} ${'compiled model stg_orders_with_a_rather_long_name in 0.42s '.repeat(2 + (i % 3))}END-${i}`,
}));

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

describe('the log pager wrapping long lines while following', () => {
  it.each([60, 80])('shows every line on screen whole at %i columns, the newest at the bottom', async (columns) => {
    tui = renderTui(<LogPager lines={LINES} text={(l) => l.text} following="following" />, {columns, rows: 30});
    await tui.waitForFrame('line-11 ');
    await tui.press('w');
    const frame = await tui.waitForFrame('wrapped');
    const rows = frame.split('\n');
    const status = rows.findIndex((r) => r.includes('following ·'));
    const body = rows.slice(2, status);
    // Each line that starts on screen runs to its END marker, its words in order, nothing cut.
    const starts = body.map((r, i) => ({i, m: /^line-(\d+) /.exec(r)})).filter((s) => s.m);
    expect(starts.length).toBeGreaterThan(1);
    for (const [k, s] of starts.entries()) {
      const n = Number(s.m![1]);
      const until = starts[k + 1]?.i ?? body.length;
      const text = body.slice(s.i, until).map((r) => r.trimEnd()).join(' ').replace(/ +/g, ' ');
      expect(text, `line ${n}`).toBe(LINES[n]!.text.replace(/ +/g, ' '));
      for (const r of body.slice(s.i, until)) expect(r.endsWith('…'), r).toBe(false);
    }
    // The newest line ends right above the status line: no blank rows between.
    expect(body.at(-1)).toContain('END-11');
  });
});

/** Rows of the frame from below the screen's filter line to above the status line, grouped into log lines. */
function logLines(frame: string): {rows: string[]; beforeStatus: string} {
  const rows = frame.split('\n');
  const top = rows.findIndex((r) => /^\d+ lines · source/.test(r));
  const status = rows.findIndex((r) => r.startsWith('following ·'));
  return {rows: rows.slice(top + 1, status), beforeStatus: rows[status - 1] ?? ''};
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('the Logs screen wrapping while following', () => {
  it.each([60, 80])('shows each line on screen whole, the newest right above the status line, at %i columns', async (columns) => {
    const {api} = await startDemo();
    const messages = (await listLogs(api, '1', {first: 1000})).lines.map((l) => squash(l.message));
    const screen = renderApp(api, {screen: 'logs', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns, rows: 24});
    await screen.waitForFrame('following ·');
    await screen.press('w');
    // Wrapped: some row continues the line above it (the status line saying so may be cut at 60 columns).
    const frame = await screen.waitForFrame((f) => logLines(f).rows.some((r) => /^[^\d]/.test(r)));
    const {rows, beforeStatus} = logLines(frame);
    // A line starts with its time; its continuation rows follow until the next one.
    const starts = rows.map((r, i) => (/^\d{2}:\d{2}:\d{2} /.test(r) ? i : -1)).filter((i) => i >= 0);
    expect(starts.length).toBeGreaterThan(1);
    starts.forEach((at, k) => {
      const whole = squash(rows.slice(at, starts[k + 1] ?? rows.length).join(' '));
      // Nothing cut: the line as shown ends with the whole of one of the log's messages, and no row ends in … .
      expect(messages.some((m) => whole.endsWith(m)), whole).toBe(true);
    });
    expect(rows.every((r) => !r.endsWith('…'))).toBe(true);
    // No blank rows at the bottom: the newest line ends right above the status line.
    expect(beforeStatus.trim()).not.toBe('');
    expect(squash(rows.slice(starts.at(-1)).join(' ')).endsWith(messages.at(-1)!)).toBe(true);
  });
});
