// `svc audit export`, in-process (cliInProcess.ts).
import {FORBIDDEN_ADVICE} from '../../src/api/errors.js';
import {existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {ADMIN_KEY, STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {runInProcess, startInProcessHarness} from '../helpers/cliInProcess.js';
import {parseCsv} from '../helpers/csv.js';
import {startTestService} from '../helpers/startService.js';

let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await startInProcessHarness();
  dir = mkdtempSync(join(tmpdir(), 'svc-audit-e2e-'));
  expect((await h.admin(['deployments', 'update', '2', '--release-channel', 'latest'])).code).toBe(0);
  expect((await h.admin(['api-keys', 'create', '--name', 'reporting, "Q3"'])).code).toBe(0);
});
afterAll(() => h.close());

describe('audit export', () => {
  it('streams the log to a file: progress on stderr, a summary on stdout, well-formed CSV in the file', async () => {
    const file = join(dir, 'all.csv');
    const run = await h.admin(['audit', 'export', '-o', file]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('Exporting 3 events…\n');
    expect(run.stdout).toMatch(new RegExp(`^✓ Exported 3 events \\(\\d+ B\\) to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n$`));
    const rows = parseCsv(readFileSync(file, 'utf8'));
    expect(rows[0]).toEqual(['id', 'created_at', 'event_name', 'user_email', 'data']);
    expect(rows.slice(1).map((r) => [r[2], r[3]])).toEqual([
      ['service.start', ''],
      ['deployment.update', 'admin@acme.example'],
      ['apiKey.create', 'admin@acme.example'],
    ]);
    expect(JSON.parse(rows[3]?.[4] ?? '{}').body).toEqual({name: 'reporting, "Q3"'});
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('the file is private (0600); a link planted at <file>.partial or at the file is not followed', async () => {
    const file = join(dir, 'private.csv');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, `${file}.partial`);
    // Before: the export was written 0644, through the planted link into the victim, then renamed.
    const run = await h.admin(['audit', 'export', '-o', file]);
    expect(run.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(parseCsv(readFileSync(file, 'utf8'))[0]?.[0]).toBe('id');
    symlinkSync(victim, join(dir, 'linked.csv'));
    expect((await h.admin(['audit', 'export', '-o', join(dir, 'linked.csv')])).code).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(join(dir, 'linked.csv')).isSymbolicLink()).toBe(false);
    expect(statSync(join(dir, 'linked.csv')).mode & 0o777).toBe(0o600);
  });

  it('writes CSV alone to stdout when no file is given, and applies the filters', async () => {
    const run = await h.admin(['audit', 'export', '--event-name', 'apiKey.create', '--start', '2020-01-01', '--search', 'REPORTING']);
    expect(run.code).toBe(0);
    const rows = parseCsv(run.stdout);
    expect(rows.map((r) => r[2])).toEqual(['event_name', 'apiKey.create']);
    expect(run.stderr).toMatch(/^Exporting 1 event…\n✓ Exported 1 event \(\d+ B\)\n$/);
    const none = await h.admin(['audit', 'export', '--user-email', 'nobody@example.com']);
    expect(none.stdout).toBe('id,created_at,event_name,user_email,data\r\n');
  });

  it('a credential without AuditLogManage gets the 403 and no file', async () => {
    const file = join(dir, 'denied.csv');
    const run = await h.svc(['audit', 'export', '-o', file], {env: {SVC_API_URL: h.url, SVC_API_KEY: h.scopedKey}});
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: forbidden (403): this credential lacks the AuditLogManage permission — ${FORBIDDEN_ADVICE}\n`);
    expect(existsSync(file)).toBe(false);
  });

  it('rejects a date that is not ISO 8601 as a usage error', async () => {
    const run = await h.admin(['audit', 'export', '--start', 'last tuesday']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--start must be a date \(2026-06-01\)/);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});

describe('a tenant without the audit log feature', () => {
  let server: RunningService;

  beforeAll(async () => {
    server = await startTestService({seed: 'empty', adminKey: ADMIN_KEY});
  });
  afterAll(() => server.close());

  it('explains that the plan lacks the feature', async () => {
    const run = await runInProcess(['audit', 'export'], {HOME: dir, SVC_CONFIG_DIR: join(dir, 'cfg'), SVC_API_URL: server.url, SVC_API_KEY: ADMIN_KEY});
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: forbidden (403): audit log export is not available: the audit log feature is not enabled on this tenant’s plan — ${FORBIDDEN_ADVICE}\n`);
    expect(run.stdout).toBe('');
  });
});
