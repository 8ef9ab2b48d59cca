// Secrets never reach the audit log, and the export honours the credential's scope and permission — tried from
// outside over HTTP against a started service: every write route that carries a secret is called with a unique
// canary value, then the exported CSV is searched for every canary.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {redact, REDACTED} from '../../src/server/auditRedact.js';
import type {RunningService} from '../../src/server/index.js';
import {parseCsv} from '../helpers/csv.js';
import {startTestService} from '../helpers/startService.js';

let svc: RunningService;
let scimToken: string;
beforeAll(async () => {
  svc = await startTestService();
  scimToken = (await call('POST', '/api/v1/api-keys', {name: 'idp', scim: true})).body.key;
});
afterAll(() => svc.close());

async function call(method: string, path: string, json?: unknown, key: string = svc.adminKey, contentType = 'application/json') {
  const res = await fetch(`${svc.url}${path}`, {
    method,
    headers: {authorization: `Bearer ${key}`, 'content-type': contentType},
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return {status: res.status, body, text};
}

async function exportCsv(key: string = svc.adminKey) {
  const res = await fetch(`${svc.url}/api/v1/audit-logs/export`, {headers: {authorization: `Bearer ${key}`}});
  return {status: res.status, text: await res.text()};
}

const canary = (n: number) => `CANARY${n}x${'q'.repeat(8)}`;
const KEY_LIKE = 'svc_' + 'Pasted0Key'.repeat(3) + 'ab';
const JWT_LIKE = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXBhc3RlZA';

interface Case {
  what: string;
  method: string;
  path: string;
  body: (c: string) => unknown;
  scim?: boolean;
  contentType?: string;
  /** Why reads may show this canary though the log must not (not a secret field; the platform's API returns it). */
  readable?: string;
}

/** Every write route whose body carries a secret-bearing field (from the request schemas of GET /api/v1/spec). */
const CASES: Case[] = [
  {what: 'env var with a secret name', method: 'PUT', path: '/api/v1/deployments/1/env-vars', body: (c) => ({env_variables: [{name: 'CUBEJS_DB_PASS', value: c}]})},
  {what: 'env var with an innocent name', method: 'PUT', path: '/api/v1/deployments/2/env-vars', body: (c) => ({env_variables: [{name: 'CUBEJS_DB_URL', value: `postgres://cube:${c}@db/x`}]}), readable: 'a variable whose name is not secret-looking is read back (only secret-named ones answer [ENCRYPTED])'},
  {
    what: 'OAuth integration client secret and config keys',
    method: 'POST',
    path: '/api/v1/oauth-integrations',
    body: (c) => ({
      name: 'GitHub', type: 'github', authUrl: 'https://github.example/authorize', tokenUrl: 'https://github.example/token', clientId: 'Iv1.abc',
      clientSecret: c, redirectUri: 'http://127.0.0.1:4400/oauth/callback', scopes: ['repo'], config: {webhookSecret: `${c}w`, apiKey: `${c}k`},
    }),
  },
  {what: 'user password', method: 'POST', path: '/api/v1/users', body: (c) => ({email: 'pw@acme.example', username: 'pw', password: c})},
  {what: 'meta-sync token security context', method: 'POST', path: '/api/v1/deployments/1/environments/1/tokens-for-meta-sync', body: (c) => ({security_context: {tenant: c}, expires_in: 60}), readable: 'the token list returns each token with its security context, as the platform API does'},
  {what: 'SCIM user created with a password', method: 'POST', path: '/api/scim/v2/Users', scim: true, body: (c) => ({schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'scim-pw@acme.example', password: c})},
  {what: 'an API key pasted into a name', method: 'POST', path: '/api/v1/api-keys', body: () => ({name: `copy of ${KEY_LIKE}`})},
  {what: 'a JWT pasted into a commit message', method: 'PUT', path: '/api/v1/deployments/1', body: () => ({name: JWT_LIKE})},
];

/** Every canary written by the first test, and the embed session id: no export and no read may show one. */
const planted: string[] = [];
/** The canaries reads must not show either: all but the cases marked `readable`. */
const writeOnly: string[] = [];

describe('the audit log never stores a secret', () => {
  it('every secret-bearing write route: the call succeeds, is recorded, and no canary is in the export', async () => {
    const before = parseCsv((await exportCsv()).text).length;
    for (const [i, c] of CASES.entries()) {
      const value = canary(i);
      planted.push(value);
      if (!c.readable) writeOnly.push(value);
      const res = await call(c.method, c.path, c.body(value), c.scim ? scimToken : svc.adminKey, c.scim ? 'application/scim+json' : 'application/json');
      expect(res.status, `${c.what}: ${res.text}`).toBeLessThan(300);
    }
    // The SCIM user's password changed through a PatchOp, which names the field in `path`.
    const scimUser = (await call('GET', '/api/scim/v2/Users?filter=userName%20eq%20%22scim-pw@acme.example%22', undefined, scimToken)).body.Resources[0];
    const patch = await call('PATCH', `/api/scim/v2/Users/${scimUser.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{op: 'replace', path: 'password', value: canary(99)}],
    }, scimToken, 'application/scim+json');
    expect(patch.status).toBeLessThan(300);
    planted.push(canary(99));
    writeOnly.push(canary(99));

    const csv = await exportCsv();
    expect(csv.status).toBe(200);
    expect(parseCsv(csv.text).length - before).toBeGreaterThanOrEqual(CASES.length + 1);
    for (const value of [...planted, KEY_LIKE, JWT_LIKE]) expect(csv.text, value).not.toContain(value);
    expect(csv.text).toContain(REDACTED);
    // What stays is useful: the variable's name, the user's email.
    expect(csv.text).toContain('CUBEJS_DB_PASS');
    expect(csv.text).toContain('pw@acme.example');
  });

  it('an embed session id (a bearer secret) used in token and revoke requests is not stored', async () => {
    const opened = await call('POST', '/api/v1/embed/generate-session', {deploymentId: 1, externalId: 'viewer-audit', embedTenantName: 'acme', securityContext: {tenant: 'acme'}});
    expect(opened.status).toBe(200);
    const sessionId = opened.body.sessionId as string;
    planted.push(sessionId);
    writeOnly.push(sessionId);
    expect((await call('POST', '/api/v1/embed/session/token', {sessionId})).status).toBe(200);
    expect((await call('POST', '/api/v1/embed/session/revoke', {sessionId})).status).toBe(200);
    const csv = await exportCsv();
    // Before: both events kept {"sessionId": "<the id>"}, and anyone who may export the log could use it.
    expect(csv.text).toContain('session.revoke');
    expect(csv.text).not.toContain(sessionId);
  });

  it('one list covers every body field of every write operation in the spec', async () => {
    const spec = (await call('GET', '/api/v1/spec')).body;
    const schemas = spec.components?.schemas ?? {};
    // An independent notion of "secret-bearing" for field names, to catch a route added later with a new one.
    const looksSecret = /secret|passw|token|key|credential|security_context|private|cookie/i;
    const fields = new Map<string, string>();
    const walk = (s: any, seen: Set<unknown>, where: string) => {
      if (!s || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      if (s.$ref) return walk(schemas[String(s.$ref).split('/').pop()!], seen, where);
      for (const k of ['allOf', 'anyOf', 'oneOf']) for (const x of s[k] ?? []) walk(x, seen, where);
      if (s.items) walk(s.items, seen, where);
      for (const [name, sub] of Object.entries(s.properties ?? {})) {
        fields.set(name, where);
        walk(sub, seen, where);
      }
    };
    let writes = 0;
    for (const [path, ops] of Object.entries<any>(spec.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        writes++;
        for (const content of Object.values<any>(op.requestBody?.content ?? {})) walk(content.schema, new Set(), `${method.toUpperCase()} ${path}`);
      }
    }
    expect(writes).toBeGreaterThan(50);
    const secretFields = [...fields.keys()].filter((f) => looksSecret.test(f) && f !== 'keyId');
    expect(secretFields.length).toBeGreaterThan(3);
    for (const f of secretFields) {
      expect(redact({[f]: 'plain-value'}), `${f} (${fields.get(f)})`).toEqual({[f]: REDACTED});
    }
  });
});

describe('reads never return a secret (the same list: write-only fields)', () => {
  it('every GET operation of the spec, after every canary write: no canary in any answer', async () => {
    expect(writeOnly.length).toBeGreaterThanOrEqual(CASES.length);
    const spec = (await call('GET', '/api/v1/spec')).body;
    const integrations = (await call('GET', '/api/v1/oauth-integrations')).body as Array<{id: number}>;
    // Path parameters: the seeded objects, and every id the canary writes created where the path takes an id.
    const ids = ['1', '2', ...integrations.map((i) => String(i.id))];
    const fill: Record<string, string[]> = {deploymentId: ['1', '2'], environmentId: ['1'], embedTenantName: ['acme'], branch: ['main'], id: ids, integrationId: ids};
    const paths = (path: string): string[] => {
      const m = /\{(\w+)\}/.exec(path);
      if (!m) return [path];
      return (fill[m[1]!] ?? ['1']).flatMap((v) => paths(path.replace(m[0], encodeURIComponent(v))));
    };
    let reads = 0;
    const leaks: string[] = [];
    for (const [path, ops] of Object.entries<any>(spec.paths)) {
      if (!ops.get || path.startsWith('/data/')) continue;
      for (const url of paths(path)) {
        const res = await call('GET', url, undefined, path.startsWith('/api/scim/') ? scimToken : svc.adminKey);
        reads++;
        // (The key and JWT pasted into names are names the user chose: reads show names; the log does not.)
        for (const value of writeOnly) if (res.text.includes(value)) leaks.push(`${url} (${res.status}) shows ${value}`);
      }
    }
    expect(reads).toBeGreaterThan(80);
    // Before: GET /api/v1/oauth-integrations[/{id}] returned config.webhookSecret and config.apiKey to any DeploymentRead credential.
    expect(leaks).toEqual([]);
  });

  it('the integration still shows its harmless config; a replace that omits a secret keeps it', async () => {
    const created = await call('POST', '/api/v1/oauth-integrations', {
      name: 'Keep', type: 'github', authUrl: 'https://x.example/a', tokenUrl: 'https://x.example/t', clientId: 'c', clientSecret: 's-1', redirectUri: 'http://127.0.0.1:1/cb', scopes: [],
      config: {org: 'acme', webhookSecret: 'hidden-1'},
    });
    expect(created.status).toBeLessThan(300);
    expect(created.body.config).toEqual({org: 'acme'});
    const {name, type, authUrl, tokenUrl, clientId, redirectUri, scopes} = created.body;
    const replaced = await call('PUT', `/api/v1/oauth-integrations/${created.body.id}`, {name, type, authUrl, tokenUrl, clientId, redirectUri, scopes, config: {org: 'globex'}});
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.config).toEqual({org: 'globex'});
    const stored = svc.ctx.db.prepare('SELECT config FROM oauth_integrations WHERE id = ?').pluck().get(created.body.id) as string;
    expect(JSON.parse(stored)).toEqual({org: 'globex', webhookSecret: 'hidden-1'});
  });
});

describe('what the redaction keeps', () => {
  it('ordinary names and text stay readable; credential-shaped strings go wherever they are', () => {
    expect(redact({name: 'Basic plan', description: 'token-free notes', deployBranchName: 'main'})).toEqual({
      name: 'Basic plan',
      description: 'token-free notes',
      deployBranchName: 'main',
    });
    expect(redact({note: 'Bearer abcdefghijklmnop1234', list: [KEY_LIKE], deep: {x: JWT_LIKE}})).toEqual({note: REDACTED, list: [REDACTED], deep: {x: REDACTED}});
  });
});

describe('the audit export honours scope and permission', () => {
  it('a key scoped to deployment 1 exports only deployment 1 events; a key without AuditLogManage gets 403', async () => {
    await call('PUT', '/api/v1/deployments/1/env-vars', {env_variables: [{name: 'SCOPE_ONE', value: '1'}]});
    await call('PUT', '/api/v1/deployments/2/env-vars', {env_variables: [{name: 'SCOPE_TWO', value: '2'}]});
    const scoped = await call('POST', '/api/v1/api-keys', {name: 'auditor of 1', deploymentIds: [1], permissions: ['AuditLogManage']});
    expect(scoped.status).toBe(200);
    const csv = await exportCsv(scoped.body.key);
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.text).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(csv.text).toContain('SCOPE_ONE');
    expect(csv.text).not.toContain('SCOPE_TWO');
    for (const row of rows) expect(JSON.parse(row[4]!).path, row[4]).toMatch(/\/deployments\/1(\/|$)/);
    // The admin still sees both.
    const all = await exportCsv();
    expect(all.text).toContain('SCOPE_TWO');

    const reader = await call('POST', '/api/v1/api-keys', {name: 'reader', permissions: ['DeploymentRead']});
    expect((await exportCsv(reader.body.key)).status).toBe(403);
  });
});
