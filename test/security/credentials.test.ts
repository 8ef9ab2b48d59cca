// Credentials attacked from outside: plain HTTP against a started service on 127.0.0.1, as another local program
// or a web page driving the browser would.
//  - a key never does, mints or revokes more than its own rights;
//  - the device approval page proves who approves, answers only to its loopback address and own origin, and dies
//    after a few wrong guesses;
//  - tokens die with the key that issued them; reusing a rotated refresh token ends the whole sign-in;
//  - 401 (no/bad credential) versus 403 (valid, wrong kind) naming what to use; Bearer and Api-Key everywhere;
//  - standard OAuth: RFC 8414 metadata, refresh_token at the token endpoint, no-store answers, documented forms.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {ManualClock} from '../../src/server/engines/clock.js';
import type {RunningService} from '../../src/server/index.js';
import {startTestService} from '../helpers/startService.js';
import {rawRequest} from '../helpers/rawRequest.js';

const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
let s: RunningService;

async function api(method: string, path: string, token: string | null, body?: unknown, scheme = 'Bearer') {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `${scheme} ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${s.url}${path}`, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const text = await res.text();
  return {status: res.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text, headers: res.headers};
}

/** A raw request with any Host and Origin (fetch would not let a test forge Host). */
const raw = (method: string, path: string, headers: Record<string, string>, body?: string) => rawRequest(s.url, method, path, headers, body);

