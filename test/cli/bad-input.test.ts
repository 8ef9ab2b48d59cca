// Bad flags and bodies end to end: each gets a message a person can act on, the right exit code (2 for usage,
// 1 for a request the service refused), and never a stack trace.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;

beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

interface Case {
  args: string[];
  code: 1 | 2;
  stderr: RegExp;
  env?: Record<string, string>;
  /** Usage errors must not depend on being logged in: these run without credentials. */
  loggedOut?: true;
}

const cases: Case[] = [
  {args: ['deployments', 'get', 'abc'], code: 2, stderr: /deployment id must be numeric \(got `abc`\)/, loggedOut: true},
  {args: ['deployments', 'get'], code: 2, stderr: /^error: missing required argument 'deployment'/, loggedOut: true},
  {args: ['deployments', 'delete', '1', 'extra'], code: 2, stderr: /^error: too many arguments for 'delete'/, loggedOut: true},
  {args: ['deployments', 'list', '--limit', '0'], code: 2, stderr: /--limit must be a positive whole number \(got `0`\)/, loggedOut: true},
  {args: ['deployments', 'list', '--offset', '-1'], code: 2, stderr: /--offset must be a whole number ≥ 0 \(got `-1`\)/, loggedOut: true},
  {args: ['deployments', 'list', '--bogus'], code: 2, stderr: /^error: unknown option '--bogus'/, loggedOut: true},
  {args: ['deployments'], code: 2, stderr: /^Usage: svc deployments\|deployment \[options\] \[command\]/, loggedOut: true},
  {args: ['deploymints', 'list'], code: 2, stderr: /^error: unknown command 'deploymints'/, loggedOut: true},
  {args: ['deployments', 'update', '1'], code: 2, stderr: /^error: nothing to update: pass --name, --release-channel-version, --release-channel or --data\n$/, loggedOut: true},
  {args: ['deployments', 'update', '1', '-d', '{bad'], code: 2, stderr: /^error: --data is not valid JSON: /, loggedOut: true},
  {args: ['deployments', 'update', '1', '-d', '[1,2]'], code: 2, stderr: /^error: --data must be a JSON object\n$/, loggedOut: true},
  {args: ['deployments', 'update', '1', '-d', 'null'], code: 2, stderr: /^error: --data must be a JSON object\n$/, loggedOut: true},
  {args: ['deployments', 'update', '1', '-d', '@/no/such/body.json'], code: 2, stderr: /^error: cannot read --data file \/no\/such\/body\.json: ENOENT\n$/, loggedOut: true},
  {args: ['deployments', 'update', '1', '--release-channel', 'beta'], code: 2, stderr: /argument 'beta' is invalid\. Allowed choices are latest, release\./, loggedOut: true},
  {args: ['deployments', 'update', '1', '--release-channel-version', ' '], code: 2, stderr: /^error: --release-channel-version must not be empty\n$/, loggedOut: true},
  {args: ['deployments', 'create', '--region', 'aws-us-east-1'], code: 2, stderr: /^error: --name is required \(or provide it via --data\)\n$/, loggedOut: true},
  {args: ['deployments', 'create', '--name', 'x'], code: 2, stderr: /^error: --region is required \(or provide it via --data\)\n$/, loggedOut: true},
  {args: ['environments', 'list', '1', '--type', 'prod'], code: 2, stderr: /Allowed choices are production, staging, development\./, loggedOut: true},
  {args: ['environments', 'token', '1', '1'], code: 2, stderr: /^error: required option '--security-context <json>' not specified/, loggedOut: true},
  {args: ['environments', 'token', '1', '1', '--security-context', '"tenant"'], code: 2, stderr: /^error: --security-context must be a JSON object\n$/, loggedOut: true},
  {args: ['environments', 'token', '1', '1', '--security-context', '{}', '--expires-in', '0'], code: 2, stderr: /--expires-in must be a positive whole number/, loggedOut: true},
  {args: ['environments', 'token', '1', 'prod', '--security-context', '{}'], code: 2, stderr: /environment id must be numeric \(got `prod`\)/, loggedOut: true},
  {args: ['api', 'FETCH', '/api/v1/regions'], code: 2, stderr: /method must be one of GET, POST, PUT, PATCH, DELETE \(got `FETCH`\)/, loggedOut: true},
  {args: ['api', 'get', '/api/v1/regions', '-q', 'novalue'], code: 2, stderr: /-q expects key=value \(got `novalue`\)/, loggedOut: true},
  {args: ['api', 'get', '/api/v1/regions', '-d', '{}'], code: 2, stderr: /^error: GET requests carry no body: drop -d, or send the values as -q key=value\n$/, loggedOut: true},
  {args: ['api-keys', 'create', '--deployment', 'abc'], code: 2, stderr: /--deployment must be numeric \(got `abc`\)/, loggedOut: true},
  {args: ['login', '--api-key', 'k'], code: 2, stderr: /^error: --url is required: the tenant address/, loggedOut: true},
  {args: ['login', '--url', 'https://acme.example.com', '--api-key', ''], code: 2, stderr: /^error: --api-key must not be empty\n$/, loggedOut: true},
  // Well-formed commands the service refuses: exit 1 with its reason.
  {args: ['deployments', 'create', '-d', '{"name": " ", "region": "aws-us-east-1"}'], code: 1, stderr: /^error: POST \/build\/api\/v1\/deployments failed with 400 Bad Request: .*name/},
  {args: ['api-keys', 'create', '--permission', 'EverythingPlease'], code: 1, stderr: /^error: POST \/api\/v1\/api-keys failed with 400 Bad Request: /},
  {args: ['deployments', 'get', '999999'], code: 1, stderr: /^error: not found \(404\): GET \/api\/v1\/deployments\/999999/},
  {args: ['environments', 'token', '1', '999', '--security-context', '{}'], code: 1, stderr: /^error: not found \(404\): POST /},
  {args: ['whoami'], code: 1, stderr: /^error: SVC_AUTH_SCHEME must be `bearer` or `api-key` \(got `basic`\)\n$/, env: {SVC_AUTH_SCHEME: 'basic'}},
  {args: ['whoami', '--api-url', 'ftp://acme.example.com'], code: 1, stderr: /^error: unsupported URL scheme `ftp`/},
];

describe('bad input', () => {
  it.each(cases.map((c) => [c.args.join(' '), c] as const))('svc %s', async (_name, c) => {
    const run = c.loggedOut ? await h.svc(c.args, {env: c.env}) : await h.admin(c.args, {env: c.env});
    expect(run.stderr).toMatch(c.stderr);
    expect(run.code).toBe(c.code);
    expect(run.stdout).toBe('');
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});
