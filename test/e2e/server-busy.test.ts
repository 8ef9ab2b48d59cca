// A held SQLite write lock, tried from outside against the built `svc server`: another process holds
// BEGIN IMMEDIATE on the data file for longer than any busy wait while a build is in flight. A write request
// answers 503 with Retry-After, the build engine's timer logs and retries instead of crashing the process,
// reads keep working, and once the lock is released writes and builds go on.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {CLI as SVC} from '../helpers/cliHarness.js';
import {serverOutput, spawnedPerTest} from '../helpers/serverProcess.js';
import {eventually} from '../helpers/eventually.js';

const KEY = 'svc_' + 'busyTest'.repeat(4);
const TICK_FAILED = /builds: tick failed \(the database is locked by another program\); retrying on the next tick/;

/** Waits (bounded) until the server's stderr matches `pattern`. */
async function logged(stderr: () => string, pattern: RegExp): Promise<void> {
  await eventually(() => pattern.test(stderr()), () => `${String(pattern)} in the server's stderr:\n${stderr()}`, {withinMs: 30_000, everyMs: 100});
}

const {children, dirs} = spawnedPerTest('svc-e2e-busy-');

async function startServer(dataFile: string): Promise<{child: ChildProcess; url: string; stderr: () => string}> {
  // --speed 0.2: the build triggered below stays in flight for about 30 s, so the engine timer has work to write.
  const child = spawn(process.execPath, [SVC, 'server', '--port', '0', '--data', dataFile, '--admin-key', KEY, '--speed', '0.2'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = serverOutput(child, 30_000);
  return {child, url: await output.url, stderr: output.stderr};
}

async function call(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {authorization: `Bearer ${KEY}`, 'content-type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text()};
}

describe('svc server under a held write lock', () => {
  it('answers 503 + Retry-After, keeps its engine timer alive and serving, and recovers when the lock goes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-e2e-busy-'));
    dirs.push(dir);
    const data = join(dir, 'busy.db');
    const server = await startServer(data);
    const entered = await call(server.url, 'POST', '/build/api/v1/deployments/1/branches', {name: 'held-lock', enterDevMode: true});
    expect(entered.status).toBe(200);

    const holder = new Database(data, {timeout: 0});
    holder.exec('BEGIN IMMEDIATE');
    try {
      const t0 = Date.now();
      const write = await call(server.url, 'PUT', '/api/v1/deployments/1/env-vars', {env_variables: [{name: 'HELD', value: '1'}]});
      expect(write.status).toBe(503);
      expect(Number(write.retryAfter)).toBeGreaterThan(0);
      expect(write.body).toMatch(/locked by another program/);
      expect(Date.now() - t0).toBeLessThan(5000);
      // The engine timer meets the lock: it logs and stays alive (a throw out of the timer would end the process).
      await logged(server.stderr, TICK_FAILED);
      expect(server.child.exitCode).toBeNull();
      const read = await call(server.url, 'GET', '/api/v1/deployments?limit=1');
      expect(read.status).toBe(200);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    // The same timer ticks again once the lock is gone.
    await logged(server.stderr, /builds: recovered/);
    const after = await call(server.url, 'PUT', '/api/v1/deployments/1/env-vars', {env_variables: [{name: 'HELD', value: '1'}]});
    expect(after.status).toBe(200);
    const status = await call(server.url, 'GET', '/api/v1/deployments/1/build-status?branchName=held-lock');
    expect(status.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).toMatch(TICK_FAILED);
    expect(server.stderr()).toMatch(/database busy on PUT \/api\/v1\/deployments\/1\/env-vars: answered 503/);
  }, 60_000);
});
