// What watching costs the service and the client: the UI's own queries (react-query observers with the
// production poll policies) follow a rebuild and a dbt sync from start to end through a counting proxy in front
// of `svc server --speed`, and a short-interval poll in a process of its own runs 10,000 cycles while RSS is sampled.
// Some rows of this suite count requests or megabytes rather than milliseconds; their names say so.
import {execFile, spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {promisify} from 'node:util';
import {QueryObserver} from '@tanstack/query-core';
import {createApi, type Api} from '../../src/api/client.js';
import {listVersions, updateDeployment} from '../../src/api/deployments.js';
import {startDbtSync} from '../../src/api/dbt.js';
import {buildQueries} from '../../src/queries/builds.js';
import {dbtQueries} from '../../src/queries/dbt.js';
import {isTerminalBuildStatus} from '../../src/api/builds.js';
import {createQueryClient} from '../../src/ui/queryClient.js';
import {isTerminalSyncStatus} from '../../src/workflows/dbtWait.js';
import {startFaultProxy} from '../helpers/faultProxy.js';
import type {BenchContext, Suite} from './measure.js';

const run = promisify(execFile);

const KEY = 'svc_benchWatchKey0123456789abcdefghi';
/** Engine time runs this much faster than real time, so a build (~6 s) and a sync take a fraction of that. */
const SPEED = 20;
const INTERVAL_MS = 100;
const POLL_CYCLES = 10_000;

let server: Promise<string> | undefined;
function serviceUrl(ctx: BenchContext): Promise<string> {
  return (server ??= new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ctx.cli, 'server', '--port', '0', '--data', ':memory:', '--seed', 'demo', '--admin-key', KEY, '--speed', String(SPEED)], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (\S+)\n/.exec(out)?.[1];
      if (!url) return;
      // From now on the bench process must be able to end on its own; the server goes with it.
      child.unref();
      (child.stdout as unknown as {unref(): void}).unref();
      resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`svc server exited with ${code}`)));
    process.once('exit', () => child.kill('SIGKILL'));
  }));
}

interface Watched {
  requests: number;
  bound: number;
  afterEnd: number;
}
/** The last watch of each kind, read by the measure that reports its bound (same run, same watch). */
const last = new Map<string, Watched>();

/**
 * Follows one thing with `views` observers of the same query until `done`, then keeps them mounted for three
 * more intervals. Counts the proxied requests whose path matches `counted`.
 */
async function watch(ctx: BenchContext, views: number, start: (api: Api) => Promise<string>, options: (api: Api, id: string) => object, done: (data: any) => boolean, counted: RegExp): Promise<Watched> {
  const proxy = await startFaultProxy(await serviceUrl(ctx));
  try {
    const api = createApi({baseUrl: proxy.url, token: KEY});
    const id = await start(api);
    const client = createQueryClient();
    const count = () => proxy.requests.filter((r) => counted.test(r)).length;
    const started = performance.now();
    let ended = 0;
    const finished = new Promise<void>((resolve) => {
      const observers = Array.from({length: views}, () => new QueryObserver(client, options(api, id) as never));
      const unsubscribe = observers.map((o) =>
        o.subscribe((r) => {
          if (r.data !== undefined && done(r.data) && ended === 0) {
            ended = performance.now();
            const atEnd = count();
            setTimeout(() => {
              unsubscribe.forEach((u) => u());
              client.clear();
              last.set('pending', {requests: atEnd, bound: Math.ceil((ended - started) / INTERVAL_MS) + 2, afterEnd: count() - atEnd});
              resolve();
            }, 3 * INTERVAL_MS);
          }
        }),
      );
    });
    await finished;
    return last.get('pending')!;
  } finally {
    await proxy.close();
  }
}

const live = {paused: false, intervalMs: INTERVAL_MS};
let flip = 0;
const rebuild = async (api: Api) => {
  const {versions} = await listVersions(api, '1');
  const other = versions.find((v) => !v.isCurrent && v.releaseChannelVersion !== '') ?? versions[flip++ % versions.length]!;
  await updateDeployment(api, '1', {releaseChannelVersion: other.releaseChannelVersion});
  return 'main';
};
const sync = async (api: Api) => (await startDbtSync(api, '1', {ref: 'main'})).syncJobId;

const build = (views: number) => (ctx: BenchContext) =>
  watch(ctx, views, rebuild, (api, branch) => buildQueries.status(api, '1', branch, live), (d) => isTerminalBuildStatus(d.status), /\/build-status/);
const dbt = (views: number) => (ctx: BenchContext) =>
  watch(ctx, views, sync, (api, id) => dbtQueries.status(api, '1', id, live), (d) => isTerminalSyncStatus(d.status), /\/dbt-sync\/[^/?]+(\?|$)/);

