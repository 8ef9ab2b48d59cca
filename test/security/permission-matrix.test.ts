// The access matrix, derived rather than listed: every operation of GET /api/v1/spec × nine credentials (admin,
// manager, read-only and scoped keys, a member's access token, a SCIM token, a data token, a metadata token and an
// embed token of tenant acme), through the service's app in-process (`app.request`: every middleware and route a
// request over HTTP goes through, without the socket, which decides nothing here); then the operations that declare a resource ×
// the resources that change the answer (one's own dev branch and another user's; a member and an admin as the
// user changed; tenant acme's, globex's and everyone's part of the model). Each operation publishes what it needs
// as `x-svc-permission` (credential kind, permission, level, raise, resource); the expected answer follows from
// that and the rules of src/server/policy.ts, restated here (`expected`, `expectedOn`):
//   allowed → anything but 401/403 (a 400 for an empty body or a 404 for a made-up id is fine: the policy let it in);
//   refused → 403 with an error saying why.
// An operation added later is covered without touching this file, one that declares nothing fails it, and a
// route that decides on its own (refuses what the declaration allows) or bypasses the policy (answers what it
// refuses) fails it.
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {insertUser} from '../../src/server/store/users.js';
import {signAccessToken} from '../../src/server/tokens.js';
import {testApp, type TestApp} from '../helpers/startService.js';

type Permission = 'DeploymentRead' | 'DeploymentManage' | 'SchemaRead' | 'SchemaUpdate' | 'SchemaUpdateDevBranches' | 'AuditLogManage';
interface Declared {
  credential: 'none' | 'scim' | 'data' | 'meta' | 'management';
  permission?: Permission | null;
  level?: 'deployment' | 'account' | 'any';
  raisedTo?: {permission: Permission; when: string};
  resource?: {kind: 'branch' | 'upload' | 'users' | 'deployments' | 'dashboard' | 'own-comment' | 'embed-session' | 'new-key' | 'key'; otherwise?: string};
  grants?: {role?: boolean};
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
  /** `data`: a data API token (the deployment's, or an embed session's); `meta`: a metadata token. */
  kind: 'management' | 'scim' | 'data' | 'meta';
  /** null: every permission. */
  permissions: Permission[] | null;
  scoped: boolean;
  /** The account user behind the credential, and whether it holds an admin's full authority (policy.ts holdsAdmin). */
  user?: 'admin' | 'member';
  holdsAdmin?: boolean;
}

let service: TestApp;
let operations: Operation[] = [];
const profiles: Profile[] = [];
let memberId = 0;
let memberToken = '';
let managerKey = '';
let readOnlyKey = '';

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML or CSV answers stay text.
  }
  return {status: res.status, body: parsed};
}

/** A request as a client on the machine sends it: to the service's own address. */
const request = (path: string, init: {method: string; headers: Record<string, string>; body?: string | FormData}) =>
  service.app.request(path, {...init, headers: {host: new URL(service.ctx.baseUrl).host, ...init.headers}});

