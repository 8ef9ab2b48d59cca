// "Nothing happens" checks without fixed sleeps. Polling (react-query's refetchInterval, the engines' tickers)
// runs on setInterval; faking only the intervals lets a test fire exactly the polls it means to and check "never
// again" over many intervals, while timeouts, I/O and frame waits stay real. Call vi.useRealTimers() after.
import {vi} from 'vitest';

export function fakeIntervals(): void {
  vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
}

/**
 * Fires one interval step at a time until `ok`, letting what each step started finish (bounded in steps). `seen`:
 * what the test was looking at (a screen's last frame), shown when the condition is never met.
 */
export async function advanceUntil(ok: () => boolean, stepMs: number, {maxSteps = 1_000, seen}: {maxSteps?: number; seen?: () => string} = {}): Promise<void> {
  for (let i = 0; i < maxSteps && !ok(); i++) {
    await vi.advanceTimersByTimeAsync(stepMs);
    await new Promise((r) => setTimeout(r, 5));
  }
  if (!ok()) throw new Error(`condition not met within ${maxSteps} steps of ${stepMs} ms${seen ? `; last seen:\n${seen()}` : ''}`);
}
