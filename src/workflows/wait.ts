// The one poll engine behind every wait (build-status --wait, dbt status/sync --wait, the UI's live views).
// Semantics follow the real client: a progress line only when the label changes,
// a short streak of transient failures absorbed with backoff, sleeps clipped to the deadline so the last look
// happens at the deadline, and a timeout message that says what to do next.
import {isTransient as isTransientApiError} from '../api/client.js';
import {oneLine} from '../api/errors.js';
import {timeSpan} from '../lib/time.js';

export type PollResult<T> = {done: true; value: T} | {done: false; label: string};

export interface WaitOptions<T> {
  /** Names the thing waited for; prefixes progress lines and the timeout message. */
  what: string;
  timeoutMs: number;
  intervalMs: number;
  poll: (signal: AbortSignal) => Promise<PollResult<T>>;
  /** Receives `"<what>: <label>"` when the label changes and `"<what>: <err> (retrying, n/5)"` on a blip. */
  onProgress?: (line: string) => void;
  /** Second sentence of the timeout message. */
  advice?: string;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds clock for the deadline; tests inject a fake one together with `sleep`. */
  now?: () => number;
  /** Ends the wait early (a screen unmounting, ctrl+c); the pending poll sees the same signal. */
  signal?: AbortSignal;
  /** Which failures are worth another look; defaults to the API client's rule (5xx, 408, 429, network). */
  isTransient?: (err: unknown) => boolean;
}

export const MAX_TRANSIENT_FAILURES = 5;
export const MAX_BACKOFF_MS = 60_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
export const DEFAULT_WAIT_ADVICE = 'It may still be running — re-run the status command to check, or raise --timeout';

/** Delay before the next look: the interval while healthy, then ×1, ×2, ×4… during a failure streak, ≤ 60 s. */
export function backoffMs(intervalMs: number, streak: number): number {
  if (streak <= 0) return intervalMs;
  return Math.min(intervalMs * 2 ** (streak - 1), MAX_BACKOFF_MS);
}

function messageOf(err: unknown): string {
  return oneLine(err instanceof Error ? err.message : String(err));
}

export class WaitTimeoutError extends Error {
  constructor(
    message: string,
    readonly elapsedMs: number,
    readonly lastError?: unknown,
  ) {
    super(message);
    this.name = 'WaitTimeoutError';
  }
}

/** What an aborted wait throws: the signal's reason, else an AbortError. */
export function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The wait was aborted', 'AbortError');
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    // setTimeout fires at once beyond 2^31-1 ms; a shorter sleep only means an earlier look.
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.min(ms, MAX_TIMER_MS));
    signal?.addEventListener('abort', onAbort, {once: true});
  });
}

/** Polls until `poll` reports done, a fatal error, the 6th transient error in a row, or the deadline. */
export async function waitFor<T>(opts: WaitOptions<T>): Promise<T> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? defaultSleep;
  const transient = opts.isTransient ?? isTransientApiError;
  const emit = opts.onProgress ?? (() => {});
  const signal = opts.signal ?? new AbortController().signal;
  const start = now();
  const deadline = start + opts.timeoutMs;
  let lastLabel: string | undefined;
  let streak = 0;
  let lastError: unknown;

  for (;;) {
    if (signal.aborted) throw abortError(signal);
    const look = boundedLook(signal, Math.max(deadline - now(), LAST_LOOK_MS));
    try {
      const result = await look.run(opts.poll);
      streak = 0;
      lastError = undefined;
      if (result.done) return result.value;
      if (result.label !== lastLabel) {
        lastLabel = result.label;
        emit(`${opts.what}: ${result.label}`);
      }
    } catch (err) {
      if (look.overran()) throw timeoutError(opts, now() - start, new Error('no answer to the request in flight'));
      if (signal.aborted || !transient(err) || streak >= MAX_TRANSIENT_FAILURES) throw err;
      streak += 1;
      lastError = err;
      emit(`${opts.what}: ${messageOf(err)} (retrying, ${streak}/${MAX_TRANSIENT_FAILURES})`);
    } finally {
      look.release();
    }
    const left = deadline - now();
    if (left <= 0) throw timeoutError(opts, now() - start, lastError);
    await sleep(Math.min(backoffMs(opts.intervalMs, streak), left), signal);
  }
}

/** The least time a look gets, also the last one taken at the deadline: the wait ends by `timeoutMs` + this. */
export const LAST_LOOK_MS = 1_000;

class LookOverran extends Error {}

/**
 * One poll bounded by the wait's deadline (real time: a request that never answers must not outlast --timeout).
 * Its signal follows the caller's and aborts when the time is up; the poll is also raced against it, so a poll that
 * ignores its signal cannot hold the wait either.
 */
function boundedLook(outer: AbortSignal, ms: number) {
  const controller = new AbortController();
  const follow = () => controller.abort(outer.reason);
  outer.addEventListener('abort', follow, {once: true});
  const timer = setTimeout(() => controller.abort(new LookOverran()), Math.min(ms, MAX_TIMER_MS));
  timer.unref?.();
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {once: true});
  });
  return {
    run: <R>(poll: (signal: AbortSignal) => Promise<R>): Promise<R> => Promise.race([poll(controller.signal), stopped]),
    overran: () => controller.signal.reason instanceof LookOverran,
    release: () => {
      clearTimeout(timer);
      outer.removeEventListener('abort', follow);
    },
  };
}

function timeoutError(opts: WaitOptions<unknown>, elapsedMs: number, lastError: unknown): WaitTimeoutError {
  const advice = (opts.advice ?? DEFAULT_WAIT_ADVICE).replace(/\.+$/, '');
  const last = lastError === undefined ? '' : `. Last error: ${messageOf(lastError)}`;
  return new WaitTimeoutError(`timed out after ${timeSpan(elapsedMs)} waiting for ${opts.what}. ${advice}${last}`, elapsedMs, lastError);
}
