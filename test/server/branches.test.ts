import {describe, expect, it} from 'vitest';
import {SEEDED_DEV_BRANCH} from '../../src/server/seed.js';
import {testAppEach} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
const t = testAppEach();

const branches = async () => (await t.call(`${D}/branches`)).body.items as Array<Record<string, unknown>>;
const byName = async (name: string) => (await branches()).find((b) => b.name === name);

describe('branches list', () => {
  it('starts each deployment with its deploy branch and a shared branch, in the client shape', async () => {
    const res = await t.call(`${D}/branches`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(res.body.items);
    expect(res.body.pageInfo).toMatchObject({hasNextPage: false, hasPreviousPage: false});
    const [main, staging] = res.body.items;
    expect(main).toEqual({id: expect.any(Number), name: 'main', parentBranch: null, lastHash: expect.stringMatching(/^[0-9a-f]{40}$/), isStagingEnvironmentEnabled: false});
    expect(staging).toMatchObject({name: 'staging', parentBranch: 'main', lastHash: main.lastHash});
  });

  it('pages with first/after cursors', async () => {
    // A sandbox deployment: only the starter branches (deployment 1 also holds the seeded dev and dbt-sync branches).
    const D = '/build/api/v1/deployments/10';
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'feature-a'}});
    const one = await t.call(`${D}/branches?first=2`);
    expect(one.body.items.map((b: {name: string}) => b.name)).toEqual(['main', 'staging']);
    expect(one.body.pageInfo.hasNextPage).toBe(true);
    const two = await t.call(`${D}/branches?first=2&after=${one.body.pageInfo.endCursor}`);
    expect(two.body.items.map((b: {name: string}) => b.name)).toEqual(['feature-a']);
    expect(two.body.pageInfo).toMatchObject({hasNextPage: false, hasPreviousPage: true});
    expect((await t.call(`${D}/branches?after=bogus`)).status).toBe(400);
  });

  it('needs a credential for the deployment', async () => {
    expect((await t.call(`${D}/branches`, {key: null})).status).toBe(401);
    expect((await t.call('/build/api/v1/deployments/2/branches', {key: t.scopedKey})).status).toBe(403);
    expect((await t.call('/build/api/v1/deployments/999/branches')).status).toBe(404);
  });
});

describe('create branch', () => {
  it('creates a shared branch from the deploy branch with its files', async () => {
    const res = await t.call(`${D}/branches`, {method: 'POST', json: {name: 'feature/orders'}});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({active: false, branchName: 'feature/orders', parentBranch: 'main'});
    const main = await byName('main');
    expect(await byName('feature/orders')).toMatchObject({parentBranch: 'main', lastHash: main!.lastHash, isStagingEnvironmentEnabled: false});
  });

  it('with enterDevMode or activate points the session at the branch without forking, so writes are refused', async () => {
    for (const [name, flag] of [['b1', 'enterDevMode'], ['b2', 'activate']] as const) {
      const res = await t.call(`${D}/branches`, {method: 'POST', json: {name, [flag]: true}});
      expect(res.body).toEqual({active: true, branchName: name, parentBranch: 'main'});
      const put = await t.call(`${D}/data-model/files`, {method: 'PUT', json: {files: [{path: 'model/x.yml', content: 'cubes: []\n'}]}});
      expect(put.status).toBe(400);
      expect(put.body.error).toMatch(new RegExp(`^Branch ${name} is not a dev-mode branch`));
    }
    // No fork: the only dev branch is the admin's seeded one.
    expect((await branches()).filter((b) => String(b.name).startsWith('dev-')).map((b) => b.name)).toEqual([SEEDED_DEV_BRANCH]);
    expect((await t.call('/api/v1/deployments/1/build-status?branchName=b1')).body).toMatchObject({branchName: 'b1', mode: 'dev_mode'});
  });

  it('rejects empty, malformed, reserved and duplicate names', async () => {
    const create = (json: object) => t.call(`${D}/branches`, {method: 'POST', json});
    expect((await create({name: ' '})).body.error).toMatch(/empty value names no branch/);
    expect((await create({name: 'a..b/../c'})).status).toBe(400);
    expect((await create({name: 'has space'})).status).toBe(400);
    expect((await create({name: 'dev-mine'})).body.error).toMatch(/reserved for personal dev-mode branches/);
    expect((await create({name: 'staging'})).status).toBe(409);
    expect((await create({name: 'x', from: 'nope'})).status).toBe(404);
  });
});

