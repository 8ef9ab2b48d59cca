// Environments list, metadata-sync tokens and deployment data-API tokens (real JWTs, checked with jose).
import {decodeJwt, jwtVerify} from 'jose';
import {describe, expect, it} from 'vitest';
import {TEST_EPOCH, testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

describe('GET …/environments', () => {
  it('lists all three types in the seed shape, with pagination', async () => {
    const res = await t.call('/api/v1/deployments/1/environments');
    expect(res.status).toBe(200);
    const envs = res.body.data.environments;
    expect(envs.map((e: {type: string}) => e.type)).toEqual(['production', 'staging', 'development']);
    expect(res.body.pagination).toEqual({offset: 0, limit: 20, total: 3});
    const prod = envs[0];
    expect(prod.id).toBe('1');
    expect(prod.api_credentials.rest.url).toMatch(/\/data\/1\/cubejs-api\/v1$/);
    expect(prod.api_credentials.sql).toEqual({host: expect.any(String), port: expect.any(Number)});
    expect(envs[2].api_credentials.rest.url).toContain('/dev-mode/dev-admin-');
    expect(envs[2].user).toBe('admin@acme.example');
  });

  it('filters by type and pages', async () => {
    const staging = await t.call('/api/v1/deployments/1/environments?type=staging');
    expect(staging.body.data.environments.map((e: {name: string}) => e.name)).toEqual(['staging']);
    expect(staging.body.pagination.total).toBe(1);
    const page = await t.call('/api/v1/deployments/1/environments?offset=1&limit=1');
    expect(page.body.data.environments.map((e: {type: string}) => e.type)).toEqual(['staging']);
    expect(page.body.pagination).toEqual({offset: 1, limit: 1, total: 3});
  });
});

describe('POST …/environments/{env}/tokens-for-meta-sync', () => {
  const path = '/api/v1/deployments/1/environments/2/tokens-for-meta-sync';

  it('issues an HS256 JWT carrying the security context, env, deployment and meta scope; default 86400 s', async () => {
    const res = await t.call(path, {method: 'POST', json: {security_context: {tenant: 'north'}}});
    expect(res.status).toBe(200);
    const {token, created_at, expires_at} = res.body.data;
    expect(created_at).toBe(new Date(TEST_EPOCH).toISOString());
    expect(Date.parse(expires_at) - Date.parse(created_at)).toBe(86400_000);
    const {payload, protectedHeader} = await jwtVerify(token, t.ctx.jwtSecret, {currentDate: new Date(TEST_EPOCH)});
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({security_context: {tenant: 'north'}, deploymentId: 1, environmentId: 2, scope: 'meta'});
    expect(payload.exp! - payload.iat!).toBe(86400);
  });

  it('is listed with the environment tokens (its tail only, scope meta)', async () => {
    const res = await t.call(path, {method: 'POST', json: {security_context: {tenant: 'north'}}});
    const listed = await t.call('/api/v1/deployments/1/environments/2/tokens');
    expect(listed.status).toBe(200);
    expect(listed.body.pagination.total).toBe(1);
    expect(listed.body.items).toEqual([
      {token: `…${res.body.data.token.slice(-8)}`, security_context: {tenant: 'north'}, scopes: ['meta'], created_at: res.body.data.created_at, expires_at: res.body.data.expires_at},
    ]);
  });

  it('honours expires_in', async () => {
    const res = await t.call(path, {method: 'POST', json: {security_context: {}, expires_in: 120}});
    const claims = decodeJwt(res.body.data.token);
    expect(claims.exp! - claims.iat!).toBe(120);
  });

  it('takes expires_in as a number of seconds (spec): a fraction is rounded down, less than 1 second is refused', async () => {
    const res = await t.call(path, {method: 'POST', json: {security_context: {}, expires_in: 90.9}});
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.data.token);
    expect(claims.exp! - claims.iat!).toBe(90);
    const tooShort = await t.call(path, {method: 'POST', json: {security_context: {}, expires_in: 0.5}});
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error).toBe('expires_in: must be at least 1 second');
  });

  it('an environment of another deployment → 404', async () => {
    const res = await t.call('/api/v1/deployments/1/environments/4/tokens-for-meta-sync', {method: 'POST', json: {security_context: {}}});
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/environment 4/);
  });

  it('a meta token is not a management credential (valid, wrong kind: 403 naming what to use)', async () => {
    const res = await t.call(path, {method: 'POST', json: {security_context: {}}});
    const refused = await t.call('/api/v1/deployments', {key: res.body.data.token});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/metadata token is valid only for the metadata API: use an API key/);
  });
});

describe('POST …/token', () => {
  it('works with an empty body (Content-Length 0) and defaults to 24 h', async () => {
    const res = await t.call('/api/v1/deployments/1/token', {method: 'POST', headers: {'content-length': '0'}});
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.cubeApiToken);
    expect(claims).toMatchObject({deploymentId: 1, scope: 'data'});
    expect(claims.exp! - claims.iat!).toBe(86400);
  });

  it('takes expiresIn 60..86400', async () => {
    const res = await t.call('/api/v1/deployments/1/token', {method: 'POST', json: {expiresIn: 60}});
    const claims = decodeJwt(res.body.cubeApiToken);
    expect(claims.exp! - claims.iat!).toBe(60);
  });
});
