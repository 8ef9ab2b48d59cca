// The device authorization grant (RFC 8628) and refresh, over HTTP against the in-process app on a manual clock:
// pending, slow_down, denial, expiry, approval through the HTML page, single use, rotation of refresh tokens.
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {testApp, type TestApp} from '../helpers/startService.js';

const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
let t: TestApp;

beforeEach(() => {
  t = testApp('demo');
});
afterEach(() => t.close());

async function form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  // A client on this machine sends the service's own Host; every device-flow endpoint answers no other.
  const res = await t.app.request(path, {method: 'POST', body: new URLSearchParams(fields), headers: {host: '127.0.0.1:4400', ...headers}});
  const text = await res.text();
  return {status: res.status, text, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined};
}

const start = () => form('/auth/device/code', {client_id: 'svc-cli'});
const poll = (deviceCode: string) => form('/auth/device/token', {grant_type: GRANT, device_code: deviceCode, client_id: 'svc-cli'});
// The approval page answers only to its loopback address and its own origin, and approving takes a credential.
const HOST = {host: '127.0.0.1:4400'};
const SAME_ORIGIN = {...HOST, origin: 'http://127.0.0.1:4400'};
const showPage = (query = '') => t.app.request(`/device${query}`, {headers: HOST});
const decide = (userCode: string, decision: string, headers: Record<string, string> = SAME_ORIGIN, credential = t.adminKey) =>
  form('/device', {user_code: userCode, decision, ...(decision === 'approve' ? {credential} : {})}, headers);

