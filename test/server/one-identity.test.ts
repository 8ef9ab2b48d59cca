// One identity: a user an identity provider provisions over SCIM is an account user — the users API manages
// them, they can hold keys, and deactivating or deleting them over SCIM ends their keys' and sessions' use.
// Also the migration that folds the three old user stores into the one users table, keeping their data.
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {SCIM_ACCOUNT_SCHEMA, SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA} from '../../src/contract/scim.js';
import {insertRefreshToken} from '../../src/server/store/deviceCodes.js';
import {migrations} from '../../src/server/store/migrations.js';
import {signAccessToken} from '../../src/server/tokens.js';
import {scimAppEach} from '../helpers/scim.js';

const {t, scim} = scimAppEach();

async function provision(userName: string, extra: Record<string, unknown> = {}): Promise<{scimId: string; userId: number}> {
  const res = await scim('/Users', {method: 'POST', json: {schemas: [SCIM_USER_SCHEMA], userName, emails: [{value: userName, primary: true}], ...extra}});
  expect(res.status).toBe(201);
  return {scimId: res.body.id, userId: res.body[SCIM_ACCOUNT_SCHEMA].userId};
}

/** A key, an access token and a refresh token of the user, each checked to work. */
async function credentialsOf(userId: number) {
  const key = await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'laptop', userId}});
  expect(key.status).toBe(200);
  const access = (await signAccessToken(t.ctx, userId, 3600)).token;
  const refresh = insertRefreshToken(t.ctx.db, {userId, clientId: 'svc-cli', now: t.clock.now(), ttlSeconds: 86400, family: `fam-${userId}`, claims: null});
  for (const credential of [key.body.key, access]) expect((await t.call('/api/v1/users/me', {key: credential})).body.id).toBe(userId);
  return {key: key.body.key as string, access, refresh};
}

const refreshWith = (refresh: string) =>
  // Sent as a client on the machine sends it: to the service's own address (the device flow answers no other Host).
  t.app.request('/auth/oauth2/refresh', {method: 'POST', headers: {host: new URL(t.ctx.baseUrl).host}, body: new URLSearchParams({grant_type: 'refresh_token', refresh_token: refresh, client_id: 'svc-cli'})});

