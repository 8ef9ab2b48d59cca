// Browser sign-in for the command-line client: the OAuth 2.0 device authorization grant (RFC 8628) and token
// refresh. These live outside /api/v1 (no credential yet); their form bodies and error answers are oauthForm.ts's,
// the metadata and revocation oauthServer.ts's.
import type {Context} from 'hono';
import {DeviceAuthorizationResponse, OAuthTokenResponse} from '../../../contract/oauth.js';
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
import {noStore, oauthError, oauthRoute as formRoute, readFields} from './oauthForm.js';
import {DEVICE_GRANT, register as registerOAuthServer} from './oauthServer.js';

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

/** A device-flow endpoint: a form body in, tokens (or the device authorization) or an OAuth error out. */
function oauthRoute<T extends typeof DeviceAuthorizationResponse | typeof OAuthTokenResponse>(
  path: string,
  operationId: string,
  summary: string,
  description: string,
  ok: T,
  body: ReturnType<typeof formBody>,
) {
  return formRoute({path, operationId, summary, description, tag: 'Device Authorization'}, {schema: ok, description: 'success'}, body);
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

  registerOAuthServer(app, ctx);

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
    // A revoked sign-in (RFC 7009, a replay, a sign-out) says so, rather than calling its spent tokens used.
    if (row.family && !familyIsLive(ctx.db, row.family)) return fail('invalid_grant', 'this sign-in was revoked; sign in again');
    if (row.used_at !== null) return reused();
    if (now >= row.expires_at) return fail('invalid_grant', 'the refresh token expired; sign in again');
    const grant = row.grant_claims ? (JSON.parse(row.grant_claims) as {kid?: unknown; up?: unknown}) : {};
    if (grant.kid !== undefined && !(typeof grant.kid === 'number' && findApiKey(ctx.db, grant.kid))) {
      return fail('invalid_grant', 'the key that approved this sign-in was revoked; sign in again');
    }
    if (Array.isArray(grant.up) && !grant.up.every((f) => typeof f === 'string' && familyIsLive(ctx.db, f))) {
      return fail('invalid_grant', 'the sign-in that approved this one was revoked; sign in again');
    }
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