describe('device authorization', () => {
  it('issues a device code, a readable user code and the verification URIs', async () => {
    const {status, body} = await start();
    expect(status).toBe(200);
    expect(body).toMatchObject({expires_in: 900, interval: 5, verification_uri: 'http://127.0.0.1:4400/device'});
    expect(body.user_code).toMatch(/^[B-Z]{4}-[B-Z]{4}$/);
    expect(body.verification_uri_complete).toBe(`http://127.0.0.1:4400/device?user_code=${body.user_code}`);
    expect(body.device_code.length).toBeGreaterThanOrEqual(40);
  });

  it('needs a client_id', async () => {
    expect(await form('/auth/device/code', {})).toMatchObject({status: 400, body: {error: 'invalid_request'}});
  });

  it('answers authorization_pending, then slow_down when polled faster than the interval', async () => {
    const {body} = await start();
    expect((await poll(body.device_code)).body.error).toBe('authorization_pending');
    t.clock.advance(2000);
    const fast = await poll(body.device_code);
    expect(fast).toMatchObject({status: 400, body: {error: 'slow_down'}});
    expect(fast.body.error_description).toBe('poll at most every 10 seconds');
    t.clock.advance(10_000);
    expect((await poll(body.device_code)).body.error).toBe('authorization_pending');
  });

  it('reports a denial as access_denied', async () => {
    const {body} = await start();
    const page = await decide(body.user_code.toLowerCase().replace('-', ''), 'deny');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Denied');
    expect((await poll(body.device_code)).body).toMatchObject({error: 'access_denied'});
  });

  it('expires an unapproved code after 15 minutes, and the page refuses it', async () => {
    const {body} = await start();
    t.clock.advance(900_000);
    expect((await poll(body.device_code)).body).toMatchObject({error: 'expired_token'});
    const page = await showPage(`?user_code=${body.user_code}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('That code has expired');
  });

  it('rejects an unknown device code and a wrong grant type', async () => {
    expect((await poll('nope')).body.error).toBe('invalid_grant');
    const {body} = await start();
    expect((await form('/auth/device/token', {grant_type: 'password', device_code: body.device_code, client_id: 'svc-cli'})).body.error).toBe(
      'unsupported_grant_type',
    );
  });

  it('a missing grant_type is invalid_request (RFC 6749 §5.2), on the token and the refresh endpoint', async () => {
    for (const path of ['/auth/device/token', '/auth/oauth2/refresh']) {
      const res = await form(path, {refresh_token: 'x', client_id: 'svc-cli'});
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({error: 'invalid_request', error_description: 'grant_type is required'});
    }
  });
});

describe('approval and tokens', () => {
  async function approved() {
    const {body} = await start();
    const page = await showPage(`?user_code=${body.user_code}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`<code id="user-code">${body.user_code}</code>`);
    expect(html).toMatch(/<button type="submit" name="decision" value="approve">Approve<\/button>/);
    expect(html).toMatch(/<input type="password" name="credential"/);
    expect((await decide(body.user_code, 'approve')).text).toContain('Signed in as admin@acme.example');
    t.clock.advance(5000);
    const tokens = await poll(body.device_code);
    expect(tokens.status).toBe(200);
    return {tokens: tokens.body, deviceCode: body.device_code as string};
  }

  it('exchanges an approved code once for an access token that works on the API', async () => {
    const {tokens, deviceCode} = await approved();
    expect(tokens).toMatchObject({token_type: 'Bearer', expires_in: 3600, tenantUrl: 'http://127.0.0.1:4400'});
    expect(tokens.accessToken).toBe(tokens.access_token);
    expect(tokens.refreshToken).toBe(tokens.refresh_token);
    const me = await t.call('/api/v1/users/me', {key: tokens.access_token});
    expect(me).toMatchObject({status: 200, body: {email: 'admin@acme.example', credential: {type: 'access-token'}}});
    t.clock.advance(5000);
    expect((await poll(deviceCode)).body.error).toBe('invalid_grant');
  });

  it('expires the access token and rotates the refresh token', async () => {
    const {tokens} = await approved();
    t.clock.advance(3601_000);
    const expired = await t.call('/api/v1/users/me', {key: tokens.access_token});
    expect(expired).toMatchObject({status: 401, body: {error: 'access token expired'}});
    const refreshed = await form('/auth/oauth2/refresh', {grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'svc-cli'});
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await t.call('/api/v1/users/me', {key: refreshed.body.access_token})).status).toBe(200);
    const again = await form('/auth/oauth2/refresh', {grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'svc-cli'});
    expect(again).toMatchObject({status: 400, body: {error: 'invalid_grant'}});
  });

  it('revocation (RFC 7009): a refresh token ends its sign-in; unknown tokens answer 200; what it cannot revoke it says', async () => {
    const revoke = (fields: Record<string, string>) => form('/auth/oauth2/revoke', fields);
    expect(await revoke({})).toMatchObject({status: 400, body: {error: 'invalid_request', error_description: 'token is required'}});
    expect(await revoke({token: 'never-issued', token_type_hint: 'refresh_token'})).toMatchObject({status: 200, body: {}});
    const {tokens} = await approved();
    // Only the client the token was issued to may revoke it (§2.1).
    expect(await revoke({token: tokens.refresh_token, client_id: 'another-client'})).toMatchObject({status: 400, body: {error: 'unauthorized_client'}});
    expect((await t.call('/api/v1/users/me', {key: tokens.access_token})).status).toBe(200);
    const done = await revoke({token: tokens.refresh_token, token_type_hint: 'access_token', client_id: 'svc-cli'});
    expect(done.status).toBe(200);
    expect(await t.call('/api/v1/users/me', {key: tokens.access_token})).toMatchObject({status: 401, body: {error: 'access token revoked: the sign-in it came from ended'}});
    const refreshed = await form('/auth/oauth2/refresh', {grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'svc-cli'});
    expect(refreshed).toMatchObject({status: 400, body: {error: 'invalid_grant', error_description: 'this sign-in was revoked; sign in again'}});
    expect((await revoke({token: tokens.refresh_token})).status).toBe(200);
    // Each revocation is an audit event, and the token in it is redacted.
    const events = t.ctx.db.prepare("SELECT data FROM audit_events WHERE name = 'token.revoke'").pluck().all() as string[];
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.join('\n')).not.toContain(tokens.refresh_token);
    // A data token comes from no sign-in: it cannot be revoked one by one, and the answer says so.
    const data = await t.call('/api/v1/deployments/1/token', {method: 'POST'});
    expect(await revoke({token: data.body.cubeApiToken})).toMatchObject({status: 400, body: {error: 'unsupported_token_type'}});
  });

  it('refuses an approval posted from another site, and a second decision', async () => {
    const {body} = await start();
    const csrf = await decide(body.user_code, 'approve', {...HOST, origin: 'https://evil.example'});
    expect(csrf.status).toBe(403);
    expect((await poll(body.device_code)).body.error).toBe('authorization_pending');
    await decide(body.user_code, 'deny');
    const second = await decide(body.user_code, 'approve');
    expect(second.status).toBe(400);
    expect(second.text).toContain('already used');
  });

  it('shows a code entry form without a code and escapes what it echoes', async () => {
    const blank = await showPage();
    expect(await blank.text()).toContain('<input name="user_code"');
    const bad = await showPage('?user_code=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain('<script>');
  });
});
