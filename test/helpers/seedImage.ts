// The demo seed, made once per run: vitest's globalSetup (vitest.config.ts) seeds one demo database at TEST_EPOCH
// and leaves its image (demoImageBytes: credentials removed) in a temporary file. testApp() and startTestService()
// open an in-memory copy of it per test (a few ms) instead of migrating and seeding (150–270 ms), and issue fresh
// keys, as `svc ui --local` does with its cached image. test/server/seed-image.test.ts shows a copy is the seed.
// A service on a clock near real time (cliInProcess.ts startCliService) copies realTimeDemoImage() instead.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {inject} from 'vitest';
import type {TestProject} from 'vitest/node';

export const TEST_EPOCH = Date.UTC(2026, 5, 1, 9, 0, 0);

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo image's file, made by this module's setup; absent when a run has no globalSetup. */
    demoImageFile?: string;
  }
}

/** A freshly seeded demo database at `at` (default TEST_EPOCH), as image bytes. */
export async function seededDemoImage(at = TEST_EPOCH): Promise<Buffer> {
  // Loaded here, not at the top: a project whose setup finds the run's image made already never loads the service.
  const [{createApp}, {closeContext, createContext}, {demoImageBytes}, {ManualClock}, {seed}] = await Promise.all([
    import('../../src/server/app.js'),
    import('../../src/server/context.js'),
    import('../../src/server/demoImage.js'),
    import('../../src/server/engines/clock.js'),
    import('../../src/server/seed.js'),
  ]);
  const ctx = createContext({dataFile: ':memory:', clock: new ManualClock(at), log: () => {}});
  try {
    // The app first, as a service starts: its routes register the hooks that seeding a deployment runs.
    createApp(ctx);
    seed(ctx, 'demo');
    return demoImageBytes(ctx.db);
  } finally {
    await closeContext(ctx);
  }
}

/**
 * The run's image file, once made. Every project (tier) runs the globalSetup, each through a module loader of its
 * own, but all in vitest's one main process: the first makes the image and the others take its file (a whole run
 * seeded, and loaded the service for it, once per tier: 2-4 s before the first test).
 */
const RUN_IMAGE = Symbol.for('svc.test.runDemoImage');
type RunGlobal = {[RUN_IMAGE]?: Promise<string>};

/** globalSetup: one image per run, in a directory removed at the end (by the setup that made it). */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const run = globalThis as RunGlobal;
  const first = run[RUN_IMAGE] === undefined;
  run[RUN_IMAGE] ??= seededDemoImage().then((bytes) => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-test-image-')), 'demo.db');
    writeFileSync(file, bytes);
    return file;
  });
  const file = await run[RUN_IMAGE];
  project.provide('demoImageFile', file);
  if (!first) return undefined;
  return () => {
    delete run[RUN_IMAGE];
    rmSync(dirname(file), {recursive: true, force: true});
  };
}

let image: Buffer | undefined;

/**
 * The run's demo image (read once per test file), for a service whose clock starts at TEST_EPOCH; undefined when
 * the clock starts elsewhere (the image's times would be wrong) or the run made none: that test seeds.
 */
export function demoImageAt(start: number | undefined): Buffer | undefined {
  const file = inject('demoImageFile');
  if (start !== TEST_EPOCH || file === undefined) return undefined;
  return (image ??= readFileSync(file));
}

/** How much older than a service's start the real-time image may be; older, the worker seeds a new one. */
export const REAL_TIME_IMAGE_MAX_AGE_MS = 10 * 60_000;
let realTime: {at: number; image: Promise<Buffer>} | undefined;

/**
 * A demo image for a service whose clock starts at `start`, near real time (the CLI tests' `svc server`, which
 * cannot use the TEST_EPOCH image): seeded at `start` once per worker (~450 ms of CPU), then copied for every
 * service that starts within REAL_TIME_IMAGE_MAX_AGE_MS of it. `svc ui --local` does the same with its cached image
 * (up to a day old): the seed's history spans days, a few minutes do not show.
 */
export function realTimeDemoImage(start: number): Promise<Buffer> {
  if (!realTime || start < realTime.at || start - realTime.at > REAL_TIME_IMAGE_MAX_AGE_MS) realTime = {at: start, image: seededDemoImage(start)};
  return realTime.image;
}
