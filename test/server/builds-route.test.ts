import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {createApp} from '../../src/server/app.js';
import {createContext, type ServiceContext} from '../../src/server/context.js';
import {ManualClock} from '../../src/server/engines/clock.js';
import type {SeedResult} from '../../src/server/seed.js';
import {seededContext, TEST_EPOCH} from '../helpers/startService.js';

const contexts: ServiceContext[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const ctx of contexts.splice(0)) ctx.db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

/** A demo service (in memory: a copy of the run's image), or with `seedIt` false one reopening `dataFile`. */
function service(dataFile = ':memory:', clock = new ManualClock(TEST_EPOCH), seedIt = true) {
  const {ctx, app, keys} = seedIt
    ? seededContext('demo', {dataFile, clock})
    : (() => {
        const reopened = createContext({dataFile, clock, log: () => {}});
        return {ctx: reopened, app: createApp(reopened), keys: {} as Partial<SeedResult>};
      })();
  contexts.push(ctx);
  const call = async (path: string, key = keys.adminKey, init: RequestInit = {}) => {
    const res = await app.request(path, {...init, headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers}});
    return {status: res.status, body: (await res.json()) as Record<string, unknown>};
  };
  return {ctx, clock, keys, call};
}

const statusPath = (id: number, branch?: string) =>
  `/api/v1/deployments/${id}/build-status${branch === undefined ? '' : `?branchName=${encodeURIComponent(branch)}`}`;

const devModePath = (id: number) => `/build/api/v1/deployments/${id}/dev-mode`;

async function switchVersion(call: ReturnType<typeof service>['call'], id: number): Promise<void> {
  const versions = await call(`/api/v1/deployments/${id}/versions`);
  const items = versions.body.items as Array<{releaseChannelVersion: string; isCurrent: boolean}>;
  const other = items.find((v) => !v.isCurrent);
  expect(other).toBeDefined();
  const res = await call(`/api/v1/deployments/${id}`, undefined, {method: 'PUT', body: JSON.stringify({releaseChannelVersion: other!.releaseChannelVersion})});
  expect(res.status).toBe(200);
}

