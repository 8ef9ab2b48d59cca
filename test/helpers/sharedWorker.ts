// The in-process tiers run with `isolate: false` (vitest.config.ts): the files a worker runs share one process and
// one module graph, so the imports (Ink, React, Hono, the service's routes) load once per worker instead of once
// per file. A file must therefore leave the process as it found it; this setup file (run before each file) puts
// back what tests change in passing: the environment, real timers and the exit code. And it fails the file that
// leaves the query client's data frame stuck (below).
import {afterAll, beforeAll, vi} from 'vitest';
import {dataFramePending} from '../../src/ui/queryClient.js';
import {eventually} from './eventually.js';

let env: NodeJS.ProcessEnv = {};
let exitCode: typeof process.exitCode;

beforeAll(() => {
  env = {...process.env};
  exitCode = process.exitCode;
});

afterAll(async () => {
  vi.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
  process.exitCode = exitCode;
  // The query client's data frame (src/ui/queryClient.ts) is one timer for the whole process. A frame scheduled on
  // faked timers that were then put back never runs, and every later query result of this worker waits for it: the
  // next files' frame waits time out, far from the cause. A frame on its way ends within its 33 ms, later on a loaded
  // machine (an answer still on its way when the file ended schedules one more, and a starved worker runs its timer
  // late): 200 ms failed states.test once at load 11 with nothing stuck. A frame stuck for good is as stuck at 2 s.
  await eventually(
    () => !dataFramePending(),
    "the query client's data frame to end: this file left it pending for good (a frame scheduled on fake timers that were put back without running them), and every later query result in this worker would wait for it",
    {withinMs: 2_000},
  );
});
