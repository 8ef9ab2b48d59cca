// Renders the App (or one screen inside all its providers) into a fake terminal with a real size, a fresh
// QueryClient as the console makes it (`testQueryClient`), and an injectable API. Always await a frame after pressing a key: Ink does not
// repaint synchronously.
// `settle()` waits for what was started to be done and drawn, on events rather than a quiet time: requests
// answered, query results drawn, React's effects run (`reactIdle`).
import React, {type ReactElement} from 'react';
import {EventEmitter} from 'node:events';
import {createRequire} from 'node:module';
import {render, type Instance} from 'ink';
import type {QueryClient} from '@tanstack/react-query';
import type {Api, RequestOptions} from '../../src/api/client.js';
import {App, type AppProps} from '../../src/ui/App.js';
import {createQueryClient, dataFramePending, enableClientMode} from '../../src/ui/queryClient.js';
import type {ScreenDef} from '../../src/ui/screen.js';
import {FakeStdin} from './fakeStdin.js';

enableClientMode();

/**
 * The query client of every test that stands in for the console's: the console's own (`createQueryClient`: its
 * staleTime, its retries of transient failures only), with one change. Retries come at once (`retryDelay: 0`): the
 * console waits 1 s and 2 s of real time before asking again, and a test would wait as long for a failure it shows.
 */
export const testQueryClient = (): QueryClient => createQueryClient({queries: {retryDelay: 0}});

// The harness's own timers, taken before a test can fake them (fakeDate, fakeIntervals fake some).
const {setTimeout: realSetTimeout, setImmediate: realSetImmediate} = globalThis;

/** The scheduler Ink's reconciler queues React's effects on (one copy in node_modules). */
interface Scheduler {
  unstable_scheduleCallback(priority: number, callback: () => void): unknown;
  readonly unstable_NormalPriority: number;
}
const requireHere = createRequire(import.meta.url);
const scheduler = createRequire(requireHere.resolve('react-reconciler'))('scheduler') as Scheduler;

/**
 * Resolves once React has done what is queued: Ink's next-turn work (a lone Esc is parsed on the next turn), the
 * render it caused and the effects after it, and again while that drew a frame (an effect that set state), at
 * most `rounds` rounds. A task of the effects' priority runs after the effects queued before it; one of idle
 * priority would wait behind a live screen's renders for seconds.
 */
export async function reactIdle(drawn: () => number, rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const before = drawn();
    await new Promise((resolve) => realSetImmediate(resolve));
    await new Promise<void>((resolve) => scheduler.unstable_scheduleCallback(scheduler.unstable_NormalPriority, resolve));
    if (drawn() === before) return;
  }
}

/**
 * Resolves once what a key (or a frame just drawn) set off in React is done: rendered, drawn, its effects run and
 * those of what they set (`reactIdle` for a few rounds). Not until the App is quiet: a screen still loading draws
 * a frame per answer, and a flash shown by the key could time out while the rows come in.
 */
export const keyHandled = (drawn: () => number): Promise<void> => reactIdle(drawn, 3);

class FakeStdout extends EventEmitter {
  frames: string[] = [];
  isTTY = true;
  /** Called after each write (waitForFrame's wake-up). */
  private readonly written = new Set<() => void>();
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frames.push(frame);
    for (const wake of this.written) wake();
    return true;
  };
  lastFrame = () => this.frames.at(-1) ?? '';

  /**
   * Resolves on the turn after the next write (once what drew it has run to its end: a commit that sets state in a
   * layout effect draws twice in one go), or after `pollMs` for a wait on something besides the frame.
   */
  nextWrite(pollMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.written.delete(wake);
        clearTimeout(timer);
        resolve();
      };
      const wake = () => {
        this.written.delete(wake);
        realSetImmediate(done);
      };
      const timer = realSetTimeout(done, pollMs);
      this.written.add(wake);
    });
  }
}

/** Key names → what a terminal sends. Anything else is sent as typed. */
export const KEYS: Record<string, string> = {
  enter: '\r',
  escape: '\u001B',
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  tab: '\t',
  'shift+tab': '\u001B[Z',
  pageup: '\u001B[5~',
  pagedown: '\u001B[6~',
  home: '\u001B[H',
  end: '\u001B[F',
  backspace: '\u007F',
  'ctrl+c': '\u0003',
  'ctrl+d': '\u0004',
  'ctrl+u': '\u0015',
};

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An Api whose every request goes to `handler(method, path, options)`; unhandled paths reject like a 404. */
export function fakeApi(handler: (method: string, path: string, options?: RequestOptions) => unknown = () => undefined): Api {
  const call = async (method: string, path: string, options?: RequestOptions) => {
    const out = await handler(method, path, options);
    if (out === undefined) throw new Error(`no fake response for ${method} ${path}`);
    return out;
  };
  const fake: Api = {
    baseUrl: 'http://127.0.0.1:1',
    get: (p, o) => call('GET', p, o),
    post: (p, o) => call('POST', p, o),
    put: (p, o) => call('PUT', p, o),
    patch: (p, o) => call('PATCH', p, o),
    delete: (p, o) => call('DELETE', p, o),
    request: (m, p, o) => call(m, p, o),
    raw: async () => {
      throw new Error('raw is not faked');
    },
    // Every credential and address answers from the same handler.
    derive: () => fake,
  };
  return fake;
}

export interface RenderTuiOptions extends Partial<Omit<AppProps, 'screens'>> {
  /** @default 100 */
  readonly columns?: number;
  /** @default 30 */
  readonly rows?: number;
  readonly screens?: readonly ScreenDef[];
  /** Screen id used when `ui` is an element. @default 'test' */
  readonly screenId?: string;
}

