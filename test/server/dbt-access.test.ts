// dbt sync input rules and permissions: refs (empty, SHA, invalid), source/manifest/branch combinations, SchemaUpdate
// to start or cancel, SchemaRead to read, deployment scopes, unknown ids; and the routes in the OpenAPI document.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BASE, dbtService, runToEnd, startSync, type DbtService} from './dbtHelpers.js';

let s: DbtService;
let syncJobId: string;
let noSchemaRead: string;
beforeAll(async () => {
  s = dbtService();
  syncJobId = (await startSync(s)).syncJobId;
  const key = await s.call('/api/v1/api-keys', {method: 'POST', json: {name: 'deploy only', permissions: ['DeploymentRead', 'DeploymentManage']}});
  noSchemaRead = key.body.key;
});
afterAll(() => s.close());

const start = (json: unknown, key?: string) => s.call(BASE, {method: 'POST', json, key});

describe('starting a sync: input', () => {
  it('rejects an empty ref, also blank', async () => {
    for (const ref of ['', '   ']) {
      const res = await start({ref});
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^ref: an empty value names no branch or tag/);
    }
  });

  // The ref rule (issue 13 item 10): this test used to expect 400 for short hex refs (a1b2c3d, A1B2C3D4E5); those
  // are valid branch or tag names by git's rules, so the service resolves them like any other ref.
  it('refuses a full commit SHA with what to do instead; short hex and date tags are resolved, not refused', async () => {
    for (const ref of ['4d1054b8c7e3f2a19d0c6b5a4f3e2d1c0b9a8f7e', 'E83C5163316F89BFBDE7D9AB23CA2E25604AF290']) {
      const res = await start({ref});
      expect(res.status, ref).toBe(400);
      expect(res.body.error).toContain('is a commit SHA');
      expect(res.body.error).toContain('branch or tag');
    }
    const date = await start({ref: '20240101'});
    expect(date.status).toBe(200);
    const resolved = await runToEnd(s, date.body.syncJobId, 5000);
    expect(resolved.last.status).toBe('COMPLETED');
    for (const ref of ['deadbeef', 'a1b2c3d', 'A1B2C3D4E5', 'abc123', '4d1054b8c7e3f2a19d0c6b5a4f3e2d1c0b9a8f7']) {
      const res = await start({ref});
      expect(res.status, ref).toBe(200);
      const end = await runToEnd(s, res.body.syncJobId, 5000);
      expect(end.last.status, ref).toBe('FAILED');
      expect(end.last.error, ref).toBe(`could not check out ${ref}: no branch or tag ${ref} in git@github.com:acme/analytics-dbt.git`);
    }
  });

  it('rejects refs git would not accept, and combinations that make no sense', async () => {
    expect((await start({ref: 'a..b'})).status).toBe(400);
    expect((await start({ref: '-main'})).status).toBe(400);
    for (const ref of ['a~1', 'x.lock', 'a b', 'feature/', '@', 'a@{1}', 'a//b', '.hidden', 'ends.', 'x:y', 'a\\b', 'x'.repeat(256), ' main']) {
      const res = await start({ref});
      expect(res.status, ref).toBe(400);
      expect(res.body.error, ref).toMatch(/^ref: `.*` is not a branch or tag name: it /);
    }
    const odd = await start({ref: '#123'});
    expect(odd.status).toBe(200);
    expect(odd.body.branchName).toMatch(/^dbt-sync\/-123-\d{14}-[0-9a-f]{8}$/);
    expect((await start({source: 'manifest'})).body.error).toMatch(/^manifest: required when source is manifest/);
    expect((await start({source: 'manifest', ref: 'main', manifest: {}})).body.error).toMatch(/ref cannot be combined with source manifest/);
    expect((await start({branchName: 'main'})).body.error).toMatch(/deploy branch/);
    expect((await start({branchName: 'dev-me'})).body.error).toMatch(/dev-mode/);
    expect((await start({branchName: ''})).status).toBe(400);
    expect((await start({output: 'files', branchName: 'x'})).status).toBe(400);
    expect((await start({source: 'GIT'})).status).toBe(400);
  });

  it('writes into a named shared branch when branchName is given', async () => {
    const res = await start({ref: 'main', branchName: 'dbt/nightly'});
    expect(res.body.branchName).toBe('dbt/nightly');
  });
});

describe('permissions', () => {
  it('lets a SchemaRead key read but not start or cancel (403)', async () => {
    expect((await s.call(`${BASE}/${syncJobId}`, {key: s.scopedKey})).status).toBe(200);
    expect((await s.call(BASE, {key: s.scopedKey})).status).toBe(200);
    const denied = await start({ref: 'main'}, s.scopedKey);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toContain('SchemaUpdate');
    expect((await s.call(`${BASE}/${syncJobId}`, {method: 'DELETE', key: s.scopedKey})).status).toBe(403);
  });

  it('refuses every read to a key without SchemaRead', async () => {
    for (const path of [BASE, `${BASE}/${syncJobId}`, `${BASE}/${syncJobId}/result`, `${BASE}/${syncJobId}/logs`, `${BASE}/${syncJobId}/generated-files`]) {
      const res = await s.call(path, {key: noSchemaRead});
      expect(res.status, path).toBe(403);
      expect(res.body.error).toContain('SchemaRead');
    }
  });

  it('refuses a key scoped to another deployment and answers 404 for unknown targets', async () => {
    expect((await s.call('/api/v1/deployments/2/dbt-sync', {key: s.scopedKey})).status).toBe(403);
    expect((await s.call(`${BASE}/00000000-0000-0000-0000-000000000000`)).body.error).toMatch(/^no dbt sync 0{8}-.* on deployment 1$/);
    expect((await s.call(`/api/v1/deployments/2/dbt-sync/${syncJobId}`)).status).toBe(404);
    expect((await s.call('/api/v1/deployments/999/dbt-sync')).status).toBe(404);
    expect((await s.call(BASE, {key: 'svc_' + 'x'.repeat(32)})).status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('lists the seven dbt sync operations with their schemas', async () => {
    const spec = (await s.call('/api/v1/spec')).body;
    const ops = Object.values(spec.paths as Record<string, Record<string, {operationId?: string}>>).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const id of ['listDbtSyncs', 'startDbtSync', 'getDbtSyncStatus', 'cancelDbtSync', 'getDbtSyncResult', 'getDbtSyncLogs', 'getDbtSyncGeneratedFiles']) {
      expect(ops).toContain(id);
    }
    expect(Object.keys(spec.components.schemas)).toEqual(expect.arrayContaining(['DbtSyncRun', 'DbtSyncStatusResponse', 'StartDbtSyncInput']));
  });
});
