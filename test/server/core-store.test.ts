// The data file: settings that make acknowledged writes durable, restarts that keep state and keys, and
// startService over real loopback HTTP.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {startTestService} from '../helpers/startService.js';

const dirs: string[] = [];
const running: RunningService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, {recursive: true, force: true});
});

function dataFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-core-'));
  dirs.push(dir);
  return join(dir, 'service.db');
}

async function start(opts: Parameters<typeof startTestService>[0]): Promise<RunningService> {
  const s = await startTestService(opts);
  running.push(s);
  return s;
}

async function get(s: RunningService, path: string, key = s.adminKey) {
  const res = await fetch(`${s.url}${path}`, {headers: {authorization: `Bearer ${key}`}});
  return {status: res.status, body: (await res.json()) as any};
}

describe('startService', () => {
  it('listens on 127.0.0.1 with a port of its own and serves the API', async () => {
    const s = await start({seed: 'demo'});
    expect(s.url).toBe(`http://127.0.0.1:${s.port}`);
    expect(s.port).toBeGreaterThan(0);
    expect(s.adminKeySource).toBe('generated');
    expect(s.scopedKey).toMatch(/^svc_[0-9A-Za-z]{32}$/);
    const list = await get(s, '/api/v1/deployments');
    expect(list.body.pagination.total).toBe(45);
    expect(list.body.items[0].deploymentUrl).toBe(`${s.url}/data/1`);
  });

  it('refuses a host other than loopback and a malformed admin key', async () => {
    await expect(startTestService({host: '0.0.0.0'})).rejects.toThrow(/loopback/);
    await expect(startTestService({adminKey: 'hunter2'})).rejects.toThrow(/svc_/);
  });

  it('uses WAL with synchronous=FULL on a data file', async () => {
    const s = await start({dataFile: dataFile()});
    expect(s.ctx.db.pragma('journal_mode', {simple: true})).toBe('wal');
    expect(s.ctx.db.pragma('synchronous', {simple: true})).toBe(2);
  });
});

describe('restarting on the same data file', () => {
  it('keeps writes, does not reseed, and still accepts the first start’s keys', async () => {
    const file = dataFile();
    const first = await start({dataFile: file, seed: 'demo'});
    const {adminKey, scopedKey} = first;
    const put = await fetch(`${first.url}/api/v1/deployments/1`, {
      method: 'PUT',
      headers: {authorization: `Bearer ${adminKey}`, 'content-type': 'application/json'},
      body: JSON.stringify({name: 'kept-after-restart'}),
    });
    expect(put.status).toBe(200);
    await first.close();
    running.splice(0);

    const second = await start({dataFile: file, seed: 'demo'});
    expect(second.firstStart).toBe(false);
    expect(second.scopedKey).toBeUndefined();
    expect(second.adminKeySource).toBe('session-token');
    expect((await get(second, '/api/v1/deployments/1', adminKey)).body.name).toBe('kept-after-restart');
    expect((await get(second, '/api/v1/deployments')).body.pagination.total).toBe(45);
    expect((await get(second, '/api/v1/deployments/1', scopedKey)).status).toBe(200);
    expect((await get(second, '/api/v1/deployments/2', scopedKey)).status).toBe(403);
  });

  it('a fixed --admin-key works on first start and is added on a later one', async () => {
    const file = dataFile();
    const fixed = 'svc_' + 'A1b2C3d4'.repeat(4);
    const first = await start({dataFile: file, seed: 'empty', adminKey: fixed});
    expect(first.adminKey).toBe(fixed);
    expect(first.adminKeySource).toBe('given');
    expect((await get(first, '/api/v1/deployments')).body.pagination.total).toBe(0);
    await first.close();
    running.splice(0);
    const other = 'svc_' + 'Z9y8X7w6'.repeat(4);
    const second = await start({dataFile: file, adminKey: other});
    expect((await get(second, '/api/v1/users/me', other)).body.isAdmin).toBe(true);
    expect((await get(second, '/api/v1/users/me', fixed)).status).toBe(200);
  });
});
