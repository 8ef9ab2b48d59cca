// Shared set-up for screen tests: the real local service on loopback (ManualClock, so builds move only when a
// test says so), the real API client reaching it in-process (its `fetch`: no loopback HTTP, which screen tests
// are not about; a client a test makes from `svc.url` goes over the socket), and the App with the real screen
// registry. What a test starts here is closed when that test finishes (registered per test: this module is loaded
// once per worker, not per file).
import {onTestFinished} from 'vitest';
import type {Api, RequestOptions} from '../../src/api/client.js';
import {ManualClock} from '../../src/server/engines/clock.js';
import type {SeedName} from '../../src/server/seed.js';
import type {NavTarget} from '../../src/ui/nav/navReducer.js';
import {SCREENS} from '../../screens/index.js';
import {renderTui, type RenderTuiOptions, type Tui} from './renderTui.js';
import {adminApi, startTestService, TEST_EPOCH, type TestService} from './startService.js';
import {eventually} from './eventually.js';

export interface Demo {
  svc: TestService;
  api: Api;
  clock: ManualClock;
}

/**
 * Each test starts its own service, and on a loaded two-core machine that and the first paint take seconds (the
 * service tier's testTimeout allows for it); frame waits are generous for the same reason. A passing wait returns
 * as soon as the frame matches.
 */
const FRAME_TIMEOUT_MS = 10_000;

/** What the current test started, closed newest first when it finishes. */
const running: {close(): unknown}[] = [];
function closeWhenTestEnds(r: {close(): unknown}): void {
  if (running.length === 0) {
    onTestFinished(async () => {
      for (const started of running.splice(0).reverse()) await started.close();
    });
  }
  running.push(r);
}

export async function startDemo(seed: SeedName = 'demo'): Promise<Demo> {
  const clock = new ManualClock(TEST_EPOCH);
  const svc = await startTestService({seed, clock});
  // Closed once, by the test (svc.close()) or when it finishes. (The finish used to call the guarded svc.close,
  // which saw its own flag set and closed nothing: every screen test left its service listening.)
  let closed = false;
  const close = svc.close.bind(svc);
  svc.close = () => (closed ? Promise.resolve() : ((closed = true), close()));
  closeWhenTestEnds({close: () => svc.close()});
  return {svc, clock, api: adminApi(svc)};
}

/**
 * One demo service for the tests of a file that change nothing in it (closed by the caller's afterAll), with every
 * screen's module loaded first: opening a screen then shows it at once instead of a Suspense spinner that no request
 * or frame would say is still waiting.
 */
export async function startSharedDemo(): Promise<{svc: TestService; api: Api}> {
  await Promise.all(SCREENS.map((s) => s.preload?.()));
  const svc = await startTestService({seed: 'demo', clock: new ManualClock(TEST_EPOCH)});
  return {svc, api: adminApi(svc)};
}

/**
 * Live intervals at 1/100 (a list's 10 s refresh every 100 ms, a build's 2 s poll every 20 ms): for a test that
 * watches what polling brings (`renderApp(api, target, {...opts, ...POLLING})`). Without it a screen polls at the
 * product's own pace, so a test that does not look at polls is not slowed by them: at 1/100 a deployments list
 * asks for each visible row's build and last sync ten times a second, and repaints after each answer.
 */
export const POLLING = {liveScale: 0.01} as const;

/**
 * Renders the App with the real screen registry, starting at `initial`, polling at the product's pace unless
 * `opts` says otherwise (`POLLING`); unmounted after the test.
 */
export function renderApp(api: Api, initial: NavTarget, opts: RenderTuiOptions = {}): Tui {
  const rendered = renderTui(null, {api, screens: SCREENS, initial, ...opts});
  closeWhenTestEnds({close: () => rendered.unmount()});
  return {...rendered, waitForFrame: (match, timeoutMs = FRAME_TIMEOUT_MS) => rendered.waitForFrame(match, timeoutMs)};
}

/**
 * A screen's refresh (r) after its service stopped: renders `target`, waits for `loaded`, closes the service and
 * presses r. Returns the frame that says `refresh failed`, for the test to check what is still shown.
 */
