// Query results reach the screens at most once per DATA_FRAME_MS: a burst of answers (a list refresh fetching the
// state of every visible row) is one render, not one per answer, while a lone answer still goes out at once.
import {notifyManager} from '@tanstack/query-core';
import {describe, expect, it} from 'vitest';
import {createQueryClient, DATA_FRAME_MS} from '../../src/ui/queryClient.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('UI query client', () => {
  it('delivers a lone update on the next tick and coalesces a burst into one later delivery', async () => {
    createQueryClient();
    await sleep(DATA_FRAME_MS * 2);
    const runs: Array<[string, number, number]> = [];
    // Counts timer tasks: callbacks that ran in one task see the same count.
    let task = 0;
    const ticker = setInterval(() => task++, 1);
    const t0 = performance.now();
    const record = (name: string) => () => runs.push([name, performance.now() - t0, task]);
    notifyManager.schedule(record('first'));
    await sleep(5);
    expect(runs.map(([name]) => name)).toEqual(['first']);
    // The burst: three answers a few milliseconds apart, right after the first delivery.
    for (const name of ['a', 'b', 'c']) {
      notifyManager.schedule(record(name));
      await sleep(2);
    }
    expect(runs.map(([name]) => name)).toEqual(['first']);
    await sleep(DATA_FRAME_MS * 2);
    clearInterval(ticker);
    expect(runs.map(([name]) => name)).toEqual(['first', 'a', 'b', 'c']);
    // One delivery (the same task), not before the window after the first one closed.
    expect(new Set(runs.slice(1).map(([, , t]) => t)).size).toBe(1);
    expect(runs[1]![1] - runs[0]![1]).toBeGreaterThanOrEqual(DATA_FRAME_MS - 2);
  });
});
