// Issue 23's authorization and token-lifecycle findings, each reproduced over HTTP against the service (in-process
// app, or started on 127.0.0.1 where a device sign-in is needed). Each failed on the code before the one policy
// (src/server/policy.ts) and the one token check (src/server/tokens.ts verifyToken).
import {describe, expect, it} from 'vitest';
import {findUser, insertUser} from '../../src/server/store/users.js';
import {findUserByEmail} from '../../src/server/store/scim.js';
import {signAccessToken} from '../../src/server/tokens.js';
import {testAppEach, type TestApp} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
const UP = `${D}/data-model/upload`;
const t = testAppEach('demo');

async function memberToken(app: TestApp, email = 'member@acme.example'): Promise<{id: number; token: string}> {
  const id = insertUser(app.ctx.db, {email, isAdmin: false, now: app.clock.now()});
  return {id, token: (await signAccessToken(app.ctx, id, 3600)).token};
}

async function uploadFile(transaction: {id: string}, fileName: string, content: string, key: string) {
  const form = new FormData();
  form.set('transaction', JSON.stringify(transaction));
  form.set('fileName', fileName);
  form.set('file', new Blob([content], {type: 'application/octet-stream'}), fileName);
  const res = await t.app.request(`${UP}/file`, {method: 'POST', headers: {authorization: `Bearer ${key}`}, body: form});
  return {status: res.status, body: (await res.json()) as {error?: string}};
}

const hashes = async (branch: string) => (await t.call(`${D}/data-model/file-hashes?branchName=${encodeURIComponent(branch)}`)).body as Record<string, unknown>;

describe('high 1: uploads obey the dev-branch owner check', () => {
  it("a member cannot start, fill or finish an upload on the admin's dev branch, and its files stay", async () => {
    const devBranch = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {}})).body.branchName as string;
    expect(devBranch).toMatch(/^dev-/);
    const before = await hashes(devBranch);
    const member = await memberToken(t);

    const start = await t.call(`${UP}/start`, {method: 'POST', key: member.token, json: {branchName: devBranch}});
    expect(start.status).toBe(403);
    expect(start.body.error).toMatch(/another user's dev-mode branch/);

    // A transaction the admin opened on their own branch is no door either.
    const own = await t.call(`${UP}/start`, {method: 'POST', json: {branchName: devBranch}});
    expect(own.status).toBe(200);
    const file = await uploadFile(own.body.transaction, 'model/cubes/x.yml', 'cubes: []\n', member.token);
    expect(file.status).toBe(403);
    const finish = await t.call(`${UP}/finish`, {method: 'POST', key: member.token, json: {transaction: own.body.transaction, files: {}, autoRemoveFiles: true}});
    expect(finish.status).toBe(403);
    expect(await hashes(devBranch)).toEqual(before);
  });
});

describe('high 2: embed tokens carry their security context', () => {
  it('a tenant-acme embed token neither lists nor queries the globex-only view', async () => {
    const opened = await t.call('/api/v1/embed/generate-session', {method: 'POST', json: {deploymentId: 1, externalId: 'viewer-1', embedTenantName: 'acme', securityContext: {tenant: 'acme'}}});
    const token = (await t.call('/api/v1/embed/session/token', {method: 'POST', json: {sessionId: opened.body.sessionId}})).body.token as string;
    const meta = await t.call('/data/1/cubejs-api/v1/meta', {key: token});
    expect(meta.status).toBe(200);
    const names = (meta.body.cubes as Array<{name: string}>).map((c) => c.name);
    expect(names).toContain('users');
    expect(names).not.toContain('sales');
    const load = await t.call('/data/1/cubejs-api/v1/load', {method: 'POST', key: token, json: {query: {measures: ['sales.orders_count']}}});
    expect(load.status).toBe(400);
    expect(load.body.error).toMatch(/sales/);
  });
});

describe('medium: a DeploymentManage key gives no more than it holds', () => {
  it('cannot promote a user, nor deactivate or delete an admin; the admin key still works', async () => {
    const manager = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'mgr', permissions: ['DeploymentRead', 'DeploymentManage']}})).body.key as string;
    const member = await memberToken(t);
    const admin = (await t.call('/api/v1/users/me')).body.id as number;
    const promote = await t.call(`/api/v1/users/${member.id}`, {method: 'PUT', key: manager, json: {isAdmin: true}});
    expect(promote.status).toBe(403);
    const created = await t.call('/api/v1/users', {method: 'POST', key: manager, json: {email: 'new-admin@acme.example', username: 'new-admin', isAdmin: true}});
    expect(created.status).toBe(403);
    expect((await t.call(`/api/v1/users/${admin}`, {method: 'PUT', key: manager, json: {isDeactivated: true}})).status).toBe(403);
    expect((await t.call('/api/v1/users/bulk', {method: 'POST', key: manager, json: {action: 'DEACTIVATE', userIds: [admin]}})).status).toBe(403);
    expect((await t.call(`/api/v1/users/${admin}`, {method: 'DELETE', key: manager})).status).toBe(403);
    expect(findUser(t.ctx.db, member.id)?.is_admin).toBe(0);
    expect(findUser(t.ctx.db, admin)).toMatchObject({is_admin: 1, active: 1});
    expect((await t.call('/api/v1/users/me')).status).toBe(200);
    // It still manages members.
    expect((await t.call(`/api/v1/users/${member.id}`, {method: 'PUT', key: manager, json: {title: 'analyst'}})).status).toBe(200);
  });
});