/** Reports one number of a watch and keeps the rest for the measures that follow it in the same run. */
const counted = (key: string, w: (ctx: BenchContext) => Promise<Watched>) => async (ctx: BenchContext) => {
  const result = await w(ctx);
  last.set(key, result);
  return result.requests;
};
const boundOf = (key: string) => async () => last.get(key)?.bound ?? Number.NaN;
const afterEndOf = (key: string) => async () => last.get(key)?.afterEnd ?? Number.NaN;

let heapGrowthMb = Number.NaN;

/** RSS growth (MB) over POLL_CYCLES polls, measured in a process of its own (poll-rss.ts); keeps the heap's too. */
async function rssGrowth(ctx: BenchContext): Promise<number> {
  const script = fileURLToPath(new URL('./poll-rss.ts', import.meta.url));
  const {stdout} = await run(process.execPath, ['--expose-gc', '--import', 'tsx', script, await serviceUrl(ctx), KEY, String(POLL_CYCLES)], {maxBuffer: 1 << 20});
  const result = JSON.parse(stdout) as {cycles: number; rssGrowthMb: number; heapGrowthMb: number};
  if (result.cycles !== POLL_CYCLES) throw new Error(`poll-rss ran ${result.cycles} cycles, not ${POLL_CYCLES}`);
  heapGrowthMb = result.heapGrowthMb;
  return result.rssGrowthMb;
}

export const watchSuite: Suite = {
  id: 'watch',
  title: 'Watching builds and dbt syncs',
  description:
    `\`svc server --speed ${SPEED}\` behind a counting proxy; the UI's react-query status queries poll every ${INTERVAL_MS} ms from the first request to ` +
    'the terminal state, then stay mounted three more intervals. Rows ending in "(requests)" count status requests for one watch, "bound" is ' +
    `⌈duration ÷ interval⌉ + 2 of the same watch; "two views" are two observers of the same query key (react-query must share one request per tick). ` +
    `"RSS growth (MB)" comes from a process of its own (poll-rss.ts) that polls with one observer at a 1 ms interval, with a full GC every ` +
    `250 cycles: after 4,000 warm-up cycles it samples RSS every 250 cycles over ${POLL_CYCLES.toLocaleString('en')} cycles; growth is the median ` +
    'of the last five samples minus the median of the first five. Checked by hand: a deliberate leak of ~400 bytes a poll (heap +4 MB) reads ' +
    'RSS +4.7 and +5.4 MB, none reads −0.8 and +0.8 MB. The heap after GC over the same polls is ' +
    'shown beside it. These rows hold counts or MB in the "ms" columns.',
  measures: [
    {name: 'build watch (requests)', run: counted('build', build(1))},
    {name: 'build watch bound (requests)', run: boundOf('build')},
    {name: 'build watch after end (requests)', run: afterEndOf('build')},
    {name: 'build, two views (requests)', run: counted('build2', build(2))},
    {name: 'build, two views bound (requests)', run: boundOf('build2')},
    {name: 'dbt sync watch (requests)', run: counted('dbt', dbt(1))},
    {name: 'dbt sync watch bound (requests)', run: boundOf('dbt')},
    {name: 'dbt sync watch after end (requests)', run: afterEndOf('dbt')},
    {name: 'dbt sync, two views (requests)', run: counted('dbt2', dbt(2))},
    {name: 'dbt sync, two views bound (requests)', run: boundOf('dbt2')},
    {name: 'RSS growth over 10,000 polls (MB)', run: rssGrowth},
    {name: 'heap growth over the same polls (MB)', run: async () => heapGrowthMb},
    {name: 'budget 5 MB', run: async () => 5},
    {name: 'budget 1 request', run: async () => 1},
  ],
  targets: [
    {label: 'build watch vs ⌈duration/interval⌉+2', measure: 'build watch (requests)', baseline: 'build watch bound (requests)', maxRatio: 1},
    {label: 'build, two views vs bound', measure: 'build, two views (requests)', baseline: 'build, two views bound (requests)', maxRatio: 1},
    {label: 'build requests after the end', measure: 'build watch after end (requests)', baseline: 'budget 1 request', maxRatio: 0},
    {label: 'dbt sync watch vs ⌈duration/interval⌉+2', measure: 'dbt sync watch (requests)', baseline: 'dbt sync watch bound (requests)', maxRatio: 1},
    {label: 'dbt sync, two views vs bound', measure: 'dbt sync, two views (requests)', baseline: 'dbt sync, two views bound (requests)', maxRatio: 1},
    {label: 'dbt sync requests after the end', measure: 'dbt sync watch after end (requests)', baseline: 'budget 1 request', maxRatio: 0},
    {label: 'RSS growth over 10,000 polls vs 5 MB', measure: 'RSS growth over 10,000 polls (MB)', baseline: 'budget 5 MB', maxRatio: 1},
    {label: 'heap growth over 10,000 polls vs 5 MB', measure: 'heap growth over the same polls (MB)', baseline: 'budget 5 MB', maxRatio: 1},
  ],
};
