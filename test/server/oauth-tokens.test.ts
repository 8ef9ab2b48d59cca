// OAuth integrations, users' tokens for them (through initiate and the provider's redirect), OIDC token
// configs and telemetry intake, over HTTP against the in-process app.
import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

const INTEGRATION = {
  name: 'GitHub',
  type: 'github',
  authUrl: 'https://github.example/login/oauth/authorize',
  tokenUrl: 'https://github.example/login/oauth/access_token',
  clientId: 'Iv1.abc',
  clientSecret: 'shh-very-secret',
  redirectUri: 'http://127.0.0.1:4400/oauth/callback',
  scopes: ['repo', 'read:org'],
};

async function createIntegration() {
  const res = await t.call('/api/v1/oauth-integrations', {method: 'POST', json: INTEGRATION});
  expect(res.status).toBe(200);
  return res.body as {id: number};
}

describe('OAuth integrations', () => {
  it('creates, lists (bare array), replaces and deletes, never showing the client secret', async () => {
    const created = await createIntegration();
    expect(created).toMatchObject({name: 'GitHub', type: 'github', clientId: 'Iv1.abc', scopes: ['repo', 'read:org']});
    const list = await t.call('/api/v1/oauth-integrations');
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain('shh-very-secret');
    const {clientSecret: _secret, ...rest} = INTEGRATION;
    const put = await t.call(`/api/v1/oauth-integrations/${created.id}`, {method: 'PUT', json: {...rest, name: 'GitHub Enterprise'}});
    expect(put).toMatchObject({status: 200, body: {name: 'GitHub Enterprise'}});
    expect((await t.call(`/api/v1/oauth-integrations/${created.id}`, {method: 'DELETE'})).body).toEqual({success: true});
    expect((await t.call(`/api/v1/oauth-integrations/${created.id}`)).status).toBe(404);
  });

  it('validates input and refuses a scoped key', async () => {
    const bad = await t.call('/api/v1/oauth-integrations', {method: 'POST', json: {...INTEGRATION, authUrl: 'not a url'}});
    expect(bad).toMatchObject({status: 400, body: {error: 'authUrl: must be an http(s) URL'}});
    const scoped = await t.call('/api/v1/oauth-integrations', {method: 'POST', json: INTEGRATION, key: t.scopedKey!});
    expect(scoped.status).toBe(403);
  });
});

describe('user OAuth tokens', () => {
  it('initiates, completes through the redirect, shows expiries but no token value, and revokes', async () => {
    const {id} = await createIntegration();
    expect((await t.call(`/api/v1/user-oauth-tokens/${id}`)).status).toBe(404);
    const started = await t.call(`/api/v1/user-oauth-tokens/${id}/initiate`, {method: 'POST'});
    expect(started.status).toBe(200);
    const url = new URL(started.body.authorizationUrl);
    expect(url.origin + url.pathname).toBe(INTEGRATION.authUrl);
    expect(url.searchParams.get('client_id')).toBe('Iv1.abc');
    expect(url.searchParams.get('scope')).toBe('repo read:org');
    expect(started.body.token).toMatchObject({integrationId: id, status: 'pending', userId: 1});

    const state = url.searchParams.get('state')!;
    const back = await t.app.request(`/oauth/callback?state=${state}&code=abc`);
    expect(back.status).toBe(200);
    expect((await t.app.request(`/oauth/callback?state=${state}&code=abc`)).status).toBe(400);

    const token = await t.call(`/api/v1/user-oauth-tokens/${id}`);
    expect(token.body).toMatchObject({status: 'active', integrationId: id, lastError: null});
    expect(Date.parse(token.body.accessTokenExpiresAt) - Date.parse(token.body.updatedAt)).toBe(3600_000);
    expect(Object.keys(token.body).sort()).toEqual(
      ['accessTokenExpiresAt', 'createdAt', 'id', 'integrationId', 'lastError', 'refreshTokenExpiresAt', 'status', 'updatedAt', 'userId'],
    );
    const list = await t.call('/api/v1/user-oauth-tokens');
    expect(list.body).toHaveLength(1);
    // Not in the route table with a trailing slash: 404, as under the platform's strict routing.
    expect((await t.call('/api/v1/user-oauth-tokens/')).status).toBe(404);
    expect((await t.call(`/api/v1/user-oauth-tokens/${id}`, {method: 'DELETE'})).body).toEqual({success: true});
    expect((await t.call('/api/v1/user-oauth-tokens')).body).toEqual([]);
  });

  it('records a provider refusal as lastError', async () => {
    const {id} = await createIntegration();
    const started = await t.call(`/api/v1/user-oauth-tokens/${id}/initiate`, {method: 'POST'});
    const state = new URL(started.body.authorizationUrl).searchParams.get('state')!;
    await t.app.request(`/oauth/callback?state=${state}&error=access_denied&error_description=user+said+no`);
    expect((await t.call(`/api/v1/user-oauth-tokens/${id}`)).body).toMatchObject({status: 'error', lastError: {error: 'access_denied', description: 'user said no'}});
  });

  it('answers 404 for an unknown integration', async () => {
    expect((await t.call('/api/v1/user-oauth-tokens/99/initiate', {method: 'POST'})).body).toEqual({error: 'OAuth integration 99 not found'});
  });
});