const form = async (path: string, fields: Record<string, string>) => {
  const res = await fetch(`${s.url}${path}`, {method: 'POST', body: new URLSearchParams(fields)});
  return {status: res.status, body: (await res.json()) as any, headers: res.headers};
};
const startDevice = async () => (await form('/auth/device/code', {client_id: 'svc-cli'})).body as {device_code: string; user_code: string};
const poll = (deviceCode: string) => {
  (s.ctx.clock as ManualClock).advance(6000);
  return form('/auth/device/token', {grant_type: GRANT, device_code: deviceCode, client_id: 'svc-cli'});
};
const host = () => new URL(s.url).host;
const approve = (userCode: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  raw('POST', '/device', {host: host(), origin: s.url, 'content-type': 'application/x-www-form-urlencoded', ...headers}, new URLSearchParams({user_code: userCode, ...fields}).toString());

/** A full device sign-in approved with `credential`; the token answer. */
async function signIn(credential: string) {
  const code = await startDevice();
  const page = await approve(code.user_code, {decision: 'approve', credential});
  expect(page.status, page.text).toBe(200);
  const tokens = await poll(code.device_code);
  expect(tokens.status).toBe(200);
  return tokens.body as {access_token: string; refresh_token: string};
}

const key = async (json: object, token = s.adminKey) => api('POST', '/api/v1/api-keys', token, json);
const keyValue = async (json: object) => (await key(json)).body.key as string;

beforeAll(async () => {
  s = await startTestService({seed: 'demo'});
}, 30_000);
afterAll(() => s?.close());

describe('a key does only what it was given', () => {
  it('a read-only key cannot create keys, revoke keys, or touch OAuth integrations and OIDC configs', async () => {
    const ro = await keyValue({name: 'ro', permissions: ['DeploymentRead']});
    const admin = (await api('GET', '/api/v1/api-keys', s.adminKey)).body.items.find((k: {name: string}) => k.name === 'admin');
    const integration = await api('POST', '/api/v1/oauth-integrations', s.adminKey, {
      name: 'GitHub', type: 'github', authUrl: 'https://github.example/a', tokenUrl: 'https://github.example/t', clientId: 'c', clientSecret: 'x', redirectUri: 'http://127.0.0.1:1/cb',
    });
    const oidc = await api('POST', '/api/v1/oidc-token-configs', s.adminKey, {audienceType: 'default', name: 'aws'});
    expect([integration.status, oidc.status]).toEqual([200, 200]);
    const attempts = [
      await key({name: 'escalate'}, ro),
      await api('DELETE', `/api/v1/api-keys/${admin.id}`, ro),
      await api('POST', '/api/v1/oauth-integrations', ro, {name: 'x'}),
      await api('DELETE', `/api/v1/oauth-integrations/${integration.body.id}`, ro),
      await api('POST', '/api/v1/oidc-token-configs', ro, {audienceType: 'default'}),
      await api('DELETE', `/api/v1/oidc-token-configs/${oidc.body.id}`, ro),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403]);
    for (const a of attempts) expect(a.body.error).toBe('this credential lacks the DeploymentManage permission');
    // Nothing happened: the admin key still works, the integration and config are still there.
    expect((await api('GET', '/api/v1/users/me', s.adminKey)).status).toBe(200);
    expect((await api('GET', `/api/v1/oauth-integrations/${integration.body.id}`, s.adminKey)).status).toBe(200);
    expect((await api('GET', `/api/v1/oidc-token-configs/${oidc.body.id}`, s.adminKey)).status).toBe(200);
  });

  it('a key that may manage keys mints only narrower ones and revokes only narrower ones', async () => {
    const manager = await keyValue({name: 'manager', permissions: ['DeploymentManage', 'DeploymentRead']});
    for (const wider of [{name: 'all'}, {name: 'schema', permissions: ['SchemaUpdate']}, {name: 'audit', permissions: ['DeploymentRead', 'AuditLogManage']}]) {
      const res = await key(wider, manager);
      expect(res.status, JSON.stringify(wider)).toBe(403);
      expect(res.body.error).toMatch(/cannot create a key with more rights than its own/);
    }
    const narrower = await key({name: 'reader', permissions: ['DeploymentRead'], deploymentIds: [2]}, manager);
    expect(narrower.status).toBe(200);
    expect(narrower.body).toMatchObject({permissions: ['DeploymentRead'], deploymentIds: [2]});
    const admin = (await api('GET', '/api/v1/api-keys', s.adminKey)).body.items.find((k: {name: string}) => k.name === 'admin');
    expect((await api('DELETE', `/api/v1/api-keys/${admin.id}`, manager)).body.error).toMatch(/cannot revoke a key that has more rights/);
    expect((await api('DELETE', `/api/v1/api-keys/${narrower.body.id}`, manager)).status).toBe(200);
  });

  it('a key scoped to one deployment mints nothing and reads no account-level objects', async () => {
    const scoped = await keyValue({name: 'scoped-full', deploymentIds: [1]});
    expect((await key({name: 'unscoped'}, scoped)).status).toBe(403);
    expect((await key({name: 'same-scope', deploymentIds: [1]}, scoped)).status).toBe(403);
    for (const path of ['/api/v1/oauth-integrations', '/api/v1/oidc-token-configs', '/api/v1/github/installations', '/api/v1/api-keys']) {
      const res = await api('GET', path, scoped);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toMatch(/account-level operation/);
    }
    // Its own deployment still works.
    expect((await api('GET', '/api/v1/deployments/1', scoped)).status).toBe(200);
  });
});

