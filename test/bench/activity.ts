// The activity watcher's request budget and the :activity screen at 500 deployments. Requests per minute: the real
// watcher (src/workflows/activity.ts) on simulated time (its sleeps move the clock, nothing waits) against an
// in-memory platform that answers at once and counts each request; "active" deployments report a dbt sync running
// for the whole window. Keypress → frame: the real App and ActivityScreen in-process (production Ink options, a
// fake 120×35 terminal) on a fake API of 500 deployments, each with a sync running (500 rows); live updates are
// paused with p once every row is in, so only the key is measured. The same key on a plain 100-row table (the UI
// suite's, test/bench/ui.ts) in the same run is the floor any list screen pays for a frame at this size.
import type {Instance} from 'ink';
import type {BuildStatus} from '../../src/api/builds.js';
import type {DbtRun} from '../../src/api/dbt.js';
import {ActivityWatcher, type ActivityClock, type ActivitySource} from '../../src/workflows/activity.js';
import {FakeStdin} from '../helpers/fakeStdin.js';
import {BenchTerminal, CURSOR_KEYS, keypressTimes, median, type KeyMeasure, type KeyPresses, type Suite} from './measure.js';
import {keypressToFrame} from './ui.js';

process.env.NODE_ENV ??= 'production';

const KEYPRESS_TARGET_MS = 16;
/** Simulated minutes per run. */
const MINUTES = 5;
const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
const ACTIVE = 10;

const names = (count: number) => Array.from({length: count}, (_, i) => ({id: String(i + 1), name: `deployment-${String(i + 1).padStart(3, '0')}`}));
const running = (id: string, at: number): DbtRun => ({syncJobId: `sync-${id}`, status: 'RUNNING', lastStage: 'COMPILING_DBT', trigger: 'webhook', gitRef: 'main', startedAt: new Date(at).toISOString(), raw: {}});

/** Requests per simulated minute the watcher sends to `count` deployments, the first `active` of them with a sync going. */
async function requestsPerMinute(count: number, active: number): Promise<number> {
  const stop = new AbortController();
  const end = T0 + MINUTES * 60_000;
  const clock: ActivityClock & {t: number} = {
    t: T0,
    now: () => clock.t,
    sleep: async (ms) => {
      clock.t += ms;
      if (clock.t >= end) stop.abort();
    },
  };
  let requests = 0;
  const all = names(count);
  const source: ActivitySource = {
    deployments: async (offset, limit) => (requests++, {items: all.slice(offset, offset + limit), total: count}),
    syncs: async (id) => (requests++, Number(id) <= active ? [running(id, T0)] : []),
    build: async (id): Promise<BuildStatus> => (requests++, {deploymentId: id, branchName: 'main', mode: 'production', status: 'built', buildJobId: 1, deploymentStatus: 'built', raw: {}}),
  };
  await new ActivityWatcher(source, {clock}).run(stop.signal);
  return requests / MINUTES;
}

/** A terminal that keeps the tail of what was written (Ink writes only what changed), to wait for the rows. */
class FrameTerminal extends BenchTerminal {
  last = '';
  protected override received(text: string): void {
    this.last = (this.last + text).slice(-20_000);
  }
}

interface Mounted {
  instance: Instance;
  terminal: FrameTerminal;
  keyboard: FakeStdin;
}

async function mountActivity(count: number): Promise<Mounted> {
  const React = (await import('react')).default;
  const {render} = await import('ink');
  const {INK_OPTIONS} = await import('../../src/ui/render.js');
  const {App} = await import('../../src/ui/App.js');
  const {createQueryClient} = await import('../../src/ui/queryClient.js');
  const {ActivityScreen} = await import('../../screens/ActivityScreen.js');
  const {fakeApi} = await import('../helpers/renderTui.js');
  const all = names(count);
  const now = Date.now();
  const api = fakeApi((_m, path, options) => {
    if (path.endsWith('/me')) return {data: {id: 1, email: 'bench@example.com'}};
    if (path === '/api/v1/deployments') {
      const q = (options?.searchParams ?? {}) as Record<string, number | undefined>;
      const offset = Number(q.offset ?? 0);
      return {items: all.slice(offset, offset + Number(q.limit ?? 100)), pagination: {total: count}};
    }
    const id = /deployments\/(\d+)\//.exec(path)?.[1] ?? '';
    if (path.endsWith('/dbt-sync')) return {items: [{...running(id, now - Number(id) * 1000), raw: undefined}]};
    if (path.endsWith('/build-status')) return {data: {deploymentId: id, branchName: 'main', mode: 'production', status: 'built', buildJobId: 1, deploymentStatus: 'built'}};
    return undefined;
  });
  const terminal = new FrameTerminal();
  const keyboard = new FakeStdin();
  const screens = [{id: 'activity', title: 'Activity', name: 'activity', aliases: [], component: ActivityScreen}];
  // Live intervals scaled down so 500 deployments are looked at in well under a second (no request leaves).
  const instance = render(React.createElement(App, {api, screens, initial: {screen: 'activity'}, liveScale: 0.001, queryClient: createQueryClient(), onQuit: () => {}}), {
    stdout: terminal as never,
    stdin: keyboard as never,
    stderr: new BenchTerminal() as never,
    ...INK_OPTIONS,
    onRender: terminal.rendered,
  });
  const m = {instance, terminal, keyboard};
  await until(() => terminal.last.includes(`Activity [${count}]`), `${count} rows`).catch((err: unknown) => {
    throw new Error(`${String(err)}; last output: ${JSON.stringify(terminal.last.slice(-1500))}`);
  });
  keyboard.write('p');
  await until(() => terminal.last.includes('live updates paused'), 'live updates paused');
  return m;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`:activity bench: no ${what} within 20 s`);
}

