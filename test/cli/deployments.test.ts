// Deployments, environments, regions, API keys, spec and api, in-process (cliInProcess.ts).
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Validator} from '@seriousme/openapi-schema-validator';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;

beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;
const parse = (text: string) => JSON.parse(text) as Json;

describe('deployments', () => {
  it('lists deployments as an aligned table', async () => {
    const doc = parse((await h.admin(['deployments', 'list', '--limit', '3', '--json'])).stdout);
    const expected = (doc.data as {deployments: {id: string; name: string}[]}).deployments.map((d) => [d.id, d.name]);
    expect(expected).toHaveLength(3);
    const run = await h.admin(['deployments', 'list', '--limit', '3']);
    expect(run).toMatchObject({code: 0, stderr: '1-3 of 45 shown; more: --offset 3\n'});
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID {2}NAME +URL +STEP +CREATED$/);
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(0, 2))).toEqual(expected);
    expect(lines[1]).toContain(`${h.url}/data/${expected[0]?.[0]}`);
    for (const column of ['NAME', 'URL', 'STEP', 'CREATED']) {
      const at = lines[0]?.indexOf(column) ?? -1;
      expect(lines.slice(1).every((l) => l[at - 1] === ' ' && l[at - 2] === ' ' && l[at] !== ' ')).toBe(true);
    }
  });

  it('prints the raw list document with --json', async () => {
    const doc = parse((await h.admin(['--json', 'deployments', 'list', '--offset', '1', '--limit', '2'])).stdout);
    expect(doc.pagination).toMatchObject({offset: 1, limit: 2});
    expect((doc.data as {deployments: Json[]}).deployments.map((d) => d.id)).toEqual(['2', '3']);
    expect(Array.isArray(doc.items)).toBe(true);
  });

  it('gets one deployment as JSON', async () => {
    const run = await h.admin(['deployments', 'get', '1']);
    expect(parse(run.stdout)).toMatchObject({id: 1, name: 'analytics-prod'});
  });

  it('lists versions with the value to pass, and switches by all three version forms', async () => {
    const table = await h.admin(['deployments', 'versions', '2']);
    expect(table.stdout.split('\n')[0]).toMatch(/^VERSION {2}CHANNEL {2}LATEST {2}CURRENT {2}CHANNEL VERSION$/);
    const doc = parse((await h.admin(['deployments', 'versions', '2', '--json'])).stdout);
    const versions = doc.data as {version: string; releaseChannelVersion: string; isCurrent: boolean}[];
    const target = versions.find((v) => !v.isCurrent);
    if (!target) throw new Error('the demo seed should offer a version to switch to');
    const image = target.releaseChannelVersion;
    for (const form of [target.version, `v${target.version}`, image]) {
      const run = await h.admin(['deployments', 'update', '2', '--release-channel-version', form]);
      expect(run.stderr).toBe('');
      expect(parse(run.stdout)).toMatchObject({releaseChannelVersion: target.version});
    }
    const after = await h.admin(['deployments', 'versions', '2']);
    expect(after.stdout.split('\n').find((l) => l.includes(image))).toMatch(/\*/);
  });

  it('moves to a channel, takes --data from a file or stdin, and explains a version that is not listed', async () => {
    const channel = await h.admin(['deployments', 'update', '3', '--release-channel', 'release']);
    expect(parse(channel.stdout)).toMatchObject({releaseChannel: 'release'});
    const stdin = await h.admin(['deployments', 'update', '3', '-d', '-'], {input: '{"releaseChannel": "latest"}'});
    expect(parse(stdin.stdout)).toMatchObject({releaseChannel: 'latest'});
    const file = join(mkdtempSync(join(tmpdir(), 'svc-data-')), 'body.json');
    writeFileSync(file, '{"releaseChannel": "release"}');
    expect(parse((await h.admin(['deployments', 'update', '3', '-d', `@${file}`])).stdout)).toMatchObject({releaseChannel: 'release'});
    const bad = await h.admin(['deployments', 'update', '3', '--release-channel-version', '9.9.9']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error: PUT \/api\/v1\/deployments\/3 failed with 400 Bad Request: .*9\.9\.9.*not on the versions list/);
  });

  it('prints settings and a data-API token', async () => {
    expect(parse((await h.admin(['deployments', 'settings', '1'])).stdout)).toMatchObject({id: 1, deployBranchName: expect.any(String)});
    const token = await h.admin(['deployments', 'token', '1']);
    expect(token.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
  });

  it('creates and deletes a deployment', async () => {
    const created = parse((await h.admin(['deployments', 'create', '--name', 'e2e-created', '--region', 'aws-us-east-1'])).stdout);
    expect(created).toMatchObject({name: 'e2e-created'});
    const id = String(created.id);
    expect((await h.admin(['deployments', 'delete', id])).stdout).toBe(`✓ Deleted deployment ${id}\n`);
    const gone = await h.admin(['deployments', 'get', id]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(new RegExp(`^error: not found \\(404\\): GET /api/v1/deployments/${id}`));
  });
});

