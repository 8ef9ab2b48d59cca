// Faults end to end, with the built CLI and `svc server` child processes:
//  - `--wait` rides out five consecutive transient failures (503, 429, 408, dropped connections) injected by a
//    proxy in front of the service, and fails with a clear message on the sixth;
//  - `kill -9` of the service in the middle of a burst of writes loses none that were acknowledged.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, describe, expect, it} from 'vitest';
import {CLI, runCli, STACK_LINE} from '../helpers/cliHarness.js';
import {drop, startFaultProxy, status, type FaultProxy} from '../helpers/faultProxy.js';

const KEY = 'svc_faultsE2eAdminKey0123456789abcde';
const children: ChildProcess[] = [];
const proxies: FaultProxy[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const p of proxies.splice(0)) await p.close();
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, {recursive: true, force: true});
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'svc-faults-'));
  dirs.push(d);
  return d;
}

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<unknown>;
}

async function startServer(dataFile: string, seed: 'demo' | 'empty' = 'demo'): Promise<Server> {
  const work = tempDir();
  const child = spawn(process.execPath, [CLI, 'server', '--port', '0', '--data', dataFile, '--seed', seed, '--admin-key', KEY], {
    env: {PATH: process.env.PATH ?? '', HOME: work, SVC_DATA_DIR: work},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (\S+)\n/.exec(out);
      if (m) resolve(m[1]!);
    });
    void exited.then(() => reject(new Error('svc server exited before listening')));
  });
  return {child, url, exited};
}

function cli(url: string, args: string[]) {
  const work = tempDir();
  return runCli(args, {PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: join(work, 'config'), CI: 'true', NO_COLOR: '1', SVC_API_URL: url, SVC_API_KEY: KEY});
}

describe('--wait and transient failures', () => {
  it('absorbs five in a row (503, 429, 408, dropped, 503) and fails clearly on the sixth', async () => {
    const server = await startServer(':memory:');
    const [survives, givesUp] = await Promise.all([startFaultProxy(server.url), startFaultProxy(server.url)]);
    proxies.push(survives, givesUp);
    survives.inject(status(503), status(429), status(408), drop, status(502));
    givesUp.inject(status(503), status(503), status(503), status(503), status(503), status(503));
    // Backoff 0.1+0.2+0.4+0.8+1.6 s (the intervals × 1, 2, 4, 8, 16 of a 1 s poll, a tenth as long); the two run
    // side by side.
    const args = ['deployments', 'build-status', '1', '--wait', '--poll', '100ms', '--timeout', '2m'];
    const [ok, failed] = await Promise.all([cli(survives.url, args), cli(givesUp.url, args)]);

    expect(ok.stderr).toMatch(/\(retrying, 1\/5\)/);
    expect(ok.stderr).toMatch(/\(retrying, 5\/5\)/);
    expect(ok.stderr).not.toMatch(STACK_LINE);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).status).toBeDefined();
    expect(survives.requests.filter((r) => r.includes('/build-status'))).toHaveLength(6);

    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/\(retrying, 5\/5\)/);
    expect(failed.stderr).toMatch(/^error: .*503/m);
    expect(failed.stderr).not.toMatch(STACK_LINE);
    expect(failed.stdout).toBe('');
    expect(givesUp.requests.filter((r) => r.includes('/build-status'))).toHaveLength(6);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 60_000);

  it('a non-transient answer (404) ends the wait at once', async () => {
    const server = await startServer(':memory:');
    const proxy = await startFaultProxy(server.url);
    proxies.push(proxy);
    proxy.inject(status(404));
    const r = await cli(proxy.url, ['deployments', 'build-status', '1', '--wait', '--poll', '1s', '--timeout', '1m']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/retrying/);
    expect(proxy.requests.filter((q) => q.includes('/build-status'))).toHaveLength(1);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 30_000);
});

describe('kill -9 during a burst of writes', () => {
  it('every acknowledged write is present after restart', async () => {
    const file = join(tempDir(), 'burst.db');
    const server = await startServer(file, 'empty');
    const acked: Array<{id: number; name: string}> = [];
    let n = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const name = `burst-${n++}`;
        try {
          const res = await fetch(`${server.url}/build/api/v1/deployments`, {
            method: 'POST',
            headers: {authorization: `Bearer ${KEY}`, 'content-type': 'application/json'},
            body: JSON.stringify({name, region: 'aws-us-east-1'}),
          });
          if (res.status === 200) acked.push({id: ((await res.json()) as {id: number}).id, name});
        } catch {
          return; // the service is gone: this write was never acknowledged
        }
      }
    };
    const writers = Array.from({length: 8}, writer);
    while (acked.length < 60) await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await server.exited;

    const again = await startServer(file);
    const res = await fetch(`${again.url}/api/v1/deployments?limit=1000`, {headers: {authorization: `Bearer ${KEY}`}});
    const body = (await res.json()) as {items: Array<{id: string | number; name: string}>; pagination: {total: number}};
    const present = new Map(body.items.map((d) => [Number(d.id), d.name]));
    const missing = acked.filter((a) => present.get(a.id) !== a.name);
    expect(missing).toEqual([]);
    expect(body.pagination.total).toBeGreaterThanOrEqual(acked.length);
    expect(body.pagination.total).toBeLessThanOrEqual(n);
    const check = await cli(again.url, ['deployments', 'list', '--json', '--limit', '1']);
    expect(check.code).toBe(0);
    again.child.kill('SIGTERM');
    await again.exited;
  }, 60_000);
});
