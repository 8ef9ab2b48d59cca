// The prepared demo image of `svc ui --local`: a seeded start leaves a credential-free copy in a private cache
// directory; the next start copies it and issues fresh credentials. A directory or file someone else could
// write, a stale image and a corrupt one are ignored without a word: the data file is seeded as before.
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import Database from 'better-sqlite3';
import {afterAll, afterEach, describe, expect, it} from 'vitest';
import {DEMO_IMAGE_MAX_AGE_MS, demoImageFile, saveDemoImage} from '../../src/server/demoImage.js';
import {startService, type RunningService} from '../../src/server/index.js';
import {realTimeDemoImage} from '../helpers/seedImage.js';

const work = mkdtempSync(join(tmpdir(), 'svc-demo-image-'));
afterAll(() => rmSync(work, {recursive: true, force: true}));
const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

let n = 0;
async function start(imageDir: string): Promise<RunningService> {
  const service = await startService({port: 0, seed: 'demo', dataFile: join(work, `svc-${++n}.db`), demoImageDir: imageDir, log: () => {}});
  running.push(service);
  return service;
}

/**
 * A good image as a seeded start leaves it (the first test shows that a start uses one): the worker's demo image
 * seeded near real time (seedImage.ts), copied instead of seeding a service of its own first.
 */
const goodImage = () => realTimeDemoImage(Date.now());

const get = (s: RunningService, path: string, key = s.adminKey) => fetch(`${s.url}${path}`, {headers: {authorization: `Bearer ${key}`}});

describe('demo image', () => {
  it('a seeded start leaves a private image without credentials; the next start copies it with fresh keys', async () => {
    const dir = join(work, 'cache-a', 'svc');
    const first = await start(dir);
    expect(first.fromImage).toBe(false);
    const image = demoImageFile(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(image).mode & 0o777).toBe(0o600);
    const copy = new Database(image, {readonly: true});
    expect(copy.prepare('SELECT count(*) FROM api_keys').pluck().get()).toBe(0);
    expect(copy.prepare("SELECT count(*) FROM service_settings WHERE key = 'jwt_secret'").pluck().get()).toBe(0);
    copy.close();

    const second = await start(dir);
    expect(second.fromImage).toBe(true);
    expect(second.firstStart).toBe(true);
    expect(second.adminKey).not.toBe(first.adminKey);
    expect(second.scopedKey).toMatch(/^svc_/);
    expect(Buffer.compare(Buffer.from(second.ctx.jwtSecret), Buffer.from(first.ctx.jwtSecret))).not.toBe(0);
    // The same demo, reachable with the new keys only.
    const list = await get(second, '/api/v1/deployments?limit=50');
    expect(list.status).toBe(200);
    const body = (await list.json()) as {data: {deployments: Array<{name: string}>}; pagination: {total: number}};
    expect(body.pagination.total).toBe(45);
    expect(body.data.deployments.map((d) => d.name)).toContain('analytics-prod');
    expect((await get(second, '/api/v1/deployments', first.adminKey)).status).toBe(401);
    // The scoped key reads its deployment and nothing else, as the seed's does.
    expect((await get(second, '/api/v1/deployments/1', second.scopedKey)).status).toBe(200);
    expect((await get(second, '/api/v1/deployments/2', second.scopedKey)).status).toBe(403);
  });

  it('is neither used nor written in a directory others can enter', async () => {
    // A good image (fresh, private, this build's): used from a private directory…
    const private_ = join(work, 'cache-private');
    mkdirSync(private_, {recursive: true, mode: 0o700});
    writeFileSync(demoImageFile(private_), await goodImage(), {mode: 0o600});
    expect((await start(private_)).fromImage).toBe(true);
    // …but not from a directory others can enter.
    const dir = join(work, 'cache-open');
    mkdirSync(dir, {recursive: true});
    chmodSync(dir, 0o755);
    const image = demoImageFile(dir);
    writeFileSync(image, await goodImage(), {mode: 0o600});
    const before = {bytes: readFileSync(image), ...statSync(image, {bigint: true})};
    const s = await start(dir);
    expect(s.fromImage).toBe(false);
    const after = statSync(image, {bigint: true});
    expect([after.ino, after.mtimeNs]).toEqual([before.ino, before.mtimeNs]);
    expect(readFileSync(image).equals(before.bytes)).toBe(true);
  });

  it('ignores an image others may write, a stale one and a corrupt one, and seeds instead', async () => {
    const dir = join(work, 'cache-b');
    mkdirSync(dir, {recursive: true, mode: 0o700});
    const image = demoImageFile(dir);
    writeFileSync(image, await goodImage(), {mode: 0o600});
    expect((await start(dir)).fromImage).toBe(true);

    chmodSync(image, 0o666);
    expect((await start(dir)).fromImage).toBe(false);

    // (the start above wrote a new, private image)
    expect(statSync(image).mode & 0o777).toBe(0o600);
    const old = (Date.now() - DEMO_IMAGE_MAX_AGE_MS - 60_000) / 1000;
    utimesSync(image, old, old);
    expect((await start(dir)).fromImage).toBe(false);

    writeFileSync(image, 'not a database at all'.repeat(100), {mode: 0o600});
    const s = await start(dir);
    expect(s.fromImage).toBe(false);
    expect((await get(s, '/api/v1/deployments')).status).toBe(200);
    // …and the corrupt image was replaced by a good one.
    expect((await start(dir)).fromImage).toBe(true);
  });

  it('saving an image removes the images too old to be used, of any build, and nothing else', () => {
    const dir = join(work, 'cache-prune');
    mkdirSync(dir, {recursive: true, mode: 0o700});
    const stale = (Date.now() - DEMO_IMAGE_MAX_AGE_MS - 3600_000) / 1000;
    const files = {
      oldBuild: 'demo-0123456789abcdef.db',
      oldSave: '.demo-4242-1700000000000.tmp',
      freshBuild: 'demo-fedcba9876543210.db',
      notOurs: 'demo-notes.txt',
    };
    for (const name of Object.values(files)) writeFileSync(join(dir, name), 'x', {mode: 0o600});
    for (const name of [files.oldBuild, files.oldSave, files.notOurs]) utimesSync(join(dir, name), stale, stale);
    const db = new Database(':memory:');
    db.exec('CREATE TABLE api_keys (id INTEGER PRIMARY KEY AUTOINCREMENT); CREATE TABLE service_settings (key TEXT, value TEXT);');
    saveDemoImage(db, dir);
    db.close();
    expect(readdirSync(dir).sort()).toEqual([files.freshBuild, files.notOurs, demoImageFile(dir).slice(dir.length + 1)].sort());
  });

  it('an existing data file is never replaced by the image', async () => {
    const dir = join(work, 'cache-c');
    const first = await startService({port: 0, seed: 'demo', dataFile: join(work, 'kept.db'), demoImageDir: dir, log: () => {}});
    const key = first.adminKey;
    await first.close();
    const again = await startService({port: 0, seed: 'demo', dataFile: join(work, 'kept.db'), demoImageDir: dir, adminKey: key, log: () => {}});
    running.push(again);
    expect(again.fromImage).toBe(false);
    expect(again.firstStart).toBe(false);
    expect((await get(again, '/api/v1/deployments', key)).status).toBe(200);
  });
});
