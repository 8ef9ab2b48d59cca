// Seed once, copy per test (test/helpers/seedImage.ts): a copy of the demo image is the seed it was made from,
// with credentials of its own, and the run's image is as close to a fresh seed as two fresh seeds are to each
// other (the dbt history has random ids and durations).
import {describe, expect, it, onTestFinished} from 'vitest';
import {createApp} from '../../src/server/app.js';
import {closeContext, createContext, type ServiceContext} from '../../src/server/context.js';
import {demoImageBytes} from '../../src/server/demoImage.js';
import {ManualClock} from '../../src/server/engines/clock.js';
import {issueSeedKeys, seed} from '../../src/server/seed.js';
import type {Db} from '../../src/server/store/db.js';
import {demoImageAt, TEST_EPOCH} from '../helpers/seedImage.js';
import {testApp} from '../helpers/startService.js';

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
