// Seed once, copy per test (test/helpers/seedImage.ts): a copy of the demo image is the seed it was made from,
// with credentials of its own, and the run's image is as close to a fresh seed as two fresh seeds are to each
// other (the dbt history has random ids and durations). The CLI tests' real-time services copy an image too.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it, onTestFinished} from 'vitest';
import {createApp} from '../../src/server/app.js';
import {closeContext, createContext, type ServiceContext} from '../../src/server/context.js';
import {demoImageBytes} from '../../src/server/demoImage.js';
import {ManualClock} from '../../src/server/engines/clock.js';
import {issueSeedKeys, seed} from '../../src/server/seed.js';
import type {Db} from '../../src/server/store/db.js';
import {startCliService} from '../helpers/cliInProcess.js';
import {demoImageAt, REAL_TIME_IMAGE_MAX_AGE_MS, TEST_EPOCH} from '../helpers/seedImage.js';
import {seededContext, startTestService, testApp} from '../helpers/startService.js';

/** Every table's rows (in a fixed order), credentials and migration times left out (they differ by design). */
function tables(db: Db): Record<string, string[]> {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  const out: Record<string, string[]> = {};
  for (const t of names) {
    const rows = db.prepare(`SELECT * FROM "${t}"`).all() as Record<string, unknown>[];
    out[t] = rows.map((r) => {
      if (t === 'schema_migrations') delete r.applied_at;
      if (t === 'api_keys') {
        delete r.prefix;
        delete r.key_hash;
      }
      if (t === 'service_settings' && r.key === 'jwt_secret') delete r.value;
      return JSON.stringify(r);
    }).sort();
  }
  return out;
}

/** A demo seed made the way testApp() made one before the image (app first: its hooks take part in seeding). */
function freshSeed(): ServiceContext {
  const ctx = createContext({dataFile: ':memory:', clock: new ManualClock(TEST_EPOCH), log: () => {}});
  onTestFinished(() => closeContext(ctx));
  createApp(ctx);
  seed(ctx, 'demo');
  return ctx;
}

describe('seed once, copy per test', () => {
  it('a copy of a seeded image is that seed, with its own keys and JWT secret', async () => {
    const seeded = freshSeed();
    const copy = createContext({dataFile: ':memory:', image: demoImageBytes(seeded.db), clock: new ManualClock(TEST_EPOCH), log: () => {}});
    const keys = copy.db.transaction(() => issueSeedKeys(copy, 'demo'))();
    expect(tables(copy.db)).toEqual(tables(seeded.db));
    expect(keys.adminKey).toMatch(/^svc_/);
    expect(Buffer.from(copy.jwtSecret).equals(Buffer.from(seeded.jwtSecret))).toBe(false);
    await closeContext(copy);
  });

  it("testApp() opens the run's image, which differs from a fresh seed only where two fresh seeds differ", async () => {
    expect(demoImageAt(TEST_EPOCH), 'the run has a demo image').toBeDefined();
    const [a, b] = [freshSeed(), freshSeed()];
    const [ta, tb] = [tables(a.db), tables(b.db)];
    const t1 = testApp();
    const t2 = testApp();
    const copied = tables(t1.ctx.db);
    // Same tables; every table two fresh seeds agree on is the same in the copy. The id counters
    // (sqlite_sequence) are compared for those tables only: a random history's row count can agree by chance.
    expect(Object.keys(copied)).toEqual(Object.keys(ta));
    const stable = Object.keys(ta).filter((t) => t !== 'sqlite_sequence' && JSON.stringify(ta[t]) === JSON.stringify(tb[t]));
    expect(stable).toEqual(expect.arrayContaining(['deployments', 'environments', 'api_keys', 'schema_migrations', 'builds']));
    for (const t of stable) expect(copied[t], t).toEqual(ta[t]);
    const counters = (rows: string[]) => rows.filter((r) => stable.includes((JSON.parse(r) as {name: string}).name));
    expect(counters(copied.sqlite_sequence!)).toEqual(counters(ta.sqlite_sequence!));
    // Two tests get copies of one image (the same dbt run ids), each with keys of its own that work.
    const runIds = (db: Db) => db.prepare('SELECT sync_job_id FROM dbt_syncs ORDER BY id').pluck().all();
    expect(runIds(t2.ctx.db)).toEqual(runIds(t1.ctx.db));
    expect(runIds(a.db)).not.toEqual(runIds(b.db));
    expect(t1.adminKey).not.toBe(t2.adminKey);
    expect((await t1.call('/api/v1/deployments?limit=1')).status).toBe(200);
    expect((await t2.call('/api/v1/deployments?limit=1', {key: t1.adminKey})).status).toBe(401);
    t1.close();
    t2.close();
  });
});