describe('GET /api/v1/deployments/{id}/build-status', () => {
  it('answers the deploy branch by default: a seeded deployment is built', async () => {
    const {call} = service();
    const res = await call(statusPath(1));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({deploymentId: 1, branchName: 'main', mode: 'production', status: 'built', deploymentStatus: 'built', errorText: null});
    expect(res.body.buildJobId).toEqual(expect.any(Number));
    expect(new Date(res.body.updatedAt as string).getTime()).toBeLessThan(Date.UTC(2026, 5, 1));
    const empty = await call(`${statusPath(1)}?branchName=`);
    expect(empty.body).toMatchObject({branchName: 'main', status: 'built', buildJobId: res.body.buildJobId});
  });

  it('follows a version switch through building and warmup to built on the clock', async () => {
    const {call, clock} = service();
    const before = (await call(statusPath(1))).body.buildJobId as number;
    await switchVersion(call, 1);
    const seen: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const {body} = await call(statusPath(1, 'main'));
      seen.push(`${body.status}/${body.deploymentStatus}`);
      expect(body.buildJobId).toBeGreaterThan(before);
      clock.advance(1_000);
    }
    expect(seen).toEqual(['building/queued', 'building/building', 'building/building', 'building/building', 'warmup/warmup', 'warmup/warmup', 'built/built']);
  });

  it('reports a failed build with the compile error, and a superseded one as cancelled', async () => {
    const {ctx, call, clock} = service();
    const broken = ctx.builds.trigger(2, 'main', 'deploy', {validate: () => 'model/cubes/orders.yml: measure `total` has unknown type `summ`'});
    clock.advance(10_000);
    expect((await call(statusPath(2))).body).toMatchObject({status: 'failed', buildJobId: broken.id, errorText: 'model/cubes/orders.yml: measure `total` has unknown type `summ`'});
    const first = ctx.builds.trigger(3, 'main', 'deploy');
    ctx.builds.trigger(3, 'main', 'deploy again');
    expect(ctx.builds.get(first.id)!.step).toBe('cancelled');
    expect((await call(statusPath(3))).body).toMatchObject({status: 'building', deploymentStatus: 'queued'});
  });

  it('answers an unknown branch the way the real API does: building, Bad branch', async () => {
    const {call} = service();
    const res = await call(statusPath(1, 'no-such-branch'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({deploymentId: 1, branchName: 'no-such-branch', mode: 'dev_mode', status: 'building', errorText: 'Bad branch', buildJobId: null});
  });

  it('a personal dev branch with builds is reported as a dev-mode branch', async () => {
    const {ctx, call, clock} = service();
    const dev = (await call(devModePath(1), undefined, {method: 'POST', body: JSON.stringify({branchName: 'staging'})})).body.branchName as string;
    ctx.builds.trigger(1, dev, 'dev mode', {lastHash: 'c0ffee'});
    clock.advance(6_000);
    expect((await call(statusPath(1, dev))).body).toMatchObject({branchName: dev, mode: 'dev_mode', status: 'built', lastHash: 'c0ffee'});
  });

  it('without a branch follows the caller’s dev-mode session, and only the caller’s', async () => {
    const {call, keys, clock} = service();
    const entered = await call(devModePath(1), undefined, {method: 'POST', body: JSON.stringify({branchName: 'staging'})});
    const dev = entered.body.branchName as string;
    expect(dev).toMatch(/^dev-/);
    clock.advance(10_000);
    expect((await call(statusPath(1))).body).toMatchObject({branchName: dev, mode: 'dev_mode', status: 'built', errorText: null});
    expect((await call(`${statusPath(1)}?branchName=%20`)).body).toMatchObject({branchName: dev});
    expect((await call(statusPath(1), keys.scopedKey)).body).toMatchObject({branchName: 'main', mode: 'production'});
    await call(devModePath(1), undefined, {method: 'DELETE'});
    expect((await call(statusPath(1))).body).toMatchObject({branchName: 'main', mode: 'production'});
  });

  it('a branch created with dev mode on (session points at it, no fork) reports dev_mode, also by default', async () => {
    const {call, clock} = service();
    const created = await call('/build/api/v1/deployments/1/branches', undefined, {method: 'POST', body: JSON.stringify({name: 'feature-x', enterDevMode: true})});
    expect(created.body).toMatchObject({active: true, branchName: 'feature-x'});
    clock.advance(10_000);
    expect((await call(statusPath(1))).body).toMatchObject({branchName: 'feature-x', mode: 'dev_mode', status: 'built', errorText: null});
    expect((await call(statusPath(1, 'feature-x'))).body).toMatchObject({mode: 'dev_mode', status: 'built'});
  });

  it('a shared branch nobody has open reports building / Branch is not active, until a session opens it', async () => {
    const {call} = service();
    await call('/build/api/v1/deployments/1/branches', undefined, {method: 'POST', body: JSON.stringify({name: 'quiet'})});
    const res = await call(statusPath(1, 'quiet'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({branchName: 'quiet', mode: 'dev_mode', status: 'building', errorText: 'Branch is not active', buildJobId: null});
    await call(devModePath(1), undefined, {method: 'POST', body: JSON.stringify({branchName: 'quiet'})});
    expect((await call(statusPath(1, 'quiet'))).body).toMatchObject({status: 'building', errorText: 'Branch is not active'});
    await call('/build/api/v1/deployments/1/branches/staging-environment', undefined, {method: 'PUT', body: JSON.stringify({branchName: 'quiet', enabled: true})});
    expect((await call(statusPath(1, 'quiet'))).body.errorText).not.toBe('Branch is not active');
  });

  it('guards deployments: 403 for a key scoped to another one, 404 for none, 401 without a key', async () => {
    const {call, keys} = service();
    expect((await call(statusPath(1), keys.scopedKey)).status).toBe(200);
    const denied = await call(statusPath(2), keys.scopedKey);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual(expect.any(String));
    expect((await call(statusPath(99_999))).status).toBe(404);
    expect((await call(statusPath(1), 'sk-not-a-real-key')).status).toBe(401);
    expect((await call('/api/v1/deployments/abc/build-status')).status).toBe(400);
  });

  it('is described in the OpenAPI document', async () => {
    const {call} = service();
    const spec = await call('/api/v1/spec');
    const op = (spec.body.paths as Record<string, Record<string, {operationId?: string}>>)['/api/v1/deployments/{deploymentId}/build-status'];
    expect(op?.get?.operationId).toBe('buildStatus');
  });

  it('picks up an in-flight build after a restart on the same data file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-builds-route-'));
    dirs.push(dir);
    const file = join(dir, 'svc.db');
    const clock = new ManualClock(TEST_EPOCH);
    const first = service(file, clock);
    await switchVersion(first.call, 1);
    clock.advance(2_000);
    const job = (await first.call(statusPath(1))).body.buildJobId;
    expect((await first.call(statusPath(1))).body.status).toBe('building');
    first.ctx.db.close();
    contexts.splice(contexts.indexOf(first.ctx), 1);

    clock.advance(2_500);
    const second = service(file, clock, false);
    const call = (path: string) => second.call(path, first.keys.adminKey);
    expect((await call(statusPath(1))).body).toMatchObject({status: 'warmup', buildJobId: job});
    clock.advance(2_000);
    expect((await call(statusPath(1))).body).toMatchObject({status: 'built', buildJobId: job});
  });
});
