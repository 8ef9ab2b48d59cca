// Model SQL is written by whoever edits the model: a cube's `sql` can be a recursive CTE that runs for minutes.
// The data API stops a query at its time bound with a clear error, and the service answers everyone else meanwhile.
import {spawn} from 'node:child_process';
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
/** Alive and not a zombie waiting for its parent to collect it. */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** Resolves `ms` after it is called, or later if the event loop is held. */
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('model SQL time bound', () => {
  beforeEach(async () => {
    t = testApp('demo', {queryTimeoutMs: BOUND_MS});
    token = (await t.call('/api/v1/deployments/1/token', {method: 'POST'})).body.cubeApiToken;
    branch = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}})).body.branchName as string;
    await t.call(`${D}/data-model/files`, {method: 'PUT', json: {files: [{path: 'model/cubes/endless.yml', content: ENDLESS}]}});
    t.clock.advance(60_000);
  });
  afterEach(() => t.close());

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

  it('a query waiting behind slow ones runs once a process is free, with its own bound', async () => {
    expect((await load(ORDERS)).status).toBe(200);
    const slow = [load({measures: ['endless.count']}), load({measures: ['endless.count']})];
    await after(300);
    const start = performance.now();
    const res = await load(ORDERS);
    // It waited for the two slow ones to be stopped (about 1.7 s), then ran in a fresh process.
    expect(res.body.data).toEqual([{'orders.count': 2400}]);
    expect(performance.now() - start).toBeLessThan(BOUND_MS + 2500);
    for (const s of await Promise.all(slow)) expect(s.body.error).toMatch(/ran longer/);
  }, 60_000);

  it('a query that finds every process taken for the whole bound answers 503 busy, not a timeout of its own', async () => {
    expect((await load(ORDERS)).status).toBe(200);
    const slow = Array.from({length: 4}, () => load({measures: ['endless.count']}));
    await after(300);
    const start = performance.now();
    const res = await load(ORDERS);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe(`the data API is busy: every query process stayed taken by other queries for ${BOUND_MS / 1000} s; try again shortly`);
    expect(res.headers.get('retry-after')).toBe(String(BOUND_MS / 1000));
    expect(performance.now() - start).toBeLessThan(BOUND_MS + 2500);
    await Promise.all(slow);
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

// A service killed with SIGKILL closes nothing: its query processes must still end, the one inside SQLite included.
const ORPHAN_PARENT = `
const {Warehouse} = await import(${JSON.stringify(new URL('../../src/server/engines/sample/warehouse.ts', import.meta.url).href)});
const w = new Warehouse({timeoutMs: 600000, processes: 2});
w.all('SELECT count(*) FROM (WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 1000000000000) SELECT x FROM r)', {}).catch(() => {});
const {readdirSync, readFileSync} = await import('node:fs');
const report = setInterval(() => {
  const kids = readdirSync('/proc/self/task').flatMap((t) => readFileSync('/proc/self/task/' + t + '/children', 'utf8').split(' ')).filter((p) => p.trim() !== '')
    .filter((p) => readFileSync('/proc/' + p + '/cmdline', 'utf8').includes('better-sqlite3'));
  if (w.size === 2 && kids.length === 2) {
    clearInterval(report);
    setTimeout(() => console.log(JSON.stringify(kids.map(Number))), 500);
  }
}, 50);
setInterval(() => {}, 1000);
`;

describe('model SQL after the service is killed', () => {
  it.runIf(process.platform === 'linux')('its query processes end, the one running an endless statement too', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', ORPHAN_PARENT], {stdio: ['ignore', 'pipe', 'inherit']});
    let processes: number[] = [];
    try {
      const line = await new Promise<string>((resolve, reject) => {
        parent.stdout.on('data', (chunk: Buffer) => resolve(chunk.toString()));
        parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before it had started its query processes`)));
      });
      processes = JSON.parse(line) as number[];
      expect(processes.filter(alive)).toHaveLength(2);
      parent.kill('SIGKILL');
      const deadline = performance.now() + 5000;
      while (processes.some(running) && performance.now() < deadline) await after(100);
      expect(processes.filter(running)).toEqual([]);
    } finally {
      parent.kill('SIGKILL');
      // Whatever the outcome, no endless statement outlives the test.
      for (const pid of processes.filter(running)) process.kill(pid, 'SIGKILL');
    }
  }, 60_000);
});