describe('a new data file of the demo at TEST_EPOCH', () => {
  it('is a copy of the run\u2019s image too, with keys of its own, for startTestService() and seededContext()', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-seed-image-'));
    onTestFinished(() => rmSync(dir, {recursive: true, force: true}));
    const memory = testApp();
    onTestFinished(() => memory.close());
    const started = await startTestService({dataFile: join(dir, 'started.db')});
    onTestFinished(() => started.close());
    const made = seededContext('demo', {dataFile: join(dir, 'made.db'), clock: new ManualClock(TEST_EPOCH)});
    onTestFinished(() => closeContext(made.ctx));
    expect([started.firstStart, started.fromImage]).toEqual([true, true]);
    // The image's dbt history (random ids: a seed would have its own), on files that a later start reopens.
    const runIds = (db: Db) => db.prepare('SELECT sync_job_id FROM dbt_syncs ORDER BY id').pluck().all();
    expect(runIds(started.ctx.db)).toEqual(runIds(memory.ctx.db));
    expect(runIds(made.ctx.db)).toEqual(runIds(memory.ctx.db));
    expect(made.ctx.db.pragma('journal_mode', {simple: true})).toBe('wal');
    expect(new Set([started.adminKey, made.keys.adminKey, memory.adminKey]).size).toBe(3);
    const me = await fetch(`${started.url}/api/v1/users/me`, {headers: {authorization: `Bearer ${started.adminKey}`}});
    expect(me.status).toBe(200);
    const made200 = await made.app.request('/api/v1/users/me', {headers: {authorization: `Bearer ${made.keys.adminKey}`}});
    expect(made200.status).toBe(200);
  });
});

describe('the CLI tests\u2019 services (startCliService) on a clock near real time', () => {
  it('start from one real-time image, in memory and on a new data file, each with keys of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-seed-image-'));
    onTestFinished(() => rmSync(dir, {recursive: true, force: true}));
    const memory = await startCliService({speed: 20});
    onTestFinished(() => memory.close());
    const file = await startCliService({dataFile: join(dir, 'svc.db'), adminKey: 'svc_seedImage0123456789abcdefghijklm'});
    onTestFinished(() => file.close());
    expect([memory.fromImage, file.fromImage]).toEqual([true, true]);
    const runIds = (db: Db) => db.prepare('SELECT sync_job_id FROM dbt_syncs ORDER BY id').pluck().all();
    expect(runIds(file.ctx.db)).toEqual(runIds(memory.ctx.db));
    // Seeded near the service's start: the first deployment was created 60 days before it, give or take the image's age.
    const created = memory.ctx.db.prepare('SELECT created_at FROM deployments ORDER BY id LIMIT 1').pluck().get() as number;
    const start = Date.now() - 60 * 86_400_000;
    expect(created).toBeLessThanOrEqual(start);
    expect(created).toBeGreaterThan(start - REAL_TIME_IMAGE_MAX_AGE_MS - 60_000);
    const me = (s: typeof memory) => fetch(`${s.url}/api/v1/users/me`, {headers: {authorization: `Bearer ${s.adminKey}`}}).then((r) => r.status);
    expect([await me(memory), await me(file)]).toEqual([200, 200]);
    expect((await fetch(`${file.url}/api/v1/users/me`, {headers: {authorization: `Bearer ${memory.adminKey}`}})).status).toBe(401);
  });
});
