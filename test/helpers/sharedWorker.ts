// The in-process tiers run with `isolate: false` (vitest.config.ts): the files a worker runs share one process and
// one module graph, so the imports (Ink, React, Hono, the service's routes) load once per worker instead of once
// per file. A file must therefore leave the process as it found it; this setup file (run before each file) puts
// back what tests change in passing: the environment, real timers and the exit code.
import {afterAll, beforeAll, vi} from 'vitest';

let env: NodeJS.ProcessEnv = {};
let exitCode: typeof process.exitCode;

beforeAll(() => {
  env = {...process.env};
  exitCode = process.exitCode;
});

afterAll(() => {
  vi.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
  process.exitCode = exitCode;
});