/**
 * The list keys besides the cursor, each in turns that keep changing what is shown: ~ reverses the order (and moves
 * the cursor's row from second to second last), W wraps and unwraps the selected row, and in the `/` field a 7 narrows the
 * 500 rows to those with a 7 (the count and the position change with it) and Backspace widens them again.
 */
const LIST_KEYS = {
  // After a ↓, so the cursor is on a row (deployment-002) that the order moves.
  sort: {setup: ['\u001B[B'], keys: ['~']},
  wrap: {keys: ['W']},
  filter: {setup: ['/'], keys: ['7', '\u007F']},
} satisfies Record<string, KeyPresses>;

export async function activityKeypress(count: number, clock: KeyMeasure, presses: KeyPresses = CURSOR_KEYS): Promise<number> {
  const m = await mountActivity(count);
  const times = await keypressTimes(m, clock, presses);
  m.instance.unmount();
  return median(times);
}

/** The same, with Ink's own output stage in place of the console's cached one (src/ui/inkOutput.ts) for the run. */
async function activityKeypressInkOutput(count: number, clock: KeyMeasure): Promise<number> {
  const {cachedGet, inkGet, InkOutput} = await import('../../src/ui/inkOutput.js');
  const proto = InkOutput.prototype as unknown as {get: unknown};
  proto.get = inkGet;
  try {
    return await activityKeypress(count, clock);
  } finally {
    proto.get = cachedGet;
  }
}