describe('the device approval page', () => {
  it('approving without a credential (or with a wrong one) issues nothing', async () => {
    const code = await startDevice();
    const attempts: Array<Record<string, string>> = [{decision: 'approve'}, {decision: 'approve', credential: 'svc_00000000000000000000000000000000'}, {decision: 'approve', credential: 'x.y.z'}];
    for (const fields of attempts) {
      const page = await approve(code.user_code, fields);
      expect(page.status).toBe(403);
      expect(page.text).toContain('not a valid API key or access token');
    }
    expect((await poll(code.device_code)).body.error).toBe('authorization_pending');
  });

  it('the token gets the approver, with its scope and permissions — not the admin', async () => {
    const tokens = await signIn(s.scopedKey!);
    const me = await api('GET', '/api/v1/users/me', tokens.access_token);
    expect(me.body.credential).toMatchObject({type: 'access-token', deploymentIds: [1], permissions: ['DeploymentRead', 'SchemaRead']});
    expect((await api('GET', '/api/v1/deployments/2', tokens.access_token)).status).toBe(403);
    expect((await key({name: 'escalate'}, tokens.access_token)).status).toBe(403);
    expect((await api('PUT', '/api/v1/deployments/1', tokens.access_token, {name: 'renamed'})).status).toBe(403);
    // A refresh keeps the same rights.
    const refreshed = await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'svc-cli'});
    expect((await api('GET', '/api/v1/users/me', refreshed.body.access_token)).body.credential).toMatchObject({deploymentIds: [1], permissions: ['DeploymentRead', 'SchemaRead']});
  });

  it('answers only to loopback Host names with the service port (DNS rebinding)', async () => {
    const code = await startDevice();
    const port = new URL(s.url).port;
    for (const h of ['evil.example', `evil.example:${port}`, '127.0.0.1:1', `localhost.evil.example:${port}`, `0.0.0.0:${port}`, `127.0.0.1.nip.example:${port}`]) {
      expect((await raw('GET', `/device?user_code=${code.user_code}`, {host: h})).status, h).toBe(421);
      const post = await approve(code.user_code, {decision: 'approve', credential: s.adminKey}, {host: h, origin: `http://${h}`});
      expect(post.status, h).toBe(421);
    }
    for (const h of [`127.0.0.1:${port}`, `localhost:${port}`]) expect((await raw('GET', `/device?user_code=${code.user_code}`, {host: h})).status, h).toBe(200);
    expect((await poll(code.device_code)).body.error).toBe('authorization_pending');
  });

  it('a POST needs the page’s own Origin: none, null and foreign origins are refused', async () => {
    const code = await startDevice();
    const port = new URL(s.url).port;
    for (const origin of [undefined, 'null', 'https://evil.example', `http://localhost:${port}`, `http://127.0.0.1:${Number(port) + 1}`]) {
      const headers: Record<string, string> = {host: host(), 'content-type': 'application/x-www-form-urlencoded'};
      if (origin !== undefined) headers.origin = origin;
      const res = await raw('POST', '/device', headers, new URLSearchParams({user_code: code.user_code, decision: 'approve', credential: s.adminKey}).toString());
      expect(res.status, String(origin)).toBe(403);
      expect(res.text).toContain('must be sent from the sign-in page itself');
    }
    expect((await poll(code.device_code)).body.error).toBe('authorization_pending');
  });
});

describe('guessing on the approval page', () => {
  let g: RunningService;
  beforeAll(async () => {
    g = await startTestService({seed: 'demo'});
  });
  afterAll(() => g?.close());
  const post = (fields: Record<string, string>) =>
    fetch(`${g.url}/device`, {method: 'POST', headers: {origin: g.url}, body: new URLSearchParams(fields)}).then(async (r) => ({status: r.status, text: await r.text()}));

  it('five refused approvals kill the code; after a service-wide budget of failures a minute, 429 for everyone', async () => {
    const code = (await (await fetch(`${g.url}/auth/device/code`, {method: 'POST', body: new URLSearchParams({client_id: 'c'})})).json()) as any;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post({user_code: code.user_code, decision: 'approve', credential: `svc_${'0'.repeat(31)}${i}`})).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    // Dead for good, even with the right key now.
    const late = await post({user_code: code.user_code, decision: 'approve', credential: g.adminKey});
    expect(late.status).toBe(400);
    (g.ctx.clock as ManualClock).advance(6000);
    const token = await fetch(`${g.url}/auth/device/token`, {method: 'POST', body: new URLSearchParams({grant_type: GRANT, device_code: code.device_code, client_id: 'c'})});
    expect(((await token.json()) as any).error).toBe('access_denied');
    // Six failures so far (five refusals, one dead code); the budget is 60 a minute for the whole service.
    const unknown: number[] = [];
    for (let i = 0; i < 56; i++) unknown.push((await post({user_code: 'BBBB-BBBB', decision: 'deny'})).status);
    expect(unknown).toEqual([...Array<number>(54).fill(400), 429, 429]);
    expect((await fetch(`${g.url}/device?user_code=BBBB-BBBB`)).status).toBe(429);
  });
});

