// UI benchmarks: cold start of the built UI in a pseudo-terminal until deployment rows are on screen, and the
// time from a cursor key to the frame that shows the move, with 10,000 rows against 100 (in-process, the real
// App and Ink renderer with production options, a fake 120×35 terminal).
import {execFileSync, spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {Instance} from 'ink';
import type {Column} from '../../src/ui/components/DataTable.js';
import type {ScreenDef} from '../../src/ui/screen.js';
import {FakeStdin} from '../helpers/fakeStdin.js';
import {BenchTerminal, keypressTimes, median, timeNode, type BenchContext, type KeyMeasure, type Suite} from './measure.js';

// The shipped bundle runs React's production build; so must the in-process measure. React picks its build
// when first loaded, which is why the UI modules are imported inside mount() and not at the top.
process.env.NODE_ENV ??= 'production';

const COLD_START_TARGET_MS = 600;
const LOCAL_START_TARGET_MS = 400;
const KEYPRESS_TARGET_MS = 10;
/** Console first rows against a running service, as a multiple of a Node process that only prints (same pty). */
const PRINT_FLOOR_RATIO = 3.5;

/** CPU milliseconds (user + system) a process has used so far, from /proc (10 ms resolution). */
function cpuMsOf(pid: number): number {
  // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Ink's first write over a painted frame: the cursor homed, then a synchronized frame. */
const INK_TAKES_OVER = '\u001B[H\u001B[?2026h';

/**
 * Spawns `svc ui` under `script` (a real pty) and resolves when the first deployment row is painted (`until:
 * 'ink'`: when Ink has drawn over the painted frame, i.e. keys are answered): with `clock: 'wall'` the elapsed
 * time, with 'cpu' the CPU time the UI process had used by then.
 */
function coldStart(ctx: BenchContext, clock: 'wall' | 'cpu' = 'wall', opts: {command?: string; env?: Record<string, string>; until?: 'rows' | 'ink'} = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const command = opts.command ?? `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(ctx.cli)} ui`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'xterm-256color', SVC_API_URL: ctx.url, SVC_API_KEY: ctx.adminKey, SVC_CONFIG_DIR: '/nonexistent-svc-bench', ...opts.env},
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // The print floor exits on its own before 'q' is written.
    child.stdin.on('error', () => {});
    let out = '';
    let firstFrame: number | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`svc ui showed no deployment rows within 10 s; output:\n${out.slice(-2000)}`));
    }, 10_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const rows = out.indexOf('analytics-prod');
      if (firstFrame === undefined && rows >= 0 && (opts.until !== 'ink' || out.includes(INK_TAKES_OVER, rows))) {
        firstFrame = performance.now() - started;
        if (clock === 'cpu') {
          const node = Number(execFileSync('pgrep', ['-P', String(child.pid), 'node'], {encoding: 'utf8'}).trim());
          firstFrame = cpuMsOf(node);
        }
        child.stdin.write('q');
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (firstFrame !== undefined && code === 0) resolve(firstFrame);
      else reject(new Error(`svc ui exited with ${code} before showing rows:\n${out.slice(-2000)}`));
    });
  });
}

interface Row {
  id: string;
  name: string;
  region: string;
  created: string;
}

const columns: Column<Row>[] = [
  {id: 'id', header: 'ID', width: 8, render: (r) => r.id},
  {id: 'name', header: 'NAME', flex: 2, render: (r) => r.name},
  {id: 'region', header: 'REGION', width: 14, render: (r) => r.region},
  {id: 'created', header: 'CREATED', width: 16, render: (r) => r.created},
];

interface Mounted {
  instance: Instance;
  terminal: BenchTerminal;
  keyboard: FakeStdin;
}