describe('OIDC token configs', () => {
  it('derives the audience, enforces unique names and updates partially', async () => {
    const a = await t.call('/api/v1/oidc-token-configs', {method: 'POST', json: {audienceType: 'default', name: 'aws', targetEnvVar: 'AWS_WEB_IDENTITY_TOKEN'}});
    expect(a.body).toMatchObject({name: 'aws', audience: 'http://127.0.0.1:4400', isEnabled: true, targetEnvVar: 'AWS_WEB_IDENTITY_TOKEN'});
    const dup = await t.call('/api/v1/oidc-token-configs', {method: 'POST', json: {audienceType: 'default', name: 'aws'}});
    expect(dup.status).toBe(409);
    const custom = await t.call('/api/v1/oidc-token-configs', {method: 'POST', json: {audienceType: 'custom'}});
    expect(custom.body).toEqual({error: 'customAudience is required when audienceType is custom'});
    const upd = await t.call(`/api/v1/oidc-token-configs/${a.body.id}`, {method: 'PUT', json: {isEnabled: false, targetEnvVar: null}});
    expect(upd.body).toMatchObject({name: 'aws', isEnabled: false, targetEnvVar: null});
    const bad = await t.call(`/api/v1/oidc-token-configs/${a.body.id}`, {method: 'PUT', json: {targetEnvVar: 'lower'}});
    expect(bad.status).toBe(400);
    expect((await t.call('/api/v1/oidc-token-configs')).body).toHaveLength(1);
  });
});

describe('telemetry intake', () => {
  const event = {
    event: 'svc command',
    command: 'deployments',
    success: true,
    cliVersion: '0.1.0',
    platform: 'linux',
    arch: 'x64',
    anonymousId: 'a'.repeat(64),
    clientTimestamp: '2026-06-01T09:00:00.000Z',
  };

  it('takes a batch without a credential and shows it to the admin', async () => {
    expect((await t.call('/telemetry', {method: 'POST', key: null, json: [event]})).status).toBe(204);
    const seen = await t.call('/api/v1/telemetry/events');
    expect(seen.body).toEqual([{...event, receivedAt: '2026-06-01T09:00:00.000Z'}]);
    expect((await t.call('/api/v1/telemetry/events', {key: null})).status).toBe(401);
  });

  it('refuses fields outside the event shape', async () => {
    const res = await t.call('/telemetry', {method: 'POST', key: null, json: [{...event, args: ['--token', 'x']}]});
    expect(res.status).toBe(400);
    expect((await t.call('/api/v1/telemetry/events')).body).toEqual([]);
  });
});
