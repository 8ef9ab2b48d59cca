// Browser sign-in for the command-line client: the OAuth 2.0 device authorization grant (RFC 8628) and token
// refresh. These live outside /api/v1 (no credential yet), take form bodies and answer OAuth error bodies
// (`{error, error_description}`, RFC 6749 §5.2) rather than the management API's `{error}`, so the handlers read
// the form themselves instead of declaring it for validation (which would answer `{error}` alone).
import {createRoute} from '@hono/zod-openapi';
import type {Context} from 'hono';
import {AuthorizationServerMetadata, DeviceAuthorizationResponse, OAuthErrorBody, OAuthTokenResponse} from '../../../contract/oauth.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {signAccessToken} from '../../tokens.js';
import {
  consumeDeviceCode,
  familyIsLive,
  findDeviceCode,
  insertFamily,
  revokeFamily,
  findRefreshToken,
  insertDeviceCode,
  insertRefreshToken,
  recordPoll,
  spendRefreshToken,
} from '../../store/deviceCodes.js';
import {findApiKey} from '../../store/apiKeys.js';
import {findUser} from '../../store/users.js';
import {registerApprovePage} from '../../web/approvePage.js';
import {BROWSER_FACING_PATHS, browserFacingGuard} from '../../web/browserFacing.js';
import {formBody} from '../../web/formBody.js';
import {json} from '../http.js';

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

/** Token answers and their errors are never cached (RFC 6749 §5.1). */
function noStore(c: Context): void {
  c.header('cache-control', 'no-store');
  c.header('pragma', 'no-cache');
}

function oauthError(c: Context, error: string, description: string) {
  noStore(c);
  return {error, error_description: description};
}

function oauthRoute<T extends typeof DeviceAuthorizationResponse | typeof OAuthTokenResponse>(
  path: string,
  operationId: string,
  summary: string,
  description: string,
  ok: T,
  body: ReturnType<typeof formBody>,
) {
  return createRoute({
    method: 'post',
    path,
    operationId,
    summary,
    description,
    tags: ['Device Authorization'],
    security: [],
    request: {body},
    responses: {200: json(ok, 'success'), 400: json(OAuthErrorBody, 'an OAuth error (RFC 6749 §5.2, RFC 8628 §3.5)')},
  });
}

/** Access token claims from the stored grant (the approver's key, scope and permissions) plus the family. */
function grantClaims(stored: string | null, family: string): Record<string, unknown> {
  return {...(stored ? (JSON.parse(stored) as Record<string, unknown>) : {}), fam: family};
}

