// Who may do what, checked over every documented route rather than a hand-picked list: the routes come from
// GET /api/v1/spec, so one added later is covered without touching this file.
//  - a key scoped to deployment 1 never gets a 2xx on any route of deployment 2 (403; on the data API, which takes
//    data tokens only, a management key is a valid credential of the wrong kind: 403 too);
//  - SCIM tokens open nothing outside SCIM, and API keys nothing inside it (403 naming the credential to use:
//    they are valid credentials of the wrong kind, Authentication rule 5);
//  - the data API refuses expired, wrongly signed, unsigned, wrong-scope and other-deployment JWTs;
//  - data-model file paths cannot leave their branch.
import {SignJWT, UnsecuredJWT} from 'jose';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {signAccessToken, signToken} from '../../src/server/tokens.js';
import {testApp, type TestApp} from '../helpers/startService.js';

let t: TestApp;
let scimToken: string;
let routes: Array<{method: string; path: string; public: boolean}> = [];

beforeAll(async () => {
  t = testApp('demo');
  scimToken = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'okta', scim: true}})).body.key;
  const spec = (await t.call('/api/v1/spec')).body;
  routes = Object.entries<any>(spec.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({method: m.toUpperCase(), path, public: Array.isArray(ops[m].security) && ops[m].security.length === 0})),
  );
}, 30_000);
afterAll(() => t.close());

const QUERY = {measures: ['orders.count']};
const fill = (path: string, deploymentId: string) => path.replace('{deploymentId}', deploymentId).replace(/\{\w+\}/g, '1');

