// One spawned run per command group: the built CLI (dist/svc.js) against `svc server`, so each group's module
// loads from the bundle and answers through a real process (stdout/stderr pipes, exit code through main.ts).
// What each command does is tested in-process in test/cli/ (cliInProcess.ts); the groups whose process matters
// (ui, server, watch, completion, update, logs --follow) have e2e files of their own.
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {COMMAND_GROUPS} from '../../src/commands/groups.js';
import {STACK_LINE, startHarness, type Harness} from '../helpers/cliHarness.js';

let h: Harness;
let scimToken = '';
const project = mkdtempSync(join(tmpdir(), 'svc-smoke-deploy-'));
mkdirSync(join(project, 'model', 'cubes'), {recursive: true});
writeFileSync(join(project, 'model', 'cubes', 'smoke.yml'), 'cubes:\n  - name: smoke\n    sql_table: orders\n    measures:\n      - name: count\n        type: count\n');
beforeAll(async () => {
  h = await startHarness();
  const created = await h.admin(['api-keys', 'create', '--scim', '--name', 'smoke']);
  expect(created.code, created.stderr).toBe(0);
  scimToken = created.stdout.trim();
});
afterAll(() => h.close());

/**
 * Per group of groups.ts (the first word of `args` names it): a run against the service, and what stdout must show
 * (exit 0), or for a group whose reads need more set-up than a smoke run, the service's refusal on stderr (exit 1).
 */
const SMOKE: Record<string, {args: string[]; stdout: RegExp; refused?: RegExp; env?: () => Record<string, string>}> = {
  login: {args: ['whoami', '--json'], stdout: /"email"/},
  context: {args: ['context', 'list', '--json'], stdout: /"contexts"/},
  deployments: {args: ['deployments', 'list'], stdout: /^ID +NAME[^]*analytics-prod/},
  environments: {args: ['environments', 'list', '1'], stdout: /^ID +NAME/},
  'data-model': {args: ['dm', 'branches', '1'], stdout: /main/},
  deploy: {args: ['deploy', '2', '--directory', project, '--keep-missing', '-m', 'smoke'], stdout: /./},
  validate: {args: ['validate', '1', '--json'], stdout: /"valid"/},
  query: {args: ['query', '1', '{"measures":["orders.count"]}', '--json'], stdout: /orders\.count/},
  regions: {args: ['regions'], stdout: /^\S+ +/},
  'api-keys': {args: ['api-keys', 'list'], stdout: /smoke/},
  audit: {args: ['audit', 'export'], stdout: /^id,created_at,event_name,user_email,data/},
  scim: {args: ['scim', 'users', 'list'], stdout: /^ID +/, env: () => ({SVC_API_KEY: scimToken})},
  dbt: {args: ['dbt', 'history', '1', '--json'], stdout: /^[[{]/},
  folders: {args: ['folders', 'list', '1', '--json'], stdout: /^[[{]/},
  agents: {args: ['agents'], stdout: /agent/},
  integrations: {args: ['integrations', 'list', '--json'], stdout: /^[[{]/},
  oidc: {args: ['oidc', 'list', '--json'], stdout: /^[[{]/},
  spec: {args: ['spec', 'VERSIONS'], stdout: /^METHOD +PATH/},
  api: {args: ['api', 'get', '/api/v1/users/me'], stdout: /"email"/},
  dashboards: {args: ['dashboards', 'export-status', '1', 'f'.repeat(32)], stdout: /^$/, refused: /^error: .*\b404\b/},
  'metric-views': {args: ['metric-views', 'settings', '1', 'default'], stdout: /^$/, refused: /^error: .*400 Bad Request: data source default is postgres, not Databricks/},
};
/** Groups whose own e2e file runs them as processes. */
const OWN_FILE: Record<string, string> = {
  ui: 'ui-*.test.ts',
  watch: 'cli-watch.test.ts',
  server: 'server-command.test.ts',
  completion: 'cli-housekeeping.test.ts',
  update: 'cli-install.test.ts',
};

describe('one spawned run per command group', () => {
  it('covers every group', () => {
    const smoked = Object.values(SMOKE).map((s) => s.args[0]!);
    const missing = COMMAND_GROUPS.filter((g) => !g.names.some((n) => smoked.includes(n) || n in OWN_FILE));
    expect(missing.map((g) => g.names[0])).toEqual([]);
  });

  it('prints help from the bundle: exit 0, usage on stdout, nothing on stderr', async () => {
    expect(await h.svc(['deployments', 'list', '--help'])).toMatchObject({code: 0, stdout: expect.stringMatching(/^Usage: svc deployments list\|ls \[options\]\n/), stderr: ''});
  });

  it.each(Object.entries(SMOKE))('%s', async (_group, {args, stdout, refused, env}) => {
    const run = await h.admin(args, {env: env?.()});
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.code, run.stderr).toBe(refused ? 1 : 0);
    expect(run.stdout).toMatch(stdout);
    if (refused) expect(run.stderr).toMatch(refused);
  });
});
