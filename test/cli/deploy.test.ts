// `svc deploy`: the command tree in-process against the service (dataModelHarness.ts). Which branch a deploy lands on
// (rule 5), that only changed files travel, and that remote files deleted locally are pruned unless --keep-missing.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startHarness, type Harness} from '../helpers/dataModelHarness.js';

const ADMIN_KEY = 'svc_e2eDeployCmd0123456789abcdefghij';
let h: Harness;

beforeAll(async () => {
  h = await startHarness('deploy', ADMIN_KEY);
});
afterAll(() => h?.close());

/** A local copy of a branch's files, fetched straight from the API. */
async function checkout(deployment: string, branch: string): Promise<string> {
  const dir = mkdtempSync(join(h.work, 'project-'));
  const res = await fetch(`${h.url}/build/api/v1/deployments/${deployment}/data-model/files?withContent=true&branchName=${branch}`, {headers: {authorization: `Bearer ${ADMIN_KEY}`}});
  type Node = {path: string; type: string; content?: string; children: Node[]};
  const write = (nodes: Node[]): void => {
    for (const n of nodes) {
      if (n.type === 'file') put(dir, n.path.replace(/^\//, ''), n.content ?? '');
      write(n.children);
    }
  };
  write(((await res.json()) as {items: Node[]}).items);
  return dir;
}

function put(dir: string, path: string, content: string): void {
  mkdirSync(dirname(join(dir, path)), {recursive: true});
  writeFileSync(join(dir, path), content);
}

/** The "  <path>" lines deploy prints to stderr for each uploaded file. */
const uploadedLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim());
const cube = (name: string) => `cubes:\n  - name: ${name}\n    sql_table: orders\n    measures:\n      - name: count\n        type: count\n`;

describe('svc deploy', () => {
  it('uploads only changed files, skips dot files and node_modules, and prunes deleted files unless --keep-missing', async () => {
    const dir = await checkout('1', 'main');
    const remote = Object.keys(await h.fileHashes('1', 'main')).sort();
    put(dir, 'model/cubes/extra_a.yml', cube('extra_a'));
    put(dir, 'model/cubes/extra_b.yml', cube('extra_b'));
    put(dir, '.env', 'SECRET=1\n');
    put(dir, 'node_modules/pkg/index.js', 'x\n');
    const first = await h.svc(['deploy', '1', '--directory', dir, '-m', 'two cubes']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`Uploading 2 changed file(s) of ${remote.length + 2} to deployment 1…`);
    expect(uploadedLines(first.stderr)).toEqual(['model/cubes/extra_a.yml', 'model/cubes/extra_b.yml']);
    expect(first.stdout).toBe(`✓ Deployed ${remote.length + 2} file(s) (2 uploaded). Check progress with \`svc deployments build-status 1\`\n`);
    const after = Object.keys(await h.fileHashes('1', 'main')).sort();
    expect(after).toEqual([...remote, 'model/cubes/extra_a.yml', 'model/cubes/extra_b.yml'].sort());

    const again = await h.svc(['deploy', '1', '--directory', dir]);
    expect(again.stderr).toContain('Uploading 0 changed file(s)');
    expect(uploadedLines(again.stderr)).toEqual([]);

    put(dir, 'model/cubes/extra_a.yml', cube('extra_a_v2'));
    rmSync(join(dir, 'model/cubes/extra_b.yml'));
    const kept = await h.svc(['deploy', '1', '--directory', dir, '--keep-missing']);
    expect(uploadedLines(kept.stderr)).toEqual(['model/cubes/extra_a.yml']);
    expect(Object.keys(await h.fileHashes('1', 'main'))).toContain('model/cubes/extra_b.yml');
    const pruned = await h.svc(['deploy', '1', '--directory', dir]);
    expect(uploadedLines(pruned.stderr)).toEqual([]);
    expect(Object.keys(await h.fileHashes('1', 'main')).sort()).toEqual([...remote, 'model/cubes/extra_a.yml'].sort());

    const json = await h.svc(['deploy', '1', '--directory', dir, '--json']);
    expect(JSON.parse(json.stdout)).toEqual({lastHash: expect.any(String)});
  });

  it('rule 5: without --branch a deploy lands on the dev-mode branch when a session is open, else on the deploy branch', async () => {
    const dir = await checkout('2', 'main');
    put(dir, 'model/cubes/no_session.yml', cube('no_session'));
    expect((await h.svc(['deploy', '2', '--directory', dir])).code).toBe(0);
    expect(Object.keys(await h.fileHashes('2', 'main'))).toContain('model/cubes/no_session.yml');

    const entered = await h.svc(['data-model', 'dev-mode', '2', 'staging']);
    const dev = /Entered dev mode on (dev-\S+)/.exec(entered.stdout)![1]!;
    put(dir, 'model/cubes/in_session.yml', cube('in_session'));
    const deployed = await h.svc(['deploy', '2', '--directory', dir]);
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(Object.keys(await h.fileHashes('2', dev))).toContain('model/cubes/in_session.yml');
    expect(Object.keys(await h.fileHashes('2', 'main'))).not.toContain('model/cubes/in_session.yml');
    expect(Object.keys(await h.fileHashes('2', 'staging'))).not.toContain('model/cubes/in_session.yml');

    put(dir, 'model/cubes/explicit.yml', cube('explicit'));
    expect((await h.svc(['deploy', '2', '--directory', dir, '--branch', 'main'])).code).toBe(0);
    expect(Object.keys(await h.fileHashes('2', 'main'))).toContain('model/cubes/explicit.yml');
    expect(Object.keys(await h.fileHashes('2', dev))).not.toContain('model/cubes/explicit.yml');

    await h.svc(['data-model', 'exit-dev-mode', '2']);
    put(dir, 'model/cubes/after_exit.yml', cube('after_exit'));
    await h.svc(['deploy', '2', '--directory', dir]);
    expect(Object.keys(await h.fileHashes('2', 'main'))).toContain('model/cubes/after_exit.yml');
  });

  it('refuses a path that is not a directory, and a directory with nothing to deploy', async () => {
    const missing = await h.svc(['deploy', '1', '--directory', join(h.work, 'nowhere')]);
    expect([missing.code, missing.stderr]).toEqual([1, `error: ${join(h.work, 'nowhere')} is not a directory\n`]);
    const empty = mkdtempSync(join(h.work, 'empty-'));
    put(empty, '.hidden', 'x');
    const none = await h.svc(['deploy', '1', '--directory', empty]);
    expect([none.code, none.stderr]).toEqual([1, `error: no deployable files found in ${empty}\n`]);
  });
});
