import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {collectFiles, deploy, hashFiles, sha1Hex, type DeployPorts} from '../../src/workflows/deploy.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, {recursive: true, force: true});
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-deploy-wf-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), {recursive: true});
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

function fakePorts(remote: Record<string, string>) {
  const calls: string[] = [];
  const uploaded: string[] = [];
  let finished: {manifest: Record<string, {hash: string}>; opts: unknown} | undefined;
  const ports: DeployPorts<{id: string}> = {
    fileHashes: async (b) => (calls.push(`hashes ${b ?? '-'}`), new Map(Object.entries(remote))),
    startUpload: async (b) => (calls.push(`start ${b ?? '-'}`), {id: 'tx1'}),
    uploadFile: async (tx, f) => void uploaded.push(`${tx.id}:${f.path}:${Buffer.from(f.content).toString()}`),
    finishUpload: async (_tx, manifest, opts) => ((finished = {manifest, opts}), {lastHash: 'abc', raw: {lastHash: 'abc'}}),
  };
  return {ports, calls, uploaded, finished: () => finished};
}

describe('collectFiles', () => {
  it('walks recursively, skips dot files (not .gitignore), node_modules and dashboard-app, sorts POSIX paths', async () => {
    const dir = project({'b.yml': '1', 'a/z.yml': '2', 'a/b/c.yml': '3', '.env': 'x', '.gitignore': 'y', '.git/HEAD': 'z', 'node_modules/m/i.js': 'q', 'dashboard-app/x.js': 'r'});
    expect(await collectFiles(dir)).toEqual(['.gitignore', 'a/b/c.yml', 'a/z.yml', 'b.yml']);
  });

  it('refuses a missing directory, a file, and a directory with nothing to deploy', async () => {
    const dir = project({'f.txt': 'x', 'empty/.hidden': 'y'});
    await expect(collectFiles(join(dir, 'nope'))).rejects.toThrow(`${join(dir, 'nope')} is not a directory`);
    await expect(collectFiles(join(dir, 'f.txt'))).rejects.toThrow('is not a directory');
    await expect(collectFiles(join(dir, 'empty'))).rejects.toThrow(`no deployable files found in ${join(dir, 'empty')}`);
  });
});

describe('deploy', () => {
  it('uploads only files whose SHA-1 differs or is missing upstream, and finishes with a manifest of every file', async () => {
    const dir = project({'same.yml': 'same', 'changed.yml': 'new', 'added.yml': 'added'});
    const f = fakePorts({'same.yml': sha1Hex(Buffer.from('same')), 'changed.yml': sha1Hex(Buffer.from('old')), 'gone.yml': 'ffff'});
    const lines: string[] = [];
    const result = await deploy(f.ports, {deploymentId: '7', directory: dir, onProgress: (l) => lines.push(l), message: 'msg'});
    expect(f.uploaded).toEqual(['tx1:added.yml:added', 'tx1:changed.yml:new']);
    expect(lines).toEqual(['Uploading 2 changed file(s) of 3 to deployment 7…', '  added.yml', '  changed.yml']);
    expect(Object.keys(f.finished()!.manifest)).toEqual(['added.yml', 'changed.yml', 'same.yml']);
    expect(f.finished()!.manifest['same.yml']).toEqual({hash: sha1Hex(Buffer.from('same'))});
    expect(f.finished()!.opts).toEqual({keepMissing: false, message: 'msg'});
    expect(result).toMatchObject({total: 3, uploaded: ['added.yml', 'changed.yml'], lastHash: 'abc'});
  });

  it('leaves the branch to the service when none (or a blank one) is given, and passes a named one to every step', async () => {
    const dir = project({'a.yml': 'a'});
    const blank = fakePorts({});
    await deploy(blank.ports, {deploymentId: '1', directory: dir, branchName: '  '});
    expect(blank.calls).toEqual(['hashes -', 'start -']);
    const named = fakePorts({});
    await deploy(named.ports, {deploymentId: '1', directory: dir, branchName: 'dev-x', keepMissing: true});
    expect(named.calls).toEqual(['hashes dev-x', 'start dev-x']);
    expect(named.finished()!.opts).toEqual({keepMissing: true, branchName: 'dev-x'});
  });

  it('hashFiles matches sha1 of the bytes, in path order', async () => {
    const dir = project({'x': 'hello', 'y/z': ''});
    expect([...(await hashFiles(dir, ['x', 'y/z']))]).toEqual([['x', 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'], ['y/z', 'da39a3ee5e6b4b0d3255bfef95601890afd80709']]);
  });
});
