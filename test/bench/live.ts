// Live-state benchmarks: the deployments list with its state columns on 10,000 deployments (the real App,
// DeploymentsScreen and local service behind a counting proxy, a fake 120×35 terminal) — requests per live
// refresh against 2 × the rows on screen, and keypress → frame; and the generic resource view listing 10,000
// objects, keypress → frame.
import type {Instance} from 'ink';
import type {RunningService} from '../../src/server/index.js';
import {FakeStdin} from '../helpers/fakeStdin.js';
import {BenchTerminal, keypressTimes, median, type Suite} from './measure.js';

process.env.NODE_ENV ??= 'production';

const KEYPRESS_TARGET_MS = 20;
const DEPLOYMENTS = 10_000;
/** The live interval scaled down so one refresh happens every 1 s during the measure. */
const LIVE_SCALE = 0.1;

interface World {
  svc: RunningService;
  proxy: {url: string; requests: string[]; close(): Promise<void>};
}
let world: Promise<World> | undefined;

/** A service with 10,000 deployments (inserted in one transaction) behind a proxy that counts requests. */
function theWorld(): Promise<World> {
  return (world ??= (async () => {
    const {startService} = await import('../../src/server/index.js');
    const {provisionDeployment} = await import('../../src/server/provision.js');
    const {startFaultProxy} = await import('../helpers/faultProxy.js');
    const svc = await startService({port: 0, seed: 'empty', adminKey: 'svc_benchLiveKey0123456789abcdefghij'});
    svc.ctx.db.transaction(() => {
      for (let i = 1; i <= DEPLOYMENTS; i++) {
        provisionDeployment(svc.ctx, {name: `deployment-${String(i).padStart(5, '0')}`, region: 'cubecloud-local', cloudProvider: 'cubecloud', isManaged: true, targetPlatform: 'aws', creationStep: 'ready'}, {alreadyBuilt: true});
      }
    })();
    const proxy = await startFaultProxy(svc.url);
    return {svc, proxy};
  })());
}

export async function closeLiveWorld(): Promise<void> {
  if (!world) return;
  const w = await world;
  await w.proxy.close();
  await w.svc.close();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function mountApp(initial: {screen: string}, api: unknown, screens: unknown): Promise<{instance: Instance; terminal: BenchTerminal; keyboard: FakeStdin}> {
  const React = (await import('react')).default;
  const {render} = await import('ink');
  const {INK_OPTIONS} = await import('../../src/ui/render.js');
  const {App} = await import('../../src/ui/App.js');
  const {createQueryClient} = await import('../../src/ui/queryClient.js');
  const terminal = new BenchTerminal();
  const keyboard = new FakeStdin();
  const instance = render(React.createElement(App, {api, screens, initial, queryClient: createQueryClient(), liveScale: LIVE_SCALE, onQuit: () => {}} as never), {
    stdout: terminal as never,
    stdin: keyboard as never,
    stderr: new BenchTerminal() as never,
    ...INK_OPTIONS,
  });
  return {instance, terminal, keyboard};
}

async function until(ok: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('bench: condition not met in time');
    await sleep(20);
  }
}

const STATE = /^GET \/api\/v1\/deployments\/\d+\/(build-status|dbt-sync|settings)/;

/** Rows the list shows at 120×35 (the body less the header line), read from the layout the shell gives. */
let visibleRows = 0;

/** Per-row requests in one live refresh of the list (after the first load), at the proxy. */
async function requestsPerRefresh(): Promise<number> {
  const {proxy} = await theWorld();
  const {createApi} = await import('../../src/api/client.js');
  const {SCREENS} = await import('../../screens/index.js');
  const w = await theWorld();
  const api = createApi({baseUrl: proxy.url, token: w.svc.adminKey});
  proxy.requests.length = 0;
  const m = await mountApp({screen: 'deployments'}, api, SCREENS);
  // First load: the list page and each visible row's state; settled when no settings request came for 1.5 s.
  const settings = () => proxy.requests.filter((r) => /\/settings/.test(r)).length;
  await until(() => settings() > 0);
  for (let last = -1; settings() !== last; ) {
    last = settings();
    await sleep(1500);
  }
  visibleRows = new Set(proxy.requests.filter((r) => /\/settings/.test(r))).size;
  // One refresh = the requests between two consecutive refetches of the list page.
  const lists = () => proxy.requests.filter((r) => /^GET \/api\/v1\/deployments\?/.test(r)).length;
  let mark = lists();
  await until(() => lists() > mark);
  const start = proxy.requests.length;
  mark = lists();
  await until(() => lists() > mark);
  const end = proxy.requests.length;
  const n = proxy.requests.slice(start, end).filter((r) => STATE.test(r)).length;
  m.instance.unmount();
  return n;
}

