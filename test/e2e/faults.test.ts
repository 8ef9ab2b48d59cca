// Faults end to end, with `svc server` child processes: `kill -9` of the service in the middle of a burst of
// writes loses none that were acknowledged. `--wait` riding out transient failures: test/cli/wait-faults.test.ts.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {CLI, runCli} from '../helpers/cliHarness.js';
import {eventually} from '../helpers/eventually.js';

const KEY = 'svc_faultsE2eAdminKey0123456789abcde';
const children: ChildProcess[] = [];
const dirs: string[] = [];
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
    await eventually(() => acked.length >= 60, 'sixty acknowledged writes', {withinMs: 30_000, everyMs: 5});
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