describe('environments', () => {
  it('lists environments, filtered by type', async () => {
    const all = await h.admin(['environments', 'list', '1']);
    expect(all.stdout.split('\n')[0]).toMatch(/^ID {2}NAME +TYPE +REST URL +SQL$/);
    expect(all.stdout).toMatch(/production/);
    const staging = await h.admin(['environments', 'list', '1', '--type', 'staging']);
    const rows = staging.stdout.trimEnd().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.split(/\s{2,}/)[2] === 'staging')).toBe(true);
  });

  it('issues a metadata token carrying the security context', async () => {
    const run = await h.admin(['environments', 'token', '1', '1', '--security-context', '{"tenant":"acme"}', '--expires-in', '600']);
    const token = run.stdout.trim();
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Json;
    expect(payload.security_context).toEqual({tenant: 'acme'});
    expect(Number(payload.exp) - Number(payload.iat)).toBe(600);
    const doc = parse((await h.admin(['environments', 'token', '1', '1', '--security-context', '{}', '--json'])).stdout);
    expect(doc.data).toMatchObject({token: expect.any(String), expires_at: expect.any(String)});
  });
});

describe('account', () => {
  it('lists regions', async () => {
    const run = await h.admin(['regions']);
    expect(run.stdout.split('\n')[0]).toMatch(/^ID {2}NAME +TITLE +PROVIDER$/);
    expect(run.stdout).toContain('aws-us-east-1');
  });

  it('creates a scoped API key, shows it once, and deletes it', async () => {
    const created = await h.admin(['api-keys', 'create', '--name', 'ci-reader', '--deployment', '1', '--permission', 'DeploymentRead']);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^svc_\w+$/);
    expect(created.stderr).toMatch(/`ci-reader` — store it now: its value is not shown again/);
    const list = await h.admin(['api-keys', 'list']);
    const row = list.stdout.split('\n').find((l) => l.includes('ci-reader')) ?? '';
    expect(row).toMatch(/ci-reader +svc_\w+ +1 +DeploymentRead/);
    expect(list.stdout).not.toContain(key);
    const denied = await h.svc(['deployments', 'get', '2'], {env: {SVC_API_URL: h.url, SVC_API_KEY: key}});
    expect(denied).toMatchObject({code: 1});
    expect(denied.stderr).toMatch(/^error: forbidden \(403\)/);
    const id = row.split(/\s+/)[0] ?? '';
    expect((await h.admin(['api-keys', 'delete', id])).stdout).toBe(`✓ Deleted API key ${id}\n`);
    const revoked = await h.svc(['deployments', 'get', '1'], {env: {SVC_API_URL: h.url, SVC_API_KEY: key}});
    expect(revoked.stderr).toMatch(/^error: unauthorized \(401\): the key in SVC_API_KEY was refused: invalid API key: unknown or revoked — set SVC_API_KEY to a valid key/);
  });
});

describe('spec and api', () => {
  it('lists operations in verb order and filters them case-insensitively', async () => {
    const all = await h.admin(['spec']);
    const methods = all.stdout.trimEnd().split('\n').slice(1).map((l) => l.split(' ')[0]);
    const order = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'];
    expect(methods.map((m) => order.indexOf(m ?? ''))).toEqual([...methods.map((m) => order.indexOf(m ?? ''))].sort((a, b) => a - b));
    const some = await h.admin(['spec', 'VERSIONS']);
    expect(some.stdout).toContain('/api/v1/deployments/{deploymentId}/versions');
    expect(some.stdout.trimEnd().split('\n').length).toBeLessThan(all.stdout.trimEnd().split('\n').length);
  });

  it('prints a valid OpenAPI sub-document holding the matched paths and every schema they reach', async () => {
    const doc = parse((await h.admin(['spec', 'listDeploymentVersions', '--json'])).stdout);
    expect(Object.keys(doc.paths as Json)).toEqual(['/api/v1/deployments/{deploymentId}/versions']);
    const schemas = (doc.components as {schemas: Json}).schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['DeploymentVersionsResponse', 'DeploymentVersion']));
    expect((doc.components as Json).securitySchemes).toBeDefined();
    const result = await new Validator().validate(doc as never);
    expect(result.valid).toBe(true);
  });

  it('says when nothing matches', async () => {
    expect(await h.admin(['spec', 'zzz-nothing'])).toMatchObject({
      code: 1,
      stderr: 'error: no operation matches `zzz-nothing` — run `svc spec` to list them all\n',
    });
  });

  it('sends raw requests with query parameters and bodies, always printing JSON', async () => {
    const regions = parse((await h.admin(['api', 'get', '/api/v1/regions', '-q', 'first=2'])).stdout);
    expect(Array.isArray(regions.items)).toBe(true);
    const token = parse((await h.admin(['api', 'POST', 'api/v1/deployments/1/token', '-d', '{"expiresIn": 120}'])).stdout);
    expect(token.cubeApiToken).toEqual(expect.any(String));
    const missing = await h.admin(['api', 'get', '/api/v1/nope']);
    expect(missing).toMatchObject({code: 1, stdout: ''});
    expect(missing.stderr).toMatch(/^error: not found \(404\): GET \/api\/v1\/nope/);
    expect(missing.stderr).not.toMatch(STACK_LINE);
  });
});