beforeAll(async () => {
  service = testApp('demo');
  const admin = service.adminKey;
  const key = async (json: object) => {
    const res = await call('POST', '/api/v1/api-keys', admin, json);
    expect(res.status).toBe(200);
    return res.body.key as string;
  };
  memberId = insertUser(service.ctx.db, {email: 'member@acme.example', isAdmin: false, now: service.ctx.clock.now()});
  memberToken = (await signAccessToken(service.ctx, memberId, 3600)).token;
  managerKey = await key({name: 'mgr', permissions: ['DeploymentRead', 'DeploymentManage', 'SchemaRead']});
  readOnlyKey = await key({name: 'ro', permissions: ['DeploymentRead', 'SchemaRead']});
  const env = (await call('GET', '/api/v1/deployments/1/environments', admin)).body.data.environments.find((e: {type: string}) => e.type === 'production');
  const metaToken = (await call('POST', `/api/v1/deployments/1/environments/${env.id}/tokens-for-meta-sync`, admin, {security_context: {tenant: 'acme'}})).body.data.token;
  profiles.push(
    {name: 'SCIM token', token: await key({name: 'idp', scim: true}), kind: 'scim', permissions: [], scoped: false},
    {name: 'data token', token: (await call('POST', '/api/v1/deployments/1/token', admin)).body.cubeApiToken, kind: 'data', permissions: [], scoped: true},
    {name: 'embed token of tenant acme', token: await embedToken('acme'), kind: 'data', permissions: [], scoped: true},
    {name: 'metadata token of tenant acme', token: metaToken, kind: 'meta', permissions: [], scoped: true},
    {name: 'scoped key', token: service.scopedKey!, kind: 'management', permissions: ['DeploymentRead', 'SchemaRead'], scoped: true, user: 'admin'},
    {name: 'read-only key', token: readOnlyKey, kind: 'management', permissions: ['DeploymentRead', 'SchemaRead'], scoped: false, user: 'admin'},
    {name: 'manager key', token: managerKey, kind: 'management', permissions: ['DeploymentRead', 'DeploymentManage', 'SchemaRead'], scoped: false, user: 'admin'},
    {name: 'access token of a non-admin user', token: memberToken, kind: 'management', permissions: ['DeploymentRead', 'SchemaRead', 'SchemaUpdateDevBranches'], scoped: false, user: 'member'},
    // Last: the admin's writes really happen (deleting deployment 1 included), after the others have run.
    {name: 'admin key', token: admin, kind: 'management', permissions: null, scoped: false, user: 'admin', holdsAdmin: true},
  );
  const spec = await call('GET', '/api/v1/spec', admin);
  operations = Object.entries<any>(spec.body.paths).flatMap(([path, item]) =>
    Object.entries<any>(item)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => ({id: op.operationId, method: m.toUpperCase(), path, declared: op['x-svc-permission'], hasBody: op.requestBody !== undefined})),
  );
}, 60_000);
afterAll(() => service?.close());

async function embedToken(tenant: string): Promise<string> {
  const admin = service.adminKey;
  const opened = await call('POST', '/api/v1/embed/generate-session', admin, {deploymentId: 1, externalId: `viewer-${tenant}`, embedTenantName: tenant, securityContext: {tenant}});
  return (await call('POST', '/api/v1/embed/session/token', admin, {sessionId: opened.body.sessionId})).body.token;
}

/** Deployment 1 (inside the scoped key's scope), its deploy branch; made-up ids elsewhere, so writes stay harmless. */
const fill = (path: string) => path.replace('{deploymentId}', '1').replace('{branch}', 'main').replace(/\{\w+\}/g, '999999');

/** The data API's model description (`…/cubejs-api/v1/meta`) also takes a metadata token. */
const describesModel = (op: Operation) => op.path.endsWith('/cubejs-api/v1/meta');

/** policy.ts `decide` without a resource, restated from the declaration. */
function expected(op: Operation, p: Profile): 'allowed' | 'refused' {
  const d = op.declared!;
  if (d.credential === 'data') return p.kind === 'data' || (p.kind === 'meta' && describesModel(op)) ? 'allowed' : 'refused';
  if (d.credential === 'meta') return p.kind === 'meta' ? 'allowed' : 'refused';
  if (d.credential === 'scim') return p.kind === 'scim' ? 'allowed' : 'refused';
  if (p.kind !== 'management') return 'refused';
  if (d.level === 'account' && p.scoped) return 'refused';
  if (d.permission && p.permissions !== null && !p.permissions.includes(d.permission)) return 'refused';
  // The grants rule: what every call gives (a role) takes an admin's full authority.
  if (d.grants && !p.holdsAdmin) return 'refused';
  return 'allowed';
}

