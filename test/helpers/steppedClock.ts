// The console's clock (src/ui/clock.ts) as a test steps it: time stands still until the test moves it on, and a
// flash's time, a notice's, the activity watcher's looks, the dbt gate's polls and the tickers then come due at
// once, in order, instead of after a real wait. Given to the App as `renderTui(…, {clock})`.
import type {UiClock} from '../../src/ui/clock.js';

interface Timer {
  readonly id: number;
  due: number;
  readonly every: number | undefined;
  readonly fn: () => void;
}

/** Lets what a firing started go on: its promise callbacks and the next turn of the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A `between` for `advance`: what a firing started is answered. It lets the firing's promise callbacks start their
 * requests, then waits (bounded, 5 s) until none of `inflight` (e.g. an `instrument` spy's) is in flight, on
 * events of the event loop rather than a fixed time.
 */
export function untilAnswered(inflight: () => number): () => Promise<void> {
  return async () => {
    await nextTurn();
    const deadline = performance.now() + 5_000;
    while (inflight() > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
    await nextTurn();
  };
}

export class SteppedClock implements UiClock {
  private current: number;
  private readonly timers = new Map<number, Timer>();
  private nextId = 1;

  /** @param start the time it shows until moved. @default Date.now() */
  constructor(start = Date.now()) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  after(ms: number, fn: () => void): () => void {
    return this.add(Math.max(0, ms), undefined, fn);
  }

  every(ms: number, fn: () => void): () => void {
    return this.add(Math.max(1, ms), Math.max(1, ms), fn);
  }

  /** How many timers wait. */
  pending(): number {
    return this.timers.size;
  }

  /** In how many ms each waiting timer comes due, soonest first. */
  dueIn(): number[] {
    return [...this.timers.values()].map((t) => t.due - this.current).sort((a, b) => a - b);
  }

  /**
   * Moves time on by `ms`, firing each timer as its time comes, in order (one that a firing sets within the step
   * fires too). Before it moves and after each firing it awaits `between` (what was started is done: a request
   * answered, a frame drawn; by default the next turn of the event loop), so time moves only while the console
   * waits for it. Throws after `maxFirings`, so a timer that keeps setting another at once cannot hold the test.
   */
  async advance(ms: number, between: () => Promise<unknown> = nextTurn, maxFirings = 10_000): Promise<void> {
    if (ms < 0) throw new Error('a SteppedClock cannot go backwards');
    await between();
    const until = this.current + ms;
    for (let fired = 0; ; fired++) {
      const timer = this.firstDue(until);
      if (!timer) break;
      if (fired >= maxFirings) throw new Error(`more than ${maxFirings} timers fired within ${ms} ms`);
      this.current = Math.max(this.current, timer.due);
      this.fire(timer, timer.due + (timer.every ?? 0));
      await between();
    }
    this.current = until;
  }

  /**
   * Moves time on by `ms` at once, as a wall clock that jumped (a machine that slept): each timer that came due in
   * between fires once, soonest first, a repeating one next due `every` after the new time. So a ticker shows the
   * new time once, instead of once per interval on the way as `advance` fires it (a spinner's 150 ms over a minute:
   * 400 frames). Awaits `between` before it moves and after each firing, as `advance` does.
   */
  async jump(ms: number, between: () => Promise<unknown> = nextTurn): Promise<void> {
    if (ms < 0) throw new Error('a SteppedClock cannot go backwards');
    await between();
    this.current += ms;
    const due = [...this.timers.values()].filter((t) => t.due <= this.current).sort((a, b) => a.due - b.due);
    for (const timer of due) {
      // Cancelled by an earlier firing.
      if (!this.timers.has(timer.id)) continue;
      this.fire(timer, this.current + (timer.every ?? 0));
      await between();
    }
  }

  /**
   * Moves time on `stepMs` at a time (each step as `advance`, awaiting `between` after each firing) until `ok`;
   * throws, naming `what` (a function: asked then, for what is known only when it fails), when it is not so after
   * `maxSteps` steps, or after `withinMs` of real time (a loaded machine then gets this message, not the test's
   * timeout).
   */
  async stepUntil(ok: () => boolean, what: string | (() => string), stepMs: number, between?: () => Promise<unknown>, bound: {maxSteps?: number; withinMs?: number} = {}): Promise<void> {
    const {maxSteps = 400, withinMs = Infinity} = bound;
    const deadline = performance.now() + withinMs;
    let steps = 0;
    for (; steps < maxSteps && !ok() && performance.now() < deadline; steps++) await this.advance(stepMs, between);
    if (!ok()) throw new Error(`${typeof what === 'string' ? what : what()}: not so after ${steps} steps of ${stepMs} ms of the console's clock`);
  }

  /** Runs `timer`: a one-off is gone, a repeating one is next due at `nextDue`. */
  private fire(timer: Timer, nextDue: number): void {
    if (timer.every === undefined) this.timers.delete(timer.id);
    else timer.due = nextDue;
    timer.fn();
  }

  private add(ms: number, every: number | undefined, fn: () => void): () => void {
    const id = this.nextId++;
    this.timers.set(id, {id, due: this.current + ms, every, fn});
    return () => void this.timers.delete(id);
  }

  private firstDue(until: number): Timer | undefined {
    let first: Timer | undefined;
    for (const t of this.timers.values()) if (t.due <= until && (!first || t.due < first.due)) first = t;
    return first;
  }
}
