// Signing a context out (`svc logout`, the console's Contexts delete): the saved credentials go, and a browser
// sign-in is ended at its service through the revocation endpoint its metadata names (RFC 7009), so the refresh
// token left behind in a copy, a backup or a log no longer works. Against the real local service, on loopback.
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {OAuthError, pollDeviceToken, refreshAccessToken, requestDeviceCode, type TokenSet} from '../../src/api/oauth.js';
import {saveContext, signOutContext} from '../../src/config/contexts.js';
import {readConfigFile} from '../../src/config/file.js';
import type {RunningService} from '../../src/server/index.js';
import {startCliService} from '../helpers/cliInProcess.js';
import {json, stubsPerTest} from '../helpers/httpStub.js';
import {tempConfigDirPerTest} from '../helpers/tempConfigDir.js';

const CLIENT = {clientId: 'svc-cli'};
let s: RunningService;
const stub = stubsPerTest();

beforeAll(async () => {
  // On real time (the device flow's codes and tokens), from the worker's real-time image instead of a seed of its own.
  s = await startCliService();
}, 30_000);
afterAll(() => s?.close());
const configDir = tempConfigDirPerTest('svc-signout-');

/** A device sign-in approved on the service's page with the admin key; one poll after it (the code is approved). */
async function signIn(): Promise<TokenSet> {
  const device = await requestDeviceCode(s.url, CLIENT);
  const approved = await fetch(`${s.url}/device`, {
    method: 'POST',
    headers: {origin: s.url},
    body: new URLSearchParams({user_code: device.userCode, decision: 'approve', credential: s.adminKey}),
  });
  expect(approved.status).toBe(200);
  return pollDeviceToken(s.url, CLIENT, device.deviceCode);
}

const me = async (token: string) => (await fetch(`${s.url}/api/v1/users/me`, {headers: {authorization: `Bearer ${token}`}})).status;

describe('signing a context out', () => {
  it('revokes a browser sign-in at its service: the saved refresh token and access token stop working', async () => {
    const tokens = await signIn();
    await saveContext('browser', {url: s.url, api_key: tokens.accessToken, refresh_token: tokens.refreshToken!});
    expect(await me(tokens.accessToken)).toBe(200);
    expect(await signOutContext('browser', CLIENT)).toEqual({removed: true, revocation: {revoked: true}});
    expect(readConfigFile(join(configDir(), 'config.toml')).contexts).toEqual({});
    expect(await me(tokens.accessToken)).toBe(401);
    const refused = await refreshAccessToken(s.url, CLIENT, tokens.refreshToken!).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(OAuthError);
    expect(refused).toMatchObject({code: 'invalid_grant'});
  });

  it('an API key is only forgotten: no request is made', async () => {
    const quiet = await stub({});
    await saveContext('key', {url: quiet.url, api_key: 'svc_key'});
    expect(await signOutContext('key', CLIENT)).toEqual({removed: true});
    expect(quiet.requests).toEqual([]);
  });

  it('a service that names no revocation endpoint, or one on another host: forgotten locally, the token sent nowhere, the reason given', async () => {
    const bare = await stub({});
    await saveContext('bare', {url: bare.url, api_key: 'a', refresh_token: 'r-bare'});
    const plain = await signOutContext('bare', CLIENT);
    expect(plain).toEqual({removed: true, revocation: {revoked: false, reason: `${bare.url} names no revocation endpoint`}});
    expect(bare.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /.well-known/oauth-authorization-server']);

    const elsewhere = await stub({'/.well-known/oauth-authorization-server': (_req, res) => json(res, 200, {revocation_endpoint: `${s.url}/auth/oauth2/revoke`})});
    await saveContext('elsewhere', {url: elsewhere.url, api_key: 'a', refresh_token: 'r-elsewhere'});
    const refused = await signOutContext('elsewhere', CLIENT);
    expect(refused.revocation).toMatchObject({revoked: false, reason: expect.stringContaining('on another host')});
    expect(elsewhere.requests).toHaveLength(1);
    expect(readConfigFile(join(configDir(), 'config.toml')).contexts).toEqual({});
  });
});
