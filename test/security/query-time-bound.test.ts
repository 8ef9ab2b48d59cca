// Model SQL is written by whoever edits the model: a cube's `sql` can be a recursive CTE that runs for minutes.
// The data API stops a query at its time bound with a clear error, and the service answers everyone else meanwhile.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {closeContext} from '../../src/server/context.js';
import {testApp, type TestApp} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
const BOUND_MS = 2000;
// Tens of millions of rows from a recursive CTE: 15–40 s of SQLite work, depending on the machine.
const ENDLESS = 'cubes:\n  - name: endless\n    sql: WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 50000000) SELECT x AS id FROM r\n    measures:\n      - {name: count, type: count}\n';

let t: TestApp;
let token: string;
let branch: string;
beforeEach(async () => {
  t = testApp('demo', {queryTimeoutMs: BOUND_MS});
  token = (await t.call('/api/v1/deployments/1/token', {method: 'POST'})).body.cubeApiToken;
  branch = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}})).body.branchName as string;
  await t.call(`${D}/data-model/files`, {method: 'PUT', json: {files: [{path: 'model/cubes/endless.yml', content: ENDLESS}]}});
  t.clock.advance(60_000);
});
afterEach(() => t.close());

const load = (query: unknown) =>
  t.call(`/data/1/dev-mode/${encodeURIComponent(branch)}/cubejs-api/v1/load?query=${encodeURIComponent(JSON.stringify(query))}`, {key: token});
const ORDERS = {measures: ['orders.count']};

/** Child processes of this process that are alive (Linux), each query process among them. */
function children(): number[] {
  const of = (task: string): string[] => {
    try {
      return readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ');
    } catch {
      return []; // a thread that ended meanwhile
    }
  };
  return readdirSync('/proc/self/task').flatMap(of).filter((p) => p.trim() !== '').map(Number);
}
const alive = (pid: number) => existsSync(`/proc/${pid}`);

/** Resolves `ms` after it is called, or later if the event loop is held. */
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('model SQL time bound', () => {
  it('stops a recursive CTE at the bound with a clear error, and answers other requests meanwhile', async () => {
    expect((await load(ORDERS)).body.data).toEqual([{'orders.count': 2400}]);
    const start = performance.now();
    const slow = load({measures: ['endless.count']}).then((res) => ({res, at: performance.now() - start}));
    // Sent half a second into the slow query, as another user would: measured from when it was meant to leave.
    await after(500);
    const others = await Promise.all([
      t.call('/api/v1/deployments').then((res) => ({res, at: performance.now() - start})),
      load(ORDERS).then((res) => ({res, at: performance.now() - start})),
    ]);
    for (const other of others) {
      expect(other.res.status).toBe(200);
      expect(other.at - 500).toBeLessThan(1000);
    }
    expect(others[1]!.res.body.data).toEqual([{'orders.count': 2400}]);
    const {res, at} = await slow;
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`the query ran longer than ${BOUND_MS / 1000} s, the data API's limit, and was stopped: simplify the model's SQL or the query`);
    expect(at).toBeGreaterThanOrEqual(BOUND_MS - 50);
    expect(at).toBeLessThan(BOUND_MS + 2500);
  }, 60_000);

  it('answers the next query after a stopped one', async () => {
    expect((await load({measures: ['endless.count']})).status).toBe(400);
    const start = performance.now();
    const res = await load(ORDERS);
    expect(res.body.data).toEqual([{'orders.count': 2400}]);
    expect(performance.now() - start).toBeLessThan(2000);
    expect((await load({measures: ['endless.count']})).body.error).toMatch(/ran longer than 2 s/);
  }, 60_000);

  /** The endless query, running: its answer, and the query processes this service started for it. */
  async function endlessRunning(): Promise<{slow: ReturnType<typeof load>; processes: number[]}> {
    const before = children();
    expect((await load(ORDERS)).status).toBe(200);
    const slow = load({measures: ['endless.count']});
    await after(300);
    const processes = children().filter((pid) => !before.includes(pid));
    expect(processes.length).toBeGreaterThan(0);
    return {slow, processes};
  }

  it.runIf(process.platform === 'linux')('the stopped statement’s process is gone: SQLite does not go on in the background', async () => {
    const {slow, processes} = await endlessRunning();
    expect((await slow).body.error).toMatch(/ran longer/);
    expect(processes.filter(alive).length).toBeLessThan(processes.length);
  }, 60_000);

  it.runIf(process.platform === 'linux')('closing the service ends its query processes, a running query included', async () => {
    const {slow, processes} = await endlessRunning();
    const start = performance.now();
    await closeContext(t.ctx);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(processes.filter(alive)).toEqual([]);
    expect((await slow).body.error).not.toMatch(/ran longer/);
  }, 60_000);
});
