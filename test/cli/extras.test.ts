// Deployment extras, in-process (cliInProcess.ts): logs (filters; --follow, which runs until a signal, is in
// test/e2e/cli-logs-follow.test.ts), variables (masking in table and --json, K=V rules), github, steps.
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;
beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

const parse = (text: string) => JSON.parse(text) as Record<string, any>;

describe('svc variables', () => {
  it('lists variables with the password masked in the table and in --json', async () => {
    const table = await h.admin(['variables', 'list', '1']);
    expect(table).toMatchObject({code: 0, stderr: ''});
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME +VALUE$/);
    expect(table.stdout).toMatch(/^CUBEJS_DB_PASS +\[ENCRYPTED\]$/m);
    expect(table.stdout).toMatch(/^CUBEJS_DB_TYPE +postgres$/m);
  });

  it('sets variables (split on the first =) and never prints a secret it was given', async () => {
    const set = await h.admin(['variables', 'set', '2', 'DSN=postgres://h/db?sslmode=require', 'MY_SECRET_TOKEN=hunter2-raw-secret']);
    expect(set).toMatchObject({code: 0, stdout: '✓ Set 2 variable(s)\n', stderr: ''});
    const table = await h.admin(['variables', 'list', '2']);
    expect(table.stdout).toMatch(/^DSN +postgres:\/\/h\/db\?sslmode=require$/m);
    expect(table.stdout).toMatch(/^MY_SECRET_TOKEN +\[ENCRYPTED\]$/m);
    const json = await h.admin(['variables', 'list', '2', '--json']);
    const doc = parse(json.stdout);
    expect(doc.items.find((v: {name: string}) => v.name === 'MY_SECRET_TOKEN').value).toBe('[ENCRYPTED]');
    for (const out of [table.stdout, json.stdout, set.stdout]) expect(out).not.toContain('hunter2-raw-secret');
  });

  it('rejects an empty key, a missing =, [ENCRYPTED] and a bad new name', async () => {
    for (const [arg, message, code] of [
      ['=value', /empty name/, 2],
      ['NOEQUALS', /is not NAME=VALUE/, 2],
      ['CUBEJS_DB_PASS=[ENCRYPTED]', /placeholder/, 2],
      ['9LIVES=x', /invalid name `9LIVES`/, 1],
    ] as const) {
      const run = await h.admin(['variables', 'set', '1', arg]);
      expect(run.code, arg).toBe(code);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(STACK_LINE);
    }
  });

  it('masks secret-looking values itself when a service answers them raw', async () => {
    const rows = [{name: 'DB_PASSWORD', value: 'raw-leak-1'}, {name: 'github_token', value: 'raw-leak-2'}, {name: 'PLAIN', value: 'shown'}];
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({items: rows, data: rows, pageInfo: {hasNextPage: false, hasPreviousPage: false}}));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const env = {SVC_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, SVC_API_KEY: 'svc_anyKeyForAForeignService0123456789'};
      const tableRun = await h.svc(['variables', 'list', '1'], {env});
      const jsonRun = await h.svc(['variables', 'list', '1', '--json'], {env});
      expect(tableRun.stdout).toMatch(/^DB_PASSWORD +\[ENCRYPTED\]$/m);
      expect(tableRun.stdout).toMatch(/^PLAIN +shown$/m);
      expect(parse(jsonRun.stdout).data[1]).toEqual({name: 'github_token', value: '[ENCRYPTED]'});
      for (const out of [tableRun.stdout, tableRun.stderr, jsonRun.stdout, jsonRun.stderr]) expect(out).not.toMatch(/raw-leak/);
    } finally {
      server.close();
    }
  });

  it('refuses a key scoped to another deployment', async () => {
    const run = await h.svc(['variables', 'list', '2'], {env: {SVC_API_URL: h.url, SVC_API_KEY: h.scopedKey}});
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/403.*not authorized for deployment 2/);
  });
});

describe('svc logs', () => {
  it('prints build lines as date [pod] message, filters by source, and says when there are none', async () => {
    const run = await h.admin(['logs', '3']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\d{4}-\d\d-\d\dT\S+ \[cube-api-3-0\] build \d+ built/m);
    // Featured deployments have the admin's seeded dev branch (with its build); a sandbox has no dev-mode lines.
    const dev = await h.admin(['logs', '4', '--source', 'dev']);
    expect(dev).toMatchObject({code: 0, stdout: '', stderr: 'No log lines\n'});
    const bad = await h.admin(['logs', '3', '-c', 'db']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Allowed choices are INIT, MAIN, cubejs-server, vector, api-proxy/);
    const json = parse((await h.admin(['logs', '3', '--json'])).stdout);
    expect(json.items[0]).toMatchObject({pod: 'cube-api-3-0'});
    expect(json.pageInfo.endCursor).toEqual(expect.any(String));
  });
});

describe('svc github', () => {
  it('shows status, installations, repositories and branches', async () => {
    expect(parse((await h.admin(['github', 'status'])).stdout)).toMatchObject({connected: true});
    const inst = await h.admin(['gh', 'installations']);
    expect(inst.stdout).toMatch(/^INSTALLATION +ACCOUNT\n4242 +acme-analytics\n$/);
    const repos = await h.admin(['gh', 'repos', '4242', '--first', '2']);
    expect(repos.stdout.trim().split('\n')).toHaveLength(3);
    const branches = await h.admin(['gh', 'branches', 'acme-analytics/analytics-model', '--installation', '4242']);
    expect(branches.stdout).toMatch(/^main +yes$/m);
    const bad = await h.admin(['gh', 'branches', 'analytics-model', '--installation', '4242']);
    expect(bad).toMatchObject({code: 2});
    expect(bad.stderr).toMatch(/OWNER\/REPO/);
  });

  it('connects a deployment to a branch; an empty --branch is a usage error', async () => {
    const empty = await h.admin(['gh', 'connect', '5', '--installation', '4242', '--repo', 'dbt-project', '--branch', '']);
    expect(empty).toMatchObject({code: 2, stderr: 'error: --branch must not be empty\n'});
    const run = await h.admin(['gh', 'connect', '5', '--installation', '4242', '--repo', 'dbt-project', '--branch', 'develop']);
    expect(parse(run.stdout)).toMatchObject({id: 5, creationStep: 'databases'});
    expect(parse((await h.admin(['deployments', 'settings', '5'])).stdout)).toMatchObject({deployBranchName: 'develop', deployMode: 'git'});
  });
});

describe('svc deployments advance-step|reset-step', () => {
  it('moves through creation steps and rejects an unknown one', async () => {
    expect(parse((await h.admin(['deployments', 'advance-step', '6', 'schema'])).stdout)).toMatchObject({id: 6, creationStep: 'schema'});
    expect(parse((await h.admin(['deployments', 'list', '--json'])).stdout).items.find((d: {id: number}) => d.id === 6).creationStep).toBe('schema');
    const bad = await h.admin(['deployments', 'advance-step', '6', 'launch']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Allowed choices are project, upload, schema/);
    expect(parse((await h.admin(['deployments', 'reset-step', '6'])).stdout)).toMatchObject({creationStep: 'project'});
  });
});
