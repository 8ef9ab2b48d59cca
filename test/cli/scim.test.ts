// `svc api-keys create --scim` and `svc scim users|groups …`, in-process (cliInProcess.ts).
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {STACK_LINE, type Harness, type Run} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;
let token: string;
const asIdp = (args: string[], env: Record<string, string> = {}, input?: string): Promise<Run> =>
  h.svc(args, {env: {SVC_API_URL: h.url, SVC_API_KEY: token, ...env}, input});
const json = (run: Run) => JSON.parse(run.stdout) as Record<string, any>;

async function createUser(userName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const run = await asIdp(['scim', 'users', 'create', '-d', JSON.stringify({userName, ...extra})]);
  expect(run).toMatchObject({code: 0, stderr: ''});
  return json(run).id as string;
}

beforeAll(async () => {
  h = await startInProcessHarness();
  const created = await h.admin(['api-keys', 'create', '--scim', '--name', 'okta']);
  expect(created.code).toBe(0);
  expect(created.stderr).toMatch(/^Created SCIM token \d+ `okta` — store it now/);
  token = created.stdout.trim();
});
afterAll(() => h.close());

it('api-keys list marks the SCIM token', async () => {
  const list = await h.admin(['api-keys', 'list']);
  const lines = list.stdout.split('\n');
  expect(lines[0]).toMatch(/ CREATED +KIND$/);
  expect(lines.find((l) => l.includes('okta'))).toMatch(/ scim$/);
  expect(lines.find((l) => /^\d+ +admin /.test(l))).toMatch(/ api$/);
  expect(list.stdout).not.toContain(token);
});

describe('the SCIM token', () => {
  it('is the only credential SCIM accepts, and it opens nothing else', async () => {
    const withApiKey = await h.admin(['scim', 'users', 'list']);
    expect(withApiKey.code).toBe(1);
    // A valid credential of the wrong kind: 403 naming the one to use (Authentication rule 5).
    expect(withApiKey.stderr).toMatch(/^error: forbidden \(403\): .*SCIM needs a SCIM token \(svc api-keys create --scim\), not an API key/);
    const elsewhere = await asIdp(['deployments', 'list']);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toMatch(/forbidden \(403\): a SCIM token is valid only for \/api\/scim\/v2: use an API key/);
    const apiKeyScheme = await asIdp(['scim', 'groups', 'list'], {SVC_AUTH_SCHEME: 'api-key'});
    expect(apiKeyScheme.code).toBe(0);
  });

  it('a wrong one is named as the SCIM token on 401, not as an expired session', async () => {
    const run = await asIdp(['scim', 'users', 'list'], {SVC_API_KEY: `svc_${'0'.repeat(32)}`});
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: unauthorized \(401\): the SCIM token was refused/);
    expect(run.stderr).not.toMatch(/session expired|svc login/);
  });

  it('cannot be narrowed with --deployment or --permission', async () => {
    const run = await h.admin(['api-keys', 'create', '--scim', '--permission', 'DeploymentRead']);
    expect(run).toMatchObject({code: 2, stderr: 'error: a SCIM token cannot be limited with --deployment or --permission\n'});
  });
});

