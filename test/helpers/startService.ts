// Test access to the local service, two ways:
//  - startTestService(): the real thing on 127.0.0.1, port 0, ':memory:' unless a data file is given, with a
//    `fetch` that reaches its app in-process for a client whose test is not about the transport;
//  - testApp(): the same app in-process through app.request() (no port), with a ManualClock;
//  - testAppEach(): a fresh testApp() for every test of a file.
// A demo seed at TEST_EPOCH is a copy of the run's seeded image (seedImage.ts), with keys of its own: in memory, and
// on a new data file too (newDemoFile).
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach} from 'vitest';
import {createApi, type Api} from '../../src/api/client.js';
import {createApp} from '../../src/server/app.js';
import type {App} from '../../src/server/appTypes.js';
import {closeContext, createContext, type ServiceContext} from '../../src/server/context.js';
import {demoImageFile} from '../../src/server/demoImage.js';
import {ManualClock, type Clock, type Timer} from '../../src/server/engines/clock.js';
import {startService, type RunningService, type StartOptions} from '../../src/server/index.js';
import {issueSeedKeys, seed, type SeedName, type SeedResult} from '../../src/server/seed.js';
import {demoImageAt, TEST_EPOCH} from './seedImage.js';
import {listenInProcess, routeInProcess} from './inProcessFetch.js';

export {TEST_EPOCH};

export interface TestService extends RunningService {
  /**
   * A fetch that takes a request for this service (or any other listening in this process) straight to its app,
   * in-process (inProcessFetch.ts routeInProcess), until it closes: for a client whose test is about what it shows or
   * sends, not about the transport (createApi's `fetch`).
   */
  fetch: typeof globalThis.fetch;
}

/**
 * The service on 127.0.0.1. A demo at TEST_EPOCH (or with the `demoImage` given) starts from the image: in memory from
 * its bytes; on a new data file the way `svc ui --local` starts one from its cache (a private directory holding
 * the image, removed once the service has copied it), not seeded (~450 ms of CPU).
 */
export async function startTestService(opts: StartOptions = {}): Promise<TestService> {
  const svc = await startOnPort(opts);
  const unlisten = listenInProcess(svc);
  return {...svc, fetch: routeInProcess(), close: () => (unlisten(), svc.close())};
}

/** The real client with the service's admin key, reaching it in-process (its `fetch`). */
export function adminApi(svc: TestService): Api {
  return createApi({baseUrl: svc.url, token: svc.adminKey, fetch: svc.fetch});
}

async function startOnPort(opts: StartOptions): Promise<RunningService> {
  const o: StartOptions = {port: 0, dataFile: ':memory:', clock: new ManualClock(TEST_EPOCH), ...opts};
  const demoImage = o.demoImage ?? demoImageAt(o.clock?.now());
  const image = o.demoImageDir === undefined ? newDemoFile(o.seed ?? 'demo', o.dataFile!, demoImage) : undefined;
  if (image === undefined) return startService({...o, demoImage});
  const demoImageDir = mkdtempSync(join(tmpdir(), 'svc-test-file-image-'));
  try {
    writeFileSync(demoImageFile(demoImageDir), image, {mode: 0o600});
    return await startService({...o, demoImage, demoImageDir});
  } finally {
    rmSync(demoImageDir, {recursive: true, force: true});
  }
}

/** The image to start a data file from: a demo seed on a file that does not exist yet (a later start reopens it). */
function newDemoFile(seedName: SeedName, dataFile: string, image: Buffer | undefined): Buffer | undefined {
  return seedName === 'demo' && dataFile !== ':memory:' && !existsSync(dataFile) ? image : undefined;
}

