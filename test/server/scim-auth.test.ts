// Who gets into SCIM: only SCIM tokens (Bearer or Api-Key), which in turn open nothing under /api/v1.
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {SCIM_ERROR_SCHEMA} from '../../src/contract/scim.js';
import {signAccessToken} from '../../src/server/tokens.js';
import {testApp, type TestApp} from '../helpers/startService.js';

let t: TestApp;
let scimToken: string;

beforeEach(async () => {
  t = testApp('demo');
  const created = await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'okta', scim: true}});
  expect(created.status).toBe(200);
  scimToken = created.body.key;
});
afterEach(() => t.close());

async function scim(path: string, authorization?: string) {
  const res = await t.app.request(`/api/scim/v2${path}`, {headers: authorization === undefined ? {} : {authorization}});
  return {status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Record<string, unknown>};
}

describe('SCIM tokens', () => {
  it('are issued by api-keys with scim:true, listed with kind scim, and shown once', async () => {
    const list = await t.call('/api/v1/api-keys');
    const row = list.body.items.find((k: {name: string}) => k.name === 'okta');
    expect(row).toMatchObject({kind: 'scim', deploymentIds: null, permissions: null});
    expect(JSON.stringify(list.body)).not.toContain(scimToken);
    expect(list.body.items.find((k: {name: string}) => k.name === 'admin')).toMatchObject({kind: 'api'});
  });

  it('work with Bearer and with Api-Key', async () => {
    expect((await scim('/Users', `Bearer ${scimToken}`)).status).toBe(200);
    const apiKeyScheme = await scim('/Users', `Api-Key ${scimToken}`);
    expect(apiKeyScheme).toMatchObject({status: 200, type: 'application/scim+json'});
    // The seeded admin: SCIM lists every account user.
    expect(apiKeyScheme.body).toMatchObject({totalResults: 1, Resources: [{userName: (await t.call('/api/v1/users/me')).body.email}]});
  });

  it('are refused on /api/v1 and /build/api/v1 with 403 naming the credential to use (valid, wrong kind)', async () => {
    for (const path of ['/api/v1/deployments', '/api/v1/users/me', '/build/api/v1/deployments/1/branches']) {
      const res = await t.call(path, {key: scimToken});
      expect(res.status).toBe(403);
      expect(res.body).toEqual({error: 'a SCIM token is valid only for /api/scim/v2: use an API key (svc api-keys create) or an access token from svc login'});
    }
  });

  it('stop working once revoked', async () => {
    const id = (await t.call('/api/v1/api-keys')).body.items.find((k: {name: string}) => k.name === 'okta').id;
    expect((await t.call(`/api/v1/api-keys/${id}`, {method: 'DELETE'})).status).toBe(200);
    expect((await scim('/Users', `Bearer ${scimToken}`)).status).toBe(401);
  });

  it('only an admin credential with every permission and no deployment scope may issue one', async () => {
    const scoped = await t.call('/api/v1/api-keys', {method: 'POST', key: t.scopedKey, json: {name: 'x', scim: true}});
    expect(scoped.status).toBe(403);
    const limited = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'limited', permissions: ['DeploymentRead']}})).body.key;
    const byLimited = await t.call('/api/v1/api-keys', {method: 'POST', key: limited, json: {name: 'x', scim: true}});
    expect(byLimited).toMatchObject({status: 403, body: {error: 'this credential lacks the DeploymentManage permission'}});
    const manager = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'manager', permissions: ['DeploymentManage']}})).body.key;
    const byManager = await t.call('/api/v1/api-keys', {method: 'POST', key: manager, json: {name: 'x', scim: true}});
    expect(byManager).toMatchObject({status: 403, body: {error: 'issuing a SCIM token needs an admin credential with every permission'}});
    const narrowed = await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'x', scim: true, permissions: ['DeploymentRead']}});
    expect(narrowed).toMatchObject({status: 400, body: {error: 'a SCIM token cannot be limited to deploymentIds or permissions'}});
  });
});

describe('everything else on SCIM answers 401 or 403 in SCIM form', () => {
  it('a normal API key, an access token (403: valid, wrong kind), no credential, a malformed one (401)', async () => {
    const access = (await signAccessToken(t.ctx, 1, 600)).token;
    const cases: Array<[string | undefined, RegExp, number]> = [
      [`Bearer ${t.adminKey}`, /^SCIM needs a SCIM token .*not an API key$/, 403],
      [`Api-Key ${t.adminKey}`, /not an API key$/, 403],
      [`Bearer ${access}`, /not an access token$/, 403],
      [undefined, /^missing credentials/, 401],
      ['Bearer nonsense', /^malformed credential/, 401],
    ];
    for (const [authorization, detail, status] of cases) {
      const res = await scim('/Users', authorization);
      expect(res.status).toBe(status);
      expect(res.type).toBe('application/scim+json');
      expect(res.body).toEqual({schemas: [SCIM_ERROR_SCHEMA], status: String(status), detail: expect.stringMatching(detail)});
    }
  });

  it('an unknown SCIM path is a SCIM 404', async () => {
    const res = await scim('/Widgets', `Bearer ${scimToken}`);
    expect(res).toMatchObject({status: 404, type: 'application/scim+json', body: {schemas: [SCIM_ERROR_SCHEMA], status: '404'}});
  });
});