describe('low: there is always an active admin', () => {
  it('SCIM cannot delete or deactivate the last admin, even one it provisioned', async () => {
    const idp = {schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'boss@acme.example'};
    const oldScim = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'idp', scim: true}})).body.key as string;
    const provisioned = await t.call('/api/scim/v2/Users', {method: 'POST', key: oldScim, json: idp});
    expect(provisioned.status).toBe(201);
    const accountId = findUserByEmail(t.ctx.db, 'boss@acme.example')!.id;
    expect((await t.call(`/api/v1/users/${accountId}`, {method: 'PUT', json: {isAdmin: true}})).status).toBe(200);
    // The seeded admin steps down: the provisioned user is now the only admin, and holds the new SCIM token.
    const me = (await t.call('/api/v1/users/me')).body.id as number;
    const bossKey = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'boss', userId: accountId}})).body.key as string;
    expect((await t.call(`/api/v1/users/${me}`, {method: 'PUT', key: bossKey, json: {isAdmin: false}})).status).toBe(200);
    const scim = (await t.call('/api/v1/api-keys', {method: 'POST', key: bossKey, json: {name: 'idp2', scim: true}})).body.key as string;

    const id = provisioned.body.id as string;
    const patchOp = {schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{op: 'replace', path: 'active', value: false}]};
    const deactivate = await t.call(`/api/scim/v2/Users/${id}`, {method: 'PATCH', key: scim, json: patchOp});
    expect(deactivate.status).toBe(409);
    expect((await t.call(`/api/scim/v2/Users/${id}`, {method: 'PUT', key: scim, json: {...idp, active: false}})).status).toBe(409);
    const del = await t.call(`/api/scim/v2/Users/${id}`, {method: 'DELETE', key: scim});
    expect(del.status).toBe(409);
    expect(del.body.detail).toMatch(/last active admin/);
    expect(findUser(t.ctx.db, accountId)).toMatchObject({is_admin: 1, active: 1});
    expect((await t.call('/api/v1/users/me', {key: bossKey})).status).toBe(200);
  });

  it('a SCIM token acts with its holder’s authority: one held by a former admin cannot remove an admin', async () => {
    const scim = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'idp', scim: true}})).body.key as string;
    const provisioned = await t.call('/api/scim/v2/Users', {method: 'POST', key: scim, json: {schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'boss@acme.example'}});
    const accountId = findUserByEmail(t.ctx.db, 'boss@acme.example')!.id;
    expect((await t.call(`/api/v1/users/${accountId}`, {method: 'PUT', json: {isAdmin: true}})).status).toBe(200);
    const me = (await t.call('/api/v1/users/me')).body.id as number;
    expect((await t.call(`/api/v1/users/${me}`, {method: 'PUT', json: {isAdmin: false}})).status).toBe(200);
    // The token's holder is no admin any more: it still provisions members, but not the admin.
    const del = await t.call(`/api/scim/v2/Users/${provisioned.body.id as string}`, {method: 'DELETE', key: scim});
    expect(del.status).toBe(403);
    expect(findUser(t.ctx.db, accountId)).toMatchObject({is_admin: 1, active: 1});
  });
});

describe('low: there is always an active admin, on the account API too', () => {
  it('the last admin is neither demoted, deactivated, nor deleted, one by one or in bulk', async () => {
    const me = (await t.call('/api/v1/users/me')).body.id as number;
    const attempts: Array<[string, string, unknown]> = [
      ['PUT', `/api/v1/users/${me}`, {isAdmin: false}],
      ['PUT', `/api/v1/users/${me}`, {isDeactivated: true}],
      ['DELETE', `/api/v1/users/${me}`, undefined],
      ['POST', '/api/v1/users/bulk', {action: 'DEACTIVATE', userIds: [me]}],
      ['POST', '/api/v1/users/bulk', {action: 'DELETE', userIds: [me]}],
    ];
    for (const [method, path, json] of attempts) {
      const res = await t.call(path, {method, ...(json === undefined ? {} : {json})});
      // A bulk action answers 200 with what failed, user by user.
      const refusal = path.endsWith('/bulk') ? [res.status, res.body.succeeded, res.body.failed?.[0]?.error] : [res.status, [], res.body.error];
      expect([method, path, ...refusal]).toEqual([method, path, path.endsWith('/bulk') ? 200 : 409, [], expect.stringMatching(/last active admin/)]);
    }
    expect(findUser(t.ctx.db, me)).toMatchObject({is_admin: 1, active: 1});
  });
});
