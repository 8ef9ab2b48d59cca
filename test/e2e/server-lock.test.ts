// One service per data file, tried from outside with the built binary: a second `svc server` on the same file
// refuses within a second, names the file and the owner's pid, exits 1 and touches nothing; two starting
// together on a fresh file end with exactly one serving; a kill -9'd owner leaves no lock behind.
import {spawn, type ChildProcess} from 'node:child_process';
import {chmodSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {CLI as SVC} from '../helpers/cliHarness.js';
import {spawnedPerTest} from '../helpers/serverProcess.js';

const KEY = 'svc_' + 'lockTest'.repeat(4);

const {children, tempDir} = spawnedPerTest('svc-e2e-lock-');

interface Run {
  child: ChildProcess;
  /** Resolves with the URL once it listens, or with the exit when it ends first. */
  outcome: Promise<{url: string} | {code: number | null; stderr: string; ms: number}>;
  stderr: () => string;
}

function run(dataFile: string): Run {
  const started = Date.now();
  const child = spawn(process.execPath, [SVC, 'server', '--port', '0', '--data', dataFile, '--seed', 'demo', '--admin-key', KEY], {
    env: {...process.env, SVC_NO_TELEMETRY: '1'},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const outcome = new Promise<{url: string} | {code: number | null; stderr: string; ms: number}>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`neither listened nor exited; stderr: ${err}`)), 30_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (\S+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({url: m[1]!});
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({code, stderr: err, ms: Date.now() - started});
    });
  });
  return {child, outcome, stderr: () => err};
}

async function status(url: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/deployments`, {headers: {authorization: `Bearer ${KEY}`}});
  await res.text();
  return res.status;
}

describe('svc server: one service per data file', () => {
  it('a second server on the same file exits 1 at once, naming the file and the owner pid; the first keeps serving', async () => {
    const data = join(tempDir(), 'same.db');
    const first = run(data);
    const up = await first.outcome;
    expect(up).toHaveProperty('url');
    const url = (up as {url: string}).url;

    const t0 = Date.now();
    const second = run(data);
    const result = (await second.outcome) as {code: number | null; stderr: string; ms: number};
    const elapsed = Date.now() - t0;
    expect(result).not.toHaveProperty('url');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(data);
    expect(result.stderr).toContain(`pid ${first.child.pid}`);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    // The lock is taken before the service code loads: 0.2 s measured for the whole refusing process; the bound
    // leaves room for Node's start-up on a loaded CI runner.
    expect(elapsed).toBeLessThan(3000);
    expect(await status(url)).toBe(200);
  }, 60_000);

  it('two servers started together on a fresh file: exactly one serves, the other exits 1 without a crash', async () => {
    const data = join(tempDir(), 'fresh.db');
    const a = run(data);
    const b = run(data);
    const outcomes = await Promise.all([a.outcome, b.outcome]);
    const winners = outcomes.filter((o) => 'url' in o) as Array<{url: string}>;
    const losers = outcomes.filter((o) => !('url' in o)) as Array<{code: number | null; stderr: string}>;
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.code).toBe(1);
    expect(losers[0]!.stderr).toMatch(/is in use by another svc server/);
    expect(losers[0]!.stderr).not.toMatch(/UNIQUE|SqliteError|\n\s+at /);
    expect(await status(winners[0]!.url)).toBe(200);
  }, 60_000);

  it('after the owner is killed with -9 the next start takes the file over at once', async () => {
    const data = join(tempDir(), 'killed.db');
    const first = run(data);
    expect(await first.outcome).toHaveProperty('url');
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const next = run(data);
    const up = await next.outcome;
    expect(up).toHaveProperty('url');
    expect(await status((up as {url: string}).url)).toBe(200);
  }, 60_000);

  it('the data file, its WAL and its lock are the owner\'s alone (they hold the signing secret); a 0644 file is fixed', async () => {
    const dir = tempDir();
    const data = join(dir, 'private', 'svc.db');
    const first = run(data);
    expect(await first.outcome).toHaveProperty('url');
    const mode = (f: string) => (statSync(f).mode & 0o777).toString(8);
    expect(mode(join(dir, 'private'))).toBe('700');
    expect(mode(data)).toBe('600');
    expect(mode(`${data}-wal`)).toBe('600');
    expect(mode(`${data}.lock`)).toBe('600');
    first.child.kill('SIGTERM');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const loose = join(dir, 'loose.db');
    writeFileSync(loose, '');
    chmodSync(loose, 0o644);
    const second = run(loose);
    expect(await second.outcome).toHaveProperty('url');
    expect(mode(loose)).toBe('600');
  }, 60_000);
});
