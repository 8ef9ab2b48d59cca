// `svc server` from the built bundle (npm test builds dist/ first): one listening line on stdout, keys on
// stderr, answers on loopback, clean exit on SIGTERM/SIGINT, usage errors exit 2, and an acknowledged write
// survives a kill -9.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {CLI as SVC} from '../helpers/cliHarness.js';
import {serverOutput, spawnedPerTest} from '../helpers/serverProcess.js';
import {eventually} from '../helpers/eventually.js';

const LISTENING = /^listening on http:\/\/127\.0\.0\.1:(\d+)$/;
const FIXED_KEY = 'svc_' + 'e2eKey42'.repeat(4);

const {children, tempDir} = spawnedPerTest('svc-e2e-server-');

interface Server {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{code: number | null; signal: NodeJS.Signals | null}>;
}

/** `svc server` with `args`; rejects when it prints no listening line within `timeoutMs`. */
async function startServer(args: string[], env: Record<string, string>, timeoutMs = 15_000): Promise<Server> {
  const child = spawn(process.execPath, [SVC, 'server', ...args], {env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
  children.push(child);
  const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null}>((resolve) => child.on('exit', (code, signal) => resolve({code, signal})));
  const output = serverOutput(child, timeoutMs);
  return {child, url: await output.url, stdout: output.stdout, stderr: output.stderr, exited};
}

const KEY_LINE = /admin API key \(shown only now, store it\): (svc_\w+)/;

describe('svc server', () => {
  // The default seed, the demo, seeded from scratch in the child: 0.2 s of CPU idle, 6 s of wall time at load 19,
  // past 15 s (the old bound) once in a whole e2e run at load 20. The one test here that needs the demo.
  it('prints exactly one listening line, the keys on stderr, answers, and exits 0 on SIGTERM', async () => {
    const dataDir = tempDir();
    const s = await startServer(['--port', '0'], {SVC_DATA_DIR: dataDir, SVC_SERVER_ADMIN_KEY: ''}, 45_000);
    // Written before the listening line, but two pipes can be read in either order.
    await eventually(() => KEY_LINE.test(s.stderr()), 'the admin key on stderr');
    const key = KEY_LINE.exec(s.stderr())![1];
    expect(key).toBeDefined();
    expect(s.stderr()).toMatch(/read-only key scoped to the first deployment/);
    const res = await fetch(`${s.url}/api/v1/deployments?limit=3`, {headers: {authorization: `Bearer ${key}`}});
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).pagination.total).toBe(45);
    expect(existsSync(join(dataDir, 'service.db'))).toBe(true);
    s.child.kill('SIGTERM');
    expect(await s.exited).toEqual({code: 0, signal: null});
    const lines = s.stdout().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(LISTENING);
    expect(s.stdout()).not.toContain(key);
  }, 60_000);

  it('SIGINT also stops it cleanly; a second start of the data file prints no key', async () => {
    // Empty seeds: the keys are printed (or not) whatever the data, and a demo seeded from scratch is slow under load.
    const dataDir = tempDir();
    const first = await startServer(['--port', '0', '--seed', 'empty'], {SVC_DATA_DIR: dataDir});
    await eventually(() => KEY_LINE.test(first.stderr()), 'the admin key on stderr');
    first.child.kill('SIGINT');
    expect((await first.exited).code).toBe(0);
    const second = await startServer(['--port', '0', '--seed', 'empty'], {SVC_DATA_DIR: dataDir});
    await eventually(() => /printed on the first start/.test(second.stderr()), "'printed on the first start' on stderr");
    expect(second.stderr()).not.toMatch(/svc_[0-9A-Za-z]{32}/);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  });

  it('an acknowledged write survives kill -9', async () => {
    const file = join(tempDir(), 'crash.db');
    const s = await startServer(['--port', '0', '--data', file, '--seed', 'empty', '--admin-key', FIXED_KEY], {});
    const created = await fetch(`${s.url}/build/api/v1/deployments`, {
      method: 'POST',
      headers: {authorization: `Bearer ${FIXED_KEY}`, 'content-type': 'application/json'},
      body: JSON.stringify({name: 'survivor', region: 'aws-us-east-1'}),
    });
    expect(created.status).toBe(200);
    // The key it was given is never echoed (test/e2e/cli-secrets.test.ts searches the service's log, not this banner).
    expect(s.stdout() + s.stderr()).not.toContain(FIXED_KEY);
    const {id} = (await created.json()) as {id: number};
    s.child.kill('SIGKILL');
    await s.exited;
    const again = await startServer(['--port', '0', '--data', file, '--admin-key', FIXED_KEY], {});
    const res = await fetch(`${again.url}/api/v1/deployments/${id}`, {headers: {authorization: `Bearer ${FIXED_KEY}`}});
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).name).toBe('survivor');
    again.child.kill('SIGTERM');
    await again.exited;
  });

  const usage: Array<[string, string[], RegExp]> = [
    ['a non-numeric port', ['--port', 'http'], /^error: --port must be a whole number/],
    ['a port out of range', ['--port', '70000'], /^error: --port/],
    ['an unknown seed', ['--seed', 'full'], /^error: --seed must be demo or empty/],
    ['a zero speed', ['--speed', '0'], /^error: --speed/],
    ['a malformed admin key', ['--admin-key', 'secret'], /^error: --admin-key must be "svc_"/],
  ];
  for (const [what, args, message] of usage) {
    it(`${what} → error on stderr, exit 2, nothing on stdout`, () => {
      const r = spawnSync(process.execPath, [SVC, 'server', ...args], {encoding: 'utf8', env: {...process.env, SVC_DATA_DIR: tempDir()}});
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    });
  }

  it('a port in use → error, exit 1', async () => {
    const dataDir = tempDir();
    // Empty seeds: the second server opens its data file before it finds the port taken, and seeding a demo file
    // from scratch took most of this test's time (13-26 s under load, past the timeout).
    const s = await startServer(['--port', '0', '--seed', 'empty'], {SVC_DATA_DIR: dataDir});
    const port = new URL(s.url).port;
    const r = spawnSync(process.execPath, [SVC, 'server', '--port', port, '--seed', 'empty', '--data', join(tempDir(), 'x.db')], {encoding: 'utf8'});
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^error: port ${port} is already in use`, 'm'));
    s.child.kill('SIGTERM');
    await s.exited;
  });
});
