// Engines never read Date.now() directly: they derive state from stored timestamps and a Clock, so tests can
// step time by hand and `svc server --speed N` can compress the planned durations without changing the logic.
export interface Clock {
  /** Milliseconds since the epoch, as seen by the service. */
  now(): number;
}

/**
 * Wall-clock time that runs `speed`× faster from the moment it is created. At speed 1 it is Date.now().
 * Faster clocks stay anchored to the real start so timestamps written before a restart remain comparable.
 */
export function systemClock(speed = 1): Clock {
  if (!Number.isFinite(speed) || speed <= 0) throw new Error(`clock speed must be a positive number, got ${speed}`);
  const start = Date.now();
  if (speed === 1) return {now: () => Date.now()};
  return {now: () => start + Math.round((Date.now() - start) * speed)};
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