describe('delete branch', () => {
  it('deletes by branchName query and re-parents children onto the deleted branch’s parent', async () => {
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'child', from: 'staging'}});
    expect(await byName('child')).toMatchObject({parentBranch: 'staging'});
    const res = await t.call(`${D}/branches?branchName=staging&removeOnUpstream=true`, {method: 'DELETE'});
    expect(res).toMatchObject({status: 200, body: {success: true}});
    expect(await byName('staging')).toBeUndefined();
    expect(await byName('child')).toMatchObject({parentBranch: 'main'});
  });

  it('removes a deleted branch’s staging environment and the dev-mode sessions on it', async () => {
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'shared', enterDevMode: true}});
    await t.call(`${D}/branches/staging-environment`, {method: 'PUT', json: {branchName: 'shared', enabled: true}});
    await t.call(`${D}/branches?branchName=shared`, {method: 'DELETE'});
    const envs = await t.call('/api/v1/deployments/1/environments?type=staging');
    expect(envs.body.items.map((e: {branch: string}) => e.branch)).not.toContain('shared');
    const files = await t.call(`${D}/data-model/files`);
    expect(files.status).toBe(200);
    expect((await t.call(`${D}/data-model/files`, {method: 'PUT', json: {files: [{path: 'model/a.yml', content: ''}]}})).body.error)
      .toMatch(/no dev-mode session/);
  });

  it('refuses the deploy branch (400), unknown branches (404) and an empty name (400)', async () => {
    const main = await t.call(`${D}/branches?branchName=main`, {method: 'DELETE'});
    expect(main.status).toBe(400);
    expect(main.body.error).toMatch(/deploy branch .* cannot be deleted/);
    expect((await t.call(`${D}/branches?branchName=ghost`, {method: 'DELETE'})).status).toBe(404);
    expect((await t.call(`${D}/branches?branchName=`, {method: 'DELETE'})).body.error).toMatch(/empty value names no branch/);
    expect((await t.call(`${D}/branches`, {method: 'DELETE'})).status).toBe(400);
    expect(await byName('main')).toBeDefined();
  });
});

describe('staging environment', () => {
  it('enables and disables a shared branch by name or id, and the environments list follows', async () => {
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'preview'}});
    const enabled = await t.call(`${D}/branches/staging-environment`, {method: 'PUT', json: {branchName: 'preview', enabled: true}});
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({name: 'preview', isStagingEnvironmentEnabled: true});
    const staging = await t.call('/api/v1/deployments/1/environments?type=staging');
    expect(staging.body.items.map((e: {branch: string}) => e.branch)).toContain('preview');
    const disabled = await t.call(`${D}/branches/staging-environment`, {method: 'PUT', json: {branchId: enabled.body.data.id, enabled: false}});
    expect(disabled.body.data.isStagingEnvironmentEnabled).toBe(false);
    expect((await byName('preview'))!.isStagingEnvironmentEnabled).toBe(false);
    const after = await t.call('/api/v1/deployments/1/environments?type=staging');
    expect(after.body.items.map((e: {branch: string}) => e.branch)).not.toContain('preview');
  });

  it('the seeded staging environments have been built: queries and metadata answer instead of "Continue wait"', async () => {
    const token = (await t.call('/api/v1/deployments/1/token', {method: 'POST'})).body.cubeApiToken as string;
    const staging = (await t.call('/api/v1/deployments/1/environments?type=staging')).body.items as Array<{branch: string}>;
    expect(staging.map((e) => e.branch)).toContain('staging');
    for (const {branch} of staging) {
      expect((await t.call(`/api/v1/deployments/1/build-status?branchName=${encodeURIComponent(branch)}`)).body).toMatchObject({branchName: branch, status: 'built'});
      const meta = await t.call(`/data/1/dev-mode/${encodeURIComponent(branch)}/cubejs-api/v1/meta`, {key: token});
      expect(meta.status).toBe(200);
      expect(meta.body.cubes.length).toBeGreaterThan(0);
    }
  });

  it('enabling always builds, also a staging environment that is already enabled', async () => {
    const before = (await t.call('/api/v1/deployments/1/build-status?branchName=staging')).body as {buildJobId: number};
    const again = await t.call(`${D}/branches/staging-environment`, {method: 'PUT', json: {branchName: 'staging', enabled: true}});
    expect(again.body.data).toMatchObject({name: 'staging', isStagingEnvironmentEnabled: true});
    const after = (await t.call('/api/v1/deployments/1/build-status?branchName=staging')).body as {buildJobId: number; status: string};
    expect(after.status).toBe('building');
    expect(after.buildJobId).toBeGreaterThan(before.buildJobId);
  });

  it('rejects the deploy branch and personal dev branches with a clear message', async () => {
    const deploy = await t.call(`${D}/branches/staging-environment`, {method: 'PUT', json: {branchName: 'main', enabled: true}});
    expect(deploy.status).toBe(400);
    expect(deploy.body.error).toMatch(/main is the deploy branch/);
    const dev = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}})).body.branchName as string;
    const res = await t.call(`${D}/branches/staging-environment`, {method: 'PUT', json: {branchName: dev, enabled: true}});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(new RegExp(`${dev} is a personal dev-mode branch; only shared branches`));
    expect((await byName(dev))!.isStagingEnvironmentEnabled).toBe(false);
  });

  it('needs a branch that exists, and one way of naming it', async () => {
    const put = (json: object) => t.call(`${D}/branches/staging-environment`, {method: 'PUT', json});
    expect((await put({enabled: true})).body.error).toBe('give branchName or branchId');
    expect((await put({branchName: 'ghost', enabled: true})).status).toBe(404);
    expect((await put({branchId: 99999, enabled: true})).status).toBe(404);
    expect((await put({branchName: 'staging'})).status).toBe(400);
  });
});