async function issueTokens(ctx: ServiceContext, s: DeviceSettings, userId: number, clientId: string, stored: string | null, family: string) {
  const access = await signAccessToken(ctx, userId, s.accessTtlSeconds, grantClaims(stored, family));
  const refresh = insertRefreshToken(ctx.db, {userId, clientId, now: ctx.clock.now(), ttlSeconds: s.refreshTtlSeconds, family, claims: stored});
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
  // Every device-flow endpoint and the approval page: a foreign Host (DNS rebinding) is refused before anything else.
  for (const path of BROWSER_FACING_PATHS) app.use(path, browserFacingGuard(ctx));
  const s = deviceSettings();
  const codeRoute = oauthRoute(
    '/auth/device/code',
    'requestDeviceCode',
    'Start a device sign-in (RFC 8628)',
    'Form body: client_id (and an optional scope, ignored).',
    DeviceAuthorizationResponse,
    formBody({client_id: 'the client asking to sign in', scope: 'ignored: the token gets the rights of whoever approves'}, ['client_id']),
  );
  const tokenRoute = oauthRoute(
    '/auth/device/token',
    'pollDeviceToken',
    'The token endpoint: exchange an approved device code, or a refresh token, for tokens',
    `Form body: grant_type=${DEVICE_GRANT} with device_code and client_id (polling faster than the interval answers slow_down), ` +
      'or grant_type=refresh_token with refresh_token and client_id (RFC 6749 §6; the refresh token rotates).',
    OAuthTokenResponse,
    formBody(
      {
        grant_type: `${DEVICE_GRANT} or refresh_token`,
        device_code: `with grant_type=${DEVICE_GRANT}: the device_code of the device authorization answer`,
        refresh_token: 'with grant_type=refresh_token: the latest refresh token',
        client_id: 'the client_id the sign-in started with',
      },
      ['grant_type', 'client_id'],
    ),
  );
  const refreshRoute = oauthRoute(
    '/auth/oauth2/refresh',
    'refreshAccessToken',
    'Refresh an access token (the refresh token rotates: each works once; reusing one revokes the sign-in)',
    'Form body: grant_type=refresh_token, refresh_token, client_id. The token endpoint takes the same with grant_type=refresh_token.',
    OAuthTokenResponse,
    formBody({grant_type: 'refresh_token', refresh_token: 'the latest refresh token', client_id: 'the client_id the sign-in started with'}, [
      'grant_type',
      'refresh_token',
      'client_id',
    ]),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/.well-known/oauth-authorization-server',
      operationId: 'oauthServerMetadata',
      summary: 'OAuth 2.0 authorization server metadata (RFC 8414)',
      tags: ['Device Authorization'],
      security: [],
      responses: {200: json(AuthorizationServerMetadata, 'the metadata')},
    }),
    (c) =>
      c.json(
        {
          issuer: ctx.baseUrl,
          device_authorization_endpoint: `${ctx.baseUrl}/auth/device/code`,
          token_endpoint: `${ctx.baseUrl}/auth/device/token`,
          grant_types_supported: [DEVICE_GRANT, 'refresh_token'],
          token_endpoint_auth_methods_supported: ['none'],
          response_types_supported: [],
          scopes_supported: [],
        },
        200,
      ),
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
    noStore(c);
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
    if (f.grant_type === 'refresh_token') return refresh(c, f);
    if (!f.grant_type) return fail('invalid_request', 'grant_type is required');
    if (f.grant_type !== DEVICE_GRANT) return fail('unsupported_grant_type', `grant_type must be ${DEVICE_GRANT} or refresh_token`);
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
    noStore(c);
    const family = insertFamily(ctx.db, row.user_id, now);
    return c.json(await issueTokens(ctx, s, row.user_id, row.client_id, row.grant_claims, family), 200);
  });

  /** RFC 6749 §6 with rotation; a spent token presented again revokes its family (RFC 6819 §5.2.2.3). */
  async function refresh(c: Context, f: Record<string, string>) {
    const fail = (error: string, description: string) => c.json(oauthError(c, error, description), 400);
    if (!f.refresh_token || !f.client_id) return fail('invalid_request', 'refresh_token and client_id are required');
    const row = findRefreshToken(ctx.db, f.refresh_token);
    const now = ctx.clock.now();
    if (!row || row.client_id !== f.client_id) return fail('invalid_grant', 'unknown refresh token');
    const reused = () => {
      if (row.family) revokeFamily(ctx.db, row.family, now);
      return fail('invalid_grant', 'this refresh token was already used; sign in again');
    };
    if (row.used_at !== null) return reused();
    if (now >= row.expires_at) return fail('invalid_grant', 'the refresh token expired; sign in again');
    const grant = row.grant_claims ? (JSON.parse(row.grant_claims) as {kid?: unknown; up?: unknown}) : {};
    if (grant.kid !== undefined && !(typeof grant.kid === 'number' && findApiKey(ctx.db, grant.kid))) {
      return fail('invalid_grant', 'the key that approved this sign-in was revoked; sign in again');
    }
    if (Array.isArray(grant.up) && !grant.up.every((f) => typeof f === 'string' && familyIsLive(ctx.db, f))) {
      return fail('invalid_grant', 'the sign-in that approved this one was revoked; sign in again');
    }
    if (row.family && !familyIsLive(ctx.db, row.family)) return fail('invalid_grant', 'this sign-in was revoked; sign in again');
    if (!findUser(ctx.db, row.user_id) || !spendRefreshToken(ctx.db, row.token_hash, now)) return reused();
    noStore(c);
    const family = row.family ?? insertFamily(ctx.db, row.user_id, now);
    return c.json(await issueTokens(ctx, s, row.user_id, row.client_id, row.grant_claims, family), 200);
  }

  app.openapi(refreshRoute, async (c) => {
    const f = await readFields(c);
    // RFC 6749 §5.2: a missing parameter is invalid_request; only a grant type given and not supported is unsupported_grant_type.
    if (!f.grant_type) return c.json(oauthError(c, 'invalid_request', 'grant_type is required'), 400);
    if (f.grant_type !== 'refresh_token') return c.json(oauthError(c, 'unsupported_grant_type', 'grant_type must be refresh_token'), 400);
    return refresh(c, f);
  });

  registerApprovePage(app, ctx);
};
