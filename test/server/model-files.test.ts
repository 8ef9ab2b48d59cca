import {createHash} from 'node:crypto';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {testApp, type TestApp} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
const FILES = `${D}/data-model/files`;
let t: TestApp;
let dev: string;
beforeEach(async () => {
  t = testApp();
  dev = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}})).body.branchName;
});
afterEach(() => t.close());

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
type Node = {path: string; type: string; content?: string; children: Node[]};
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const lastHash = async (name: string) =>
  ((await t.call(`${D}/branches`)).body.items as Array<{name: string; lastHash: string}>).find((b) => b.name === name)!.lastHash;
const write = (method: string, path: string, json: object) => t.call(path, {method, json});

describe('file tree', () => {
  it('lists the branch as a tree of absolute paths, with content only when asked', async () => {
    const bare = await t.call(`${FILES}?branchName=main`);
    expect(bare.status).toBe(200);
    expect(bare.body.data).toEqual(bare.body.items);
    expect(bare.body.items).toHaveLength(1);
    expect(bare.body.items[0]).toMatchObject({path: '/model', type: 'directory'});
    const files = flatten(bare.body.items).filter((n) => n.type === 'file');
    expect(files.map((n) => n.path).sort()).toEqual(DEMO_MODEL_FILES.map((f) => `/${f.path}`).sort());
    expect(files.every((n) => n.content === undefined)).toBe(true);
    const full = flatten((await t.call(`${FILES}?branchName=main&withContent=true`)).body.items);
    expect(full.find((n) => n.path === '/model/cubes/orders.yml')!.content).toBe(DEMO_MODEL_FILES.find((f) => f.path === 'model/cubes/orders.yml')!.content);
  });

  it('pages top-level nodes with first/after', async () => {
    await write('PUT', FILES, {files: [{path: 'cube.js', content: 'module.exports = {};'}, {path: 'README.md', content: '# hi'}]});
    const first = await t.call(`${FILES}?first=2`);
    expect(first.body.items.map((n: Node) => n.path)).toEqual(['/model', '/cube.js']);
    expect(first.body.pageInfo.hasNextPage).toBe(true);
    const next = await t.call(`${FILES}?first=2&after=${first.body.pageInfo.endCursor}`);
    expect(next.body.items.map((n: Node) => n.path)).toEqual(['/README.md']);
    expect(next.body.pageInfo.hasNextPage).toBe(false);
  });

  it('answers SHA-1 content hashes keyed by project-relative path', async () => {
    const hashes = (await t.call(`${D}/data-model/file-hashes?branchName=main`)).body;
    expect(hashes).toEqual(Object.fromEntries(DEMO_MODEL_FILES.map((f) => [f.path, {hash: sha1(f.content)}])));
  });

  it('reads an unknown branch as a 404', async () => {
    expect((await t.call(`${FILES}?branchName=ghost`)).status).toBe(404);
    expect((await t.call(`${D}/data-model/file-hashes?branchName=ghost`)).status).toBe(404);
  });
});