describe('SCIM users are account users', () => {
  it('the users API changes the provisioned user, and SCIM sees the change; the same email cannot be created twice', async () => {
    const {scimId, userId} = await provision('kim@example.com', {name: {givenName: 'Kim', familyName: 'Lee'}});
    const put = await t.call(`/api/v1/users/${userId}`, {method: 'PUT', json: {firstName: 'Kimberly', title: 'Analyst'}});
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({id: userId, email: 'kim@example.com', username: 'kim@example.com', firstName: 'Kimberly', isDeactivated: false});
    expect((await scim(`/Users/${scimId}`)).body.name).toEqual({givenName: 'Kimberly', familyName: 'Lee', formatted: 'Kimberly Lee'});
    const twice = await t.call('/api/v1/users', {method: 'POST', json: {email: 'kim@example.com', username: 'kim2'}});
    expect(twice.status).toBe(409);
    // Deactivating through the users API shows over SCIM too.
    await t.call(`/api/v1/users/${userId}`, {method: 'PUT', json: {isDeactivated: true}});
    expect((await scim(`/Users/${scimId}`)).body.active).toBe(false);
  });

  it('SCIM lists every account user (one store): the admin and a user made by the users API, by their SCIM ids', async () => {
    const me = (await t.call('/api/v1/users/me')).body as {email: string};
    const made = await t.call('/api/v1/users', {method: 'POST', json: {email: 'ann@example.com', username: 'ann@example.com', firstName: 'Ann'}});
    expect(made.status).toBe(200);
    const listed = (await scim('/Users')).body as {totalResults: number; Resources: Array<{id: string; userName: string; name?: {givenName?: string}}>};
    expect(listed.Resources.map((u) => u.userName)).toEqual([me.email, 'ann@example.com']);
    expect(listed.totalResults).toBe(2);
    const ann = listed.Resources[1]!;
    expect((await scim(`/Users/${ann.id}`)).body).toMatchObject({userName: 'ann@example.com', name: {givenName: 'Ann'}});
    const filtered = await scim(`/Users?filter=${encodeURIComponent('userName eq "ann@example.com"')}`);
    expect(filtered.body.Resources.map((u: {id: string}) => u.id)).toEqual([ann.id]);
    // The provider may then manage the user it found; the account keeps its last active admin.
    const patched = await scim(`/Users/${ann.id}`, {method: 'PATCH', json: {schemas: [SCIM_PATCH_SCHEMA], Operations: [{op: 'replace', path: 'active', value: false}]}});
    expect(patched.status).toBe(200);
    expect((await scim(`/Users/${ann.id}`)).body.active).toBe(false);
    expect(t.ctx.db.prepare('SELECT active FROM users WHERE id = ?').pluck().get(made.body.id)).toBe(0);
    const admin = listed.Resources[0]!;
    const lastAdmin = await scim(`/Users/${admin.id}`, {method: 'PATCH', json: {schemas: [SCIM_PATCH_SCHEMA], Operations: [{op: 'replace', path: 'active', value: false}]}});
    expect(lastAdmin.status).toBe(409);
  });

  it('a user made by the users API and then provisioned by the identity provider is linked, not duplicated', async () => {
    const made = await t.call('/api/v1/users', {method: 'POST', json: {email: 'lou@example.com', username: 'lou@example.com'}});
    expect(made.status).toBe(200);
    const {userId} = await provision('lou@example.com');
    expect(userId).toBe(made.body.id);
    // The seeded admin is never handed to the provider.
    const admin = await scim('/Users', {method: 'POST', json: {userName: 'admin@example.com', emails: [{value: (await t.call('/api/v1/users/me')).body.email}]}});
    expect(admin.status).toBe(409);
  });

  it('can be given keys; only an admin credential with every permission gives keys to others', async () => {
    const {userId} = await provision('pat@example.com');
    const {key} = await credentialsOf(userId);
    expect((await t.call('/api/v1/users/me', {key})).body.email).toBe('pat@example.com');
    const other = await provision('sam@example.com');
    const refused = await t.call('/api/v1/api-keys', {method: 'POST', key, json: {name: 'steal', userId: other.userId}});
    expect(refused.status).toBe(403);
    expect((await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'x', userId: 999999}})).status).toBe(400);
  });
});

describe('deactivating over SCIM ends sessions', () => {
  it('active=false: keys, access tokens and refresh tokens stop working; reactivating brings back keys but not old sessions', async () => {
    const {scimId, userId} = await provision('ana@example.com');
    const {key, access, refresh} = await credentialsOf(userId);
    const off = await scim(`/Users/${scimId}`, {method: 'PATCH', json: {schemas: [SCIM_PATCH_SCHEMA], Operations: [{op: 'replace', path: 'active', value: false}]}});
    expect(off.status).toBe(200);
    expect((await t.call('/api/v1/users/me', {key})).status).toBe(401);
    expect((await t.call('/api/v1/users/me', {key: access})).status).toBe(401);
    expect((await refreshWith(refresh)).status).toBe(400);
    t.clock.advance(2000);
    await scim(`/Users/${scimId}`, {method: 'PATCH', json: {schemas: [SCIM_PATCH_SCHEMA], Operations: [{op: 'replace', path: 'active', value: true}]}});
    expect((await t.call('/api/v1/users/me', {key})).status).toBe(200);
    expect((await t.call('/api/v1/users/me', {key: access})).status).toBe(401);
    const fresh = (await signAccessToken(t.ctx, userId, 3600)).token;
    expect((await t.call('/api/v1/users/me', {key: fresh})).status).toBe(200);
  });

  it('DELETE: the account user is gone with their keys and sessions', async () => {
    const {scimId, userId} = await provision('ben@example.com');
    const {key, access, refresh} = await credentialsOf(userId);
    expect((await scim(`/Users/${scimId}`, {method: 'DELETE'})).status).toBe(204);
    expect((await t.call('/api/v1/users/me', {key})).status).toBe(401);
    expect((await t.call('/api/v1/users/me', {key: access})).status).toBe(401);
    expect((await refreshWith(refresh)).status).toBe(400);
    expect((await t.call(`/api/v1/users/${userId}`, {method: 'PUT', json: {firstName: 'B'}})).status).toBe(404);
  });

  it('a PUT replacing the user with active=false does the same', async () => {
    const {scimId, userId} = await provision('cy@example.com');
    const {access} = await credentialsOf(userId);
    expect((await scim(`/Users/${scimId}`, {method: 'PUT', json: {userName: 'cy@example.com', active: false}})).status).toBe(200);
    expect((await t.call('/api/v1/users/me', {key: access})).status).toBe(401);
  });
});

