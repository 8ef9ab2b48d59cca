// The tenant's OAuth endpoints used by the command-line client: device authorization (RFC 8628), refresh, and
// revocation (RFC 7009) where the tenant's metadata names it.
// They take form bodies and answer OAuth error bodies, unlike /api/v1, so they use fetch directly.
import {isRedirect, nextLocation} from './redirect.js';
import {VERSION} from '../version.js';
import {oneLine} from './errors.js';
import {safeLine} from '../lib/safeText.js';
import {checkBaseUrl} from '../lib/url.js';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const REQUEST_TIMEOUT_MS = 30_000;

export interface OAuthClient {
  clientId: string;
  clientSecret?: string;
  scope?: string;
}

/** SVC_OAUTH_CLIENT_ID (default `svc-cli`), SVC_OAUTH_CLIENT_SECRET and SVC_OAUTH_SCOPE. */
export function oauthClientFromEnv(env: NodeJS.ProcessEnv = process.env): OAuthClient {
  const client: OAuthClient = {clientId: env.SVC_OAUTH_CLIENT_ID || 'svc-cli'};
  if (env.SVC_OAUTH_CLIENT_SECRET) client.clientSecret = env.SVC_OAUTH_CLIENT_SECRET;
  if (env.SVC_OAUTH_SCOPE) client.scope = env.SVC_OAUTH_SCOPE;
  return client;
}

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  expiresIn: number;
  interval: number;
}

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  tenantUrl?: string;
}

/** An OAuth error answer (`{error, error_description}`), or a failure to get one; the server's words made inert. */
export class OAuthError extends Error {
  readonly code: string;
  readonly description: string;

  constructor(code: string, description: string, readonly status: number) {
    const inert = {code: safeLine(code), description: safeLine(description)};
    super(inert.description === '' ? inert.code : `${inert.code} (${inert.description})`);
    this.name = 'OAuthError';
    this.code = inert.code;
    this.description = inert.description;
  }
}

async function postForm(baseUrl: string, path: string, fields: Record<string, string | undefined>, timeoutMs = REQUEST_TIMEOUT_MS): Promise<{status: number; text: string}> {
  checkBaseUrl(baseUrl);
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, v);
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: {accept: 'application/json', 'user-agent': `svc/${VERSION}`},
    signal: AbortSignal.timeout(timeoutMs),
    // Codes and refresh tokens are never carried along a redirect (api/redirect.ts): a 3xx is an error here.
    redirect: 'manual',
  });
  if (isRedirect(res.status)) {
    await res.body?.cancel().catch(() => undefined);
    nextLocation(`${baseUrl}${path}`, res.status, res.headers.get('location'), 'POST', true, 0);
  }
  return {status: res.status, text: await res.text()};
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const posNum = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback);

function toOAuthError(status: number, text: string): OAuthError {
  const body = parseObject(text);
  const code = str(body?.error);
  if (code) return new OAuthError(code, str(body?.error_description) ?? '', status);
  return new OAuthError(`http_${status}`, oneLine(text, 200), status);
}

function toTokenSet(text: string): TokenSet {
  const body = parseObject(text) ?? {};
  const accessToken = str(body.accessToken) ?? str(body.access_token);
  if (!accessToken) throw new OAuthError('invalid_response', 'the answer carried no access token', 200);
  const out: TokenSet = {accessToken};
  const refreshToken = str(body.refreshToken) ?? str(body.refresh_token);
  if (refreshToken) out.refreshToken = refreshToken;
  const tenantUrl = str(body.tenantUrl) ?? str(body.tenant_url);
  if (tenantUrl) out.tenantUrl = tenantUrl;
  return out;
}

