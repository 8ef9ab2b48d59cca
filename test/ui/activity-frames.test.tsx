// :activity paints one frame per cursor key: the moved cursor and the title line's position (`2 of 5`) in the same
// commit. Ink paints at most one frame per 1/maxFps s, so a second commit per key (the position published after the
// frame that moved the cursor) is a second full repaint, shown a frame later. The test renders with Ink's debug
// output, which writes one frame per commit: the key's first frame is the one a user sees first, and it must be whole.
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {ActivityScreen} from '../../screens/ActivityScreen.js';
import {fakeApi, KEYS, renderTui, type Tui} from '../helpers/renderTui.js';

const COUNT = 5;
const now = Date.now();
const ended = (id: string) => ({syncJobId: `sync-${id}`, status: 'COMPLETED', trigger: 'webhook', gitRef: 'main', startedAt: new Date(now - Number(id) * 60_000).toISOString(), durationMs: 30_000});

const api = fakeApi((_m, path, options) => {
  if (path.endsWith('/me')) return {data: {id: 1, email: 'frames@example.com'}};
  if (path === '/api/v1/deployments') {
    const q = (options?.searchParams ?? {}) as Record<string, number | undefined>;
    const all = Array.from({length: COUNT}, (_, i) => ({id: String(i + 1), name: `deployment-${String(i + 1).padStart(2, '0')}`}));
    const offset = Number(q.offset ?? 0);
    return {items: all.slice(offset, offset + Number(q.limit ?? 100)), pagination: {total: COUNT}};
  }
  const id = /deployments\/(\d+)\//.exec(path)?.[1] ?? '';
  if (path.endsWith('/dbt-sync')) return {items: [ended(id)]};
  if (path.endsWith('/build-status')) return {data: {deploymentId: id, branchName: 'main', mode: 'production', status: 'built', buildJobId: 1, deploymentStatus: 'built'}};
  return undefined;
});

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

/** The line of the frame that has the cursor (›) on it. */
const cursorLine = (frame: string) => frame.split('\n').find((l) => l.includes('› ')) ?? '';

describe(':activity frames per key', () => {
  it('paints the moved cursor and the new position in one frame per ↓/↑', async () => {
    tui = renderTui(<ActivityScreen />, {screenId: 'activity', columns: 120, rows: 35, liveScale: 0.001, api});
    await tui.waitForFrame(`Activity [${COUNT}]`, 15_000);
    // Live updates off: nothing but the key paints from here on.
    await tui.press('p');
    await tui.waitForFrame('live updates paused');
    await tui.waitForFrame(`1 of ${COUNT}`);
    for (const [key, at, row] of [['down', 2, 'deployment-02'], ['down', 3, 'deployment-03'], ['up', 2, 'deployment-02']] as const) {
      const before = tui.frames.length;
      tui.burst(KEYS[key]!);
      await tui.waitForFrame(`${at} of ${COUNT}`);
      // The key's first frame moves the cursor; it must show the new position too (a frame before it that keeps the
      // cursor where it was is something else's: a clock's tick).
      const painted = tui.frames.slice(before);
      const moved = painted.findIndex((f) => cursorLine(f).includes(row));
      expect(moved, `a frame with the cursor on ${row}`).toBeGreaterThanOrEqual(0);
      expect(painted[moved], `the frame that moved the cursor to ${row}`).toContain(`${at} of ${COUNT}`);
    }
  });
});