describe('the one-identity migration', () => {
  it('moves users of the old object store and the old SCIM table into users, keeping ids, references and group members', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    const cut = migrations.findIndex((m) => m.id === 'users-2-one-identity');
    expect(cut).toBeGreaterThan(0);
    for (const m of migrations.slice(0, cut)) m.up(db);
    db.prepare("INSERT INTO users (email, first_name, last_name, is_admin, created_at) VALUES ('admin@x.test', 'Ada', 'A', 1, 1)").run();
    const objectUser = (body: object) =>
      Number(db.prepare("INSERT INTO resources (kind, scope, body, created_at, updated_at) VALUES ('user', '', ?, 5, 6)").run(JSON.stringify(body)).lastInsertRowid);
    // Resource ids share one sequence with every object: the first user object gets id 1, which the admin holds.
    const clash = objectUser({email: 'ola@x.test', username: 'ola', firstName: 'Ola', isAdmin: false, isDeactivated: true});
    const kept = objectUser({email: 'eve@x.test', username: 'eve', firstName: 'Eve', isAdmin: false, isDeactivated: false});
    db.prepare("INSERT INTO resources (kind, scope, body, created_at, updated_at) VALUES ('role', '', ?, 1, 1)").run(JSON.stringify({name: 'r', policies: [], userIds: [clash, kept]}));
    db.prepare(
      "INSERT INTO scim_users (id, user_name, given_name, family_name, emails, active, created_at, updated_at) VALUES ('uuid-1', 'max@x.test', 'Max', 'M', ?, 1, 7, 8)",
    ).run(JSON.stringify([{value: 'max@x.test', primary: true}]));
    db.prepare("INSERT INTO scim_users (id, user_name, emails, active, created_at, updated_at) VALUES ('uuid-2', 'eve', '[]', 0, 7, 8)").run();
    db.prepare("INSERT INTO scim_groups (id, display_name, created_at, updated_at) VALUES ('g-1', 'Ops', 1, 1)").run();
    db.prepare("INSERT INTO scim_group_members (group_id, user_id) VALUES ('g-1', 'uuid-1'), ('g-1', 'uuid-2')").run();

    for (const m of migrations.slice(cut)) m.up(db);
    const users = db.prepare('SELECT id, scim_id, scim_linked, email, username, first_name, active FROM users ORDER BY id').all() as Array<Record<string, unknown>>;
    const ola = users.find((u) => u.email === 'ola@x.test')!;
    expect(clash).toBe(1);
    expect(ola.id).not.toBe(1);
    // Not provisioned, yet listed over SCIM (users-3-scim-ids): a SCIM id, not claimed by the provider.
    expect(ola).toMatchObject({username: 'ola', first_name: 'Ola', active: 0, scim_id: expect.stringMatching(/^[0-9a-f-]{36}$/), scim_linked: 0});
    // eve kept her id, and the SCIM user with her user name joined her row.
    expect(users.find((u) => u.id === kept)).toMatchObject({email: 'eve@x.test', scim_id: 'uuid-2', scim_linked: 1, active: 0});
    expect(users.find((u) => u.scim_id === 'uuid-1')).toMatchObject({email: 'max@x.test', username: 'max@x.test', first_name: 'Max'});
    expect(users).toHaveLength(4);
    const role = JSON.parse(db.prepare("SELECT body FROM resources WHERE kind = 'role'").pluck().get() as string);
    expect(role.userIds).toEqual([ola.id, kept]);
    expect(db.prepare("SELECT count(*) FROM resources WHERE kind = 'user'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT user_id FROM scim_group_members ORDER BY rowid').pluck().all()).toEqual(['uuid-1', 'uuid-2']);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'scim_users'").get()).toBeUndefined();
    // Members follow their user: deleting the user removes the membership.
    db.prepare("DELETE FROM users WHERE scim_id = 'uuid-1'").run();
    expect(db.prepare('SELECT user_id FROM scim_group_members').pluck().all()).toEqual(['uuid-2']);
    db.close();
  });
});