export interface CallOptions {
  method?: string;
  /** Bearer token; default the admin key. null sends no Authorization header. */
  key?: string | null;
  json?: unknown;
  /** Raw body (sent with content-type application/json unless headers say otherwise). */
  body?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: App;
  ctx: ServiceContext;
  clock: ManualClock;
  adminKey: string;
  scopedKey: string | undefined;
  call(path: string, opts?: CallOptions): Promise<{status: number; body: any; headers: Headers}>;
  close(): void;
}

export interface SeededContextOptions {
  clock: Clock;
  /** Default ':memory:'. */
  dataFile?: string;
  log?: (line: string) => void;
  /** The data API's bound on one query (default the service's own). */
  queryTimeoutMs?: number;
  /** Where that bound's deadlines run (default real time), e.g. a SteppedClock the test moves on. */
  queryTimer?: Timer;
}

/**
 * A service's context and app, seeded as a service seeds (the app first: its routes register hooks that seeding
 * runs), with its keys. A demo whose clock starts at TEST_EPOCH, in memory or on a new data file, is a copy of the
 * run's image instead (a few ms, not a seed's ~450 ms of CPU) with keys of its own, as a service starts from one.
 */
export function seededContext(seedName: SeedName, opts: SeededContextOptions): {ctx: ServiceContext; app: App; keys: SeedResult | Pick<SeedResult, 'adminKey' | 'scopedKey'>} {
  const dataFile = opts.dataFile ?? ':memory:';
  const demoImage = seedName === 'demo' ? demoImageAt(opts.clock.now()) : undefined;
  const fileImage = newDemoFile(seedName, dataFile, demoImage);
  // The copy is made as copyDemoImage makes it: a new private file (exclusive, 0600).
  if (fileImage) writeFileSync(dataFile, fileImage, {mode: 0o600, flag: 'wx'});
  const image = dataFile === ':memory:' ? demoImage : undefined;
  const ctx = createContext({log: () => {}, ...opts, dataFile, image});
  const app = createApp(ctx);
  const keys = (image ?? fileImage) !== undefined ? ctx.db.transaction(() => issueSeedKeys(ctx, 'demo'))() : seed(ctx, seedName);
  return {ctx, app, keys};
}

/** `queryTimeoutMs`, `queryTimer`: the data API's bound on one query and its timer (default the service's own). */
export function testApp(seedName: SeedName = 'demo', opts: Pick<SeededContextOptions, 'queryTimeoutMs' | 'queryTimer'> = {}): TestApp {
  const clock = new ManualClock(TEST_EPOCH);
  const {ctx, app, keys} = seededContext(seedName, {clock, ...opts});
  const adminKey = keys.adminKey!;
  return {
    app,
    ctx,
    clock,
    adminKey,
    scopedKey: keys.scopedKey,
    async call(path, opts = {}) {
      // As a client on the machine sends it: the service's own address (the device flow answers no other Host).
      const headers: Record<string, string> = {host: new URL(ctx.baseUrl).host, ...opts.headers};
      const key = opts.key === undefined ? adminKey : opts.key;
      if (key !== null) headers.authorization = `Bearer ${key}`;
      let body: string | undefined = opts.body;
      if (opts.json !== undefined) body = JSON.stringify(opts.json);
      if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
      const res = await app.request(path, {method: opts.method ?? 'GET', headers, body});
      const text = await res.text();
      return {status: res.status, body: text === '' ? null : JSON.parse(text), headers: res.headers};
    },
    close: () => void closeContext(ctx),
  };
}

/**
 * A fresh `testApp(seedName)` for every test of the calling file: made in beforeEach, closed in afterEach. The
 * returned object always stands for the current test's app (`const t = testAppEach('demo')`, then `t.call(…)`).
 */
export function testAppEach(seedName: SeedName = 'demo'): TestApp {
  let current: TestApp | undefined;
  beforeEach(() => {
    current = testApp(seedName);
  });
  afterEach(() => {
    current?.close();
    current = undefined;
  });
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error('testAppEach: the app exists only while a test runs');
      const value: unknown = current[key as keyof TestApp];
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });
}
