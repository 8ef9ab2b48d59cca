// The service under load with big tables: 100,000 deployments (offset paging) and 100,000 dbt runs of one
// deployment (cursor paging). The service runs as its own `svc server` process on a data file filled once;
// a keep-alive load generator written in Node sends bursts at a fixed concurrency. SQLite's own cost of the
// same page is timed on the same file through a second (read-only) connection, so "the offset costs the
// service more than it costs SQLite" is a ratio measured in the same run.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {Agent, request} from 'node:http';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import Database from 'better-sqlite3';
import {startService} from '../../src/server/index.js';
import type {BenchContext, Suite} from './measure.js';

const ROWS = 100_000;
const DEEP = 99_000;
const BURST = 80;
const CONCURRENCY = 8;
const KEY = 'svc_benchServiceKey0123456789abcdefg';

interface Big {
  url: string;
  db: Database.Database;
  /** The deployment holding the dbt runs, and the cursor of the page after its 99,000th newest run. */
  deployment: number;
  deepCursor: string;
}
let big: Promise<Big> | undefined;

/** Copies row `id` of `table` n times (all columns but id; `overrides` are SQL expressions over `n`). */
function multiply(db: Database.Database, table: string, id: number, n: number, overrides: Record<string, string>): void {
  const cols = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{name: string}>).map((c) => c.name).filter((c) => c !== 'id');
  const values = cols.map((c) => overrides[c] ?? c).join(', ');
  db.prepare(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${n})
     INSERT INTO ${table} (${cols.join(', ')}) SELECT ${values} FROM seq, (SELECT * FROM ${table} WHERE id = ${id})`,
  ).run();
}

async function fill(file: string): Promise<void> {
  const svc = await startService({port: 0, dataFile: file, seed: 'demo', adminKey: KEY});
  const db = svc.ctx.db;
  const have = db.prepare('SELECT count(*) FROM deployments WHERE deleted_at IS NULL').pluck().get() as number;
  multiply(db, 'deployments', 1, ROWS - have, {name: "'bulk-' || n"});
  const run = db.prepare('SELECT id, deployment_id FROM dbt_syncs ORDER BY id LIMIT 1').get() as {id: number; deployment_id: number} | undefined;
  if (!run) throw new Error('the demo seed has no dbt run to copy');
  const runs = db.prepare('SELECT count(*) FROM dbt_syncs WHERE deployment_id = ?').pluck().get(run.deployment_id) as number;
  multiply(db, 'dbt_syncs', run.id, ROWS - runs, {sync_job_id: 'lower(hex(randomblob(16)))', status: "'COMPLETED'", branch_name: "'dbt-sync/bench-' || n"});
  await svc.close();
}

function startServer(cli: string, file: string): Promise<{child: ChildProcess; url: string}> {
  const child = spawn(process.execPath, [cli, 'server', '--port', '0', '--data', file, '--admin-key', KEY], {stdio: ['ignore', 'pipe', 'ignore']});
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (\S+)\n/.exec(out)?.[1];
      if (url) resolve({child, url});
    });
    child.once('exit', (code) => reject(new Error(`svc server exited with ${code}`)));
  });
}

function setUp(ctx: BenchContext): Promise<Big> {
  return (big ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-bench-service-'));
    const file = join(dir, 'big.db');
    await fill(file);
    const {child, url} = await startServer(ctx.cli, file);
    // The bench process must be able to end: the server is not waited for, and dies with it.
    child.unref();
    (child.stdout as unknown as {unref?: () => void}).unref?.();
    process.once('exit', () => {
      child.kill('SIGKILL');
      rmSync(dir, {recursive: true, force: true});
    });
    const db = new Database(file, {readonly: true});
    const deployment = db.prepare('SELECT deployment_id FROM dbt_syncs GROUP BY deployment_id ORDER BY count(*) DESC LIMIT 1').pluck().get() as number;
    const deepId = db.prepare('SELECT id FROM dbt_syncs WHERE deployment_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?').pluck().get(deployment, DEEP) as number;
    return {url, db, deployment, deepCursor: Buffer.from(`run:${deepId}`).toString('base64url')};
  })());
}

const agent = new Agent({keepAlive: true, maxSockets: CONCURRENCY});

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, {agent, headers: {authorization: `Bearer ${KEY}`}}, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url} → ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** BURST requests, CONCURRENCY at a time: per-request latencies and the wall time of the whole burst. */
async function burst(url: string): Promise<{latencies: number[]; wallMs: number}> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      while (next++ < BURST) latencies.push(await get(url));
    }),
  );
  return {latencies, wallMs: performance.now() - started};
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.99) - 1] ?? 0;

type Path = (b: Big) => string;
const list: (offset: number) => Path = (offset) => (b) => `${b.url}/api/v1/deployments?limit=100&offset=${offset}`;
const history: (deep: boolean) => Path = (deep) => (b) => `${b.url}/api/v1/deployments/${b.deployment}/dbt-sync?first=100${deep ? `&after=${b.deepCursor}` : ''}`;

const perRequest = (path: Path) => async (ctx: BenchContext) => {
  const b = await setUp(ctx);
  const {wallMs} = await burst(path(b));
  return wallMs / BURST;
};
const tail = (path: Path) => async (ctx: BenchContext) => p99((await burst(path(await setUp(ctx)))).latencies);

/** SQLite's own page (count + rows, as the route asks), mean of 20. */
const sqlitePage = (offset: number) => async (ctx: BenchContext) => {
  const {db} = await setUp(ctx);
  const count = db.prepare('SELECT count(*) FROM deployments WHERE deleted_at IS NULL').pluck();
  const page = db.prepare('SELECT * FROM deployments WHERE deleted_at IS NULL ORDER BY id LIMIT 100 OFFSET ?');
  const started = performance.now();
  for (let i = 0; i < 20; i++) {
    count.get();
    page.all(offset);
  }
  return (performance.now() - started) / 20;
};

/** What offset 99,000 adds over offset 0, one request at a time, alternating (mean of 30 pairs). */
const serviceExtra = async (ctx: BenchContext) => {
  const b = await setUp(ctx);
  let extra = 0;
  for (let i = 0; i < 20; i++) extra += (await get(list(DEEP)(b))) - (await get(list(0)(b)));
  return extra / 20;
};
const sqliteExtra = async (ctx: BenchContext) => {
  let extra = 0;
  for (let i = 0; i < 5; i++) extra += (await sqlitePage(DEEP)(ctx)) - (await sqlitePage(0)(ctx));
  return extra / 5;
};

export const serviceSuite: Suite = {
  id: 'service',
  title: 'Service throughput and paging',
  description:
    `\`svc server\` in its own process on a data file with ${ROWS.toLocaleString('en')} deployments and ${ROWS.toLocaleString('en')} dbt runs of one deployment. ` +
    `A keep-alive Node load generator sends bursts of ${BURST} GETs, ${CONCURRENCY} in flight: "ms/request" is the burst's wall time ÷ ${BURST} ` +
    `(1000 ÷ it = requests per second), "p99" the 99th percentile latency of the burst. "SQLite page" is the route's own two statements (count + page) ` +
    'on a read-only connection to the same file. "offset extra" is what offset 99,000 adds over offset 0, for the service (one request at a time, 20 ' +
    'alternating pairs) and for SQLite alone. dbt history pages by cursor (keyset on the run id): the deep page starts after run 99,000.',
  measures: [
    {name: 'SQLite page, offset 0', run: sqlitePage(0)},
    {name: 'SQLite page, offset 99,000', run: sqlitePage(DEEP)},
    {name: 'offset extra, SQLite', run: sqliteExtra},
    {name: 'offset extra, service', run: serviceExtra},
    {name: 'deployments offset 0, ms/request', run: perRequest(list(0))},
    {name: 'deployments offset 99,000, ms/request', run: perRequest(list(DEEP))},
    {name: 'deployments offset 0, p99', run: tail(list(0))},
    {name: 'deployments offset 99,000, p99', run: tail(list(DEEP))},
    {name: 'dbt history first page, ms/request', run: perRequest(history(false))},
    {name: 'dbt history after run 99,000, ms/request', run: perRequest(history(true))},
    {name: 'dbt history first page, p99', run: tail(history(false))},
    {name: 'dbt history after run 99,000, p99', run: tail(history(true))},
  ],
  targets: [
    {label: 'offset 99,000 extra: service vs SQLite alone', measure: 'offset extra, service', baseline: 'offset extra, SQLite', maxRatio: 1.5},
    {label: 'dbt history deep page vs first page (ms/request)', measure: 'dbt history after run 99,000, ms/request', baseline: 'dbt history first page, ms/request', maxRatio: 1.5},
    {label: 'dbt history deep page vs first page (p99)', measure: 'dbt history after run 99,000, p99', baseline: 'dbt history first page, p99', maxRatio: 2},
    {label: 'deployments offset 99,000 vs 0 (ms/request)', measure: 'deployments offset 99,000, ms/request', baseline: 'deployments offset 0, ms/request', maxRatio: Number.POSITIVE_INFINITY},
    {label: 'deployments offset 99,000 vs 0 (p99)', measure: 'deployments offset 99,000, p99', baseline: 'deployments offset 0, p99', maxRatio: Number.POSITIVE_INFINITY},
    {label: 'SQLite offset 99,000 vs 0', measure: 'SQLite page, offset 99,000', baseline: 'SQLite page, offset 0', maxRatio: Number.POSITIVE_INFINITY},
  ],
};
