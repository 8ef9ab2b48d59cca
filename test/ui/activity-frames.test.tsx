// :activity paints one frame per key: whatever a key changes (the rows, the cursor, the heading's sort mark, the
// wrapped cells, the filter line) and the title line it changes with them (the count `[5]`, the position `2 of 5`,
// `matching`, `· wrap`) in the same commit. Ink paints at most one frame per 1/maxFps s, so a second commit per key
// (the title line published after the frame that changed the list) is a second full repaint, shown a frame later.
// The test renders with Ink's debug output, which writes one frame per commit: the key's first frame is the one a
// user sees first, and it must already be the frame the key ends on.
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {ActivityScreen} from '../../screens/ActivityScreen.js';
import {fakeApi, renderTui, type Tui} from '../helpers/renderTui.js';
import {pressPaintsOnce} from '../helpers/oneFrame.js';

const COUNT = 5;
const now = Date.now();
/** deployment-02's ref is longer than its column: W shows it in full under the row. */
const refOf = (id: string) => (id === '2' ? 'feature/a-branch-name-far-too-long-for-its-column' : 'main');
const ended = (id: string) => ({syncJobId: `sync-${id}`, status: 'COMPLETED', trigger: 'webhook', gitRef: refOf(id), startedAt: new Date(now - Number(id) * 60_000).toISOString(), durationMs: 30_000});

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

const titleLine = (frame: string) => frame.split('\n')[1] ?? '';

async function openActivity(): Promise<Tui> {
  tui = renderTui(<ActivityScreen />, {screenId: 'activity', columns: 120, rows: 35, liveScale: 0.001, api});
  await tui.waitForFrame(`Activity [${COUNT}]`, 15_000);
  // Live updates off: nothing but the keys changes the list from here on.
  await tui.press('p');
  await tui.waitForFrame('live updates paused');
  await tui.waitForFrame(`1 of ${COUNT}`);
  await tui.settle();
  return tui;
}

/** Presses `key`: its first frame must be the one it ends on, and the title line then says `title`. */
async function pressOnce(t: Tui, key: string, title: string | RegExp): Promise<string> {
  const last = await pressPaintsOnce(t, key);
  expect(titleLine(last), `the title line after ${key}`).toMatch(title);
  return last;
}

describe(':activity frames per key', () => {
  it('↓/↑ paint the moved cursor and the new position in one frame', async () => {
    const t = await openActivity();
    const down = await pressOnce(t, 'down', / 2 of 5$/);
    expect(down).toMatch(/› deployment-02/);
    await pressOnce(t, 'down', / 3 of 5$/);
    await pressOnce(t, 'up', / 2 of 5$/);
  });

  it('> < ~ paint the new order, the heading and the cursor’s new position in one frame', async () => {
    const t = await openActivity();
    await pressOnce(t, 'down', / 2 of 5$/);
    const sorted = await pressOnce(t, '>', / 2 of 5$/);
    expect(sorted).toMatch(/DEPLOYMENT▲/);
    // Reversed, the cursor's row (deployment-02) is fourth: the position moves with the order.
    const reversed = await pressOnce(t, '~', / 4 of 5$/);
    expect(reversed).toMatch(/DEPLOYMENT▼/);
    expect(reversed).toMatch(/› deployment-02/);
    const back = await pressOnce(t, '<', /of 5$/);
    expect(back).not.toMatch(/DEPLOYMENT[▲▼]/);
  });

  it('W paints the wrapped cells and `· wrap` on the title line in one frame, and again when it ends', async () => {
    const t = await openActivity();
    await pressOnce(t, 'down', / 2 of 5$/);
    const wrapped = await pressOnce(t, 'W', / 2 of 5 · wrap$/);
    expect(wrapped).toContain('far-too-long-for-its-column');
    const unwrapped = await pressOnce(t, 'W', / 2 of 5$/);
    expect(unwrapped).not.toContain('far-too-long-for-its-column');
  });

  it('typing into the / filter paints the narrowed list, its count and position in one frame per key', async () => {
    const t = await openActivity();
    await pressOnce(t, 'down', / 2 of 5$/);
    await pressOnce(t, '/', / 2 of 5$/);
    await pressOnce(t, '0', /^Activity \[5\] \/0\s+2 of 5 matching$/);
    const narrowed = await pressOnce(t, '3', /^Activity \[1\] \/03\s+1 of 1 matching$/);
    expect(narrowed).toMatch(/› deployment-03/);
    const none = await pressOnce(t, '9', /^Activity \[0\] \/039$/);
    expect(none).toContain('No runs match /039');
    await pressOnce(t, 'backspace', /^Activity \[1\] \/03\s+1 of 1 matching$/);
    await pressOnce(t, 'backspace', /^Activity \[5\] \/0\s+\d of 5 matching$/);
    await pressOnce(t, 'enter', /^Activity \[5\] \/0\s+\d of 5 matching$/);
    // Esc clears the kept filter.
    await pressOnce(t, 'escape', /^Activity \[5\]\s+\d of 5$/);
  });
});