export interface Tui {
  readonly lastFrame: () => string;
  readonly frames: string[];
  readonly queryClient: QueryClient;
  /** How many times the app asked to quit (q, ctrl+c). */
  readonly quits: () => number;
  /**
   * Sends keys (names from KEYS or literal text), one write each, and after each waits until it is handled
   * (`keyHandled`): Ink has parsed it (a lone Esc on the next turn), and what it set is rendered, drawn and its
   * effects run (a prompt it opened listens), before the next key. A request it started may still be on its way.
   */
  press(...keys: string[]): Promise<void>;
  /** Writes each chunk as its own terminal read, all in one go (a fast typist, a slow frame): no pause between. */
  burst(...chunks: string[]): void;
  /**
   * Waits until the last frame contains `text` / satisfies `pred` (looking after each frame drawn, and every 10 ms
   * for a `pred` on something else), then until React has run what that frame's commit queued (`keyHandled`: a
   * prompt it shows listens), and returns that frame; throws with the last frame.
   */
  waitForFrame(match: string | RegExp | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  /**
   * Waits until what was started is done and drawn: no request of the query client in flight, none of `busy`
   * (e.g. an `instrument` spy's inflight), no query result waiting for its data frame, and React idle with no new
   * frame. Returns the last frame; throws after `timeoutMs` if the App never goes quiet.
   */
  settle(busy?: () => boolean, timeoutMs?: number): Promise<string>;
  resize(columns: number, rows: number): void;
  unmount(): void;
  readonly instance: Instance;
}

/**
 * Renders `ui` as the only screen (id `screenId`) inside the App's providers, or the App with its registry
 * when `ui` is null.
 */
export function renderTui(ui: ReactElement | null, opts: RenderTuiOptions = {}): Tui {
  const stdout = new FakeStdout(opts.columns ?? 100, opts.rows ?? 30);
  const stdin = new FakeStdin();
  const stderr = new FakeStdout(100, 30);
  const queryClient = opts.queryClient ?? testQueryClient();
  let quitCount = 0;
  const screenId = opts.screenId ?? 'test';
  const screens: readonly ScreenDef[] =
    ui === null
      ? (opts.screens ?? [])
      : [{id: screenId, title: opts.initial?.label ?? 'Test', name: screenId, aliases: [], component: () => ui}, ...(opts.screens ?? [])];
  const instance = render(
    <App
      api={opts.api ?? fakeApi()}
      contextName={opts.contextName ?? 'test'}
      host={opts.host ?? 'tenant.example'}
      readonly={opts.readonly}
      session={opts.session}
      leaving={opts.leaving}
      embedded={opts.embedded}
      queryClient={queryClient}
      screens={screens}
      initial={opts.initial ?? (ui === null ? undefined : {screen: screenId})}
      flashMs={opts.flashMs}
      liveScale={opts.liveScale}
      clock={opts.clock}
      {...(opts.switchContext ? {switchContext: opts.switchContext} : {})}
      {...(opts.prefs ? {prefs: opts.prefs} : {})}
      onQuit={() => {
        quitCount++;
        opts.onQuit?.();
      }}
    />,
    // The fakes implement what Ink uses of a TTY.
    {stdout: stdout as never, stdin: stdin as never, stderr: stderr as never, debug: true, exitOnCtrlC: false, patchConsole: false},
  );
  const drawn = () => stdout.frames.length;
  const tui: Tui = {
    lastFrame: stdout.lastFrame,
    frames: stdout.frames,
    queryClient,
    quits: () => quitCount,
    instance,
    async press(...keys) {
      for (const k of keys) {
        stdin.write(KEYS[k] ?? k);
        await keyHandled(drawn);
      }
    },
    burst(...chunks) {
      for (const c of chunks) stdin.write(c);
    },
    async waitForFrame(match, timeoutMs = 5000) {
      const ok =
        typeof match === 'string'
          ? (f: string) => f.includes(match)
          : match instanceof RegExp
            ? (f: string) => match.test(f)
            : match;
      // performance, not Date: a test may fake Date (fakeDate.ts).
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const frame = stdout.lastFrame();
        if (ok(frame)) {
          // As a person sees it: the effects of the commit that drew it have run (a field it shows listens).
          await keyHandled(drawn);
          return frame;
        }
        if (performance.now() > deadline) throw new Error(`frame did not match ${String(match)} within ${timeoutMs} ms; last frame:\n${frame}`);
        await stdout.nextWrite(10);
      }
    },
    async settle(busy = () => false, timeoutMs = 30_000) {
      const quiet = () => !busy() && queryClient.isFetching() === 0 && queryClient.isMutating() === 0 && !dataFramePending();
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const frames = drawn();
        await reactIdle(drawn);
        if (quiet() && drawn() === frames) return stdout.lastFrame();
        if (performance.now() > deadline) throw new Error(`the App did not settle within ${timeoutMs} ms; last frame:\n${stdout.lastFrame()}`);
        // A request or a data frame is on its way: wait for it without spinning.
        if (!quiet()) await new Promise((resolve) => realSetTimeout(resolve, 2));
      }
    },
    resize(columns, rows) {
      stdout.columns = columns;
      stdout.rows = rows;
      stdout.emit('resize');
    },
    unmount() {
      instance.unmount();
      instance.cleanup();
      queryClient.clear();
    },
  };
  return tui;
}
