// One vitest project per test tier (test/tiers.ts says which file is in which): `npm run test:fast` runs unit and
// service, `npm test` all four (the fourth, react-dev, is React's development build over every screen). `npx vitest run --project unit` runs one tier, `npx vitest run <file>` one file.
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import {join, relative, resolve} from 'node:path';
import {defineConfig, type Plugin, type TestProjectInlineConfiguration} from 'vitest/config';
import {BaseSequencer, type TestSpecification} from 'vitest/node';
import {startOrder} from './test/sequencer.js';
import {filesByTier, type Tier} from './test/tiers.js';

const files = filesByTier(import.meta.dirname);
const SHARED_WORKER = 'test/helpers/sharedWorker.ts';
/** Spawned-process files run three at a time (and the react-dev file in one of those places). */
const E2E_FILES_AT_ONCE = 3;
/**
 * Transformed modules kept on disk between runs (a developer's second run skips most of the transform). Vitest's key
 * for a module holds its path, its text and the config file, not the JSX runtime a project picks, so the react-dev
 * tier (development JSX) keeps its own directory: it must never load a module transformed for another tier.
 */
const moduleCache = (jsx: 'production' | 'development') => join(import.meta.dirname, 'node_modules', '.vitest-cache', jsx);
// The modules of ours that the product bundle puts in place of a dependency's (scripts/aliases.json, read by
// scripts/build.mjs too): Ink's `widest-line` is src/ui/widestLine.ts, which remembers widths. Ink is inlined (run
// through vite, not loaded by Node) so that its own imports see the alias; it loads once per worker all the same.
const aliases: Record<string, string> = JSON.parse(readFileSync(resolve(import.meta.dirname, 'scripts/aliases.json'), 'utf8'));
/**
 * The names of the files tests load, hashed into every cached module's key: a module's cached text holds the files
 * its imports resolved to, so a file renamed (`x.ts` to `x.tsx`), added or removed under an unchanged import would
 * otherwise load a cached module that points at a file no longer there. Any change of names starts the cache again,
 * and so does a change of the aliases (Ink's cached modules hold what `widest-line` resolved to).
 */
const sourceNames = createHash('sha1')
  .update(['src', 'screens', 'test'].flatMap((dir) => readdirSync(join(import.meta.dirname, dir), {recursive: true, encoding: 'utf8'}).map((name) => `${dir}/${name}`).sort()).join('\n'))
  .update(JSON.stringify(aliases))
  .digest('hex');

/**
 * `SVC_TEST_CPU_PROF=<dir>`: each worker of the in-process tiers writes a CPU profile into <dir>. Sampled every 4 ms:
 * a whole run's profile at Node's default 1 ms is not written within the 500 ms vitest gives a worker between asking
 * it to stop and killing it, and no file appears.
 */
