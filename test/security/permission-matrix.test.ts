// The access matrix, derived rather than listed: every operation of GET /api/v1/spec × five credentials, over
// HTTP against a started service. Each operation publishes what it needs as `x-svc-permission` (credential kind,
// permission, level); the expected answer for each credential follows from that alone:
//   allowed → anything but 401/403 (a 400 for an empty body or a 404 for a made-up id is fine: the guard let it in);
//   refused → 403 with an error saying why.
// An operation added later is covered without touching this file, and one that declares nothing fails it.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {insertUser} from '../../src/server/store/users.js';
import {signAccessToken} from '../../src/server/tokens.js';
import {startTestService} from '../helpers/startService.js';

type Permission = 'DeploymentRead' | 'DeploymentManage' | 'SchemaRead' | 'SchemaUpdate' | 'SchemaUpdateDevBranches' | 'AuditLogManage';
interface Declared {
  credential: 'none' | 'scim' | 'data' | 'meta' | 'management';
  permission?: Permission | null;
  level?: 'deployment' | 'account' | 'any';
  raisedTo?: {permission: Permission; when: string};
}
interface Operation {
  id: string;
  method: string;
  path: string;
  declared: Declared | null | undefined;
  hasBody: boolean;
}
interface Profile {
  name: string;
  token: string;
  kind: 'management' | 'scim';
  /** null: every permission. */
  permissions: Permission[] | null;
  scoped: boolean;
}

let service: RunningService;
let operations: Operation[] = [];
const profiles: Profile[] = [];

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${service.url}${path}`, {method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual'});
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML or CSV answers stay text.
  }
  return {status: res.status, body: parsed};
}

beforeAll(async () => {
  service = await startTestService({seed: 'demo'});
  const admin = service.adminKey;
  const key = async (json: object) => {
    const res = await call('POST', '/api/v1/api-keys', admin, json);
    expect(res.status).toBe(200);
    return res.body.key as string;
  };
  const memberId = insertUser(service.ctx.db, {email: 'member@acme.example', isAdmin: false, now: service.ctx.clock.now()});
  profiles.push(
    {name: 'SCIM token', token: await key({name: 'idp', scim: true}), kind: 'scim', permissions: [], scoped: false},
    {name: 'scoped key', token: service.scopedKey!, kind: 'management', permissions: ['DeploymentRead', 'SchemaRead'], scoped: true},
    {name: 'read-only key', token: await key({name: 'ro', permissions: ['DeploymentRead', 'SchemaRead']}), kind: 'management', permissions: ['DeploymentRead', 'SchemaRead'], scoped: false},
    {
      name: 'access token of a non-admin user',
      token: (await signAccessToken(service.ctx, memberId, 3600)).token,
      kind: 'management',
      permissions: ['DeploymentRead', 'SchemaRead', 'SchemaUpdateDevBranches'],
      scoped: false,
    },
    // Last: the admin's writes really happen (deleting deployment 1 included), after the others have run.
    {name: 'admin key', token: admin, kind: 'management', permissions: null, scoped: false},
  );
  const spec = await call('GET', '/api/v1/spec', admin);
  operations = Object.entries<any>(spec.body.paths).flatMap(([path, item]) =>
    Object.entries<any>(item)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => ({id: op.operationId, method: m.toUpperCase(), path, declared: op['x-svc-permission'], hasBody: op.requestBody !== undefined})),
  );
}, 60_000);
afterAll(() => service?.close());

/** Deployment 1 (inside the scoped key's scope); made-up ids elsewhere, so writes stay harmless. */
const fill = (path: string) => path.replace('{deploymentId}', '1').replace(/\{\w+\}/g, '999999');

function expected(op: Operation, p: Profile): 'allowed' | 'refused' {
  const d = op.declared!;
  if (d.credential === 'data' || d.credential === 'meta') return 'refused';
  if (d.credential === 'scim') return p.kind === 'scim' ? 'allowed' : 'refused';
  if (p.kind === 'scim') return 'refused';
  if (d.level === 'account' && p.scoped) return 'refused';
  if (d.permission && p.permissions !== null && !p.permissions.includes(d.permission)) return 'refused';
  return 'allowed';
}

describe('permission matrix over every operation of the spec', () => {
  it('every operation declares what it needs', () => {
    expect(operations.length).toBeGreaterThan(150);
    expect(operations.filter((op) => !op.declared).map((op) => `${op.method} ${op.path} (${op.id})`)).toEqual([]);
  });

  it('each credential gets exactly what the declarations say', async () => {
    const wrong: string[] = [];
    const counts = {allowed: 0, refused: 0};
    for (const p of profiles) {
      for (const op of operations) {
        if (!op.declared || op.declared.credential === 'none') continue;
        const want = expected(op, p);
        counts[want]++;
        const res = await call(op.method, fill(op.path), p.token, op.hasBody || ['POST', 'PUT', 'PATCH'].includes(op.method) ? {} : undefined);
        const refused = res.status === 403 && /(lacks the|account-level|SCIM|valid only|cannot query data|cannot read metadata|not authorized)/.test(JSON.stringify(res.body));
        // A declared raise (e.g. SchemaUpdate for uploads to a shared branch) may refuse an otherwise allowed call, by name.
        const raised = op.declared.raisedTo && res.status === 403 && JSON.stringify(res.body).includes(`lacks the ${op.declared.raisedTo.permission} permission`);
        const ok = want === 'refused' ? refused : (res.status !== 401 && res.status !== 403) || raised;
        if (!ok) wrong.push(`${p.name}: ${op.method} ${op.path} (${op.id}) expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The matrix is not all one answer.
    expect(counts.allowed).toBeGreaterThan(250);
    expect(counts.refused).toBeGreaterThan(200);
  }, 120_000);

  it('no write is declared with only a read permission (except issuing tokens and reading through a POST)', () => {
    const READS: Array<Permission | null | undefined> = [null, undefined, 'DeploymentRead', 'SchemaRead'];
    const POST_BUT_READ = [
      'deploymentToken',
      'createDeploymentEnvironmentTokenForMetaSync',
      'createDeploymentEnvironmentToken',
      'describeMeta',
      'createToken',
      'generateSession',
      'postTokenBySessionId',
      'postDashboardPythonRun',
    ];
    const loose = operations.filter(
      (op) => op.method !== 'GET' && op.declared?.credential === 'management' && READS.includes(op.declared.permission) && !POST_BUT_READ.includes(op.id),
    );
    expect(loose.map((op) => `${op.method} ${op.path} (${op.id}) → ${op.declared?.permission}`)).toEqual([]);
  });

  it('public operations are few and named', () => {
    expect(operations.filter((op) => op.declared?.credential === 'none').map((op) => op.id).sort()).toEqual([
      'completeOAuthFlow',
      'decideDeviceApproval',
      'oauthServerMetadata',
      'pollDeviceToken',
      'refreshAccessToken',
      'requestDeviceCode',
      'sendTelemetry',
      'showDeviceApproval',
    ]);
  });
});