describe('scoped key over every deployment route', () => {
  it('403 (401 on the data API) for another deployment, never 2xx, on every method of every path', async () => {
    const scoped = routes.filter((r) => r.path.includes('{deploymentId}'));
    expect(scoped.length).toBeGreaterThan(60);
    const leaks: string[] = [];
    for (const r of scoped) {
      const data = r.path.startsWith('/data/');
      // A well-formed query, so the data API's answer is about the credential and not the request.
      const url = fill(r.path, '2') + (data && r.method === 'GET' ? `?query=${encodeURIComponent(JSON.stringify(QUERY))}` : '');
      const res = await t.call(url, {method: r.method, key: t.scopedKey, json: r.method === 'GET' ? undefined : data ? {query: QUERY} : {}});
      const want = 403;
      if (res.status !== want || typeof res.body?.error !== 'string') leaks.push(`${r.method} ${r.path} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
  });

  it('the same key reads its own deployment (the matrix is not 403 for everything)', async () => {
    for (const path of ['/api/v1/deployments/1', '/api/v1/deployments/1/environments', '/build/api/v1/deployments/1/branches']) {
      expect((await t.call(path, {key: t.scopedKey})).status, path).toBe(200);
    }
  });
});

describe('SCIM tokens and API keys are not interchangeable', () => {
  it('a SCIM token gets 403 naming the credential to use on every non-SCIM management route', async () => {
    const mgmt = routes.filter((r) => !r.public && /^\/(api\/v1|build\/api\/v1)\//.test(r.path) && r.path !== '/api/v1/spec');
    const open: string[] = [];
    for (const r of mgmt) {
      const res = await t.call(fill(r.path, '1'), {method: r.method, key: scimToken, json: r.method === 'GET' ? undefined : {}});
      if (res.status !== 403 || !/SCIM token is valid only for \/api\/scim\/v2: use an API key/.test(res.body.error)) open.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(open).toEqual([]);
  });

  it('an API key (even the admin key, either scheme) and an access token get 403 naming the SCIM token on every SCIM route', async () => {
    const {token} = await signAccessToken(t.ctx, 1, 600);
    const scim = routes.filter((r) => r.path.startsWith('/api/scim/v2/'));
    expect(scim.length).toBeGreaterThan(10);
    const open: string[] = [];
    for (const r of scim) {
      for (const auth of [`Bearer ${t.adminKey}`, `Api-Key ${t.adminKey}`, `Bearer ${token}`]) {
        const res = await t.call(fill(r.path, '1'), {method: r.method, key: null, headers: {authorization: auth}, json: r.method === 'GET' ? undefined : {}});
        if (res.status !== 403 || !JSON.stringify(res.body).includes('SCIM needs a SCIM token')) open.push(`${r.method} ${r.path} (${auth.split(' ')[0]}) → ${res.status}`);
      }
    }
    expect(open).toEqual([]);
    expect((await t.call('/api/scim/v2/Users', {key: scimToken})).status).toBe(200);
  });
});

describe('data API JWTs', () => {
  const META = '/data/1/cubejs-api/v1/meta';
  const meta = (authorization: string) => t.call(META, {key: null, headers: {authorization}});

  it('accepts a fresh data token for its deployment', async () => {
    const {token} = await signToken(t.ctx, 'data', {deploymentId: 1}, 600);
    expect((await meta(token)).status).toBe(200);
    expect((await meta(`Bearer ${token}`)).status).toBe(200);
  });

  it('refuses it once expired', async () => {
    const {token} = await signToken(t.ctx, 'data', {deploymentId: 1}, 60);
    t.clock.advance(61_000);
    const res = await meta(token);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('data API token expired');
  });

  it('refuses wrong signatures, alg none, tampered claims, wrong scope and another deployment', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    const otherSecret = await new SignJWT({deploymentId: 1, scope: 'data'}).setProtectedHeader({alg: 'HS256'}).setIssuedAt(now).setExpirationTime(now + 600).sign(new TextEncoder().encode('not-the-service-secret-0123456789'));
    const unsigned = new UnsecuredJWT({deploymentId: 1, scope: 'data'}).setIssuedAt(now).setExpirationTime(now + 600).encode();
    const {token: forTwo} = await signToken(t.ctx, 'data', {deploymentId: 2}, 600);
    const [head, , sig] = forTwo.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({deploymentId: 1, scope: 'data', exp: now + 600})).toString('base64url')}.${sig}`;
    const {token: apiScope} = await signAccessToken(t.ctx, 1, 600);
    const {token: metaScope} = await signToken(t.ctx, 'meta', {deploymentId: 1}, 600);
    for (const bad of [otherSecret, unsigned, tampered, 'svc_00000000000000000000000000000000', 'x.y.z']) {
      const res = await meta(bad);
      expect(res.status, bad).toBe(401);
      expect(res.body.error).toBe('invalid data API token');
    }
    // Our own tokens for something else are valid credentials without the right to query data (spec, Authentication
    // rule 5): 403, and the answer says which token to use.
    for (const wrongScope of [apiScope, metaScope, t.adminKey, `Api-Key ${t.adminKey}`]) {
      const res = await meta(wrongScope);
      expect(res.status, wrongScope).toBe(403);
      expect(res.body.error).toMatch(/^this credential cannot query data: issue a data API token/);
    }
    const other = await meta(forTwo);
    expect(other.status).toBe(403);
    expect(other.body.error).toMatch(/another deployment/);
  });
});

describe('data-model paths stay inside their branch', () => {
  it('refuses every escaping path on put, delete and rename, and the branch keeps its files', async () => {
    const D = '/build/api/v1/deployments/1';
    const dev = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'main'}})).body.branchName;
    expect(typeof dev).toBe('string');
    const before = await t.call(`${D}/data-model/file-hashes?branchName=${encodeURIComponent(dev)}`);
    const bad = ['../x.yml', 'model/../../x.yml', 'model/cubes/../../../etc/passwd', '..', './model/a.yml', 'model//a.yml', 'model\\..\\x.yml', 'C:/x.yml', 'model/a\u0000.yml', '', '/'];
    for (const path of bad) {
      const put = await t.call(`${D}/data-model/files`, {method: 'PUT', json: {files: [{path, content: 'cubes: []\n'}]}});
      expect(put.status, path).toBe(400);
      expect(put.body.error).toMatch(/invalid file path|path/);
      const rename = await t.call(`${D}/data-model/files/rename`, {method: 'POST', json: {files: [{path: 'model/cubes/orders.yml', newPath: path}]}});
      expect(rename.status, path).toBeGreaterThanOrEqual(400);
      expect(rename.status, path).toBeLessThan(500);
      const del = await t.call(`${D}/data-model/files`, {method: 'DELETE', json: {files: [{path}]}});
      expect(del.status, path).toBeGreaterThanOrEqual(400);
    }
    expect((await t.call(`${D}/data-model/file-hashes?branchName=${encodeURIComponent(dev)}`)).body).toEqual(before.body);
  });
});
