// An independent OAuth client as the oracle: openid-client (on oauth4webapi) signs in with the device flow,
// refreshes and revokes, finding every endpoint through discovery (its OpenID Connect default, and RFC 8414), with
// nothing special-cased for this service.
// The one setting is a transport one: the service is plain http on loopback, which openid-client refuses unless
// told (`allowInsecureRequests`). The approval in between is what a person does on the page: paste a key.
import * as oidc from 'openid-client';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {startTestService} from '../helpers/startService.js';

let s: RunningService;

beforeAll(async () => {
  // The device-code poll interval is read when the app is built; one second keeps the test short.
  const before = process.env.SVC_SERVER_DEVICE_INTERVAL;
  process.env.SVC_SERVER_DEVICE_INTERVAL = '1';
  try {
    s = await startTestService();
  } finally {
    if (before === undefined) delete process.env.SVC_SERVER_DEVICE_INTERVAL;
    else process.env.SVC_SERVER_DEVICE_INTERVAL = before;
  }
}, 30_000);
afterAll(() => s?.close());

async function approveInBrowser(verificationUriComplete: string, userCode: string, credential: string): Promise<number> {
  const page = await fetch(verificationUriComplete);
  expect(await page.text()).toContain(userCode);
  const decided = await fetch(new URL('/device', verificationUriComplete), {
    method: 'POST',
    headers: {origin: new URL(verificationUriComplete).origin},
    body: new URLSearchParams({user_code: userCode, decision: 'approve', credential}),
  });
  return decided.status;
}

// Each sign-in waits the one-second device-code interval before its first poll: the tests (each with sign-ins of its
// own) run at the same time, so their waits overlap. `expect` is each test's own (vitest's rule for concurrent tests).
describe.concurrent('openid-client drives the device flow and refresh through discovery', () => {
  it('discovers, signs in, uses the token, refreshes, and sees a replayed refresh token refused', async ({expect}) => {
    const config = await oidc.discovery(new URL(s.url), 'svc-cli', undefined, oidc.None(), {algorithm: 'oauth2', execute: [oidc.allowInsecureRequests]});
    const metadata = config.serverMetadata();
    expect(metadata.device_authorization_endpoint).toBe(`${s.url}/auth/device/code`);
    expect(metadata.token_endpoint).toBe(`${s.url}/auth/device/token`);

    const device = await oidc.initiateDeviceAuthorization(config, {});
    expect(device.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    const polling = oidc.pollDeviceAuthorizationGrant(config, device);
    expect(await approveInBrowser(device.verification_uri_complete!, device.user_code, s.adminKey)).toBe(200);
    const tokens = await polling;
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expiresIn()).toBeGreaterThan(0);
    const me = await fetch(`${s.url}/api/v1/users/me`, {headers: {authorization: `Bearer ${tokens.access_token}`}});
    expect(((await me.json()) as {email: string}).email).toBe('admin@acme.example');

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await fetch(`${s.url}/api/v1/users/me`, {headers: {authorization: `Bearer ${refreshed.access_token}`}})).status).toBe(200);

    // The rotated token, replayed: the client sees a standard invalid_grant, and the newer one is revoked too.
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({error: 'invalid_grant'});
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({error: 'invalid_grant'});
  }, 30_000);

  it('with its defaults (OpenID Connect discovery): signs in, refreshes, revokes, and the revoked sign-in is refused', async ({expect}) => {
    const config = await oidc.discovery(new URL(s.url), 'svc-cli', undefined, oidc.None(), {execute: [oidc.allowInsecureRequests]});
    expect(config.serverMetadata()).toMatchObject({issuer: s.url, revocation_endpoint: `${s.url}/auth/oauth2/revoke`});
    const signIn = async () => {
      const device = await oidc.initiateDeviceAuthorization(config, {});
      const polling = oidc.pollDeviceAuthorizationGrant(config, device);
      expect(await approveInBrowser(device.verification_uri_complete!, device.user_code, s.adminKey)).toBe(200);
      return polling;
    };
    const me = async (token: string) => (await fetch(`${s.url}/api/v1/users/me`, {headers: {authorization: `Bearer ${token}`}})).status;

    // Three sign-ins at once: each waits the one-second interval before its first poll, so their waits overlap.
    const [first, second, third] = await Promise.all([signIn(), signIn(), signIn()]);
    // A refresh token revoked: the sign-in ends, its access tokens with it.
    const refreshed = await oidc.refreshTokenGrant(config, first.refresh_token!);
    expect(await me(refreshed.access_token)).toBe(200);
    await oidc.tokenRevocation(config, refreshed.refresh_token!, {token_type_hint: 'refresh_token'});
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({error: 'invalid_grant'});
    expect(await me(refreshed.access_token)).toBe(401);
    // Revoking it again, or a token the service never issued, is not an error (RFC 7009 §2.2).
    await oidc.tokenRevocation(config, refreshed.refresh_token!);
    await oidc.tokenRevocation(config, 'never-issued');

    // An access token revoked ends its sign-in too: the refresh token no longer refreshes; another sign-in lives on.
    await oidc.tokenRevocation(config, second.access_token, {token_type_hint: 'access_token'});
    expect(await me(second.access_token)).toBe(401);
    await expect(oidc.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({error: 'invalid_grant'});
    expect(await me(third.access_token)).toBe(200);
    expect((await oidc.refreshTokenGrant(config, third.refresh_token!)).access_token).toBeTruthy();
  }, 30_000);

  it('a denied sign-in reaches the client as access_denied', async ({expect}) => {
    const config = await oidc.discovery(new URL(s.url), 'svc-cli', undefined, oidc.None(), {algorithm: 'oauth2', execute: [oidc.allowInsecureRequests]});
    const device = await oidc.initiateDeviceAuthorization(config, {});
    const polling = oidc.pollDeviceAuthorizationGrant(config, device);
    const denied = await fetch(`${s.url}/device`, {method: 'POST', headers: {origin: s.url}, body: new URLSearchParams({user_code: device.user_code, decision: 'deny'})});
    expect(denied.status).toBe(200);
    await expect(polling).rejects.toMatchObject({error: 'access_denied'});
  }, 30_000);
});
