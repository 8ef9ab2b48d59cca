// Every JWT the service issues: HS256 with the per-data-file secret, times taken from the service clock.
// `scope` keeps them apart: 'api' (management access token), 'data' (deployment data API), 'meta' (metadata
// API of one environment). A token is only accepted where its scope belongs.
import {randomUUID} from 'node:crypto';
import {SignJWT, jwtVerify, errors, type JWTPayload} from 'jose';
import type {ServiceContext} from './context.js';
import {findApiKey} from './store/apiKeys.js';
import {familyIsLive} from './store/deviceCodes.js';

export type TokenScope = 'api' | 'data' | 'meta';

export interface IssuedToken {
  token: string;
  issuedAt: number;
  expiresAt: number;
}

export async function signToken(ctx: ServiceContext, scope: TokenScope, claims: JWTPayload, ttlSeconds: number): Promise<IssuedToken> {
  const issuedAt = ctx.clock.now();
  const iat = Math.floor(issuedAt / 1000);
  const token = await new SignJWT({...claims, scope})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuedAt(iat)
    // Unique per token: two issued in the same second for the same grant (a refresh right after sign-in) differ.
    .setJti(randomUUID())
    .setExpirationTime(iat + ttlSeconds)
    .sign(ctx.jwtSecret);
  return {token, issuedAt, expiresAt: (iat + ttlSeconds) * 1000};
}

export type VerifyResult = {ok: true; claims: JWTPayload} | {ok: false; reason: 'expired' | 'invalid' | 'wrong-scope' | 'revoked'};

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
  if (payload.kid !== undefined && !(typeof payload.kid === 'number' && findApiKey(ctx.db, payload.kid))) return {ok: false, reason: 'revoked'};
  if (payload.fam !== undefined && !(typeof payload.fam === 'string' && familyIsLive(ctx.db, payload.fam))) return {ok: false, reason: 'revoked'};
  if (payload.up !== undefined && !(Array.isArray(payload.up) && payload.up.every((f) => typeof f === 'string' && familyIsLive(ctx.db, f)))) {
    return {ok: false, reason: 'revoked'};
  }
  return {ok: true, claims: payload};
}

/**
 * A management access token for a user (the OAuth flow and in-process callers use it like an API key); `claims`
 * narrow it (see inheritedClaims in auth.ts) and `fam` ties it to a refresh-token family.
 */
export function signAccessToken(ctx: ServiceContext, userId: number, ttlSeconds: number, claims: JWTPayload = {}): Promise<IssuedToken> {
  return signToken(ctx, 'api', {...claims, sub: String(userId)}, ttlSeconds);
}