async function mount(n: number): Promise<Mounted> {
  const React = (await import('react')).default;
  const {render} = await import('ink');
  const {INK_OPTIONS} = await import('../../src/ui/render.js');
  const {App} = await import('../../src/ui/App.js');
  const {DataTable} = await import('../../src/ui/components/DataTable.js');
  const {createQueryClient} = await import('../../src/ui/queryClient.js');
  const {fakeApi} = await import('../helpers/renderTui.js');
  const rows: Row[] = Array.from({length: n}, (_, i) => ({
    id: String(i + 1),
    name: `deployment-${String(i + 1).padStart(5, '0')}`,
    region: i % 2 ? 'aws-us-east-1' : 'gcp-europe-west1',
    created: '2026-11-20 09:00',
  }));
  // createElement, not JSX: run.ts lists suites as .ts modules.
  const List = () => React.createElement(DataTable<Row>, {rows, columns, getRowId: (r) => r.id, noun: 'deployments'});
  const screens: ScreenDef[] = [{id: 'deployments', title: 'Deployments', name: 'deployments', aliases: [], component: List}];
  const terminal = new BenchTerminal();
  const keyboard = new FakeStdin();
  const api = fakeApi((_m, path) => (path.endsWith('/me') ? {data: {id: 1, email: 'bench@example.com'}} : undefined));
  const instance = render(React.createElement(App, {api, screens, queryClient: createQueryClient(), onQuit: () => {}}), {
    stdout: terminal as never,
    stdin: keyboard as never,
    stderr: new BenchTerminal() as never,
    ...INK_OPTIONS,
    onRender: terminal.rendered,
  });
  return {instance, terminal, keyboard};
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The floor any Node program pays to print the marker in the same pseudo-terminal: start Node, write, exit. */
const printFloor = (ctx: BenchContext) =>
  coldStart(ctx, 'wall', {command: `exec ${JSON.stringify(process.execPath)} -e ${JSON.stringify("process.stdout.write('analytics-prod\\n')")}`});

/** `svc ui --local` with its prepared demo image (made by the warm-up run, kept in a cache directory of the bench). */
const LOCAL_CACHE = mkdtempSync(join(tmpdir(), 'svc-bench-cache-'));
process.on('exit', () => rmSync(LOCAL_CACHE, {recursive: true, force: true}));
const localStart = (ctx: BenchContext, clock: 'wall' | 'cpu', cache: string) =>
  coldStart(ctx, clock, {command: `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(ctx.cli)} ui --local`, env: {XDG_CACHE_HOME: cache}});
/** The same without an image: a fresh, empty cache directory each run (migrations and the whole demo seed). */
function localStartUnprepared(ctx: BenchContext): Promise<number> {
  const cache = mkdtempSync(join(tmpdir(), 'svc-bench-nocache-'));
  return localStart(ctx, 'wall', cache).finally(() => rmSync(cache, {recursive: true, force: true}));
}

/**
 * Mounts a fresh UI (not timed), then presses ↓/↑ 15 times and returns the median of either the wall time from
 * the key to the next write to the terminal, or the CPU time the process spent on it (which load on a shared
 * machine does not inflate).
 */
export async function keypressToFrame(n: number, clock: KeyMeasure): Promise<number> {
  const m = await mount(n);
  await sleep(100);
  const times = await keypressTimes(m, clock);
  m.instance.unmount();
  return median(times);
}

export const ui: Suite = {
  id: 'ui',
  title: 'Interactive UI',
  description:
    '"ui cold start" spawns the built `svc ui` in a pseudo-terminal (`script`) against the local service and stops the ' +
    'clock when the first deployment row is painted (the frame painted from data before Ink has loaded); "cold start CPU" ' +
    'is the CPU time the UI process had used by then (from /proc); "to Ink" stops it when Ink has drawn over that frame, ' +
    'from when on keys are answered. "node print floor" is a Node process that only prints the same marker, timed the same way. ' +
    '"ui --local" starts the console with its in-process service the same way, from the prepared demo image the warm-up ' +
    'run left in the bench\'s cache directory; "no demo image" gives it an empty cache directory each run (migrations ' +
    'and the whole demo seed). "keypress → frame" renders the real App and DataTable in-process ' +
    'with the production Ink options (120×35, INK_OPTIONS of src/ui/render.tsx) and times ↓/↑ from the key to the next write to ' +
    `the terminal (median of 15 presses per run); "keypress CPU" is the process CPU time for the same presses, which ` +
    `load from other processes does not inflate. The budget rows are the targets (${COLD_START_TARGET_MS} ms, ` +
    `${LOCAL_START_TARGET_MS} ms, ${KEYPRESS_TARGET_MS} ms) written as constants so that each target is a ratio like the others.`,
  measures: [
    {name: 'svc --version', run: (ctx) => timeNode([ctx.cli, '--version'])},
    {name: 'node print floor (pty)', run: (ctx) => printFloor(ctx)},
    {name: 'ui cold start to rows', run: (ctx) => coldStart(ctx, 'wall')},
    {name: 'ui cold start CPU to rows', run: (ctx) => coldStart(ctx, 'cpu')},
    {name: 'ui cold start to Ink (keys answered)', run: (ctx) => coldStart(ctx, 'wall', {until: 'ink'})},
    {name: 'ui --local to rows', run: (ctx) => localStart(ctx, 'wall', LOCAL_CACHE)},
    {name: 'ui --local CPU to rows', run: (ctx) => localStart(ctx, 'cpu', LOCAL_CACHE)},
    {name: 'ui --local to rows, no demo image', run: (ctx) => localStartUnprepared(ctx)},
    {name: 'keypress → frame, 100 rows', run: () => keypressToFrame(100, 'wall')},
    {name: 'keypress → frame, 10,000 rows', run: () => keypressToFrame(10_000, 'wall')},
    {name: 'keypress CPU, 10,000 rows', run: () => keypressToFrame(10_000, 'cpu')},
    {name: `budget ${COLD_START_TARGET_MS} ms`, run: async () => COLD_START_TARGET_MS},
    {name: `budget ${LOCAL_START_TARGET_MS} ms`, run: async () => LOCAL_START_TARGET_MS},
    {name: `budget ${KEYPRESS_TARGET_MS} ms`, run: async () => KEYPRESS_TARGET_MS},
  ],
  targets: [
    {label: `ui cold start vs ${COLD_START_TARGET_MS} ms`, measure: 'ui cold start to rows', baseline: `budget ${COLD_START_TARGET_MS} ms`, maxRatio: 1},
    {label: 'ui cold start vs the Node print floor', measure: 'ui cold start to rows', baseline: 'node print floor (pty)', maxRatio: PRINT_FLOOR_RATIO},
    {label: `ui --local vs ${LOCAL_START_TARGET_MS} ms`, measure: 'ui --local to rows', baseline: `budget ${LOCAL_START_TARGET_MS} ms`, maxRatio: 1},
    {label: `ui --local CPU vs ${LOCAL_START_TARGET_MS} ms`, measure: 'ui --local CPU to rows', baseline: `budget ${LOCAL_START_TARGET_MS} ms`, maxRatio: Number.POSITIVE_INFINITY},
    {label: 'ui --local without vs with the demo image', measure: 'ui --local to rows, no demo image', baseline: 'ui --local to rows', maxRatio: Number.POSITIVE_INFINITY},
    {label: `keypress at 10,000 rows vs ${KEYPRESS_TARGET_MS} ms`, measure: 'keypress → frame, 10,000 rows', baseline: `budget ${KEYPRESS_TARGET_MS} ms`, maxRatio: 1},
    {label: `keypress CPU at 10,000 rows vs ${KEYPRESS_TARGET_MS} ms`, measure: 'keypress CPU, 10,000 rows', baseline: `budget ${KEYPRESS_TARGET_MS} ms`, maxRatio: Number.POSITIVE_INFINITY},
    {label: 'keypress 10,000 rows vs 100 rows', measure: 'keypress → frame, 10,000 rows', baseline: 'keypress → frame, 100 rows', maxRatio: 1.5},
    {label: `ui cold start CPU vs ${COLD_START_TARGET_MS} ms`, measure: 'ui cold start CPU to rows', baseline: `budget ${COLD_START_TARGET_MS} ms`, maxRatio: Number.POSITIVE_INFINITY},
    {label: 'ui cold start vs svc --version', measure: 'ui cold start to rows', baseline: 'svc --version', maxRatio: Number.POSITIVE_INFINITY},
    {label: `ui to Ink vs ${COLD_START_TARGET_MS} ms`, measure: 'ui cold start to Ink (keys answered)', baseline: `budget ${COLD_START_TARGET_MS} ms`, maxRatio: Number.POSITIVE_INFINITY},
  ],
};