describe('file writes', () => {
  it('put, delete and rename land on the dev branch, each with a new lastHash, leaving the parent alone', async () => {
    const hashes = [await lastHash(dev)];
    const parentBefore = await lastHash('staging');
    expect((await write('PUT', FILES, {files: [{path: '/model/cubes/extra.yml', content: 'cubes: []\n'}]})).body).toEqual({success: true});
    hashes.push(await lastHash(dev));
    expect((await write('POST', `${FILES}/rename`, {files: [{path: 'model/cubes/extra.yml', newPath: 'model/cubes/more.yml'}]})).status).toBe(200);
    hashes.push(await lastHash(dev));
    expect((await write('DELETE', FILES, {files: [{path: 'model/cubes/more.yml'}]})).status).toBe(200);
    hashes.push(await lastHash(dev));
    expect(new Set(hashes.slice(0, 3)).size).toBe(3);
    // Deleting the added file restores the original tree, so the tree hash returns to the first one.
    expect(hashes[3]).toBe(hashes[0]);
    expect(await lastHash('staging')).toBe(parentBefore);
    const paths = Object.keys((await t.call(`${D}/data-model/file-hashes?branchName=${dev}`)).body);
    expect(paths).not.toContain('model/cubes/more.yml');
  });

  it('refuses every write to a branch that is not a dev-mode branch, saying what to do', async () => {
    const bodies: Array<[string, string, object]> = [
      ['PUT', FILES, {files: [{path: 'model/a.yml', content: ''}]}],
      ['DELETE', FILES, {files: [{path: 'model/cubes/orders.yml'}]}],
      ['POST', `${FILES}/rename`, {files: [{path: 'model/cubes/orders.yml', newPath: 'model/cubes/o.yml'}]}],
    ];
    for (const [method, path, body] of bodies) {
      for (const branchName of ['main', 'staging']) {
        const before = await lastHash(branchName);
        const res = await write(method, path, {...body, branchName});
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(new RegExp(`^Branch ${branchName} is not a dev-mode branch: .*dev-mode 1 ${branchName}`));
        expect(await lastHash(branchName)).toBe(before);
      }
      const mainId = ((await t.call(`${D}/branches`)).body.items as Array<{id: number; name: string}>).find((b) => b.name === 'main')!.id;
      expect((await write(method, path, {...body, branchId: mainId})).body.error).toMatch(/^Branch main is not a dev-mode branch/);
    }
  });

  it('writes to the session branch when none is named, and refuses without a session', async () => {
    await t.call(`${D}/dev-mode`, {method: 'DELETE'});
    for (const [method, path, body] of [['PUT', FILES, {files: [{path: 'model/a.yml', content: ''}]}], ['DELETE', FILES, {files: [{path: 'model/a.yml'}]}],
      ['POST', `${FILES}/rename`, {files: [{path: 'model/a.yml', newPath: 'model/b.yml'}]}]] as const) {
      expect((await write(method, path, body)).body.error).toMatch(/no dev-mode session .* enter dev mode/);
    }
  });

  it('rejects paths that escape the project or carry control characters', async () => {
    for (const bad of ['../etc/passwd', 'model/../../x.yml', '/', 'model//a.yml', 'model/./a.yml', 'model\\a.yml', 'C:/x.yml', 'model/a\u0000.yml']) {
      const res = await write('PUT', FILES, {files: [{path: bad, content: 'x'}]});
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toMatch(/^invalid file path/);
    }
    expect((await write('POST', `${FILES}/rename`, {files: [{path: 'model/cubes/orders.yml', newPath: '../o.yml'}]})).status).toBe(400);
  });

  it('rejects a file over 1 MiB with 413 and writes nothing', async () => {
    const before = await lastHash(dev);
    const res = await write('PUT', FILES, {files: [{path: 'model/big.yml', content: 'x'.repeat(1024 * 1024 + 1)}]});
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/model\/big.yml is 1048577 bytes; the limit is/);
    expect(await lastHash(dev)).toBe(before);
  });

  it('reports missing files (404) and rename targets that exist (409)', async () => {
    expect((await write('DELETE', FILES, {files: [{path: 'model/nope.yml'}]})).body.error).toMatch(/no such file on branch dev-.*: model\/nope.yml/);
    const clash = await write('POST', `${FILES}/rename`, {files: [{path: 'model/cubes/orders.yml', newPath: 'model/cubes/users.yml'}]});
    expect(clash.status).toBe(409);
    expect((await write('PUT', FILES, {files: []})).status).toBe(400);
  });

  it('rebuilds the dev branch after a write; a model that does not compile fails the build naming the file', async () => {
    await write('PUT', FILES, {files: [{path: 'model/cubes/broken.yml', content: 'cubes:\n  - name: broken\n'}]});
    t.clock.advance(60_000);
    const status = (await t.call(`/api/v1/deployments/1/build-status?branchName=${dev}`)).body;
    expect(status).toMatchObject({status: 'failed', lastHash: await lastHash(dev)});
    expect(status.errorText).toMatch(/model\/cubes\/broken.yml:2: cube "broken": "sql_table" or "sql" is required/);
  });
});