describe('token lifecycle', () => {
  it('reusing a rotated refresh token revokes the family: the newer refresh and access tokens stop working', async () => {
    const first = await signIn(s.adminKey);
    const second = (await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'svc-cli'})).body;
    expect((await api('GET', '/api/v1/users/me', second.access_token)).status).toBe(200);
    // The stolen (rotated) token is replayed:
    const replay = await form('/auth/oauth2/refresh', {grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'svc-cli'});
    expect(replay).toMatchObject({status: 400, body: {error: 'invalid_grant'}});
    const legit = await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: second.refresh_token, client_id: 'svc-cli'});
    expect(legit).toMatchObject({status: 400, body: {error: 'invalid_grant'}});
    const me = await api('GET', '/api/v1/users/me', second.access_token);
    expect(me.status).toBe(401);
    expect(me.body.error).toMatch(/revoked/);
    // Another sign-in is untouched.
    const other = await signIn(s.adminKey);
    expect((await api('GET', '/api/v1/users/me', other.access_token)).status).toBe(200);
  });

  it('a sign-in approved with a sign-in’s access token ends when that sign-in is revoked', async () => {
    const parent = await signIn(s.adminKey);
    const child = await signIn(parent.access_token);
    const grandchild = await signIn(child.access_token);
    expect((await api('GET', '/api/v1/users/me', grandchild.access_token)).status).toBe(200);
    // Revoke the parent by replaying its spent refresh token.
    await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: parent.refresh_token, client_id: 'svc-cli'});
    await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: parent.refresh_token, client_id: 'svc-cli'});
    for (const t of [parent, child, grandchild]) expect((await api('GET', '/api/v1/users/me', t.access_token)).status).toBe(401);
    const refresh = await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: grandchild.refresh_token, client_id: 'svc-cli'});
    expect(refresh).toMatchObject({status: 400, body: {error: 'invalid_grant'}});
  });

  it('data, metadata and embed tokens end with the sign-in they came from (refresh replay), their user and their embed session', async () => {
    // A second admin, so the seeded one can deactivate and delete them; everything derives from their sign-in.
    const email = `second-${Date.now()}@acme.example`;
    const second = await api('POST', '/api/v1/users', s.adminKey, {email, username: email, isAdmin: true});
    expect(second.status).toBe(200);
    const userKey = (await key({name: 'second', userId: second.body.id})).body.key as string;
    const derive = async (access: string) => {
      const data = (await api('POST', '/api/v1/deployments/1/token', access)).body.cubeApiToken as string;
      const envs = (await api('GET', '/api/v1/deployments/1/environments', access)).body.data.environments as Array<{id: string}>;
      const meta = (await api('POST', `/api/v1/deployments/1/environments/${envs[0]!.id}/tokens-for-meta-sync`, access, {security_context: {}})).body.data.token as string;
      const sessionId = (await api('POST', '/api/v1/embed/generate-session', access, {deploymentId: 1, externalId: 'viewer', securityContext: {tenant: 'acme'}})).body.sessionId as string;
      const embed = (await api('POST', '/api/v1/embed/session/token', access, {sessionId})).body.token as string;
      return {data, meta, embed, sessionId};
    };
    const status = async (t: {data: string; meta: string; embed: string}) => ({
      data: (await fetch(`${s.url}/data/1/cubejs-api/v1/meta`, {headers: {authorization: t.data}})).status,
      meta: (await fetch(`${s.url}/data/1/v1/entities`, {headers: {authorization: t.meta}})).status,
      embed: (await fetch(`${s.url}/data/1/cubejs-api/v1/meta`, {headers: {authorization: t.embed}})).status,
    });
    const live = {data: 200, meta: 200, embed: 200};
    const dead = {data: 401, meta: 401, embed: 401};

    // Refresh-token replay ends the sign-in, and every token derived from it.
    const first = await signIn(userKey);
    const fromFirst = await derive(first.access_token);
    expect(await status(fromFirst)).toEqual(live);
    await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'svc-cli'});
    await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'svc-cli'});
    expect(await status(fromFirst)).toEqual(dead);
    const why = await (await fetch(`${s.url}/data/1/cubejs-api/v1/meta`, {headers: {authorization: fromFirst.data}})).json();
    expect(why).toEqual({error: 'data API token revoked: the sign-in it came from ended'});

    // Revoking the embed session ends its tokens (and only those).
    const fromKey = await derive(userKey);
    expect(await status(fromKey)).toEqual(live);
    expect((await api('POST', '/api/v1/embed/session/revoke', s.adminKey, {sessionId: fromKey.sessionId})).status).toBe(200);
    expect(await status(fromKey)).toEqual({...live, embed: 401});

    // Deactivating the user ends every token derived from any of their credentials, also after reactivation.
    const again = await derive(userKey);
    expect((await api('PUT', `/api/v1/users/${second.body.id}`, s.adminKey, {isDeactivated: true})).status).toBe(200);
    expect(await status(again)).toEqual(dead);
    expect((await api('PUT', `/api/v1/users/${second.body.id}`, s.adminKey, {isDeactivated: false})).status).toBe(200);
    expect(await status(again)).toEqual(dead);

    // Deleting the user ends them too (tokens issued a second after the reactivation are live until then).
    (s.ctx.clock as ManualClock).advance(1000);
    const last = await derive((await key({name: 'second-again', userId: second.body.id})).body.key as string);
    expect(await status(last)).toEqual(live);
    expect((await api('DELETE', `/api/v1/users/${second.body.id}`, s.adminKey)).status).toBe(200);
    expect(await status(last)).toEqual(dead);
  });

  it('data, metadata and access tokens die with the key that issued or approved them', async () => {
    const created = (await key({name: 'ci'})).body;
    const data = (await api('POST', '/api/v1/deployments/1/token', created.key)).body.cubeApiToken as string;
    const envs = (await api('GET', '/api/v1/deployments/1/environments', created.key)).body;
    const envId = (envs.data ?? envs.items ?? envs)[0]?.id ?? 1;
    const metaRes = await api('POST', `/api/v1/deployments/1/environments/${envId}/tokens-for-meta-sync`, created.key, {security_context: {}});
    const metaToken = metaRes.body?.data?.token as string | undefined;
    const session = await signIn(created.key);
    const meta = () => fetch(`${s.url}/data/1/cubejs-api/v1/meta`, {headers: {authorization: data}});
    expect((await meta()).status).not.toBe(401);
    expect((await api('GET', '/api/v1/users/me', session.access_token)).status).toBe(200);

    expect((await api('DELETE', `/api/v1/api-keys/${created.id}`, s.adminKey)).status).toBe(200);
    const after = await meta();
    expect(after.status).toBe(401);
    expect(((await after.json()) as any).error).toBe('data API token revoked with the key that issued it');
    expect((await api('GET', '/api/v1/users/me', session.access_token)).status).toBe(401);
    const refresh = await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: session.refresh_token, client_id: 'svc-cli'});
    expect(refresh).toMatchObject({status: 400, body: {error: 'invalid_grant'}});
    if (metaToken) {
      const {verifyToken} = await import('../../src/server/tokens.js');
      expect(await verifyToken(s.ctx, metaToken, 'meta')).toEqual({ok: false, reason: 'revoked', by: 'key'});
    }
  });
});

