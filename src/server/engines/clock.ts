// Engines never read Date.now() directly: they derive state from stored timestamps and a Clock, so tests can
// step time by hand and `svc server --speed N` can compress the planned durations without changing the logic.
export interface Clock {
  /** Milliseconds since the epoch, as seen by the service. */
  now(): number;
}

/**
 * Calls `fn` once `ms` have passed, and returns the function that cancels it: the service's real timers by default
 * (`realTimer`); a test passes one it steps, so a deadline comes when the test says, not after a wait.
 */
export interface Timer {
  after(ms: number, fn: () => void): () => void;
}

export const realTimer: Timer = {
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

/**
 * Wall-clock time that runs `speed`× faster from the moment it is created, starting at `origin`. At speed 1
 * with no origin it is Date.now(). A fast clock runs ahead of real time, so a service restarting on a data file
 * written by a faster run passes the newest stored timestamp as `origin`; the clock then never runs backwards
 * across the restart and in-flight work resumes instead of waiting for real time to catch up.
 */
export function systemClock(speed = 1, origin?: number): Clock {
  if (!Number.isFinite(speed) || speed <= 0) throw new Error(`clock speed must be a positive number, got ${speed}`);
  const start = Date.now();
  const from = Math.max(start, origin ?? start);
  if (speed === 1 && from === start) return {now: () => Date.now()};
  return {now: () => from + Math.round((Date.now() - start) * speed)};
}

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('a ManualClock cannot go backwards; use set()');
    this.current += ms;
  }

  set(ms: number): void {
    this.current = ms;
  }
}
