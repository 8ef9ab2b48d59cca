// Browser sign-in for the command-line client: the OAuth 2.0 device authorization grant (RFC 8628) and token
// refresh. These live outside /api/v1 (no credential yet), take form bodies and answer OAuth error bodies
// (`{error, error_description}`, RFC 6749 §5.2) rather than the management API's `{error}`, so the handlers read
// the form themselves instead of declaring it for validation (which would answer `{error}` alone).
import {createRoute} from '@hono/zod-openapi';
import type {Context} from 'hono';
import {DeviceAuthorizationResponse, OAuthErrorBody, OAuthTokenResponse} from '../../../contract/oauth.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {signAccessToken} from '../../tokens.js';
import {
  consumeDeviceCode,
  findDeviceCode,
  findRefreshToken,
  insertDeviceCode,
  insertRefreshToken,
  recordPoll,
  spendRefreshToken,
} from '../../store/deviceCodes.js';
import {findUser} from '../../store/users.js';
import {registerApprovePage} from '../../web/approvePage.js';
import {json} from '../shared.js';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export interface DeviceSettings {
  /** Access token lifetime; short so that refresh is exercised (tests set a few seconds). */
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  codeTtlSeconds: number;
  intervalSeconds: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && /^\d{1,7}$/.test(value) && n > 0 ? n : fallback;
};

/** Defaults, overridable (seconds) by SVC_SERVER_ACCESS_TOKEN_TTL, SVC_SERVER_DEVICE_CODE_TTL and SVC_SERVER_DEVICE_INTERVAL. */
export function deviceSettings(env: NodeJS.ProcessEnv = process.env): DeviceSettings {
  return {
    accessTtlSeconds: positive(env.SVC_SERVER_ACCESS_TOKEN_TTL, 3600),
    refreshTtlSeconds: 30 * 86400,
    codeTtlSeconds: positive(env.SVC_SERVER_DEVICE_CODE_TTL, 900),
    intervalSeconds: positive(env.SVC_SERVER_DEVICE_INTERVAL, 5),
  };
}

