// `svc dbt …`: the command tree in-process (cliInProcess.ts) against two services in-process on loopback — a fast one (--speed 200) for whole runs and a real-time one to cancel a run while it is going.
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {runInProcess, startCliService} from '../helpers/cliInProcess.js';
import {smallManifest} from '../helpers/dbtManifest.js';

const ADMIN_KEY = 'svc_e2eDbtSync0123456789abcdefghijkl';
const work = mkdtempSync(join(tmpdir(), 'svc-dbt-'));
const services: RunningService[] = [];

const svc = (args: string[], env: Record<string, string> = {}, input?: string) =>
  runInProcess(args, {HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1', ...env}, input);

async function startServer(name: string, speed: number): Promise<{url: string; scopedKey: string}> {
  const server = await startCliService({dataFile: join(work, `${name}.db`), speed, adminKey: ADMIN_KEY});
  services.push(server);
  return {url: server.url, scopedKey: server.scopedKey ?? ''};
}

let fast: {url: string; scopedKey: string};
let live: {url: string; scopedKey: string};
const env = () => ({SVC_API_URL: fast.url, SVC_API_KEY: ADMIN_KEY});

beforeAll(async () => {
  [fast, live] = await Promise.all([startServer('fast', 200), startServer('live', 1)]);
});

afterAll(async () => {
  await Promise.all(services.map((s) => s.close()));
  rmSync(work, {recursive: true, force: true});
});

describe('svc dbt sync --wait', () => {
  it('follows a sync of main to the end: progress on stderr, the files on stdout, exit 0', async () => {
    const run = await svc(['dbt', 'sync', '1', '--ref', 'main', '--wait', '--poll', '20ms'], env());
    expect(run.code, run.stderr).toBe(0);
    const [first, ...progress] = run.stderr.trim().split('\n');
    expect(first).toMatch(/^dbt sync [0-9a-f-]{36} started on dbt-sync\/main-\d{14}-[0-9a-f]{8}$/);
    for (const line of progress) expect(line).toMatch(/^dbt sync: [A-Z_]+ \d+% — /);
    expect(progress.filter((l, i) => l === progress[i - 1])).toEqual([]);
    expect(run.stdout).toMatch(/^✓ dbt sync [0-9a-f-]{36} completed on dbt-sync\/main-/);
    expect(run.stdout).toMatch(/✓ Generated 7 cubes in 7 files in \d+ms/);
    expect(run.stdout).toContain('  model/cubes/dbt/fct_orders.yml');
    expect(run.stdout).toContain('prune it with `svc data-model delete-branch 1');
  });

  it('prints one document with the branch and the result under --json', async () => {
    const run = await svc(['--json', 'dbt', 'sync', '1', '--ref', 'v1.0.0', '--wait', '--poll', '20ms'], env());
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({status: 'COMPLETED', error: null, refVerified: true, branchName: expect.stringMatching(/^dbt-sync\/v1\.0\.0-/), syncJobId: expect.any(String)});
    expect(doc.result).toMatchObject({cubeCount: 4, syncJobId: doc.syncJobId});
  });

  it('still prints the document when the sync fails, exits 1 and points at the logs', async () => {
    const run = await svc(['--json', 'dbt', 'sync', '1', '--ref', 'broken-compile', '--wait', '--poll', '20ms'], env());
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({status: 'FAILED', result: null, syncJobId: expect.any(String), branchName: expect.stringMatching(/^dbt-sync\/broken-compile-/)});
    expect(doc.error).toContain("depends on a node named 'stg_payments' which was not found");
    expect(run.stderr).toContain(`error: dbt sync ${doc.syncJobId} failed: Compilation Error`);
    expect(run.stderr).toContain(`svc dbt logs 1 '${doc.syncJobId}'`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('svc dbt sync, status, result, logs', () => {
  it('starts without waiting, then status --wait, result and logs read the finished run', async () => {
    const started = await svc(['--json', 'dbt', 'sync', '1'], env());
    expect(started.code, started.stderr).toBe(0);
    const {syncJobId, branchName} = JSON.parse(started.stdout);
    expect(branchName).toMatch(/^dbt-sync\/main-/);
    const status = await svc(['dbt', 'status', '1', syncJobId, '--wait', '--poll', '20ms'], env());
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout.trim()).toBe('COMPLETED 100% — Sync completed');
    const result = await svc(['dbt', 'result', '1', syncJobId], env());
    expect(result.stdout).toMatch(/^✓ Generated 7 cubes in 7 files/);
    const logs = await svc(['dbt', 'logs', '1', syncJobId], env());
    expect(logs.code).toBe(0);
    for (const phase of ['init', 'sandbox', 'repo-clone', 'install', 'dbt-deps', 'dbt-compile', 'process-manifest', 'write-cubes', 'finalize']) {
      expect(logs.stdout).toMatch(new RegExp(`\\[${phase}\\] ${phase} finished \\((\\d+ms|\\d+(\\.\\d)?s|\\d+m \\d+s)\\)`));
    }
  });

  it('says plainly when a sync is unknown or has no result', async () => {
    const missing = await svc(['dbt', 'status', '1', 'nope'], env());
    expect(missing).toMatchObject({code: 1, stdout: ''});
    expect(missing.stderr).toBe('error: no dbt sync nope on deployment 1 (it may not be visible yet, belong to another deployment, or have aged out)\n');
    const failed = JSON.parse((await svc(['--json', 'dbt', 'history', '1', '--status', 'FAILED', '--first', '1'], env())).stdout).items[0].syncJobId;
    const result = await svc(['dbt', 'result', '1', failed], env());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`no result for dbt sync ${failed} yet`);
  });
});

describe('svc dbt cancel', () => {
  it('cancels a running sync: status --wait fails saying so, history lists it CANCELLED', async () => {
    const e = {SVC_API_URL: live.url, SVC_API_KEY: ADMIN_KEY};
    const {syncJobId} = JSON.parse((await svc(['--json', 'dbt', 'sync', '1'], e)).stdout);
    const cancel = await svc(['dbt', 'cancel', '1', syncJobId], e);
    expect(cancel).toMatchObject({code: 0, stdout: `✓ Cancelled dbt sync ${syncJobId}\n`});
    const status = await svc(['dbt', 'status', '1', syncJobId, '--wait', '--poll', '20ms'], e);
    expect(status.code).toBe(1);
    expect(status.stderr).toMatch(/failed: Cancelled by API key/);
    const history = JSON.parse((await svc(['--json', 'dbt', 'history', '1', '--status', 'CANCELLED', '--first', '1'], e)).stdout);
    expect(history.items[0]).toMatchObject({syncJobId, status: 'CANCELLED'});
    const again = await svc(['dbt', 'cancel', '1', syncJobId], e);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/only a RUNNING sync can be cancelled/);
  });
});

const MANIFEST = smallManifest();

describe('svc dbt generate and sync --manifest', () => {
  it('writes the cube files a manifest generates, then --check passes; a changed file makes --check exit 1', async () => {
    const dir = mkdtempSync(join(work, 'gen-'));
    const manifest = join(dir, 'manifest.json');
    writeFileSync(manifest, JSON.stringify(MANIFEST));
    const out = join(dir, 'model-repo');
    const before = await svc(['dbt', 'generate', '1', '--manifest', manifest, '--out', out, '--check', '--poll', '20ms'], env());
    expect(before.code).toBe(1);
    expect(before.stdout).toContain('missing model/cubes/dbt/big_orders.yml');
    expect(before.stderr).toMatch(/error: the model in .* is not what the manifest generates: 1 missing — run without --check to write them\n$/);
    expect(existsSync(join(out, 'model/cubes/dbt/big_orders.yml'))).toBe(false);

    const wrote = await svc(['dbt', 'generate', '1', '--manifest', manifest, '--out', out, '--poll', '20ms'], env());
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(wrote.stdout).toContain(`✓ Wrote 1 file(s) to ${out}`);
    const yml = readFileSync(join(out, 'model/cubes/dbt/big_orders.yml'), 'utf8');
    expect(yml).toMatch(/name: big_orders/);

    const check = await svc(['dbt', 'generate', '1', '--manifest', '-', '--out', out, '--check', '--poll', '20ms', '--json'], env(), JSON.stringify(MANIFEST));
    expect(check.code, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({status: 'COMPLETED', check: true, files: [{path: 'model/cubes/dbt/big_orders.yml', state: 'unchanged'}]});

    writeFileSync(join(out, 'model/cubes/dbt/big_orders.yml'), `${yml}# edited by hand\n`);
    const drift = await svc(['dbt', 'generate', '1', '--manifest', manifest, '--out', out, '--check', '--poll', '20ms'], env());
    expect(drift.code).toBe(1);
    expect(drift.stderr).toMatch(/1 file\(s\) differ —/);
    // --check wrote nothing.
    expect(readFileSync(join(out, 'model/cubes/dbt/big_orders.yml'), 'utf8')).toContain('# edited by hand');
  }, 60_000);

  it('sync --manifest generates into a branch; with --ref, or without a readable file, it is a usage error', async () => {
    const dir = mkdtempSync(join(work, 'man-'));
    const manifest = join(dir, 'manifest.json');
    writeFileSync(manifest, JSON.stringify(MANIFEST));
    const run = await svc(['dbt', 'sync', '1', '--manifest', manifest, '--wait', '--poll', '20ms', '--json'], env());
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.status).toBe('COMPLETED');
    expect(doc.branchName).toMatch(/^dbt-sync\//);
    expect(doc.result.generatedFiles).toEqual([{path: 'model/cubes/dbt/big_orders.yml'}]);
    expect(await svc(['dbt', 'sync', '1', '--manifest', manifest, '--ref', 'main'], env())).toMatchObject({
      code: 2,
      stderr: 'error: --manifest and --ref cannot be combined: an uploaded manifest is converted as it is, without the repository\n',
    });
    expect(await svc(['dbt', 'generate', '1', '--manifest', join(dir, 'nope.json'), '--out', dir], env())).toMatchObject({
      code: 2,
      stderr: `error: cannot read --manifest file ${join(dir, 'nope.json')}: ENOENT\n`,
    });
  }, 60_000);
});

describe('svc dbt history', () => {
  it('prints a table page and where to continue; --after continues without overlap', async () => {
    const first = await svc(['dbt', 'history', '1', '--first', '5'], env());
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^SYNC JOB ID\s+STATUS\s+TRIGGER\s+STARTED\s+DURATION\s+BRANCH\s+FAILED PHASE$/);
    expect(lines).toHaveLength(6);
    const cursor = /^5 shown; more: --after (\S+)\n$/.exec(first.stderr)?.[1];
    expect(cursor).toBeDefined();
    const next = await svc(['dbt', 'history', '1', '--first', '5', '--after', cursor!], env());
    const ids = (text: string) => text.trim().split('\n').slice(1).map((l) => l.split(/\s+/)[0]);
    expect(ids(next.stdout)).toHaveLength(5);
    expect(ids(next.stdout).filter((id) => ids(first.stdout).includes(id))).toEqual([]);
    // Every finished run shows its duration (a run that generated files only, `dbt generate`, has no branch after it).
    for (const line of lines.slice(1)) expect(line).toMatch(/\s(\d+ms|\d+s|\d+m \d+s|\d+h \d+m)(\s|$)/);
  });

  it('caps a page at 100 and filters by status and trigger', async () => {
    const big = JSON.parse((await svc(['--json', 'dbt', 'history', '1', '--first', '500'], env())).stdout);
    expect(big.items).toHaveLength(100);
    expect(big.pageInfo.hasNextPage).toBe(true);
    const webhooks = JSON.parse((await svc(['--json', 'dbt', 'list', '1', '--trigger', 'webhook', '--status', 'COMPLETED', '--first', '50'], env())).stdout);
    expect(webhooks.items.length).toBeGreaterThan(0);
    expect(webhooks.items.every((r: {trigger: string; status: string}) => r.trigger === 'webhook' && r.status === 'COMPLETED')).toBe(true);
  });

  // Spec rule 2: dbt history's --status and --trigger are case-sensitive (the one exception to the tree's rule that
  // enum values match in any case). Another case is a usage error naming the accepted spelling, before any request.
  it('refuses another case naming the listed spelling, and unknown values as usage errors listing the valid ones', async () => {
    const lower = await svc(['--json', 'dbt', 'history', '1', '--status', 'completed'], env());
    expect([lower.code, lower.stdout]).toEqual([2, '']);
    expect(lower.stderr).toMatch(/^error: option '--status <status>' argument 'completed' is invalid\. values are case-sensitive: use COMPLETED\.\n/);
    const mixed = await svc(['dbt', 'history', '1', '--trigger', 'Webhook'], env());
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('use webhook');
    const status = await svc(['dbt', 'history', '1', '--status', 'finished'], env());
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('RUNNING, COMPLETED, FAILED, CANCELLED, UNKNOWN');
    const trigger = await svc(['dbt', 'history', '1', '--trigger', 'cron'], env());
    expect(trigger.code).toBe(2);
    expect(trigger.stderr).toContain('manual, api, webhook, agent, unknown');
  });
});

describe('usage and permissions', () => {
  // The ref rule (issue 13 item 10): '9fceb02' used to be refused here as a short SHA; it is a valid branch or tag
  // name, so the client sends it and the service resolves it (see the next test). Refused before any request: an
  // empty value, a full 40-hex SHA, and names git's check-ref-format refuses.
  it('rejects an empty --ref, a full commit SHA, a name git refuses, and --timeout without --wait before any request (exit 2)', async () => {
    const none = {SVC_API_URL: 'http://127.0.0.1:9', SVC_API_KEY: ADMIN_KEY};
    for (const args of [['--ref', ''], ['--ref', '  '], ['--ref', 'e83c5163316f89bfbde7d9ab23ca2e25604af290'], ['--ref', 'a..b'], ['--ref', 'x.lock'], ['--ref', 'a:b'], ['--timeout', '5m'], ['--poll', '2s']]) {
      const run = await svc(['dbt', 'sync', '1', ...args], none);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^error: /);
    }
  });

  it('sends hex-looking and date refs to the service: a date tag resolves, an unknown one is "not found" from the service', async () => {
    const tag = await svc(['--json', 'dbt', 'sync', '1', '--ref', '20240101', '--wait', '--poll', '20ms'], env());
    expect(tag.code, tag.stderr).toBe(0);
    expect(JSON.parse(tag.stdout)).toMatchObject({status: 'COMPLETED', branchName: expect.stringMatching(/^dbt-sync\/20240101-/)});
    const missing = await svc(['dbt', 'sync', '1', '--ref', 'deadbeef', '--wait', '--poll', '20ms'], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('could not check out deadbeef: no branch or tag deadbeef in');
  });

  it('warns about a --ref that looks like a pull request number or a reflog entry', async () => {
    const run = await svc(['dbt', 'sync', '1', '--ref', '#123'], env());
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^warning: --ref `#123` starts with #/);
  });

  it('refuses to start a sync with a read-only scoped key, but lets it read history', async () => {
    const e = {SVC_API_URL: fast.url, SVC_API_KEY: fast.scopedKey};
    const start = await svc(['dbt', 'sync', '1'], e);
    expect(start.code).toBe(1);
    expect(start.stderr).toContain('SchemaUpdate');
    expect((await svc(['dbt', 'history', '1', '--first', '1'], e)).code).toBe(0);
    expect((await svc(['dbt', 'history', '2'], e)).code).toBe(1);
  });
});
