// Every JWT the service issues: HS256 with the per-data-file secret, times taken from the service clock.
// `scope` keeps them apart: 'api' (management access token), 'data' (deployment data API), 'meta' (metadata
// API of one environment), 'env' (an environment token; its `scopes` claim says data and/or meta). A token is only
// accepted where its scope belongs.
// Lifecycle, checked in one place (verifyToken) for every token: a token derived from a credential (an access
// token, a data, metadata, environment or embed token) names the API key (`kid`), the user (`uid`, or `sub` of an
// access token) and the sign-ins (`fam`, `up`) it came from, and an embed token its session (`sid`); revoking the
// key, ending a sign-in (sign-out, refresh-token replay), deactivating or deleting the user or signing them out
// everywhere, or revoking the embed session ends the token.
import {randomUUID} from 'node:crypto';
import {SignJWT, jwtVerify, errors, type JWTPayload} from 'jose';
import type {ServiceContext} from './context.js';
import {findApiKey} from './store/apiKeys.js';
import {familyIsLive} from './store/deviceCodes.js';
import {findResource} from './store/resources.js';
import {userMayAuthenticate} from './store/users.js';

export type TokenScope = 'api' | 'data' | 'meta' | 'env';

export interface IssuedToken {
  token: string;
  issuedAt: number;
  expiresAt: number;
}

export async function signToken(ctx: ServiceContext, scope: TokenScope, claims: JWTPayload, ttlSeconds: number): Promise<IssuedToken> {
  // created_at answers report issuedAt: the JWT's iat exactly (whole seconds).
  const iat = Math.floor(ctx.clock.now() / 1000);
  const token = await new SignJWT({...claims, scope})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuedAt(iat)
    // Unique per token: two issued in the same second for the same grant (a refresh right after sign-in) differ.
    .setJti(randomUUID())
    .setExpirationTime(iat + ttlSeconds)
    .sign(ctx.jwtSecret);
  return {token, issuedAt: iat * 1000, expiresAt: (iat + ttlSeconds) * 1000};
}

/** Why a token was revoked: its API key, a sign-in it depends on, its user, or its embed session ended. */
export type RevokedBy = 'key' | 'sign-in' | 'user' | 'session';

export type VerifyResult =
  | {ok: true; claims: JWTPayload}
  | {ok: false; reason: 'expired' | 'invalid' | 'wrong-scope'}
  | {ok: false; reason: 'revoked'; by: RevokedBy};

/**
 * Checks signature, expiry (against the service clock), scope (one, or any of a list) and revocation: a token
 * carrying `kid` dies with that API key, one carrying `fam` with its refresh-token family, one carrying `up` with
 * the sign-ins of whoever approved it.
 */
export async function verifyToken(ctx: ServiceContext, token: string, scope: TokenScope | TokenScope[]): Promise<VerifyResult> {
  let payload: JWTPayload;
  try {
    ({payload} = await jwtVerify(token, ctx.jwtSecret, {algorithms: ['HS256'], currentDate: new Date(ctx.clock.now())}));
  } catch (err) {
    return {ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid'};
  }
  const scopes = Array.isArray(scope) ? scope : [scope];
  if (!scopes.includes(payload.scope as TokenScope)) return {ok: false, reason: 'wrong-scope'};
  const by = revokedBy(ctx, payload);
  return by ? {ok: false, reason: 'revoked', by} : {ok: true, claims: payload};
}

/** What ended a token's credential, user, sign-in or session, if anything did. */
function revokedBy(ctx: ServiceContext, c: JWTPayload): RevokedBy | undefined {
  if (c.kid !== undefined && !(typeof c.kid === 'number' && findApiKey(ctx.db, c.kid))) return 'key';
  if (c.fam !== undefined && !(typeof c.fam === 'string' && familyIsLive(ctx.db, c.fam))) return 'sign-in';
  if (c.up !== undefined && !(Array.isArray(c.up) && c.up.every((f) => typeof f === 'string' && familyIsLive(ctx.db, f)))) return 'sign-in';
  const user = c.scope === 'api' ? Number(c.sub) : c.uid;
  if (user !== undefined && !(typeof user === 'number' && Number.isInteger(user) && userMayAuthenticate(ctx.db, user, c.iat))) return 'user';
  if (c.sid !== undefined) {
    const session = typeof c.sid === 'number' ? findResource(ctx.db, 'embed-session', '', c.sid) : undefined;
    if (!session || session.body.revokedAt !== null || ctx.clock.now() >= Number(session.body.expiresAt)) return 'session';
  }
  return undefined;
}

/** What a revocation means to whoever presented the token. */
export const REVOKED_BECAUSE: Record<RevokedBy, string> = {
  key: 'revoked with the key that issued it',
  'sign-in': 'revoked: the sign-in it came from ended',
  user: 'revoked: its user is deactivated, deleted or signed out everywhere',
  session: 'revoked: its embed session was revoked or expired',
};

/**
 * A management access token for a user (the OAuth flow and in-process callers use it like an API key); `claims`
 * narrow it (see inheritedClaims in auth.ts) and `fam` ties it to a refresh-token family.
 */
export function signAccessToken(ctx: ServiceContext, userId: number, ttlSeconds: number, claims: JWTPayload = {}): Promise<IssuedToken> {
  return signToken(ctx, 'api', {...claims, sub: String(userId)}, ttlSeconds);
}
