// In-process harness for command mode: runs the command tree (src/commands/program.ts `run(argv)`) in this process
// against the service in-process (startTestService), with the same `Harness` as the spawned one
// (cliHarness.ts). A run sees only the environment it is given (plus PATH and HOME), an empty closed stdin or the
// given input, a piped (not a terminal) stdout/stderr that are captured, and its own exit code; all of it is put
// back after the run. While a run goes, fetch takes a request for a test service of this process to its app
// in-process (inProcessFetch.ts routeInProcess), and any other (a proxy, a stub, a hostile or closed server) over
// the network. Runs go one at a time (they share the process). What needs a real process stays in test/e2e:
// signals, main.ts exit codes and flushing, terminals, the first frame, start-up, install, EPIPE, and the
// telemetry/update-check hooks (which run only in the real CLI process: commands/housekeeping.ts).
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import {afterAll, beforeAll} from 'vitest';
import {run} from '../../src/commands/program.js';
import {systemClock, type Clock} from '../../src/server/engines/clock.js';
import type {RunningService} from '../../src/server/index.js';
import type {SeedName} from '../../src/server/seed.js';
import {background, type BackgroundRun} from './background.js';
import {ADMIN_KEY, type Harness, type Run} from './cliHarness.js';
import {routeInProcess} from './inProcessFetch.js';
import {startRecordingProxy, type RecordingProxy} from './recordingProxy.js';
import {demoImageAt, realTimeDemoImage} from './seedImage.js';
import {startTestService, type TestService} from './startService.js';

type Write = typeof process.stdout.write;
const SIGNALS = ['SIGINT', 'SIGTERM', 'exit'] as const;

let queue: Promise<unknown> = Promise.resolve();

/** What a run has printed so far, given each time it prints more. */
export type Watch = (out: Readonly<{stdout: string; stderr: string}>) => void;

/**
 * Runs `svc …` in this process with exactly `env` (PATH kept) and `input` on stdin (empty and closed if none);
 * `watch` sees the output as it comes.
 */
export function runInProcess(args: string[], env: Record<string, string>, input?: string, watch?: Watch): Promise<Run> {
  const next = queue.then(() => runOnce(args, env, input, watch));
  queue = next.catch(() => {});
  return next;
}

/** `svc …` in this process, going on while the test acts (a sign-in waiting for its approval). */
export function runInBackgroundInProcess(args: string[], env: Record<string, string>): BackgroundRun {
  return background((onStdout) => runInProcess(args, env, undefined, (out) => onStdout(out.stdout)));
}

async function runOnce(args: string[], env: Record<string, string>, input?: string, watch?: Watch): Promise<Run> {
  const saved = {env: {...process.env}, exitCode: process.exitCode, stdin: Object.getOwnPropertyDescriptor(process, 'stdin')!};
  const listeners = SIGNALS.map((s) => process.listenerCount(s));
  const out = {stdout: '', stderr: ''};
  const restore = [
    capture(process.stdout, (s) => {
      out.stdout += s;
      watch?.(out);
    }),
    capture(process.stderr, (s) => {
      out.stderr += s;
      watch?.(out);
    }),
  ];
  for (const key of Object.keys(process.env)) if (!key.startsWith('VITEST') && key !== 'NODE_ENV') delete process.env[key];
  Object.assign(process.env, {PATH: saved.env.PATH ?? ''}, env);
  // What main.ts does before loading the command tree.
  if ((env.NO_COLOR ?? '') !== '' || args.includes('--no-color')) process.env.FORCE_COLOR = '0';
  process.exitCode = undefined;
  Object.defineProperty(process, 'stdin', {configurable: true, enumerable: saved.stdin.enumerable, value: Readable.from(input ? [Buffer.from(input)] : [])});
  // The commands' clients (createApi, the sign-in's OAuth requests) reach a test service of this process in-process.
  const network = globalThis.fetch;
  globalThis.fetch = routeInProcess(network);
  let code: number;
  try {
    code = await run(args);
  } finally {
    globalThis.fetch = network;
    for (const undo of restore) undo();
    Object.defineProperty(process, 'stdin', saved.stdin);
    for (const key of Object.keys(process.env)) if (!(key in saved.env)) delete process.env[key];
    Object.assign(process.env, saved.env);
    process.exitCode = saved.exitCode;
  }
  newConnectionPool();
  // A command that leaves a process listener behind leaks it into every later run of a long-lived caller.
  const left = SIGNALS.filter((s, i) => process.listenerCount(s) > listeners[i]!);
  if (left.length > 0) throw new Error(`svc ${args.join(' ')} left process listeners behind: ${left.join(', ')}`);
  return {code, ...out};
}

const DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/**
 * Each run as a process of its own: fetch's pool of kept-alive connections is not handed on to the next run. A
 * real `svc` exits with its pool; shared between runs (and between the files of a shared worker), a connection
 * idle longer than the service's keep-alive timeout could be reused just as the service closed it, and the
 * next command failed with `read ECONNRESET`. The old pool closes once its requests (if any) are done.
 */
function newConnectionPool(): void {
  const global = globalThis as unknown as Record<symbol, {close(): Promise<void>} | undefined>;
  const pool = global[DISPATCHER];
  if (!pool) return;
  global[DISPATCHER] = new (pool.constructor as new () => {close(): Promise<void>})();
  pool.close().catch(() => {});
}

