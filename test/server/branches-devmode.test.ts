import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {generateApiKey, insertApiKey} from '../../src/server/store/apiKeys.js';
import {findAdmin, insertUser} from '../../src/server/store/users.js';
import {testApp, type TestApp} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
let t: TestApp;
let secondKey: string;
beforeEach(() => {
  t = testApp();
  secondKey = generateApiKey();
  insertApiKey(t.ctx.db, {key: secondKey, name: 'second', userId: findAdmin(t.ctx.db)!.id, deploymentIds: null, permissions: null, now: 0});
});
afterEach(() => t.close());

const enter = (branchName?: string, key?: string) =>
  t.call(`${D}/dev-mode`, {method: 'POST', key, ...(branchName === undefined ? {} : {json: {branchName}})});
const put = (path: string, content: string, opts: {key?: string; branchName?: string} = {}) =>
  t.call(`${D}/data-model/files`, {method: 'PUT', key: opts.key, json: {files: [{path, content}], ...(opts.branchName ? {branchName: opts.branchName} : {})}});
const fileHashes = async (key?: string, branchName?: string) =>
  (await t.call(`${D}/data-model/file-hashes${branchName ? `?branchName=${encodeURIComponent(branchName)}` : ''}`, {key})).body as Record<string, {hash: string}>;

describe('dev mode', () => {
  it('forks a personal dev-<user>-<8hex> branch from the requested branch and activates it', async () => {
    const res = await enter('staging');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({active: true, branchName: expect.stringMatching(/^dev-admin-[0-9a-f]{8}$/), parentBranch: 'staging'});
    const list = (await t.call(`${D}/branches`)).body.items as Array<{name: string; parentBranch: string}>;
    expect(list.find((b) => b.name === res.body.branchName)).toMatchObject({parentBranch: 'staging'});
  });

  it('points the user’s development environment at the new dev branch', async () => {
    const dev = (await enter('staging')).body.branchName as string;
    const envs = (await t.call('/api/v1/deployments/1/environments?type=development')).body.items as Array<{branch: string; user: string}>;
    expect(envs.filter((e) => e.user === 'admin@acme.example').map((e) => e.branch)).toEqual([dev]);
    const other = (await t.call('/api/v1/deployments/2/environments?type=development')).body.items as unknown[];
    await t.call('/build/api/v1/deployments/2/dev-mode', {method: 'POST'});
    expect((await t.call('/api/v1/deployments/2/environments?type=development')).body.items).toHaveLength(other.length === 0 ? 1 : other.length);
  });

  it('forks from the deploy branch when no branch is named', async () => {
    expect((await enter()).body).toMatchObject({active: true, parentBranch: 'main'});
  });

  it('refuses an empty branch name and unknown branches', async () => {
    expect((await enter('  ')).body.error).toMatch(/empty value names no branch/);
    expect((await enter('ghost')).status).toBe(404);
  });

  it('keeps one independent session per credential', async () => {
    const first = (await enter('staging')).body.branchName as string;
    const second = (await enter('main', secondKey)).body.branchName as string;
    expect(first).not.toBe(second);
    expect((await put('model/cubes/a.yml', 'cubes: []\n')).status).toBe(200);
    expect((await put('model/cubes/b.yml', 'cubes: []\n', {key: secondKey})).status).toBe(200);
    expect(Object.keys(await fileHashes())).toContain('model/cubes/a.yml');
    expect(Object.keys(await fileHashes())).not.toContain('model/cubes/b.yml');
    expect(Object.keys(await fileHashes(secondKey))).toContain('model/cubes/b.yml');
    expect(Object.keys(await fileHashes(undefined, 'main'))).not.toContain('model/cubes/a.yml');
  });

  it('exit releases only the caller’s session; the dev branch stays', async () => {
    const mine = (await enter('staging')).body.branchName as string;
    await enter('staging', secondKey);
    expect((await t.call(`${D}/dev-mode`, {method: 'DELETE'})).body).toEqual({success: true});
    expect((await put('model/a.yml', '')).body.error).toMatch(/no dev-mode session/);
    expect((await put('model/a.yml', '', {key: secondKey})).status).toBe(200);
    expect((await put('model/a.yml', '', {branchName: mine})).status).toBe(200);
  });

  it('re-enters one of your own dev branches without forking again', async () => {
    const dev = (await enter('staging')).body.branchName as string;
    await t.call(`${D}/dev-mode`, {method: 'DELETE'});
    const again = await enter(dev);
    expect(again.body).toEqual({active: true, branchName: dev, parentBranch: 'staging'});
    expect((await put('model/a.yml', '')).status).toBe(200);
  });

  it('deleting a dev branch ends the sessions on it', async () => {
    const dev = (await enter('staging')).body.branchName as string;
    expect((await t.call(`${D}/branches?branchName=${dev}`, {method: 'DELETE'})).status).toBe(200);
    expect((await put('model/a.yml', '')).body.error).toMatch(/no dev-mode session/);
  });

  it('does not let another user write to or re-enter your dev branch', async () => {
    const dev = (await enter('staging')).body.branchName as string;
    const userId = insertUser(t.ctx.db, {email: 'bo@acme.example', isAdmin: false, now: 0});
    const bo = generateApiKey();
    insertApiKey(t.ctx.db, {key: bo, name: 'bo', userId, deploymentIds: null, permissions: null, now: 0});
    // Ownership is the policy's decision (policy.ts): a refusal of who asks, 403, on every path.
    expect(await put('model/a.yml', '', {key: bo, branchName: dev})).toMatchObject({status: 403, body: {error: expect.stringMatching(/another user's dev-mode branch/)}});
    expect(await enter(dev, bo)).toMatchObject({status: 403, body: {error: expect.stringMatching(/another user's dev-mode branch/)}});
    expect((await enter('staging', bo)).body.branchName).toMatch(/^dev-bo-[0-9a-f]{8}$/);
  });

  it('rebuilds the dev branch on entry, and build-status of that branch reports dev_mode', async () => {
    const dev = (await enter('staging')).body.branchName as string;
    const status = await t.call(`/api/v1/deployments/1/build-status?branchName=${dev}`);
    expect(status.body).toMatchObject({branchName: dev, mode: 'dev_mode', status: 'building'});
    t.clock.advance(60_000);
    expect((await t.call(`/api/v1/deployments/1/build-status?branchName=${dev}`)).body.status).toBe('built');
  });

  it('needs the dev-branch permission', async () => {
    expect((await enter('staging', t.scopedKey)).status).toBe(403);
  });
});
