import {describe, expect, it} from 'vitest';
import {ApiError, TransportError} from '../../src/api/client.js';
import {backoffMs, waitFor, WaitTimeoutError, type PollResult} from '../../src/workflows/wait.js';

class Blip extends Error {
  readonly transient = true;
}
class Fatal extends Error {}

/** A fake timeline: `sleep` moves time forward instantly and records every delay the engine asked for. */
function timeline() {
  let t = 1_000_000;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
    elapse: (ms: number) => {
      t += ms;
    },
  };
}

type Step<T> = PollResult<T> | Error;

function script<T>(steps: Step<T>[]) {
  let i = 0;
  const poll = async (): Promise<PollResult<T>> => {
    const step = steps[Math.min(i, steps.length - 1)]!;
    i += 1;
    if (step instanceof Error) throw step;
    return step;
  };
  return {poll, calls: () => i};
}

const isTransient = (err: unknown) => err instanceof Blip;
const waiting = (label: string): PollResult<never> => ({done: false, label});

describe('waitFor', () => {
  it('prints a progress line only when the label changes and returns the final value', async () => {
    const tl = timeline();
    const lines: string[] = [];
    const {poll, calls} = script<string>([
      waiting('queued'),
      waiting('queued'),
      waiting('building'),
      waiting('building'),
      waiting('building'),
      waiting('warmup'),
      {done: true, value: 'built'},
    ]);
    const value = await waitFor({what: 'build', timeoutMs: 60_000, intervalMs: 5_000, poll, onProgress: (l) => lines.push(l), isTransient, ...tl});
    expect(value).toBe('built');
    expect(lines).toEqual(['build: queued', 'build: building', 'build: warmup']);
    expect(calls()).toBe(7);
    expect(tl.sleeps).toEqual([5000, 5000, 5000, 5000, 5000, 5000]);
  });

  it('absorbs five transient failures in a row, with retry lines, without repeating the label', async () => {
    const tl = timeline();
    const lines: string[] = [];
    const blip = new Blip('GET /x failed with 503 Service Unavailable: busy');
    const {poll} = script<number>([waiting('building'), blip, blip, blip, blip, blip, waiting('building'), {done: true, value: 7}]);
    const value = await waitFor({what: 'build', timeoutMs: 3_600_000, intervalMs: 5_000, poll, onProgress: (l) => lines.push(l), isTransient, ...tl});
    expect(value).toBe(7);
    expect(lines).toEqual([
      'build: building',
      ...[1, 2, 3, 4, 5].map((n) => `build: GET /x failed with 503 Service Unavailable: busy (retrying, ${n}/5)`),
    ]);
    // healthy interval, then x1, x2, x4, x8, x16 of it during the streak, then healthy again
    expect(tl.sleeps).toEqual([5000, 5000, 10_000, 20_000, 40_000, 60_000, 5000]);
  });

  it('gives up on the sixth consecutive transient failure and rethrows it', async () => {
    const tl = timeline();
    const errors = [1, 2, 3, 4, 5, 6].map((n) => new Blip(`blip ${n}`));
    const {poll, calls} = script<number>([waiting('building'), ...errors]);
    await expect(waitFor({what: 'build', timeoutMs: 3_600_000, intervalMs: 1_000, poll, isTransient, ...tl})).rejects.toBe(errors[5]);
    expect(calls()).toBe(7);
  });

  it('a successful look resets the streak', async () => {
    const tl = timeline();
    const blip = new Blip('blip');
    const steps: Step<number>[] = [blip, blip, blip, blip, blip, waiting('building'), blip, blip, blip, blip, blip, {done: true, value: 1}];
    const {poll} = script<number>(steps);
    await expect(waitFor({what: 'build', timeoutMs: 3_600_000, intervalMs: 1_000, poll, isTransient, ...tl})).resolves.toBe(1);
  });

  it('rethrows a fatal error at once', async () => {
    const tl = timeline();
    const fatal = new Fatal('forbidden (403): not your deployment');
    const lines: string[] = [];
    const {poll, calls} = script<number>([waiting('building'), fatal, waiting('built')]);
    await expect(waitFor({what: 'build', timeoutMs: 60_000, intervalMs: 1_000, poll, onProgress: (l) => lines.push(l), isTransient, ...tl})).rejects.toBe(fatal);
    expect(calls()).toBe(2);
    expect(lines).toEqual(['build: building']);
  });

  it('clips the last sleep to the deadline, takes one last look, then times out with the advice', async () => {
    const tl = timeline();
    const {poll, calls} = script<number>([waiting('building')]);
    const wait = waitFor({what: 'build', timeoutMs: 12_000, intervalMs: 5_000, poll, advice: 'Check it with `svc deployments build-status 1`', isTransient, ...tl});
    const err = await wait.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect((err as Error).message).toBe('timed out after 12s waiting for build. Check it with `svc deployments build-status 1`');
    expect(tl.sleeps).toEqual([5000, 5000, 2000]);
    expect(calls()).toBe(4);
  });

  it('says how long the wait took as a user reads it, a time under a second included', async () => {
    const said: string[] = [];
    for (const timeoutMs of [500, 1_500, 125_000]) {
      const {poll} = script<number>([waiting('building')]);
      const err = (await waitFor({what: 'build', timeoutMs, intervalMs: 200, poll, isTransient, ...timeline()}).catch((e: unknown) => e)) as Error;
      said.push(/^timed out after (.+?) waiting for build\./.exec(err.message)?.[1] ?? err.message);
    }
    expect(said).toEqual(['500ms', '1.5s', '2m 5s']);
  });

  it('uses the default advice and names the last error while a failure streak is active', async () => {
    const tl = timeline();
    const {poll} = script<number>([waiting('building'), new Blip('request to http://127.0.0.1:1/x failed: ECONNREFUSED')]);
    const err = (await waitFor({what: 'build', timeoutMs: 10_000, intervalMs: 4_000, poll, isTransient, ...tl}).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(
      'timed out after 10s waiting for build. It may still be running — re-run the status command to check, or raise --timeout. Last error: request to http://127.0.0.1:1/x failed: ECONNREFUSED',
    );
  });

  it('omits the last error once a look succeeded again', async () => {
    const tl = timeline();
    const {poll} = script<number>([new Blip('blip'), waiting('building')]);
    const err = (await waitFor({what: 'build', timeoutMs: 10_000, intervalMs: 4_000, poll, isTransient, ...tl}).catch((e: unknown) => e)) as Error;
    expect(err.message).not.toContain('Last error');
  });

  it('counts a slow poll against the deadline', async () => {
    const tl = timeline();
    const poll = async (): Promise<PollResult<number>> => {
      tl.elapse(7_000);
      return waiting('building');
    };
    const err = (await waitFor({what: 'dbt sync', timeoutMs: 10_000, intervalMs: 5_000, poll, isTransient, ...tl}).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/^timed out after 17s waiting for dbt sync\./);
    expect(tl.sleeps).toEqual([3000]);
  });

  it("by default follows the API client's rule: 5xx and transport failures are retried, 4xx are not", async () => {
    const tl = timeline();
    const lines: string[] = [];
    const unavailable = new ApiError(503, 'GET', '/api/v1/deployments/1/build-status', 'restarting', 'Service Unavailable');
    const refused = new TransportError('http://127.0.0.1:9/api/v1/x', 'connect ECONNREFUSED 127.0.0.1:9');
    const forbidden = new ApiError(403, 'GET', '/api/v1/deployments/1/build-status', 'not your deployment');
    const {poll} = script<number>([unavailable, refused, forbidden]);
    await expect(waitFor({what: 'build', timeoutMs: 60_000, intervalMs: 1_000, poll, onProgress: (l) => lines.push(l), ...tl})).rejects.toBe(forbidden);
    expect(lines).toEqual([
      'build: GET /api/v1/deployments/1/build-status failed with 503 Service Unavailable: restarting (retrying, 1/5)',
      'build: request to http://127.0.0.1:9/api/v1/x failed: connect ECONNREFUSED 127.0.0.1:9 (retrying, 2/5)',
    ]);
  });

  it('stops when aborted, without another look', async () => {
    const controller = new AbortController();
    const {poll, calls} = script<number>([waiting('building')]);
    const wait = waitFor({what: 'build', timeoutMs: 60_000, intervalMs: 50, poll, signal: controller.signal, isTransient});
    setTimeout(() => controller.abort(new Error('stopped by the user')), 10);
    await expect(wait).rejects.toThrow('stopped by the user');
    expect(calls()).toBe(1);
  });

  it('bounds a look that never answers by the deadline: its signal aborts, and a poll ignoring it is left behind', async () => {
    let seen: AbortSignal | undefined;
    const hung = (signal: AbortSignal) => {
      seen = signal;
      return new Promise<PollResult<number>>(() => {});
    };
    const started = Date.now();
    const err = await waitFor({what: 'build', timeoutMs: 1_200, intervalMs: 100, poll: hung, isTransient}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    // The message says how long the wait took, to the tenth of a second (a look at the deadline may take longer).
    const {elapsedMs, message} = err as WaitTimeoutError;
    expect(message).toMatch(/^timed out after \d+(\.\d)?s waiting for build\. .*Last error: no answer to the request in flight$/);
    expect(Math.abs(Number(/after ([\d.]+)s/.exec(message)?.[1]) - elapsedMs / 1000)).toBeLessThanOrEqual(0.05);
    expect(seen?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('sleeps for real by default', async () => {
    const {poll} = script<number>([waiting('a'), {done: true, value: 3}]);
    const started = Date.now();
    await expect(waitFor({what: 'x', timeoutMs: 5_000, intervalMs: 60, poll, isTransient})).resolves.toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('backoffMs', () => {
  it('doubles from the interval during a streak and never exceeds 60 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((s) => backoffMs(5_000, s))).toEqual([5000, 5000, 10_000, 20_000, 40_000, 60_000]);
    expect(backoffMs(45_000, 3)).toBe(60_000);
    expect(backoffMs(1_000, 5)).toBe(16_000);
  });
});