/** Captures what is written to `stream` (a pipe, not a terminal, for the run); returns the undo. */
function capture(stream: NodeJS.WriteStream, sink: (text: string) => void): () => void {
  const write = stream.write;
  const tty = Object.getOwnPropertyDescriptor(stream, 'isTTY');
  stream.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((err?: Error | null) => void), cb?: (err?: Error | null) => void) => {
    sink(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8'));
    const done = typeof encoding === 'function' ? encoding : cb;
    if (done) queueMicrotask(() => done());
    return true;
  }) as Write;
  Object.defineProperty(stream, 'isTTY', {configurable: true, value: false});
  return () => {
    stream.write = write;
    if (tty) Object.defineProperty(stream, 'isTTY', tty);
    else delete (stream as {isTTY?: boolean}).isTTY;
  };
}

export interface CliServiceOptions {
  /** Default ':memory:'. */
  dataFile?: string;
  /** The engines' time runs `speed`× faster than real time (`svc server --speed`); default 1. */
  speed?: number;
  /** Default ADMIN_KEY. */
  adminKey?: string;
  /** Default 'demo'. */
  seed?: SeedName;
  /** The engines' clock instead of real time × `speed`: a JumpClock lets a test pass token lifetimes at once. */
  clock?: Clock;
  /** What `svc server` reads from its environment (SVC_SERVER_DEVICE_INTERVAL…), set while the service starts. */
  serverEnv?: Record<string, string>;
  /** The service's log lines (what `svc server` prints on stderr). */
  log?: (line: string) => void;
}

/**
 * The service in-process on loopback, as `svc server` starts it (real time or `speed`× faster, a fixed admin key). A
 * demo starts from the worker's real-time image (seedImage.ts realTimeDemoImage) instead of seeding, in memory or
 * on a new data file (startTestService).
 */
export async function startCliService(opts: CliServiceOptions = {}): Promise<TestService> {
  const saved = Object.keys(opts.serverEnv ?? {}).map((key) => [key, process.env[key]] as const);
  const clock = opts.clock ?? systemClock(opts.speed ?? 1);
  const seed = opts.seed ?? 'demo';
  const dataFile = opts.dataFile ?? ':memory:';
  const image = seed === 'demo' ? (demoImageAt(clock.now()) ?? (await realTimeDemoImage(clock.now()))) : undefined;
  Object.assign(process.env, opts.serverEnv);
  try {
    return await startTestService({dataFile, seed, adminKey: opts.adminKey ?? ADMIN_KEY, clock, log: opts.log, demoImage: image});
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * Real time (× `speed`, default 1) plus the jumps a test makes: `jump` passes an access token's or a device code's
 * lifetime at once, while everything else (the device flow's polling pace, builds) goes at the clock's pace; `pace`
 * changes that pace from now on (0: the clock stands still, so a job stays where it is while the test acts on it).
 */
export class JumpClock implements Clock {
  /** Real time when the pace last changed, and the clock's time then. */
  private since = Date.now();
  private at = this.since;

  constructor(private speed = 1) {}

  now(): number {
    return this.at + Math.round((Date.now() - this.since) * this.speed);
  }

  jump(ms: number): void {
    this.at += ms;
  }

  pace(speed: number): void {
    this.at = this.now();
    this.since = Date.now();
    this.speed = speed;
  }
}

export interface InProcessHarness extends Harness {
  service: TestService;
}

/**
 * The service in-process (startCliService) and `svc` runs against it with a throw-away config directory: the
 * in-process counterpart of cliHarness.ts startHarness().
 */
export async function startInProcessHarness(opts: CliServiceOptions = {}): Promise<InProcessHarness> {
  const work = mkdtempSync(join(tmpdir(), 'svc-cli-inproc-'));
  const configDir = join(work, 'config');
  const service = await startCliService(opts);
  const base = {HOME: work, SVC_CONFIG_DIR: configDir, CI: 'true', NO_COLOR: '1'};
  return {
    service,
    url: service.url,
    scopedKey: service.scopedKey ?? '',
    configDir,
    svc: (args, o = {}) => runInProcess(args, {...base, ...o.env}, o.input),
    admin: (args, o = {}) => runInProcess(args, {...base, SVC_API_URL: service.url, SVC_API_KEY: service.adminKey, ...o.env}, o.input),
    close: () => service.close(),
  };
}

export interface ProxiedService {
  work: string;
  service: RunningService;
  /** Records every exchange between the CLI and the service. */
  proxy: RecordingProxy;
  /** The environment of a run as the admin through the proxy, with this file's config directory. */
  env(): Record<string, string>;
}

/** One service behind a recording proxy for the whole calling file (started beforeAll, stopped afterAll). */
export function proxiedServicePerFile(prefix: string): ProxiedService {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const s = {work} as ProxiedService;
  s.env = () => ({HOME: work, SVC_CONFIG_DIR: join(work, 'config'), CI: 'true', SVC_API_URL: s.proxy.url, SVC_API_KEY: s.service.adminKey});
  beforeAll(async () => {
    s.service = await startCliService();
    s.proxy = await startRecordingProxy(s.service.url);
  });
  afterAll(async () => {
    await s.proxy.close();
    await s.service.close();
  });
  return s;
}