describe('401 versus 403, and both schemes', () => {
  it('a valid credential of the wrong kind is 403 naming what to use; missing, unknown, malformed stay 401', async () => {
    const scim = await keyValue({name: 'idp', scim: true});
    const data = (await api('POST', '/api/v1/deployments/1/token', s.adminKey)).body.cubeApiToken as string;
    const cases: Array<[string, string | null, number, RegExp]> = [
      ['/api/scim/v2/Users', s.adminKey, 403, /SCIM needs a SCIM token/],
      ['/api/v1/deployments', scim, 403, /SCIM token is valid only for \/api\/scim\/v2: use an API key/],
      ['/api/v1/deployments', data, 403, /data API token is valid only .*: use an API key/],
      ['/api/scim/v2/Users', data, 403, /SCIM needs a SCIM token/],
      ['/api/v1/deployments', null, 401, /missing credentials/],
      ['/api/v1/deployments', 'svc_00000000000000000000000000000000', 401, /unknown or revoked/],
      ['/api/v1/deployments', 'a.b.c', 401, /invalid access token/],
      ['/api/scim/v2/Users', 'nonsense', 401, /malformed/],
    ];
    for (const [path, token, status, message] of cases) {
      const res = await api('GET', path, token);
      expect(res.status, `${path} ${token?.slice(0, 8)}`).toBe(status);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
  });

  it('Api-Key works like Bearer on the management, build and data APIs', async () => {
    expect((await api('GET', '/api/v1/deployments', s.adminKey, undefined, 'Api-Key')).status).toBe(200);
    expect((await api('GET', '/build/api/v1/deployments/1/branches', s.adminKey, undefined, 'Api-Key')).status).toBe(200);
    const data = (await api('POST', '/api/v1/deployments/1/token', s.adminKey, undefined, 'api-key')).body.cubeApiToken as string;
    expect((await fetch(`${s.url}/data/1/cubejs-api/v1/meta`, {headers: {authorization: `Api-Key ${data}`}})).status).not.toBe(401);
  });
});

describe('standard OAuth: discovery, token and revocation endpoints', () => {
  it('publishes RFC 8414 metadata, the same at the OpenID Connect discovery address, naming the revocation endpoint', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toMatchObject({
        issuer: s.url,
        device_authorization_endpoint: `${s.url}/auth/device/code`,
        token_endpoint: `${s.url}/auth/device/token`,
        revocation_endpoint: `${s.url}/auth/oauth2/revoke`,
        grant_types_supported: [GRANT, 'refresh_token'],
        token_endpoint_auth_methods_supported: ['none'],
        revocation_endpoint_auth_methods_supported: ['none'],
      });
    }
  });

  it('token answers, good or bad, are never cached', async () => {
    const tokens = await signIn(s.adminKey);
    const good = await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'svc-cli'});
    const bad = await form('/auth/device/token', {grant_type: 'refresh_token', refresh_token: 'nope', client_id: 'svc-cli'});
    const old = await form('/auth/oauth2/refresh', {grant_type: 'refresh_token', refresh_token: good.body.refresh_token, client_id: 'svc-cli'});
    for (const res of [good, bad, old]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('pragma')).toBe('no-cache');
    }
    expect([good.status, bad.status, old.status]).toEqual([200, 400, 200]);
  });

  it('the OpenAPI document describes the form bodies of the device-flow and revocation endpoints', async () => {
    const spec = (await api('GET', '/api/v1/spec', s.adminKey)).body;
    for (const [path, field] of [['/auth/device/code', 'client_id'], ['/auth/device/token', 'grant_type'], ['/auth/oauth2/refresh', 'refresh_token'], ['/auth/oauth2/revoke', 'token'], ['/device', 'user_code']] as const) {
      const schema = spec.paths[path].post.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
      expect(schema?.properties?.[field], path).toBeDefined();
      expect(schema.required).toContain(field);
    }
  });
});
