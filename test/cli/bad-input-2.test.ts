// More bad input end to end (extends bad-input.test.ts, no case repeated): every flag with a constraint in the
// spec — dbt --ref empty, a full SHA or not a ref name, history --status/--trigger case and --first bounds, durations, build-status
// --branch '' --wait, environments --type, -d malformed or not an object, unknown ids, wrong types — each with
// its EXACT message (the whole of stderr) and exit code: 2 for usage, 1 for what the service refused. Nothing on
// stdout, never a stack trace.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;
beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

type Case = [args: string[], code: 1 | 2, stderr: string];

const cases: Case[] = [
  [['dbt', 'sync', '1', '--ref', ''], 2, 'error: --ref: an empty value names no branch or tag; pass one (e.g. main or v1.0.0), or omit --ref to sync the branch saved on the integration\n'],
  [['dbt', 'sync', '1', '--ref', '0123456789abcdef0123456789abcdef01234567'], 2, 'error: --ref: `0123456789abcdef0123456789abcdef01234567` is a commit SHA; dbt sync takes a branch or tag of the dbt repository — push a branch or tag that points at the commit and pass that\n'],
  [['dbt', 'sync', '1', '--ref', '  '], 2, 'error: --ref: an empty value names no branch or tag; pass one (e.g. main or v1.0.0), or omit --ref to sync the branch saved on the integration\n'],
  // The ref rule (issue 13 item 10): `abc1234` was refused here as a short SHA (a valid tag name; no longer refused),
  // and `bad..ref` / `a b` used to reach the service; the client now applies the service's own rule first.
  [['dbt', 'sync', '1', '--ref', 'bad..ref'], 2, 'error: --ref: `bad..ref` is not a branch or tag name: it contains "..", which git does not allow in ref names\n'],
  [['dbt', 'sync', '1', '--ref', 'a b'], 2, 'error: --ref: `a b` is not a branch or tag name: it contains a space, which git does not allow in branch or tag names\n'],
  // One branch-name rule (contract/names.ts) for the console's `n`, the CLI and the service.
  [['dbt', 'sync', '1', '--branch', 'bad..name'], 2, 'error: --branch: "bad..name" is not a valid branch name: it contains "..", which git does not allow in ref names\n'],
  [['data-model', 'create-branch', '1', 'bad..name'], 2, 'error: <name>: "bad..name" is not a valid branch name: it contains "..", which git does not allow in ref names\n'],
  [['data-model', 'create-branch', '1', 'ma\u200bin'], 2, 'error: <name>: "ma\\u{200b}in" is not a valid branch name: it contains U+200B, an invisible, control or format character (names must show every character they hold)\n'],
  [['dbt', 'sync', '1', '--timeout', '5m'], 2, 'error: --timeout and --poll require --wait\n'],
  [['dbt', 'sync', '1', '--wait', '--timeout', 'soon'], 2, 'error: `soon` is not a duration (try 30s, 15m, or 1h)\n'],
  [['dbt', 'sync', '1', '--wait', '--poll', '0'], 2, 'error: `0` must be greater than zero\n'],
  [['dbt', 'sync', '1', '--wait', '--poll', '-5s'], 2, 'error: `-5s` must be greater than zero\n'],
  [['dbt', 'sync', '1', '--wait', '--timeout', '10d'], 2, 'error: `10d` is not a duration (try 30s, 15m, or 1h)\n'],
  [['dbt', 'sync', '1', '--branch', ''], 2, 'error: --branch: an empty value names no branch; omit it to let the sync create one\n'],
  [['dbt', 'sync', 'x'], 2, "error: command-argument value 'x' is invalid for argument 'deployment'. deployment id must be numeric (got `x`)\n(run with --help for usage)\n"],
  // Enum values match in any case now (`completed` and `MANUAL` are accepted, see test/cli/dbt.test.ts); near misses stay usage errors.
  [['dbt', 'history', '1', '--status', 'COMPLETE'], 2, "error: option '--status <status>' argument 'COMPLETE' is invalid. Allowed choices are RUNNING, COMPLETED, FAILED, CANCELLED, UNKNOWN.\n(run with --help for usage)\n"],
  [['dbt', 'history', '1', '--status', 'DONE'], 2, "error: option '--status <status>' argument 'DONE' is invalid. Allowed choices are RUNNING, COMPLETED, FAILED, CANCELLED, UNKNOWN.\n(run with --help for usage)\n"],
  [['dbt', 'history', '1', '--trigger', 'manually'], 2, "error: option '--trigger <trigger>' argument 'manually' is invalid. Allowed choices are manual, api, webhook, agent, unknown.\n(run with --help for usage)\n"],
  [['dbt', 'history', '1', '--trigger', 'cron'], 2, "error: option '--trigger <trigger>' argument 'cron' is invalid. Allowed choices are manual, api, webhook, agent, unknown.\n(run with --help for usage)\n"],
  [['dbt', 'history', '1', '--first', '0'], 2, "error: option '--first <n>' argument '0' is invalid. --first must be a positive whole number (got `0`)\n(run with --help for usage)\n"],
  [['dbt', 'history', '1', '--first', '-1'], 2, "error: option '--first <n>' argument '-1' is invalid. --first must be a positive whole number (got `-1`)\n(run with --help for usage)\n"],
  [['dbt', 'history', '1', '--first', 'abc'], 2, "error: option '--first <n>' argument 'abc' is invalid. --first must be a positive whole number (got `abc`)\n(run with --help for usage)\n"],
  [['dbt', 'history', '1', '--first', '1.5'], 2, "error: option '--first <n>' argument '1.5' is invalid. --first must be a positive whole number (got `1.5`)\n(run with --help for usage)\n"],
  [['dbt', 'history', '1', '--after', ''], 2, 'error: --after: an empty value is no cursor; omit it to start at the newest run\n'],
  [['dbt', 'history', '1', '--after', 'garbage'], 1, 'error: GET /api/v1/deployments/1/dbt-sync failed with 400 Bad Request: after: not a cursor returned by this endpoint; pass pageInfo.endCursor of the previous page\n'],
  [['dbt', 'history', 'abc'], 2, "error: command-argument value 'abc' is invalid for argument 'deployment'. deployment id must be numeric (got `abc`)\n(run with --help for usage)\n"],
  [['dbt', 'status', '1', 'abc'], 1, 'error: no dbt sync abc on deployment 1 (it may not be visible yet, belong to another deployment, or have aged out)\n'],
  [['dbt', 'status', '1', '999999'], 1, 'error: no dbt sync 999999 on deployment 1 (it may not be visible yet, belong to another deployment, or have aged out)\n'],
  [['dbt', 'status', '1', '1', '--timeout', '1m'], 2, 'error: --timeout and --poll require --wait\n'],
  [['dbt', 'result', '1', '999999'], 1, "error: no result for dbt sync 999999 yet — check `svc dbt status 1 '999999'`\n"],
  [['dbt', 'logs', '1', '999999'], 1, 'error: no logs for dbt sync 999999 on deployment 1\n'],
  [['dbt', 'cancel', '1', '999999'], 1, 'error: no dbt sync 999999 on deployment 1\n'],
  [['dbt', 'cancel', 'x', '1'], 2, "error: command-argument value 'x' is invalid for argument 'deployment'. deployment id must be numeric (got `x`)\n(run with --help for usage)\n"],
  [['deployments', 'build-status', '1', '--branch', '', '--wait'], 2, 'error: an empty --branch names no branch — with --wait it would fall back to a server-picked branch, so the wait could watch a different build than you meant; pass the branch name, or omit --branch to wait on the default branch\n'],
  [['deployments', 'build-status', '1', '--branch', '   ', '--wait'], 2, 'error: an empty --branch names no branch — with --wait it would fall back to a server-picked branch, so the wait could watch a different build than you meant; pass the branch name, or omit --branch to wait on the default branch\n'],
  [['deployments', 'build-status', '1', '--wait', '--timeout', '0s'], 2, 'error: `0s` must be greater than zero\n'],
  [['deployments', 'build-status', '1', '--wait', '--timeout', '15x'], 2, 'error: `15x` is not a duration (try 30s, 15m, or 1h)\n'],
  [['deployments', 'build-status', '1', '--wait', '--poll', '1.5s'], 2, 'error: `1.5s` is not a duration (try 30s, 15m, or 1h)\n'],
  [['deployments', 'build-status', 'abc'], 2, "error: command-argument value 'abc' is invalid for argument 'deployment'. deployment id must be numeric (got `abc`)\n(run with --help for usage)\n"],
  [['deployments', 'build-status', '999999'], 1, 'error: not found (404): GET /api/v1/deployments/999999/build-status. deployment 999999 not found\n'],
  [['environments', 'list', '1', '--type', 'PROD'], 2, "error: option '--type <type>' argument 'PROD' is invalid. Allowed choices are production, staging, development.\n(run with --help for usage)\n"],
  [['environments', 'list', '1', '--type', ''], 2, "error: option '--type <type>' argument '' is invalid. Allowed choices are production, staging, development.\n(run with --help for usage)\n"],
  [['environments', 'list', 'x'], 2, "error: command-argument value 'x' is invalid for argument 'deployment'. deployment id must be numeric (got `x`)\n(run with --help for usage)\n"],
  [['environments', 'list', '999999'], 1, 'error: not found (404): GET /api/v1/deployments/999999/environments. deployment 999999 not found\n'],
  [['environments', 'token', '1', '1', '--security-context', '{bad'], 2, "error: --security-context is not valid JSON: Expected property name or '}' in JSON at position 1\n"],
  [['environments', 'token', '1', '1', '--security-context', '[]'], 2, 'error: --security-context must be a JSON object\n'],
  [['environments', 'token', '1', '1', '--security-context', '{}', '--expires-in', 'abc'], 2, "error: option '--expires-in <seconds>' argument 'abc' is invalid. --expires-in must be a positive whole number (got `abc`)\n(run with --help for usage)\n"],
  [['environments', 'token', '1', '1', '--security-context', '{}', '--expires-in', '-3'], 2, "error: option '--expires-in <seconds>' argument '-3' is invalid. --expires-in must be a positive whole number (got `-3`)\n(run with --help for usage)\n"],
  [['deployments', 'get', '1.5'], 2, "error: command-argument value '1.5' is invalid for argument 'deployment'. deployment id must be numeric (got `1.5`)\n(run with --help for usage)\n"],
  [['deployments', 'get', '-1'], 2, "error: command-argument value '-1' is invalid for argument 'deployment'. deployment id must be numeric (got `-1`)\n(run with --help for usage)\n"],
  [['deployments', 'get', '0'], 1, 'error: not found (404): GET /api/v1/deployments/0. deployment 0 not found\n'],
  [['deployments', 'get', ''], 2, "error: command-argument value '' is invalid for argument 'deployment'. deployment id must be numeric (got ``)\n(run with --help for usage)\n"],
  [['deployments', 'delete', '999999'], 1, 'error: not found (404): DELETE /api/v1/deployments/999999. deployment 999999 not found\n'],
  [['deployments', 'update', '999999', '-d', '{"name":"x"}'], 1, 'error: not found (404): PUT /api/v1/deployments/999999. deployment 999999 not found\n'],
  [['deployments', 'update', '1', '-d', '"str"'], 2, 'error: --data must be a JSON object\n'],
  [['deployments', 'update', '1', '-d', '42'], 2, 'error: --data must be a JSON object\n'],
  [['deployments', 'update', '1', '-d', ''], 2, 'error: --data is not valid JSON: Unexpected end of JSON input\n'],
  [['deployments', 'update', '1', '-d', '{"name":3}'], 1, 'error: PUT /api/v1/deployments/1 failed with 400 Bad Request: name: Invalid input: expected string, received number\n'],
  [['deployments', 'create', '-d', '{"name":"x","region":"mars-1"}'], 1, 'error: POST /build/api/v1/deployments failed with 400 Bad Request: region: unknown region "mars-1"; valid regions: aws-us-east-1, aws-eu-central-1, gcp-us-central1, gcp-europe-west3, cubecloud-local\n'],
  [['deployments', 'create', '-d', '{"name":"x"}'], 2, 'error: --region is required (or provide it via --data)\n'],
  [['deployments', 'create', '--name', 'x', '--region', ''], 1, 'error: POST /build/api/v1/deployments failed with 400 Bad Request: region: must not be empty\n'],
  [['deployments', 'list', '--limit', 'abc'], 2, "error: option '--limit <n>' argument 'abc' is invalid. --limit must be a positive whole number (got `abc`)\n(run with --help for usage)\n"],
  [['deployments', 'list', '--limit', '1001'], 1, 'error: GET /api/v1/deployments failed with 400 Bad Request: limit must be between 1 and 1000\n'],
  [['deployments', 'list', '--offset', '1.5'], 2, "error: option '--offset <n>' argument '1.5' is invalid. --offset must be a whole number ≥ 0 (got `1.5`)\n(run with --help for usage)\n"],
  [['deployments', 'advance-step', '1', 'nowhere'], 2, "error: command-argument value 'nowhere' is invalid for argument 'step'. Allowed choices are project, upload, schema, github, ssh, databases, ready, demo.\n(run with --help for usage)\n"],
  [['deployments', 'advance-step', 'x', 'ready'], 2, "error: command-argument value 'x' is invalid for argument 'deployment'. deployment id must be numeric (got `x`)\n(run with --help for usage)\n"],
  [['deployments', 'versions', '999999'], 1, 'error: not found (404): GET /api/v1/deployments/999999/versions. deployment 999999 not found\n'],
  [['deployments', 'settings', 'abc'], 2, "error: command-argument value 'abc' is invalid for argument 'deployment'. deployment id must be numeric (got `abc`)\n(run with --help for usage)\n"],
  [['deployments', 'token', '999999'], 1, 'error: not found (404): POST /api/v1/deployments/999999/token. deployment 999999 not found\n'],
  [['api-keys', 'delete', 'abc'], 2, "error: command-argument value 'abc' is invalid for argument 'id'. api key id must be numeric (got `abc`)\n(run with --help for usage)\n"],
  [['api-keys', 'delete', '999999'], 1, 'error: not found (404): DELETE /api/v1/api-keys/999999. API key 999999 not found\n'],
  [['api-keys', 'create', '--name', ''], 1, 'error: POST /api/v1/api-keys failed with 400 Bad Request: name: must not be empty\n'],
  [['api-keys', 'create', '--deployment', '1.5'], 2, "error: option '--deployment <id>' argument '1.5' is invalid. --deployment must be numeric (got `1.5`)\n(run with --help for usage)\n"],
  [['logs', 'abc'], 2, "error: command-argument value 'abc' is invalid for argument 'deployment'. deployment id must be numeric (got `abc`)\n(run with --help for usage)\n"],
  [['logs', '1', '--lines', '0'], 2, "error: option '-n, --lines <n>' argument '0' is invalid. --lines must be a positive whole number (got `0`)\n(run with --help for usage)\n"],
  [['logs', '1', '--tail', '0'], 2, "error: unknown option '--tail'\n(run with --help for usage)\n"],
  [['api', 'post', '/api/v1/api-keys', '-d', '{bad'], 2, "error: --data is not valid JSON: Expected property name or '}' in JSON at position 1\n"],
  [['api', 'get', '/api/v1/nosuch'], 1, 'error: not found (404): GET /api/v1/nosuch. no such endpoint: GET /api/v1/nosuch\n'],
  [['variables', 'list', 'abc'], 2, "error: command-argument value 'abc' is invalid for argument 'deployment'. deployment id must be numeric (got `abc`)\n(run with --help for usage)\n"],
  [['variables', 'set', '1'], 2, "error: missing required argument 'assignments'\n(run with --help for usage)\n"],
  [['variables', 'set', '1', 'NOEQUALS'], 2, 'error: `NOEQUALS` is not NAME=VALUE\n'],
  [['context', 'use', 'nosuch'], 1, 'error: context `nosuch` not found (run `svc login --name nosuch`)\n'],
  [['completion', 'tcsh'], 2, 'error: unsupported shell `tcsh`: choose bash, zsh or fish\n'],
  [['regions', 'list', 'extra'], 2, "error: too many arguments for 'regions'. Expected 0 arguments but got 2.\n(run with --help for usage)\n"],
  [['meta', '--selectors', '{bad'], 2, "error: --selectors is not valid JSON: Expected property name or '}' in JSON at position 1\n"],
  [['spec', '--bogus'], 2, "error: unknown option '--bogus'\n(run with --help for usage)\n"],
  [['audit', 'export', '--format', 'xml'], 2, "error: unknown option '--format'\n(run with --help for usage)\n"],
  [['audit', 'export', '--from', 'yesterday'], 2, "error: unknown option '--from'\n(run with --help for usage)\n"],
  [['users', 'delete', 'abc'], 2, "error: command-argument value 'abc' is invalid for argument 'id'. user id must be numeric (got `abc`)\n(run with --help for usage)\n"],
];

describe('bad input, exact messages', () => {
  it('has at least 60 cases', () => expect(cases.length).toBeGreaterThanOrEqual(60));

  // Each case is its own process; they run a few at a time.
  it.concurrent.for(cases.map(([args, code, stderr]) => ({name: args.join(' '), args, code, stderr})))('svc $name → exit $code', async (c, {expect}) => {
    const run = await h.admin(c.args);
    expect(run.stderr).toBe(c.stderr);
    expect(run.code).toBe(c.code);
    expect(run.stdout).toBe('');
  });
});