export async function refreshAfterServiceStops(target: NavTarget, loaded: string | RegExp): Promise<string> {
  const {api, svc} = await startDemo();
  const tui = renderApp(api, target);
  await tui.waitForFrame(loaded);
  await svc.close();
  await tui.press('r');
  return tui.waitForFrame('refresh failed');
}

/**
 * A screen's first visit: starts the demo, renders `initial` (with `opts`) with every request held until the
 * `loading` frame shows, then lets the requests through and waits for `ready`. Returns the demo, the spy, the Tui
 * and that frame.
 */
export async function renderThroughLoading(initial: NavTarget, loading: string | RegExp, ready: Parameters<Tui['waitForFrame']>[0], opts: RenderTuiOptions = {}) {
  const demo = await startDemo();
  const spy = instrument(demo.api);
  spy.hold();
  const tui = renderApp(spy.api, initial, opts);
  await tui.waitForFrame(loading);
  spy.release();
  const frame = await tui.waitForFrame(ready);
  return {...demo, spy, tui, frame};
}

/** Wraps an Api so a test can count requests (method + path) and hold them back until released. */
export function instrument(api: Api) {
  const calls: string[] = [];
  let inflight = 0;
  let gate: Promise<void> | undefined;
  let open: () => void = () => {};
  const wrap =
    (method: string) =>
    async (path: string, options?: RequestOptions): Promise<unknown> => {
      const query = new URLSearchParams(
        Object.entries(options?.searchParams ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      ).toString();
      calls.push(`${method} ${path}${query ? `?${query}` : ''}`);
      inflight++;
      try {
        if (gate) await gate;
        return await api.request(method, path, options);
      } finally {
        inflight--;
      }
    };
  const wrapped: Api = {
    ...api,
    get: wrap('GET'),
    post: wrap('POST'),
    put: wrap('PUT'),
    patch: wrap('PATCH'),
    delete: wrap('DELETE'),
    request: (method, path, options) => wrap(method.toUpperCase())(path, options),
  };
  return {
    api: wrapped,
    calls,
    count: (pattern: RegExp) => calls.filter((c) => pattern.test(c)).length,
    /** Requests sent and not yet answered. */
    inflight: () => inflight,
    /** Waits (bounded) until every request sent has been answered. */
    landed: () => eventually(() => inflight === 0, 'the requests in flight to land'),
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
  };
}

/**
 * Presses p and waits for the screen to say `pausedText`, then for requests already on their way to land:
 * after this, no request may start until live updates resume.
 */
export async function pauseLive(tui: Tui, spy: ReturnType<typeof instrument>, pausedText: string): Promise<void> {
  await tui.press('p');
  await tui.waitForFrame(pausedText);
  await spy.landed();
}

/**
 * Proves that the keys already pressed have been handled and opened nothing, without a fixed sleep: presses `?`
 * and waits for the help overlay, then closes it. Keys are handled in order, and a dialog or form takes `?` for
 * itself, so the wait fails if one of them opened one; whatever they rendered is on screen once help has gone.
 */
export async function keysSettled(tui: Tui): Promise<void> {
  await tui.press('?');
  await tui.waitForFrame('close help');
  await tui.press('escape');
  await tui.waitForFrame((f) => !f.includes('close help'));
}

/**
 * Waits for `marker` (a text input that just appeared) and its input hook to subscribe (an effect, after the paint:
 * `waitForFrame` waits for it), then presses `keys`: text typed before that would be lost, as it would for a very
 * fast human.
 */
export async function typeAfter(tui: Tui, marker: string | RegExp, ...keys: string[]): Promise<void> {
  await tui.waitForFrame(marker);
  await tui.press(...keys);
}

/**
 * Waits for the cursor row to show `marker` and the effects of that frame: DataTable reports the highlighted row to
 * the screen from an effect, which runs just after the paint (`waitForFrame` waits for it).
 */
export async function cursorOn(tui: Tui, marker: RegExp): Promise<void> {
  await tui.waitForFrame(marker);
}
