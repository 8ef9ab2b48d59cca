import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
const t = testAppEach();

const enter = async (branchName: string) => (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName}})).body.branchName as string;
const put = (path: string, content: string, branchName?: string) =>
  t.call(`${D}/data-model/files`, {method: 'PUT', json: {files: [{path, content}], ...(branchName ? {branchName} : {})}});
const hashes = async (branchName: string) => (await t.call(`${D}/data-model/file-hashes?branchName=${encodeURIComponent(branchName)}`)).body as Record<string, {hash: string}>;
const content = async (branchName: string, path: string) => {
  type Node = {path: string; content?: string; children: Node[]};
  const walk = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...walk(n.children)]);
  const tree = (await t.call(`${D}/data-model/files?withContent=true&branchName=${encodeURIComponent(branchName)}`)).body.items as Node[];
  return walk(tree).find((n) => n.path === `/${path}`)?.content;
};
const branchNames = async () => ((await t.call(`${D}/branches`)).body.items as Array<{name: string}>).map((b) => b.name);
const post = (path: string, json?: object) => t.call(`${D}/${path}`, {method: 'POST', ...(json ? {json} : {})});

describe('commit', () => {
  it('pushes the dev branch’s edits into the branch it was forked from, not further', async () => {
    await enter('staging');
    await put('model/cubes/extra.yml', 'cubes: []\n');
    expect((await post('commit', {message: 'add extra'})).body).toEqual({success: true});
    expect(await content('staging', 'model/cubes/extra.yml')).toBe('cubes: []\n');
    expect(Object.keys(await hashes('main'))).not.toContain('model/cubes/extra.yml');
  });

  it('merges file by file: the parent keeps changes the dev branch did not touch', async () => {
    const dev = await enter('staging');
    await put('model/cubes/mine.yml', 'cubes: []\n');
    // Meanwhile someone else commits another file to staging from their own dev branch.
    const other = await enter('staging');
    await put('model/cubes/theirs.yml', 'cubes: []\n', other);
    await post('commit', {branchName: other});
    await post('commit', {branchName: dev});
    const staging = Object.keys(await hashes('staging'));
    expect(staging).toEqual(expect.arrayContaining(['model/cubes/mine.yml', 'model/cubes/theirs.yml']));
    expect(Object.keys(await hashes(dev))).toContain('model/cubes/theirs.yml');
  });

  it('reports a conflict (409) when both sides changed the same file, unless told to resolve it', async () => {
    const a = await enter('staging');
    const b = await enter('staging');
    await put('model/cubes/orders.yml', '# a\n', a);
    await put('model/cubes/orders.yml', '# b\n', b);
    await post('commit', {branchName: a});
    const clash = await post('commit', {branchName: b});
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/staging and dev-.* both changed model\/cubes\/orders.yml/);
    expect(await content('staging', 'model/cubes/orders.yml')).toBe('# a\n');
    expect((await post('commit', {branchName: b, resolveMergeConflict: true})).status).toBe(200);
    expect(await content('staging', 'model/cubes/orders.yml')).toBe('# b\n');
  });

  it('refuses a branch that is not a dev branch, and commits on the deploy branch reach production', async () => {
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'shared', enterDevMode: true}});
    expect((await post('commit')).body.error).toMatch(/^Branch shared is not a dev-mode branch/);
    await enter('main');
    await put('model/cubes/prod.yml', 'cubes: []\n');
    expect((await post('commit', {exitDevMode: true})).status).toBe(200);
    expect(Object.keys(await hashes('main'))).toContain('model/cubes/prod.yml');
    expect((await post('commit')).body.error).toMatch(/no dev-mode session/);
  });
});

describe('merge and merge-to-default', () => {
  it('merge-to-default merges a shared branch into the deploy branch, rebuilds production and deletes the branch', async () => {
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'feature'}});
    const dev = await enter('feature');
    await put('model/cubes/feature.yml', 'cubes: []\n');
    await post('commit');
    const before = (await t.call('/api/v1/deployments/1/build-status?branchName=main')).body.buildJobId;
    const res = await post('merge-to-default', {branchName: 'feature', message: 'ship it'});
    expect(res.body).toEqual({merged: true, branchDeleted: true});
    expect(Object.keys(await hashes('main'))).toContain('model/cubes/feature.yml');
    expect(await branchNames()).not.toContain('feature');
    const branches = (await t.call(`${D}/branches`)).body.items as Array<{name: string; parentBranch: string}>;
    expect(branches.find((b) => b.name === dev)?.parentBranch).toBe('main');
    const after = (await t.call('/api/v1/deployments/1/build-status?branchName=main')).body;
    expect(after.buildJobId).not.toBe(before);
    expect(after.status).toBe('building');
  });

  it('keeps the branch with removeBranchAfterMerge=false and refuses the deploy branch itself', async () => {
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'keep'}});
    expect((await post('merge-to-default', {branchName: 'keep', removeBranchAfterMerge: false})).body).toEqual({merged: true, branchDeleted: false});
    expect(await branchNames()).toContain('keep');
    expect((await post('merge-to-default', {branchName: 'main'})).body.error).toMatch(/is the deploy branch already/);
    expect((await post('merge-to-default', {branchName: 'ghost'})).status).toBe(404);
  });

  it('merge folds a branch into its parent and can switch the session there and delete the branch', async () => {
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'child', from: 'staging'}});
    const dev = await enter('child');
    await put('model/cubes/c.yml', 'cubes: []\n');
    await post('commit');
    const res = await post('merge', {branchName: 'child', switchToParentBranch: true, deleteBranch: true});
    expect(res.body).toEqual({merged: true, branchDeleted: true});
    expect(Object.keys(await hashes('staging'))).toContain('model/cubes/c.yml');
    expect(Object.keys(await hashes('main'))).not.toContain('model/cubes/c.yml');
    expect(await branchNames()).not.toContain('child');
    // The session now points at staging, a shared branch, so writes without a branch are refused.
    expect((await put('model/x.yml', '')).body.error).toMatch(/^Branch staging is not a dev-mode branch/);
    expect((await post('merge', {branchName: 'main'})).body.error).toMatch(/has no parent branch/);
    void dev;
  });

  it('pull has no remote to fetch from locally and reports no build', async () => {
    expect((await post('pull', {branchName: 'staging'})).body).toEqual({buildTriggered: false});
    expect((await post('pull')).body).toEqual({buildTriggered: false});
    expect((await post('pull', {branchName: 'ghost'})).status).toBe(404);
  });
});

describe('branches written without a recorded base', () => {
  it('merge-to-default overlays their files onto the deploy branch instead of reporting conflicts', async () => {
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'generated'}});
    t.ctx.db.prepare("UPDATE branches SET base_tree = NULL WHERE name = 'generated' AND deployment_id = 1").run();
    const dev = await enter('generated');
    await put('model/cubes/orders.yml', '# regenerated\n', dev);
    await post('commit', {branchName: dev});
    const res = await post('merge-to-default', {branchName: 'generated'});
    expect(res.body).toEqual({merged: true, branchDeleted: true});
    expect(await content('main', 'model/cubes/orders.yml')).toBe('# regenerated\n');
    expect(Object.keys(await hashes('main'))).toContain('model/cubes/users.yml');
  });
});
