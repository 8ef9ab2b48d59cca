// Query results reach the screens at most once per DATA_FRAME_MS: a burst of answers (a list refresh fetching the
// state of every visible row) is one render, not one per answer, while a lone answer still goes out at once.
// On fake timers (setTimeout, setInterval and performance.now()), so a loaded machine cannot stretch the burst.
import {notifyManager} from '@tanstack/query-core';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createQueryClient, DATA_FRAME_MS} from '../../src/ui/queryClient.js';

afterEach(() => vi.useRealTimers());

describe('UI query client', () => {
  it('delivers a lone update on the next tick and coalesces a burst into one later delivery', async () => {
    createQueryClient();
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance']});
    // Whatever an earlier delivery left in the scheduler: let it out, then let its window close.
    notifyManager.schedule(() => {});
    await vi.runAllTimersAsync();
    await vi.advanceTimersByTimeAsync(DATA_FRAME_MS * 2);
    const runs: Array<[string, number, number]> = [];
    // Counts timer tasks: callbacks that ran in one task see the same count.
    let task = 0;
    const ticker = setInterval(() => task++, 1);
    const t0 = performance.now();
    const record = (name: string) => () => runs.push([name, performance.now() - t0, task]);
    notifyManager.schedule(record('first'));
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.map(([name]) => name)).toEqual(['first']);
    // The burst: three answers a few milliseconds apart, right after the first delivery.
    for (const name of ['a', 'b', 'c']) {
      notifyManager.schedule(record(name));
      await vi.advanceTimersByTimeAsync(2);
    }
    expect(runs.map(([name]) => name)).toEqual(['first']);
    // Held until the window after the first delivery closes, then delivered all at once.
    await vi.advanceTimersByTimeAsync(DATA_FRAME_MS - 7);
    expect(runs.map(([name]) => name)).toEqual(['first']);
    await vi.advanceTimersByTimeAsync(DATA_FRAME_MS);
    clearInterval(ticker);
    expect(runs.map(([name]) => name)).toEqual(['first', 'a', 'b', 'c']);
    // One delivery (the same task), not before the window after the first one closed.
    expect(new Set(runs.slice(1).map(([, , t]) => t)).size).toBe(1);
    expect(runs[1]![1] - runs[0]![1]).toBeGreaterThanOrEqual(DATA_FRAME_MS);
  });
});
