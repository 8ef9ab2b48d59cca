// What each start-up path of the built binary parses: `svc --version` answers without the command tree, a command
// loads only its own group, a command's whole output reaches a slow reader although it exits at once, and the
// console's first frame (the entry, the command tree, the UI shell, the screen registry, the deployments screen)
// statically imports neither the service nor the contract's zod schemas.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
const SVC = join(DIST, 'svc.js');
const work = mkdtempSync(join(tmpdir(), 'svc-startup-'));
afterAll(() => rmSync(work, {recursive: true, force: true}));

/** Runs the binary with a module hook that lists every file it loads; returns the dist files and their bytes. */
function loadedFiles(args: string[]): {status: number | null; stdout: string; files: string[]; bytes: number} {
  const log = join(work, `loaded-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  const hooks = join(work, 'hooks.mjs');
  writeFileSync(hooks, `import {appendFileSync} from 'node:fs';\nexport async function load(url, context, next) {\n  if (url.startsWith('file:')) appendFileSync(process.env.LOAD_LOG, url + '\\n');\n  return next(url, context);\n}\n`);
  const register = join(work, 'register.mjs');
  writeFileSync(register, `import {register} from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, SVC, ...args], {
    env: {PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: join(work, 'config'), LOAD_LOG: log},
    encoding: 'utf8',
  });
  const files = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((u) => new URL(u).pathname).filter((p) => p.startsWith(DIST));
  return {status: r.status, stdout: r.stdout, files, bytes: files.reduce((sum, f) => sum + statSync(f).size, 0)};
}

/**
 * The chunk of dist/ that holds a source file (esbuild marks each module with a `// path` line, relative to the
 * real path: `../../main/node_modules/…` in a git worktree whose node_modules is a link to another checkout's).
 */
function chunkOf(source: string): string {
  const dir = join(DIST, 'chunks');
  const linked = source.startsWith('node_modules/') ? '(?:\\.\\./)*(?:[^/\\n]+/)*' : '';
  const mark = new RegExp(`\\n// ${linked}${source.replaceAll('.', '\\.')}\\n`);
  const hit = readdirSync(dir).find((f) => mark.test(readFileSync(join(dir, f), 'utf8')));
  if (!hit) throw new Error(`no chunk holds ${source}`);
  return join(dir, hit);
}

/** Every file a chunk reaches through static imports (what loading it parses), itself included. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.\.?\/[^"]+)"|^import\s*"(\.\.?\/[^"]+)"/gm)) {
    staticClosure(resolve(file, '..', m[1] ?? m[2]!), seen);
  }
  return seen;
}

describe('start-up paths of the built binary', () => {
  it('svc --version prints the version from the entry alone, without the command tree', () => {
    const r = loadedFiles(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('0.1.0\n');
    expect(r.files.some((f) => f.includes('/program-'))).toBe(false);
    expect(r.bytes).toBeLessThan(20_000);
    expect(loadedFiles(['-V']).stdout).toBe('0.1.0\n');
  });

  it('svc --version with anything else still goes through the command tree', () => {
    const r = loadedFiles(['--version', '--json']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('0.1.0\n');
    expect(r.files.some((f) => f.includes('/program-'))).toBe(true);
  });

  it("the console's first frame statically reaches neither the service nor the zod schemas", () => {
    const firstFrame = new Set<string>();
    for (const source of ['src/ui/run.tsx', 'screens/index.ts', 'screens/DeploymentsScreen.tsx']) staticClosure(chunkOf(source), firstFrame);
    const zod = chunkOf('node_modules/zod/v4/classic/schemas.js');
    const server = chunkOf('src/server/index.ts');
    expect([...firstFrame]).not.toContain(zod);
    expect([...firstFrame]).not.toContain(server);
  });

  it('a command loads its own group only; the program help loads every group', () => {
    const dbt = chunkOf('src/commands/dbt.ts');
    const deployments = chunkOf('src/commands/deployments.ts');
    const one = loadedFiles(['--json', 'deployments', '--help']);
    expect(one.status).toBe(0);
    expect(one.stdout).toContain('Usage: svc deployments|deployment');
    expect(one.files).toContain(deployments);
    expect(one.files).not.toContain(dbt);
    const all = loadedFiles(['--help']);
    expect(all.files).toEqual(expect.arrayContaining([dbt, deployments]));
    expect(all.stdout).toMatch(/\n {2}deployments\|deployment .*\n[^]*\n {2}dbt /);
  });

  it('output larger than a pipe holds reaches a reader that is slow to read it, whole', () => {
    const env = {PATH: process.env.PATH ?? '', HOME: work};
    const whole = spawnSync(process.execPath, [SVC, 'completion', 'fish'], {env, encoding: 'utf8'});
    expect(whole.status).toBe(0);
    expect(whole.stdout.length).toBeGreaterThan(128 * 1024);
    // The reader starts after the command has long filled the pipe and wants to exit.
    const slow = spawnSync('sh', ['-c', `"$NODE" "$SVC" completion fish | (sleep 0.5; cat)`], {env: {...env, NODE: process.execPath, SVC}, encoding: 'utf8'});
    expect(slow.status).toBe(0);
    expect(slow.stdout.length).toBe(whole.stdout.length);
    expect(slow.stdout).toBe(whole.stdout);
  });
});