const REFUSAL = /(lacks the|account-level|SCIM|valid only|cannot query data|cannot read metadata|not authorized|another user's dev-mode branch|admin credential with every permission|only its author|more rights than)/;
const isRefusal = (res: {status: number; body: unknown}) => res.status === 403 && REFUSAL.test(JSON.stringify(res.body));

/** The policy's decision on a resource, restated: deployment scope, ownership, grants (policy.ts `decideOn`). */
function expectedOn(op: Operation, p: Profile, r: {ownBranch?: boolean; adminTarget?: boolean; inScope?: boolean; ownComment?: boolean}): 'allowed' | 'refused' {
  if (expected(op, p) === 'refused') return 'refused';
  if (r.ownBranch === false) return 'refused';
  if (r.adminTarget && !p.holdsAdmin) return 'refused';
  if (r.inScope === false) return 'refused';
  if (op.declared?.resource?.kind === 'own-comment' && r.ownComment === false) return 'refused';
  return 'allowed';
}

const D = '/build/api/v1/deployments/1';

// These run before the matrix over every operation: its admin pass deletes deployment 1.
describe('operations that declare a resource × the resources that change the answer', () => {
  it('tenancy: each token sees and queries exactly the part of the model its security context may see', async () => {
    const tree = (await call('GET', `${D}/data-model/files?withContent=true&branchName=main`, service.adminKey)).body.items;
    const files: string[] = [];
    const walk = (nodes: Array<{type: string; content?: string; children?: unknown[]}>) => {
      for (const n of nodes) {
        if (n.type === 'file') files.push(n.content ?? '');
        else walk((n.children ?? []) as typeof nodes);
      }
    };
    walk(tree);
    const members = files.flatMap((text) => {
      const doc = parse(text) as {cubes?: any[]; views?: any[]} | null;
      return [...(doc?.cubes ?? []), ...(doc?.views ?? [])].map((m) => ({
        name: String(m.name),
        tenants: m.meta?.tenants as string[] | undefined,
        count: (m.measures ?? []).some((x: {name: string}) => x.name === 'count'),
        // A view draws from the cubes on its join paths.
        from: (m.cubes ?? []).flatMap((c: {join_path: string}) => String(c.join_path).split('.')) as string[],
      }));
    });
    expect(members.filter((m) => m.tenants).length).toBeGreaterThanOrEqual(2);
    const env = (await call('GET', '/api/v1/deployments/1/environments', service.adminKey)).body.data.environments.find((e: {type: string}) => e.type === 'production');
    const meta = async (tenant: string) => (await call('POST', `/api/v1/deployments/1/environments/${env.id}/tokens-for-meta-sync`, service.adminKey, {security_context: {tenant}})).body.data.token as string;
    const tokens = [
      {name: 'data token', token: profiles.find((p) => p.name === 'data token')!.token, tenant: undefined, kind: 'data'},
      {name: 'embed token of acme', token: await embedToken('acme'), tenant: 'acme', kind: 'data'},
      {name: 'embed token of globex', token: await embedToken('globex'), tenant: 'globex', kind: 'data'},
      {name: 'metadata token of acme', token: await meta('acme'), tenant: 'acme', kind: 'meta'},
      {name: 'metadata token of globex', token: await meta('globex'), tenant: 'globex', kind: 'meta'},
    ];
    // The tenancy rule: a member is visible to a context whose tenant it lists (or to all if it lists none), a view
    // only with every cube it draws from; a token without a context (the deployment's data token) sees everything.
    const byName = new Map(members.map((m) => [m.name, m]));
    const visible = (tenant: string | undefined, m: {tenants?: string[]; from: string[]}): boolean =>
      tenant === undefined || ((m.tenants === undefined || m.tenants.includes(tenant)) && m.from.every((c) => visible(tenant, byName.get(c)!)));
    const wrong: string[] = [];
    for (const t of tokens) {
      const want = members.filter((m) => visible(t.tenant, m)).map((m) => m.name).sort();
      const listed = (await call('GET', '/data/1/cubejs-api/v1/meta', t.token)).body.cubes?.map((c: {name: string}) => c.name).sort();
      if (JSON.stringify(listed) !== JSON.stringify(want)) wrong.push(`${t.name}: /cubejs-api/v1/meta lists ${listed}, expected ${want}`);
      if (t.kind === 'meta') {
        const entities = (await call('GET', '/data/1/v1/entities', t.token)).body.items?.map((e: {name: string}) => e.name).sort();
        if (JSON.stringify(entities) !== JSON.stringify(want)) wrong.push(`${t.name}: /v1/entities lists ${entities}, expected ${want}`);
        continue;
      }
      for (const m of members.filter((x) => x.count)) {
        const res = await call('POST', '/data/1/cubejs-api/v1/load', t.token, {query: {measures: [`${m.name}.count`]}});
        const answered = res.status === 200 && Array.isArray(res.body.data);
        if (answered !== visible(t.tenant, m)) wrong.push(`${t.name}: load ${m.name}.count answered ${res.status} ${JSON.stringify(res.body).slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it("branches: one's own dev branch and another user's, on every operation that writes a branch", async () => {
    const devOf = async (token: string) => (await call('POST', `${D}/dev-mode`, token, {branchName: 'main'})).body.branchName as string;
    const dev = {admin: await devOf(service.adminKey), member: await devOf(memberToken)};
    const ownerToken = {admin: service.adminKey, member: memberToken};
    // Deleting one's own branch goes last, so the branch is there for every other case.
    const ops = operations.filter((op) => op.declared?.resource?.kind === 'branch' || op.declared?.resource?.kind === 'upload')
      .sort((a, b) => Number(a.id === 'removeBranch') - Number(b.id === 'removeBranch'));
    expect(ops.length).toBeGreaterThanOrEqual(11);
    const people = profiles.filter((p) => p.kind === 'management' && p.user).sort((a, b) => Number(a.user === 'admin' && !!a.holdsAdmin) - Number(b.user === 'admin' && !!b.holdsAdmin));
    const wrong: string[] = [];
    let cases = 0;
    for (const p of people) {
      for (const op of ops) {
        for (const own of [false, true]) {
          const owner = own === (p.user === 'admin') ? 'admin' : 'member';
          const branch = dev[owner];
          const want = expectedOn(op, p, {ownBranch: own});
          const res = await branchRequest(op, p.token, branch, ownerToken[owner]);
          cases++;
          const ok = want === 'refused' ? isRefusal(res) : res.status !== 401 && res.status !== 403;
          if (!ok) wrong.push(`${p.name} on ${own ? 'its own' : "another user's"} dev branch: ${op.id} expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(ops.length * 2 * 5);
  }, 120_000);

  it('users: a member and an admin as the user created, changed or removed, on every operation that changes account users', async () => {
    const admin = service.adminKey;
    const ops = operations.filter((op) => op.declared?.resource?.kind === 'users' && op.declared.credential === 'management')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(ops.map((op) => op.id).sort()).toEqual(['bulkUserAction', 'createUser', 'deleteUser', 'updateUser']);
    let n = 0;
    const target = async (isAdmin: boolean) => {
      const email = `target-${++n}@acme.example`;
      return (await call('POST', '/api/v1/users', admin, {email, username: email, isAdmin})).body.id as number;
    };
    const wrong: string[] = [];
    for (const p of [profiles.find((x) => x.name === 'manager key')!, profiles.find((x) => x.name === 'admin key')!]) {
      for (const op of ops) {
        for (const adminTarget of [false, true]) {
          const id = await target(adminTarget);
          const email = `created-${++n}@acme.example`;
          const body: Record<string, unknown> = {
            createUser: {email, username: email, isAdmin: adminTarget},
            updateUser: {title: 'matrix'},
            bulkUserAction: {action: 'ACTIVATE', userIds: [id]},
          }[op.id] ?? {};
          const res = await call(op.method, op.path.replace('{id}', String(id)), p.token, op.method === 'DELETE' ? undefined : body);
          const want = expectedOn(op, p, {adminTarget});
          const ok = want === 'refused' ? isRefusal(res) : res.status === 200;
          if (!ok) wrong.push(`${p.name} on ${adminTarget ? 'an admin' : 'a member'}: ${op.id} expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('grants: every path that gives a role, the admin role, a key or a SCIM token, and revoking a stronger key', async () => {
    const admin = service.adminKey;
    const manager = profiles.find((p) => p.name === 'manager key')!;
    const holder = profiles.find((p) => p.name === 'admin key')!;
    const wrong: string[] = [];
    let n = 0;
    for (const p of [manager, holder]) {
      const email = `grantee-${++n}@acme.example`;
      const member = (await call('POST', '/api/v1/users', admin, {email, username: email})).body.id as number;
      const role = (await call('POST', '/api/v1/roles', admin, {name: `matrix-${++n}`, policies: []})).body.id as number;
      const strongKey = (await call('POST', '/api/v1/api-keys', admin, {name: `strong-${++n}`})).body.id as number;
      const weakKey = (await call('POST', '/api/v1/api-keys', admin, {name: `weak-${++n}`, permissions: ['DeploymentRead']})).body.id as number;
      // [what, request, does it give more than the manager key holds?]
      const cases: Array<[string, string, string, unknown, boolean]> = [
        ['a key within its rights', 'POST', '/api/v1/api-keys', {name: `k-${++n}`, permissions: ['DeploymentRead']}, false],
        ['a key with a permission it lacks', 'POST', '/api/v1/api-keys', {name: `k-${++n}`, permissions: ['AuditLogManage']}, true],
        ['a key with every permission', 'POST', '/api/v1/api-keys', {name: `k-${++n}`}, true],
        ['a key for another user', 'POST', '/api/v1/api-keys', {name: `k-${++n}`, userId: member, permissions: ['DeploymentRead']}, true],
        ['a SCIM token', 'POST', '/api/v1/api-keys', {name: `k-${++n}`, scim: true}, true],
        ['revoking a narrower key', 'DELETE', `/api/v1/api-keys/${weakKey}`, undefined, false],
        ['revoking a key with every permission', 'DELETE', `/api/v1/api-keys/${strongKey}`, undefined, true],
        ['the admin role to a member', 'PUT', `/api/v1/users/${member}`, {isAdmin: true}, true],
        ['a new admin', 'POST', '/api/v1/users', {email: `new-admin-${++n}@acme.example`, username: `new-admin-${n}@acme.example`, isAdmin: true}, true],
        ['a new role', 'POST', '/api/v1/roles', {name: `r-${++n}`, policies: []}, true],
        ['a changed role', 'PUT', `/api/v1/roles/${role}`, {name: `r-${++n}`, policies: []}, true],
        ['a role to a user', 'PUT', `/api/v1/roles/${role}/users/${member}`, undefined, true],
        ['a role taken from a user', 'DELETE', `/api/v1/roles/${role}/users/${member}`, undefined, true],
        ['a deleted role', 'DELETE', `/api/v1/roles/${role}`, undefined, true],
      ];
      for (const [what, method, path, body, givesMore] of cases) {
        const res = await call(method, path, p.token, body);
        const want = givesMore && !p.holdsAdmin ? 'refused' : 'allowed';
        const ok = want === 'refused' ? isRefusal(res) : res.status === 200;
        if (!ok) wrong.push(`${p.name}: ${what} (${method} ${path}) expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("dashboards, comments and embed sessions: the deployment they belong to, and a comment's author", async () => {
    const admin = service.adminKey;
    // A key scoped to deployment 1 that may also write, beside the read-only scoped key of the seed.
    const scopedWriter = (await call('POST', '/api/v1/api-keys', admin, {name: 'scoped writer', deploymentIds: [1], permissions: ['DeploymentRead', 'DeploymentManage']})).body.key as string;
    const people: Profile[] = [
      ...profiles.filter((p) => p.kind === 'management' && p.user),
      {name: 'scoped writer key', token: scopedWriter, kind: 'management', permissions: ['DeploymentRead', 'DeploymentManage'], scoped: true, user: 'admin'},
    ];
    // Comments need DeploymentManage, which a member lacks: "another user" is a second admin.
    const otherId = insertUser(service.ctx.db, {email: 'other-admin@acme.example', isAdmin: true, now: service.ctx.clock.now()});
    const otherKey = (await call('POST', '/api/v1/api-keys', admin, {name: 'other admin', userId: otherId})).body.key as string;
    const authorToken = {admin, other: otherKey};
    const kinds = ['dashboard', 'own-comment', 'embed-session'];
    // Removing a comment and revoking a session go last, so the others find them.
    const last = (op: Operation) => Number(op.id === 'removeDashboardComment' || op.id === 'revokeSession');
    const ops = operations.filter((op) => kinds.includes(op.declared?.resource?.kind ?? '')).sort((a, b) => last(a) - last(b));
    expect(ops.map((op) => op.id).sort()).toEqual([
      'createDashboardComment', 'getDashboard', 'listDashboardComments', 'listMentionableEmbedUsers', 'postDashboardPythonRun',
      'postTokenBySessionId', 'removeDashboardComment', 'revokeSession', 'setDashboardCommentResolved', 'updateDashboardComment', 'updateDashboardEmbedding',
    ]);
    const wrong: string[] = [];
    let cases = 0;
    for (const deployment of [1, 2]) {
      const workbook = (await call('POST', `/api/v1/deployments/${deployment}/workbooks`, admin, {name: `matrix ${deployment}`})).body.id as number;
      const publicId = (await call('POST', `/api/v1/deployments/${deployment}/workbooks/${workbook}/publish`, admin, {workbookId: workbook})).body.publicId as string;
      for (const p of people) {
        const inScope = !p.scoped || deployment === 1;
        for (const author of ['admin', 'other'] as const) {
          const ownComment = author === p.user;
          // A fresh comment (and session) per case, so removing one does not change the next case.
          const commentId = (await call('POST', `/api/v1/embed/dashboard/${publicId}/comments`, authorToken[author], {body: 'matrix'})).body.id as number;
          const sessionId = (await call('POST', '/api/v1/embed/generate-session', admin, {deploymentId: deployment, isEphemeral: true})).body.sessionId as string;
          for (const op of ops) {
            if (op.declared?.resource?.kind !== 'own-comment' && author === 'other') continue;
            const path = op.path.replace('{publicId}', publicId).replace('{commentId}', String(commentId));
            const body: unknown = {
              postDashboardPythonRun: {reportId: 1, reportVersionId: 1, sqlQuery: 'SELECT 1'},
              updateDashboardEmbedding: {allowEmbed: true},
              createDashboardComment: {body: 'reply'},
              updateDashboardComment: {body: 'edited'},
              setDashboardCommentResolved: {resolved: true},
              postTokenBySessionId: {sessionId},
              revokeSession: {sessionId},
            }[op.id];
            const res = await call(op.method, path, p.token, body);
            const want = expectedOn(op, p, {inScope, ownComment});
            cases++;
            // The one answer a handler gives on its own after the policy allowed: Python analysis is not enabled here.
            const handlerSays = op.id === 'postDashboardPythonRun' && /Python analysis is not enabled/.test(JSON.stringify(res.body));
            const ok = want === 'refused' ? isRefusal(res) : handlerSays || (res.status !== 401 && res.status !== 403);
            if (!ok) wrong.push(`${p.name} on deployment ${deployment}, ${ownComment ? 'its own' : "another user's"} comment: ${op.id} expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual((ops.length + 2) * 2 * people.length);
  }, 120_000);

  it('the usage analytics token is for a deployment within the scope, and ends with the key that asked for it', async () => {
    const scoped = (await call('POST', '/api/v1/api-keys', service.adminKey, {name: 'usage', deploymentIds: [2], permissions: ['DeploymentRead']})).body;
    const res = await call('POST', '/api/v1/usage-analytics/token', scoped.key);
    expect(res.status).toBe(200);
    expect(res.body.deploymentId).toBe(2);
    expect((await call('GET', '/data/2/cubejs-api/v1/meta', res.body.token)).status).toBe(200);
    expect((await call('DELETE', `/api/v1/api-keys/${scoped.id}`, service.adminKey)).status).toBe(200);
    expect((await call('GET', '/data/2/cubejs-api/v1/meta', res.body.token)).status).toBe(401);
  });
});

describe('the deployment in the path: one check, the policy\'s', () => {
  it('a key scoped to deployment 1 is refused on every operation that names another deployment in its path', async () => {
    const scoped = profiles.find((p) => p.name === 'scoped key')!;
    const named = operations.filter((op) => op.declared?.credential === 'management' && op.path.includes('{deploymentId}'));
    expect(named.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const op of named) {
      const res = await call(op.method, fill(op.path).replace(/deployments\/1(\/|$)/, 'deployments/2$1'), scoped.token, ['POST', 'PUT', 'PATCH'].includes(op.method) ? {} : undefined);
      if (!(res.status === 403 && /not authorized for deployment 2/.test(JSON.stringify(res.body)))) wrong.push(`${op.method} ${op.path} (${op.id}): ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});

/** A request of a branch-writing operation aimed at `branch`; an upload's transaction is opened by the branch's owner. */
async function branchRequest(op: Operation, token: string, branch: string, ownerToken: string) {
  const path = `${fill(op.path)}?branchName=${encodeURIComponent(branch)}`;
  if (op.declared?.resource?.kind === 'upload') {
    const started = await call('POST', `${D}/data-model/upload/start`, ownerToken, {branchName: branch});
    expect(started.status).toBe(200);
    const transaction = started.body.transaction as {id: string};
    if (op.id === 'uploadFile') {
      const form = new FormData();
      form.set('transaction', JSON.stringify(transaction));
      form.set('fileName', 'model/cubes/matrix.yml');
      form.set('file', new Blob(['cubes: []\n']), 'matrix.yml');
      const res = await request(path, {method: 'POST', headers: {authorization: `Bearer ${token}`}, body: form});
      return {status: res.status, body: (await res.json()) as unknown};
    }
    return call(op.method, path, token, {transaction, files: {}, autoRemoveFiles: false});
  }
  const file = {path: 'model/cubes/matrix.yml', content: 'cubes: []\n', newPath: 'model/cubes/matrix-2.yml'};
  return call(op.method, path, token, op.method === 'DELETE' && op.id === 'removeBranch' ? undefined : {branchName: branch, files: [file], removeBranchAfterMerge: false});
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
        const refused = isRefusal(res);
        // A declared raise (e.g. SchemaUpdate for uploads to a shared branch) may refuse an otherwise allowed call, by name.
        const raised = op.declared.raisedTo && res.status === 403 && JSON.stringify(res.body).includes(`lacks the ${op.declared.raisedTo.permission} permission`);
        const ok = want === 'refused' ? refused : (res.status !== 401 && res.status !== 403) || raised;
        if (!ok) wrong.push(`${p.name}: ${op.method} ${op.path} (${op.id}) expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The matrix is not all one answer.
    expect(counts.allowed).toBeGreaterThan(400);
    expect(counts.refused).toBeGreaterThan(700);
  }, 240_000);

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
      // A Metric View preview converts the model offline and writes nowhere: the description asks SchemaRead of it.
      'startPreview',
      'cancelPreview',
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
      'openidConfiguration',
      'pollDeviceToken',
      'refreshAccessToken',
      'requestDeviceCode',
      'revokeToken',
      'sendTelemetry',
      'showDeviceApproval',
    ]);
  });
});

/**
 * The policy's primitives and a principal's rights are read by the policy alone: a handler that reads
 * `deploymentIds`, `permissions` or `admin` of a principal, or calls the policy's checks itself, decides on its own.
 * Modules that may, each with why.
 */
const MAY_READ_RIGHTS: Record<string, string> = {
  'src/server/policy.ts': 'the policy',
  'src/server/auth.ts': 'builds the principal from the credential, and the claims a derived token inherits',
  'src/server/app.ts': 'asks the policy (decide) for every operation it registers',
  'src/server/routes/identity/account.ts': '/users/me shows the credential its own scope and permissions; it decides nothing',
};
const RIGHTS = /\b(?:p|principal|principalOf\(c\))\.(?:deploymentIds|permissions|admin)\b|\b(?:mayAccessDeployment|hasPermission|holdsAdmin|withinRights|grants|decide|permissionFor|MEMBER_PERMISSIONS)\(/;

describe('no module decides access outside the policy', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, {withFileTypes: true}).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
  const root = resolve(import.meta.dirname, '../..');
  it('only the listed modules read a principal\'s rights or call the policy\'s checks', () => {
    const deciding = sources(join(root, 'src/server'))
      .map((f) => relative(root, f))
      .filter((f) => RIGHTS.test(readFileSync(join(root, f), 'utf8')));
    expect(deciding.filter((f) => !(f in MAY_READ_RIGHTS))).toEqual([]);
    expect(Object.keys(MAY_READ_RIGHTS).filter((f) => !deciding.includes(f))).toEqual([]);
  });

  it('the pattern sees the ways a handler would decide', () => {
    expect(RIGHTS.test('if (principalOf(c).deploymentIds !== null)')).toBe(true);
    expect(RIGHTS.test('if (p.permissions !== null || !user.is_admin)')).toBe(true);
    expect(RIGHTS.test('if (!withinRights(principalOf(c), wanted))')).toBe(true);
    expect(RIGHTS.test('const row = resourceOf(c, "dashboard").dashboard;')).toBe(false);
  });
});