const cpuProfile = process.env.SVC_TEST_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.SVC_TEST_CPU_PROF)}`, '--cpu-prof-interval=4000'] : [];

/** Longest files first, from test/timings.json where vitest has no timing of its own (test/sequencer.ts). */
class LongestFirst extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const {cache, config} = this.ctx;
    const files = specs.map((spec) => {
      const file = relative(config.root, spec.moduleId);
      const key = `${spec.project.name}:${file}`;
      const {groupOrder} = spec.project.config.sequence;
      return {spec, file, groupOrder, project: spec.project.name, isolate: spec.project.config.isolate, last: cache.getFileTestResults(key), size: cache.getFileStats(key)?.size ?? 0};
    });
    return startOrder(files).map((f) => f.spec);
  }
}

function tier(name: Tier, test: NonNullable<TestProjectInlineConfiguration['test']> = {}): TestProjectInlineConfiguration {
  return {extends: true, test: {name, include: files[name], ...test}};
}

const INK = /\/node_modules\/ink\/build\/.*\.js$/;
/** Ink's files without their source-map comments: the maps name sources Ink does not ship (a warning per file). */
const inkWithoutSourceMaps: Plugin = {
  name: 'ink-without-source-maps',
  enforce: 'pre',
  load: (id) => (INK.test(id) ? readFileSync(id, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '') : undefined),
};

export default defineConfig({
  plugins: [
    {name: 'svc-module-cache-names', configureVitest: ({experimental_defineCacheKeyGenerator}) => experimental_defineCacheKeyGenerator(() => sourceNames)},
    inkWithoutSourceMaps,
  ],
  resolve: {alias: Object.fromEntries(Object.entries(aliases).map(([name, path]) => [name, resolve(import.meta.dirname, path)]))},
  // The production JSX runtime, to go with React's production build (test.env below).
  oxc: {jsx: {runtime: 'automatic', development: false}},
  test: {
    server: {deps: {inline: [/\/node_modules\/ink\//]}},
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // React's production build, as in the shipped bundle (scripts/build.mjs). The development build cost about a
    // sixth of a screen test's time on checks whose warnings nothing read (a whole run's log had none).
    env: {NODE_ENV: 'production'},
    // The run's own temporary directory, TMPDIR for the whole run and removed after it (test/helpers/runTempDir.ts);
    // one seeded demo database per run, in it; tests open copies of it (test/helpers/seedImage.ts).
    globalSetup: ['test/helpers/runTempDir.ts', 'test/helpers/seedImage.ts'],
    sequence: {sequencer: LongestFirst},
    experimental: {fsModuleCache: true, fsModuleCachePath: moduleCache('production')},
    projects: [
      // In-process tiers: one worker per core (vitest's own default leaves one core idle), each worker running
      // many files in one process (isolate: false: the imports load once per worker, not once per file;
      // test/helpers/sharedWorker.ts puts back what a file changes). One tier after the other, so that a worker
      // goes on to the next file of its own tier instead of starting a new process.
      // CI hidden from the unit tier, as the console hides it when it loads Ink on a terminal (ui/startup/ciHidden.ts):
      // Ink reads it once, at import, and in CI writes no frame until the end, so a test of how the console paints
      // under Ink's own options (activity-frames-throttle) saw nothing in a CI run. Spawned processes keep theirs.
      tier('unit', {maxWorkers: availableParallelism(), isolate: false, setupFiles: [SHARED_WORKER], execArgv: cpuProfile, env: {NODE_ENV: 'production', CI: 'false', CONTINUOUS_INTEGRATION: 'false'}}),
      // A screen test starts a service and paints the App: seconds on a loaded two-core machine. One worker more
      // than cores: a screen or service test waits part of its time (an answer, a frame's timer), and the third
      // worker fills it (an idle `npm run test:fast` on two cores: 169 s at 141% CPU with two, 149 s at 166% with
      // three; a fourth worker pays its own transform and import again).
      // --expose-gc: the memory tests collect garbage before they read the heap, so they see what is kept.
      tier('service', {maxWorkers: availableParallelism() + 1, isolate: false, setupFiles: [SHARED_WORKER], sequence: {groupOrder: 1}, testTimeout: 60_000, execArgv: ['--expose-gc', ...cpuProfile]}),
      // Spawned processes, tmux and a browser: after the in-process tiers (their own group), three files at a time.
      // An e2e file mostly waits (on a console, a server child, Prism), so a third file fills the cores without
      // slowing the others much; timing-sensitive terminal tests wait on what the screen shows, not on a time.
      tier('e2e', {maxWorkers: E2E_FILES_AT_ONCE, sequence: {groupOrder: 2}}),
      // React's development build and JSX runtime over every screen, in one of the e2e files' places (a group's
      // projects share its number of workers): its checks (keys, hook order, updates after unmount) are what the
      // production build above leaves out.
      {...tier('react-dev', {maxWorkers: E2E_FILES_AT_ONCE, sequence: {groupOrder: 2}, env: {NODE_ENV: 'development'}, testTimeout: 60_000, experimental: {fsModuleCachePath: moduleCache('development')}}), oxc: {jsx: {runtime: 'automatic', development: true}}},
    ],
  },
});
