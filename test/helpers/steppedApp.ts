// Screen tests on the console's clock stepped by the test (steppedClock.ts): the App with the real screen registry
// against the demo service (screenApp.ts), its requests counted, where the activity watcher looks, the dbt gate
// polls and a flash clears only when the test moves the console's time on. react-query's polls stay on real
// timers (every 20 ms with POLLING, liveScale 0.01, which renderStepped passes).
import type {Api} from '../../src/api/client.js';
import type {NavTarget} from '../../src/ui/nav/navReducer.js';
import {reactIdle, type RenderTuiOptions, type Tui} from './renderTui.js';
import {instrument, POLLING, renderApp} from './screenApp.js';
import {SteppedClock, untilAnswered} from './steppedClock.js';

export interface Stepped {
  readonly tui: Tui;
  readonly clock: SteppedClock;
  readonly spy: ReturnType<typeof instrument>;
  /** Requests of the App in flight, those of the clients it derives (a deployment's data API) included. */
  readonly inflight: () => number;
}

/** `api` counting its requests in flight, and those of every client derived from it, in `n`. */
function counted(api: Api, n: {inflight: number}): Api {
  const count =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      n.inflight++;
      try {
        return await call(...args);
      } finally {
        n.inflight--;
      }
    };
  return {
    ...api,
    get: count((path, options) => api.get(path, options)),
    post: count((path, options) => api.post(path, options)),
    put: count((path, options) => api.put(path, options)),
    patch: count((path, options) => api.patch(path, options)),
    delete: count((path, options) => api.delete(path, options)),
    request: count((method, path, options) => api.request(method, path, options)),
    raw: count((method, path, options) => api.raw(method, path, options)),
    derive: (client) => counted(api.derive(client), n),
  };
}

/** The watcher's pace for a run going (5 s) at liveScale 0.01; the dbt gate polls every 20 ms. */
export const LOOK_MS = 50;

/** Renders the App on a stepped clock, its requests through `spy`. */
export function renderStepped(spy: Stepped['spy'], initial: NavTarget, opts: RenderTuiOptions = {}): Stepped {
  const clock = new SteppedClock();
  const n = {inflight: 0};
  return {tui: renderApp(counted(spy.api, n), initial, {...POLLING, ...opts, clock}), clock, spy, inflight: () => n.inflight};
}

/** One step of the console's clock: what fell due (a look of the watcher, a poll of the gate) is answered. */
export const step = (c: Stepped): Promise<void> => c.clock.advance(LOOK_MS, untilAnswered(c.inflight));

/** Steps the console's clock until `done`. */
export const stepUntil = (c: Stepped, done: () => boolean, what: string): Promise<void> => c.clock.stepUntil(done, what, LOOK_MS, untilAnswered(c.inflight));

/**
 * The flash line's message has had its time (5 s on the console's clock): its timer is set once React is idle. The
 * clock jumps (each timer due fires once, what it started answered) rather than stepping through the 5 s, which
 * fired the spinner's and the watcher's timers some fifty times, a frame or a request each.
 */
export async function flashTimeOver(c: Stepped): Promise<void> {
  await reactIdle(() => c.tui.frames.length);
  await c.clock.jump(5_000, untilAnswered(c.inflight));
}

/**
 * Moves the service's clock on `serviceStepMs` (builds and syncs advance only on it) and the console's by one step,
 * in turns, until `done` (at most 400 turns).
 */
export async function runUntil(c: Stepped, service: {advance(ms: number): void}, done: () => boolean, what: string, serviceStepMs = 1000): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) {
    service.advance(serviceStepMs);
    await step(c);
  }
  if (!done()) throw new Error(`${what}: not so after 400 steps of the service's clock and the console's; last frame:\n${c.tui.lastFrame()}`);
}