/** Form fields (the standard) or a JSON object (lenient), as strings. */
async function readFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  let raw: Record<string, unknown> = {};
  try {
    if (/json/i.test(type)) raw = ((await c.req.json()) ?? {}) as Record<string, unknown>;
    else if (/form/i.test(type)) raw = await c.req.parseBody();
  } catch {
    raw = {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') out[k] = v;
  return out;
}

function oauthError(c: Context, error: string, description: string) {
  c.header('cache-control', 'no-store');
  return {error, error_description: description};
}

function oauthRoute<T extends typeof DeviceAuthorizationResponse | typeof OAuthTokenResponse>(
  path: string,
  operationId: string,
  summary: string,
  description: string,
  ok: T,
) {
  return createRoute({
    method: 'post',
    path,
    operationId,
    summary,
    description,
    tags: ['Device Authorization'],
    security: [],
    responses: {200: json(ok, 'success'), 400: json(OAuthErrorBody, 'an OAuth error (RFC 6749 §5.2, RFC 8628 §3.5)')},
  });
}

async function issueTokens(ctx: ServiceContext, s: DeviceSettings, userId: number, clientId: string) {
  const access = await signAccessToken(ctx, userId, s.accessTtlSeconds);
  const refresh = insertRefreshToken(ctx.db, {userId, clientId, now: ctx.clock.now(), ttlSeconds: s.refreshTtlSeconds});
  return {
    access_token: access.token,
    accessToken: access.token,
    refresh_token: refresh,
    refreshToken: refresh,
    token_type: 'Bearer' as const,
    expires_in: s.accessTtlSeconds,
    tenantUrl: ctx.baseUrl,
  };
}

export const register: RouteGroup = (app, ctx) => {
  const s = deviceSettings();
  const codeRoute = oauthRoute('/auth/device/code', 'requestDeviceCode', 'Start a device sign-in (RFC 8628)', 'Form body: client_id.', DeviceAuthorizationResponse);
  const tokenRoute = oauthRoute(
    '/auth/device/token',
    'pollDeviceToken',
    'Exchange an approved device code for tokens',
    `Form body: grant_type=${DEVICE_GRANT}, device_code, client_id. Polling faster than the interval answers slow_down.`,
    OAuthTokenResponse,
  );
  const refreshRoute = oauthRoute(
    '/auth/oauth2/refresh',
    'refreshAccessToken',
    'Refresh an access token (the refresh token rotates: each works once)',
    'Form body: grant_type=refresh_token, refresh_token, client_id.',
    OAuthTokenResponse,
  );

  app.openapi(codeRoute, async (c) => {
    const f = await readFields(c);
    if (!f.client_id) return c.json(oauthError(c, 'invalid_request', 'client_id is required'), 400);
    const {deviceCode, userCode} = insertDeviceCode(ctx.db, {
      clientId: f.client_id,
      now: ctx.clock.now(),
      ttlSeconds: s.codeTtlSeconds,
      intervalSeconds: s.intervalSeconds,
    });
    const verification = `${ctx.baseUrl}/device`;
    c.header('cache-control', 'no-store');
    const answer = {
      device_code: deviceCode,
      user_code: userCode,
      verification_uri: verification,
      verification_uri_complete: `${verification}?user_code=${userCode}`,
      expires_in: s.codeTtlSeconds,
      interval: s.intervalSeconds,
    };
    return c.json(answer, 200);
  });

  app.openapi(tokenRoute, async (c) => {
    const fail = (error: string, description: string) => c.json(oauthError(c, error, description), 400);
    const f = await readFields(c);
    if (f.grant_type !== DEVICE_GRANT) return fail('unsupported_grant_type', `grant_type must be ${DEVICE_GRANT}`);
    if (!f.device_code || !f.client_id) return fail('invalid_request', 'device_code and client_id are required');
    const row = findDeviceCode(ctx.db, f.device_code);
    if (!row || row.client_id !== f.client_id) return fail('invalid_grant', 'unknown device code');
    const now = ctx.clock.now();
    if (row.status === 'used') return fail('invalid_grant', 'this device code was already exchanged');
    if (now >= row.expires_at) return fail('expired_token', 'the device code expired before it was authorized');
    if (row.status === 'denied') return fail('access_denied', 'the request was denied in the browser');
    // RFC 8628 §3.5: a client polling faster than the interval is told to slow down, and the interval grows by 5 s.
    const tooSoon = row.last_poll_at !== null && now - row.last_poll_at < row.interval_s * 1000;
    const interval = tooSoon ? row.interval_s + 5 : row.interval_s;
    recordPoll(ctx.db, row.device_code_hash, now, interval);
    if (tooSoon) return fail('slow_down', `poll at most every ${interval} seconds`);
    if (row.status === 'pending') return fail('authorization_pending', 'waiting for approval in the browser');
    if (row.user_id === null || !findUser(ctx.db, row.user_id) || !consumeDeviceCode(ctx.db, row.device_code_hash)) {
      return fail('invalid_grant', 'this device code was already exchanged');
    }
    c.header('cache-control', 'no-store');
    return c.json(await issueTokens(ctx, s, row.user_id, row.client_id), 200);
  });

  app.openapi(refreshRoute, async (c) => {
    const fail = (error: string, description: string) => c.json(oauthError(c, error, description), 400);
    const f = await readFields(c);
    if (f.grant_type !== 'refresh_token') return fail('unsupported_grant_type', 'grant_type must be refresh_token');
    if (!f.refresh_token || !f.client_id) return fail('invalid_request', 'refresh_token and client_id are required');
    const row = findRefreshToken(ctx.db, f.refresh_token);
    const now = ctx.clock.now();
    if (!row || row.client_id !== f.client_id) return fail('invalid_grant', 'unknown refresh token');
    if (row.used_at !== null) return fail('invalid_grant', 'this refresh token was already used; sign in again');
    if (now >= row.expires_at) return fail('invalid_grant', 'the refresh token expired; sign in again');
    if (!findUser(ctx.db, row.user_id) || !spendRefreshToken(ctx.db, row.token_hash, now)) {
      return fail('invalid_grant', 'this refresh token was already used; sign in again');
    }
    c.header('cache-control', 'no-store');
    return c.json(await issueTokens(ctx, s, row.user_id, row.client_id), 200);
  });

  registerApprovePage(app, ctx);
};
