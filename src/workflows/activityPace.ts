// The activity watcher's request budget and clock: how often it may ask, and the pacing of request starts.

export interface ActivityBudget {
  idleMs: number;
  activeMs: number;
  perSecond: number;
  deploymentsMs: number;
  /** How long an ended run stays in the snapshot. */
  recentMs: number;
}

export const ACTIVITY_BUDGET: ActivityBudget = {idleMs: 30_000, activeMs: 5_000, perSecond: 10, deploymentsMs: 300_000, recentMs: 3_600_000};

/** Milliseconds clock and an abortable sleep that resolves (never rejects) when aborted. */
export interface ActivityClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realClock: ActivityClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, {once: true});
    }),
};

/** At least 1000/perSecond ms between request starts: no 1-second window holds more than perSecond starts. */
export class Pacer {
  private next = -Infinity;
  constructor(
    private readonly clock: ActivityClock,
    private readonly spacingMs: number,
  ) {}

  async acquire(signal: AbortSignal): Promise<void> {
    const wait = this.next - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait, signal);
    this.next = Math.max(this.clock.now(), this.next) + this.spacingMs;
  }
}