export async function requestDeviceCode(baseUrl: string, client: OAuthClient): Promise<DeviceAuthorization> {
  const endpoint = `${baseUrl}/auth/device/code`;
  checkBaseUrl(baseUrl);
  let answer: {status: number; text: string};
  try {
    answer = await postForm(baseUrl, '/auth/device/code', {client_id: client.clientId, client_secret: client.clientSecret, scope: client.scope});
  } catch (err) {
    const cause = (err as Error & {cause?: unknown}).cause;
    throw new Error(`device authorization request to ${endpoint} failed: ${cause instanceof Error ? cause.message : (err as Error).message}`);
  }
  const {status, text} = answer;
  const body = status >= 200 && status < 300 ? parseObject(text) : undefined;
  const deviceCode = str(body?.device_code);
  const userCode = str(body?.user_code);
  const verificationUri = str(body?.verification_uri);
  if (!body || !deviceCode || !userCode || !verificationUri) {
    throw new Error(`device authorization request failed (${status}) at ${endpoint}: ${oneLine(text, 300) || 'no device code in the answer'}`);
  }
  const out: DeviceAuthorization = {
    deviceCode,
    userCode,
    verificationUri,
    expiresIn: posNum(body.expires_in, 900),
    interval: posNum(body.interval, 5),
  };
  const complete = str(body.verification_uri_complete);
  if (complete) out.verificationUriComplete = complete;
  return out;
}

/** One poll: the tokens, or an OAuthError (`authorization_pending`, `slow_down`, …). Network errors propagate. */
export async function pollDeviceToken(baseUrl: string, client: OAuthClient, deviceCode: string): Promise<TokenSet> {
  const {status, text} = await postForm(baseUrl, '/auth/device/token', {
    grant_type: DEVICE_GRANT,
    device_code: deviceCode,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  // A server error is a hiccup like a dropped connection: not an OAuthError, so the poller keeps going.
  if (status >= 500) throw new Error(`the token endpoint answered ${status}`);
  if (status < 200 || status >= 300) throw toOAuthError(status, text);
  return toTokenSet(text);
}

export async function refreshAccessToken(baseUrl: string, client: OAuthClient, refreshToken: string): Promise<TokenSet> {
  const {status, text} = await postForm(baseUrl, '/auth/oauth2/refresh', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  if (status < 200 || status >= 300) throw toOAuthError(status, text);
  return toTokenSet(text);
}

/** How long signing out may take: it is a courtesy to the server, the local credentials go either way. */
const REVOKE_TIMEOUT_MS = 5_000;

export type Revocation = {revoked: true} | {revoked: false; reason: string};

/** The `revocation_endpoint` of the tenant's RFC 8414 metadata, if it names one. */
async function revocationEndpoint(baseUrl: string): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}/.well-known/oauth-authorization-server`, {
    headers: {accept: 'application/json', 'user-agent': `svc/${VERSION}`},
    signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    redirect: 'manual',
  });
  const text = await res.text();
  return res.ok ? str(parseObject(text)?.revocation_endpoint) : undefined;
}

/**
 * Ends a device sign-in at the tenant (RFC 7009): the refresh token goes to the revocation endpoint the tenant's
 * metadata names, and only when that endpoint is on the tenant's own origin (a token is never sent to another
 * host). A tenant that names none, or cannot be reached, leaves the sign-in alive until its token expires: the
 * reason says so. Never throws.
 */
export async function revokeRefreshToken(baseUrl: string, client: OAuthClient, refreshToken: string): Promise<Revocation> {
  const origin = new URL(baseUrl).origin;
  try {
    const endpoint = await revocationEndpoint(baseUrl);
    if (endpoint === undefined) return {revoked: false, reason: `${baseUrl} names no revocation endpoint`};
    const url = new URL(endpoint, baseUrl);
    if (url.origin !== origin) return {revoked: false, reason: `its revocation endpoint is on another host (${safeLine(url.origin)}); the token was not sent there`};
    const fields = {token: refreshToken, token_type_hint: 'refresh_token', client_id: client.clientId, client_secret: client.clientSecret};
    const {status, text} = await postForm(origin, `${url.pathname}${url.search}`, fields, REVOKE_TIMEOUT_MS);
    return status === 200 ? {revoked: true} : {revoked: false, reason: toOAuthError(status, text).message};
  } catch (err) {
    const cause = (err as Error & {cause?: unknown}).cause;
    return {revoked: false, reason: `could not reach ${baseUrl}: ${safeLine(cause instanceof Error ? cause.message : (err as Error).message)}`};
  }
}
