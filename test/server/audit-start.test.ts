// The service's own start is in the audit log: a fresh account's log is not empty, and each later start of the
// same data file adds one event, with who (nobody: the service itself) and what (its URL and version).
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {VERSION} from '../../src/version.js';
import {parseCsv} from '../helpers/csv.js';
import {startTestService} from '../helpers/startService.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, {recursive: true, force: true});
});

async function exported(url: string, key: string, query = ''): Promise<string[][]> {
  const res = await fetch(`${url}/api/v1/audit-logs/export${query}`, {headers: {authorization: `Bearer ${key}`}});
  expect(res.status).toBe(200);
  return parseCsv(await res.text()).slice(1);
}

describe('service start event', () => {
  it('is the first event of a fresh service, and each restart of the data file adds one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-audit-start-'));
    dirs.push(dir);
    const dataFile = join(dir, 'data.db');
    const first = await startTestService({dataFile});
    const rows = await exported(first.url, first.adminKey);
    expect(rows.map((r) => r[2])).toEqual(['service.start']);
    const [, , , user, data] = rows[0]!;
    expect(user).toBe('');
    expect(JSON.parse(data!)).toEqual({url: first.url, version: VERSION, firstStart: true});
    // A key scoped to some deployments sees only their events: the service's start is the account's, not theirs.
    const scoped = await fetch(`${first.url}/api/v1/audit-logs/export`, {headers: {authorization: `Bearer ${first.scopedKey}`}});
    expect(await scoped.text()).not.toContain('service.start');
    const adminKey = first.adminKey;
    await first.close();

    const second = await startTestService({dataFile, adminKey});
    try {
      const again = await exported(second.url, adminKey, '?eventName=service.start');
      expect(again.map((r) => JSON.parse(r[4]!).firstStart)).toEqual([true, false]);
    } finally {
      await second.close();
    }
  });
});
