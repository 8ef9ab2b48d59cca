import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {testAppEach} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
const UP = `${D}/data-model/upload`;
const t = testAppEach();

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const hashes = async (branch: string) => (await t.call(`${D}/data-model/file-hashes?branchName=${branch}`)).body as Record<string, {hash: string}>;
const lastHash = async (name: string) => ((await t.call(`${D}/branches`)).body.items as Array<{name: string; lastHash: string}>).find((b) => b.name === name)!.lastHash;

async function uploadFile(transaction: {id: string}, fileName: string, content: string, key = t.adminKey) {
  const form = new FormData();
  form.set('transaction', JSON.stringify(transaction));
  form.set('fileName', fileName);
  form.set('file', new Blob([content], {type: 'application/octet-stream'}), fileName.split('/').at(-1));
  const res = await t.app.request(`${UP}/file`, {method: 'POST', headers: {authorization: `Bearer ${key}`}, body: form});
  return {status: res.status, body: await res.json()};
}

/** The client's deploy: hash local files, upload the changed ones, finish with the full manifest. */
async function deploy(local: Record<string, string>, opts: {branchName?: string; keepMissing?: boolean} = {}) {
  const upstream = await hashes(opts.branchName ?? 'main');
  const start = await t.call(`${UP}/start`, {method: 'POST', json: opts.branchName ? {branchName: opts.branchName} : {}});
  expect(start.body).toMatchObject({transaction: {id: expect.any(String)}, deploymentName: 'analytics-prod'});
  const changed = Object.entries(local).filter(([path, content]) => upstream[path]?.hash !== sha1(content));
  for (const [path, content] of changed) expect((await uploadFile(start.body.transaction, path, content)).status).toBe(200);
  const files = Object.fromEntries(Object.entries(local).map(([path, content]) => [path, {hash: sha1(content)}]));
  const finish = await t.call(`${UP}/finish`, {method: 'POST', json: {transaction: start.body.transaction, files, autoRemoveFiles: !opts.keepMissing, commitMessage: 'deploy'}});
  return {finish, uploaded: changed.length};
}

const demo = () => Object.fromEntries(DEMO_MODEL_FILES.map((f) => [f.path, f.content]));

describe('deploy uploads', () => {
  it('uploads only changed files, prunes files missing locally and answers the new lastHash', async () => {
    const local = demo();
    delete local['model/views/customers.yml'];
    local['model/cubes/extra.yml'] = 'cubes: []\n';
    const {finish, uploaded} = await deploy(local);
    expect(uploaded).toBe(1);
    expect(finish.status).toBe(200);
    expect(finish.body.lastHash).toBe(await lastHash('main'));
    expect(Object.keys(await hashes('main')).sort()).toEqual(Object.keys(local).sort());
  });

  it('keeps remote files with autoRemoveFiles=false, and triggers one build even when nothing changed', async () => {
    const before = (await t.call('/api/v1/deployments/1/build-status?branchName=main')).body.buildJobId;
    const {finish, uploaded} = await deploy({'model/cubes/extra.yml': 'cubes: []\n'}, {keepMissing: true});
    expect(uploaded).toBe(1);
    expect(Object.keys(await hashes('main'))).toHaveLength(DEMO_MODEL_FILES.length + 1);
    const again = await deploy({...demo(), 'model/cubes/extra.yml': 'cubes: []\n'});
    expect(again.uploaded).toBe(0);
    expect(again.finish.body.lastHash).toBe(finish.body.lastHash);
    const build = (await t.call('/api/v1/deployments/1/build-status?branchName=main')).body;
    expect(build.buildJobId).toBeGreaterThan(before + 1);
    expect(build.lastHash).toBe(finish.body.lastHash);
  });

  it('targets the caller’s dev-mode branch when no branch is named', async () => {
    const dev = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}})).body.branchName as string;
    const mainBefore = await lastHash('main');
    const start = await t.call(`${UP}/start`, {method: 'POST'});
    await uploadFile(start.body.transaction, 'model/cubes/devonly.yml', 'cubes: []\n');
    const files = {...Object.fromEntries(DEMO_MODEL_FILES.map((f) => [f.path, {hash: sha1(f.content)}])), 'model/cubes/devonly.yml': {hash: sha1('cubes: []\n')}};
    expect((await t.call(`${UP}/finish`, {method: 'POST', json: {transaction: start.body.transaction, files}})).status).toBe(200);
    expect(Object.keys(await hashes(dev))).toContain('model/cubes/devonly.yml');
    expect(await lastHash('main')).toBe(mainBefore);
  });

  it('refuses a manifest entry that was neither uploaded nor matches the branch, and unknown transactions', async () => {
    const start = await t.call(`${UP}/start`, {method: 'POST'});
    const res = await t.call(`${UP}/finish`, {method: 'POST', json: {transaction: start.body.transaction, files: {'model/cubes/new.yml': {hash: sha1('x')}}}});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/model\/cubes\/new.yml: the manifest hash .* upload it in this transaction/);
    expect((await t.call(`${UP}/finish`, {method: 'POST', json: {transaction: {id: 'nope'}, files: {}}})).status).toBe(404);
    expect((await uploadFile({id: 'nope'}, 'model/a.yml', 'x')).status).toBe(404);
    expect((await uploadFile(start.body.transaction, '../escape.yml', 'x')).status).toBe(400);
  });

  it('needs schema permissions', async () => {
    expect((await t.call(`${UP}/start`, {method: 'POST', key: t.scopedKey})).status).toBe(403);
  });
});
