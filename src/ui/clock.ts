// THE console's own clock: every pace the console keeps by itself goes through it — a flash message's time, a
// notice's, the activity watcher's looks and the request spacing of its budget, the dbt gate's polls, the
// "ago"/elapsed tickers (`useNow`) and the spinners. The App takes one (`AppProps.clock`, read with `useClock()`);
// the product runs on `realClock`, and a test gives one it steps (test/helpers/steppedClock.ts), so it moves the
// console's time on instead of waiting for it. (react-query's refetch intervals are its own timers: the tests
// shorten them with `liveScale`.)
import type {ActivityClock} from '../workflows/activity.js';
import {abortError} from '../workflows/wait.js';

/** Milliseconds, and callbacks after or every so many of them; each returns the function that cancels it. */
export interface UiClock {
  now(): number;
  after(ms: number, fn: () => void): () => void;
  every(ms: number, fn: () => void): () => void;
}

export const realClock: UiClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
  every(ms, fn) {
    const t = setInterval(fn, ms);
    return () => clearInterval(t);
  },
};

/** Resolves after `ms` on `clock`, or at once when `signal` aborts (never rejects). */
export function sleepOn(clock: UiClock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      cancel();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const cancel = clock.after(ms, done);
    signal?.addEventListener('abort', done, {once: true});
  });
}

/** The activity watcher's clock (workflows/activityPace.ts) on `clock`. */
export function activityClockOn(clock: UiClock): ActivityClock {
  return {now: () => clock.now(), sleep: (ms, signal) => sleepOn(clock, ms, signal)};
}

/**
 * A poll engine's sleep and clock (workflows/wait.ts `WaitOptions`) on `clock`: the sleep rejects with the
 * signal's reason when it aborts, as the engine's own does.
 */
export function waitClockOn(clock: UiClock): {now: () => number; sleep: (ms: number, signal?: AbortSignal) => Promise<void>} {
  return {
    now: () => clock.now(),
    sleep: async (ms, signal) => {
      await sleepOn(clock, ms, signal);
      if (signal?.aborted) throw abortError(signal);
    },
  };
}