describe('scim users', () => {
  it('creates, lists (table, filter, paging, --json), gets, patches, replaces and deletes', async () => {
    const jane = await createUser('jane@example.com', {name: {givenName: 'Jane', familyName: 'Doe'}, emails: [{value: 'jane@example.com', primary: true}]});
    await createUser('ali@example.com');
    await createUser('kim@example.com', {active: false});

    const table = await asIdp(['scim', 'users', 'list']);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID {2,}USERNAME {2,}NAME {2,}EMAIL {2,}ACTIVE$/);
    // The seeded admin first: SCIM lists every account user (one user store).
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(1))).toEqual([
      ['admin@acme.example', 'Ada Admin', 'admin@acme.example', 'yes'],
      ['jane@example.com', 'Jane Doe', 'jane@example.com', 'yes'],
      // No name or email: the empty cells collapse into the padding.
      ['ali@example.com', 'yes'],
      ['kim@example.com', 'no'],
    ]);

    const filtered = await asIdp(['scim', 'users', 'list', '--filter', 'userName eq "JANE@example.com"']);
    expect(filtered.stdout.trimEnd().split('\n')).toHaveLength(2);
    const page = await asIdp(['scim', 'users', 'list', '--start-index', '3', '--count', '1']);
    expect(page.stdout).toContain('ali@example.com');
    expect(page.stderr).toBe('3–3 of 4 (next: --start-index 4)\n');
    const doc = json(await asIdp(['--json', 'scim', 'users', 'list', '--count', '2']));
    expect(doc).toMatchObject({schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 4, itemsPerPage: 2, startIndex: 1});

    expect(json(await asIdp(['scim', 'users', 'get', jane]))).toMatchObject({id: jane, userName: 'jane@example.com'});
    const patched = await asIdp(['scim', 'users', 'patch', jane, '-d', '{"Operations":[{"op":"replace","path":"active","value":false}]}']);
    expect(json(patched)).toMatchObject({id: jane, active: false});

    const file = join(mkdtempSync(join(tmpdir(), 'svc-scim-')), 'jane.json');
    writeFileSync(file, JSON.stringify({userName: 'jane.doe@example.com', displayName: 'Jane D.'}));
    expect(json(await asIdp(['scim', 'users', 'replace', jane, '-d', `@${file}`]))).toMatchObject({userName: 'jane.doe@example.com', displayName: 'Jane D.', active: true});

    expect((await asIdp(['scim', 'users', 'delete', jane])).stdout).toBe(`✓ Deleted SCIM user ${jane}\n`);
    const gone = await asIdp(['scim', 'users', 'get', jane]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(`error: not found (404): GET /api/scim/v2/Users/${jane}. user ${jane} not found\n`);
  });

  it('shows SCIM error details and usage errors without stack traces', async () => {
    await createUser('dup@example.com');
    const dup = await asIdp(['scim', 'users', 'create', '-d', '{"userName":"DUP@example.com"}']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/failed with 409 Conflict: userName "DUP@example.com" is already taken \(uniqueness\)\n$/);
    const badFilter = await asIdp(['scim', 'users', 'list', '--filter', 'userName like "x"']);
    expect(badFilter.stderr).toMatch(/400 Bad Request: invalid filter: unknown operator `like` after userName \(invalidFilter\)\n$/);
    const notPatch = await asIdp(['scim', 'users', 'patch', 'some-id', '-d', '{"op":"replace"}']);
    expect(notPatch.code).toBe(2);
    expect(notPatch.stderr).toMatch(/^error: --data must be a SCIM PatchOp/);
    const noData = await asIdp(['scim', 'users', 'create']);
    expect(noData.code).toBe(2);
    const emptyId = await asIdp(['scim', 'users', 'get', ' ']);
    expect(emptyId.code).toBe(2);
    for (const run of [dup, badFilter, notPatch, noData, emptyId]) expect(run.stderr).not.toMatch(STACK_LINE);
  });
});

describe('scim groups', () => {
  it('creates a group with members, lists it, patches members from stdin and deletes it', async () => {
    const a = await createUser('group-a@example.com');
    const b = await createUser('group-b@example.com');
    const created = await asIdp(['scim', 'groups', 'create', '-d', JSON.stringify({displayName: 'Analysts', members: [{value: a}]})]);
    const id = json(created).id as string;
    const list = await asIdp(['scim', 'groups', 'list', '--filter', 'displayName eq "analysts"']);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID {2,}DISPLAY NAME {2,}MEMBERS$/);
    expect(lines[1]?.split(/\s{2,}/)).toEqual([id, 'Analysts', '1']);
    const patch = JSON.stringify({Operations: [{op: 'add', path: 'members', value: [{value: b}]}, {op: 'remove', path: `members[value eq "${a}"]`}]});
    const patched = await asIdp(['scim', 'groups', 'patch', id, '-d', '-'], {}, patch);
    expect(json(patched).members.map((m: {value: string}) => m.value)).toEqual([b]);
    expect((await asIdp(['scim', 'groups', 'delete', id])).stdout).toBe(`✓ Deleted SCIM group ${id}\n`);
    expect((await asIdp(['scim', 'groups', 'list'])).stderr).toBe('No results\n');
  });
});