async function keypress(initial: {screen: string}, api: unknown, screens: unknown, ready: () => Promise<void>, clock: 'wall' | 'cpu'): Promise<number> {
  const m = await mountApp(initial, api, screens);
  await ready();
  await sleep(200);
  const times = await keypressTimes(m, clock);
  m.instance.unmount();
  return median(times);
}

async function deploymentsKeypress(clock: 'wall' | 'cpu'): Promise<number> {
  const w = await theWorld();
  const {createApi} = await import('../../src/api/client.js');
  const {SCREENS} = await import('../../screens/index.js');
  const api = createApi({baseUrl: w.proxy.url, token: w.svc.adminKey});
  const mark = w.proxy.requests.length;
  return keypress({screen: 'deployments'}, api, SCREENS, () => until(() => w.proxy.requests.slice(mark).some((r) => /\/settings/.test(r))), clock);
}

async function resourceKeypress(clock: 'wall' | 'cpu'): Promise<number> {
  const {fakeApi} = await import('../helpers/renderTui.js');
  const {SCREENS} = await import('../../screens/index.js');
  const keys = Array.from({length: 10_000}, (_, i) => ({id: i + 1, name: `key-${i + 1}`, prefix: 'svc_abcd', kind: 'api', deploymentIds: null, permissions: null, createdAt: '2026-11-20T09:00:00Z'}));
  let listed = false;
  const api = fakeApi((_m, path) => {
    if (path.endsWith('/me')) return {data: {id: 1, email: 'bench@example.com'}};
    if (path === '/api/v1/api-keys') return ((listed = true), {items: keys, data: keys, pageInfo: {hasNextPage: false}});
    return undefined;
  });
  return keypress({screen: 'res:api-keys'}, api, SCREENS, async () => {
    await until(() => listed);
    await sleep(300);
  }, clock);
}

export const liveSuite: Suite = {
  id: 'live',
  title: 'Live state and the generic resource view',
  description:
    `The deployments list with its state columns (build, version, last sync, age, git) on ${DEPLOYMENTS.toLocaleString('en')} ` +
    'deployments: the real App, DeploymentsScreen and local service behind a counting proxy, a fake 120×35 terminal, live ' +
    `interval scaled to ${LIVE_SCALE * 10_000} ms. "requests per refresh" counts the per-row requests (build status, last sync, ` +
    'settings) the proxy saw in one refresh after the first load; its budget is 2 × the rows on screen. "keypress → frame" ' +
    'times ↓/↑ to the next terminal write (median of 15 per run); “keypress CPU” is this process’s CPU time for the same presses, which load from other processes does not inflate. The generic view lists 10,000 API keys (a fake API answer) ' +
    `through the same screen kind every object type uses. Budgets: ${KEYPRESS_TARGET_MS} ms per key.`,
  measures: [
    {name: 'requests per refresh, 10,000 deployments', run: () => requestsPerRefresh()},
    {name: 'budget 2 × visible rows', run: async () => 2 * (visibleRows || 32)},
    {name: 'keypress → frame, deployments with state', run: () => deploymentsKeypress('wall')},
    {name: 'keypress CPU, deployments with state', run: () => deploymentsKeypress('cpu')},
    {name: 'keypress → frame, generic view 10,000 objects', run: () => resourceKeypress('wall')},
    {name: 'keypress CPU, generic view 10,000 objects', run: () => resourceKeypress('cpu')},
    {name: `budget ${KEYPRESS_TARGET_MS} ms (live)`, run: async () => KEYPRESS_TARGET_MS},
  ],
  targets: [
    {label: 'requests per refresh vs 2 × visible rows', measure: 'requests per refresh, 10,000 deployments', baseline: 'budget 2 × visible rows', maxRatio: 1},
    {label: `deployments keypress vs ${KEYPRESS_TARGET_MS} ms`, measure: 'keypress → frame, deployments with state', baseline: `budget ${KEYPRESS_TARGET_MS} ms (live)`, maxRatio: 1},
    {label: `generic view keypress vs ${KEYPRESS_TARGET_MS} ms`, measure: 'keypress → frame, generic view 10,000 objects', baseline: `budget ${KEYPRESS_TARGET_MS} ms (live)`, maxRatio: 1},
    {label: `deployments keypress CPU vs ${KEYPRESS_TARGET_MS} ms`, measure: 'keypress CPU, deployments with state', baseline: `budget ${KEYPRESS_TARGET_MS} ms (live)`, maxRatio: Number.POSITIVE_INFINITY},
    {label: `generic view keypress CPU vs ${KEYPRESS_TARGET_MS} ms`, measure: 'keypress CPU, generic view 10,000 objects', baseline: `budget ${KEYPRESS_TARGET_MS} ms (live)`, maxRatio: Number.POSITIVE_INFINITY},
  ],
};