export const activitySuite: Suite = {
  id: 'activity',
  title: 'Activity watcher and :activity',
  description:
    `"requests/min" rows count what the activity watcher sends, per simulated minute over ${MINUTES} minutes: the real watcher ` +
    'on an injected clock whose sleeps move time (nothing waits), against an in-memory platform that answers at once ' +
    `(no network). "idle": no run anywhere; "${ACTIVE} active": the first ${ACTIVE} deployments report a dbt sync running the ` +
    'whole time. Each look at a deployment is 2 requests (its dbt runs, its build status), plus the deployments list ' +
    'every 5 minutes (a request per 100). The budget: a deployment at most once per 30 s while idle, every 5 s while a ' +
    'run goes, never more than 10 requests a second (600 a minute). These rows are request counts, not milliseconds. ' +
    '"keypress → frame" renders the real App and ActivityScreen in-process with the production Ink options (120×35) ' +
    'on a fake API of 500 deployments, each with a sync running (500 rows), live updates paused once every row is in, ' +
    `and times ↓/↑ from the key to the next write (median of 15 presses per run); "keypress CPU" is the process CPU for ` +
    'the same presses; "key typed into /" times the same for keys typed into the filter field (7 and Backspace in ' +
    'turns: the 500 rows narrowed to those with a 7, and back). "frames per key" (↓/↑), "per sort key" (~ in turns, ' +
    'the order reversed and the cursor\'s row moved from second to second last), "per wrap key" (W in turns) and "per key typed ' +
    'into /" count the frames Ink renders from a press until the next one (40 ms later, longer ' +
    "than Ink's 1/60 s throttle, so a frame it held back is counted), written or not: a key paints one frame, since a " +
    'second (such as the title line changing after the rows) is a second full repaint, shown a frame later, and a ' +
    'first one that changed nothing on screen costs as much as any. These rows are counts, not ' +
    `milliseconds. "Ink's own output stage" is the same :activity key with Ink's own Output.get for the run instead of the ` +
    "console's cached one (src/ui/inkOutput.ts), to show what the cache is worth side by side. " +
    `"plain table" is the same key on the UI suite's 100-row table of 4 columns, in the same run: the ` +
    'floor any list screen pays for a frame of this size. The budget row is the ' +
    `${KEYPRESS_TARGET_MS} ms target as a constant.`,
  measures: [
    {name: 'requests/min, 45 deployments idle', run: () => requestsPerMinute(45, 0)},
    {name: `requests/min, 45 deployments, ${ACTIVE} active`, run: () => requestsPerMinute(45, ACTIVE)},
    {name: 'requests/min, 500 deployments idle', run: () => requestsPerMinute(500, 0)},
    {name: `requests/min, 500 deployments, ${ACTIVE} active`, run: () => requestsPerMinute(500, ACTIVE)},
    {name: ':activity keypress → frame, 500 deployments', run: () => activityKeypress(500, 'wall')},
    {name: ':activity keypress CPU, 500 deployments', run: () => activityKeypress(500, 'cpu')},
    {name: ":activity keypress → frame, Ink's own output stage", run: () => activityKeypressInkOutput(500, 'wall')},
    {name: ":activity keypress CPU, Ink's own output stage", run: () => activityKeypressInkOutput(500, 'cpu')},
    {name: 'keypress → frame, plain table of 100 rows', run: () => keypressToFrame(100, 'wall')},
    {name: 'keypress CPU, plain table of 100 rows', run: () => keypressToFrame(100, 'cpu')},
    {name: ':activity frames per key, 500 deployments', run: () => activityKeypress(500, 'frames')},
    {name: 'frames per key, plain table of 100 rows', run: () => keypressToFrame(100, 'frames')},
    {name: ':activity frames per sort key (~), 500 deployments', run: () => activityKeypress(500, 'frames', LIST_KEYS.sort)},
    {name: ':activity frames per wrap key (W), 500 deployments', run: () => activityKeypress(500, 'frames', LIST_KEYS.wrap)},
    {name: ':activity frames per key typed into /, 500 deployments', run: () => activityKeypress(500, 'frames', LIST_KEYS.filter)},
    {name: ':activity key typed into / → frame, 500 deployments', run: () => activityKeypress(500, 'wall', LIST_KEYS.filter)},
    {name: ':activity key typed into / CPU, 500 deployments', run: () => activityKeypress(500, 'cpu', LIST_KEYS.filter)},
    {name: 'requests/min cap (10/s)', run: async () => 600},
    {name: 'one frame', run: async () => 1},
    {name: `budget ${KEYPRESS_TARGET_MS} ms`, run: async () => KEYPRESS_TARGET_MS},
  ],
  targets: [
    {label: 'requests/min at 500 deployments, 10 active, vs the 10/s cap', measure: `requests/min, 500 deployments, ${ACTIVE} active`, baseline: 'requests/min cap (10/s)', maxRatio: 1},
    {label: 'requests/min at 500 idle vs the 10/s cap', measure: 'requests/min, 500 deployments idle', baseline: 'requests/min cap (10/s)', maxRatio: 1},
    {label: `:activity keypress at 500 deployments vs ${KEYPRESS_TARGET_MS} ms`, measure: ':activity keypress → frame, 500 deployments', baseline: `budget ${KEYPRESS_TARGET_MS} ms`, maxRatio: 1},
    {label: ':activity frames per key vs one', measure: ':activity frames per key, 500 deployments', baseline: 'one frame', maxRatio: 1},
    {label: ':activity frames per sort key vs one', measure: ':activity frames per sort key (~), 500 deployments', baseline: 'one frame', maxRatio: 1},
    {label: ':activity frames per wrap key vs one', measure: ':activity frames per wrap key (W), 500 deployments', baseline: 'one frame', maxRatio: 1},
    {label: ':activity frames per key typed into / vs one', measure: ':activity frames per key typed into /, 500 deployments', baseline: 'one frame', maxRatio: 1},
    {label: `:activity key typed into / vs ${KEYPRESS_TARGET_MS} ms`, measure: ':activity key typed into / → frame, 500 deployments', baseline: `budget ${KEYPRESS_TARGET_MS} ms`, maxRatio: 1},
    {label: ":activity keypress, cached output stage vs Ink's own", measure: ':activity keypress → frame, 500 deployments', baseline: ":activity keypress → frame, Ink's own output stage", maxRatio: Number.POSITIVE_INFINITY},
    {label: ":activity keypress CPU, cached output stage vs Ink's own", measure: ':activity keypress CPU, 500 deployments', baseline: ":activity keypress CPU, Ink's own output stage", maxRatio: Number.POSITIVE_INFINITY},
    {label: ':activity keypress vs the plain table', measure: ':activity keypress → frame, 500 deployments', baseline: 'keypress → frame, plain table of 100 rows', maxRatio: Number.POSITIVE_INFINITY},
    {label: ':activity keypress CPU vs the plain table', measure: ':activity keypress CPU, 500 deployments', baseline: 'keypress CPU, plain table of 100 rows', maxRatio: Number.POSITIVE_INFINITY},
    {label: `:activity keypress CPU vs ${KEYPRESS_TARGET_MS} ms`, measure: ':activity keypress CPU, 500 deployments', baseline: `budget ${KEYPRESS_TARGET_MS} ms`, maxRatio: Number.POSITIVE_INFINITY},
  ],
};
