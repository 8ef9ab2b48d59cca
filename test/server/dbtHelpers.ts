// Shared by the dbt sync tests: a service on a ManualClock (in memory, a copy of the run's demo image, or on a data
// file that can be reopened), and small wrappers for the dbt endpoints.
import {createApp} from '../../src/server/app.js';
import {createContext, type ServiceContext} from '../../src/server/context.js';
import {ManualClock} from '../../src/server/engines/clock.js';
import {seededContext, TEST_EPOCH} from '../helpers/startService.js';

/** The run's demo image is seeded at this time: a service in memory starting then copies it. */
export const EPOCH = TEST_EPOCH;
export const BASE = '/api/v1/deployments/1/dbt-sync';

export interface DbtService {
  ctx: ServiceContext;
  clock: ManualClock;
  adminKey: string;
  scopedKey: string;
  call(path: string, opts?: {method?: string; json?: unknown; key?: string}): Promise<{status: number; body: any}>;
  close(): void;
}

/** A service; with `reopen` the data file was seeded before and keeps its keys. */
export function dbtService(opts: {dataFile?: string; clock?: ManualClock; keys?: {adminKey: string; scopedKey: string}; log?: (line: string) => void} = {}): DbtService {
  const clock = opts.clock ?? new ManualClock(EPOCH);
  const dataFile = opts.dataFile ?? ':memory:';
  const log = opts.log ?? (() => {});
  const {ctx, app, keys} = opts.keys
    ? (() => {
        const reopened = createContext({dataFile, clock, log});
        return {ctx: reopened, app: createApp(reopened), keys: opts.keys};
      })()
    : (() => {
        const seeded = seededContext('demo', {dataFile, clock, log});
        return {...seeded, keys: {adminKey: seeded.keys.adminKey!, scopedKey: seeded.keys.scopedKey!}};
      })();
  return {
    ctx,
    clock,
    adminKey: keys.adminKey,
    scopedKey: keys.scopedKey,
    async call(path, o = {}) {
      const headers: Record<string, string> = {authorization: `Bearer ${o.key ?? keys.adminKey}`};
      if (o.json !== undefined) headers['content-type'] = 'application/json';
      const res = await app.request(path, {method: o.method ?? 'GET', headers, body: o.json === undefined ? undefined : JSON.stringify(o.json)});
      const text = await res.text();
      return {status: res.status, body: text === '' ? null : JSON.parse(text)};
    },
    close: () => ctx.db.close(),
  };
}

export async function startSync(s: DbtService, body: unknown = {ref: 'main'}): Promise<{syncJobId: string; workflowId: string; branchName: string}> {
  const res = await s.call(BASE, {method: 'POST', json: body});
  if (res.status !== 200) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Steps the clock in `stepMs` until the status is terminal, recording each distinct status seen. */
export async function runToEnd(s: DbtService, id: string, stepMs = 250): Promise<{seen: string[]; last: any}> {
  const seen: string[] = [];
  for (let i = 0; i < 400; i++) {
    const {body} = await s.call(`${BASE}/${id}`);
    if (seen.at(-1) !== body.status) seen.push(body.status);
    if (body.status === 'COMPLETED' || body.status === 'FAILED') return {seen, last: body};
    s.clock.advance(stepMs);
  }
  throw new Error(`sync ${id} did not end`);
}

/** The history run with that id (searching the newest page). */
export async function runOf(s: DbtService, id: string): Promise<any> {
  const {body} = await s.call(`${BASE}?first=100`);
  return body.items.find((r: {syncJobId: string}) => r.syncJobId === id);
}
