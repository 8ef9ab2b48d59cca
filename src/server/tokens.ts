// Every JWT the service issues: HS256 with the per-data-file secret, times taken from the service clock.
// `scope` keeps them apart: 'api' (management access token), 'data' (deployment data API), 'meta' (metadata
// API of one environment), 'env' (an environment token; its `scopes` claim says data and/or meta). A token is only
// accepted where its scope belongs.
import {SignJWT, jwtVerify, errors, type JWTPayload} from 'jose';
import type {ServiceContext} from './context.js';

export type TokenScope = 'api' | 'data' | 'meta' | 'env';

export interface IssuedToken {
  token: string;
  /** The JWT's `iat` in milliseconds (whole seconds), so an answer's created_at equals the token's iat. */
  issuedAt: number;
  expiresAt: number;
}

export async function signToken(ctx: ServiceContext, scope: TokenScope, claims: JWTPayload, ttlSeconds: number): Promise<IssuedToken> {
  const iat = Math.floor(ctx.clock.now() / 1000);
  const token = await new SignJWT({...claims, scope})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(ctx.jwtSecret);
  return {token, issuedAt: iat * 1000, expiresAt: (iat + ttlSeconds) * 1000};
}

export type VerifyResult = {ok: true; claims: JWTPayload} | {ok: false; reason: 'expired' | 'invalid' | 'wrong-scope'};

/** Checks signature, expiry (against the service clock) and scope. */
export async function verifyToken(ctx: ServiceContext, token: string, scope: TokenScope): Promise<VerifyResult> {
  const result = await readToken(ctx, token);
  if (result.ok && result.claims.scope !== scope) return {ok: false, reason: 'wrong-scope'};
  return result;
}

/** Checks signature and expiry only; the caller looks at `claims.scope` (the data API takes several kinds). */
export async function readToken(ctx: ServiceContext, token: string): Promise<VerifyResult> {
  try {
    const {payload} = await jwtVerify(token, ctx.jwtSecret, {algorithms: ['HS256'], currentDate: new Date(ctx.clock.now())});
    return {ok: true, claims: payload};
  } catch (err) {
    return {ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid'};
  }
}

/** A management access token for a user (the OAuth flow and in-process callers use it like an API key). */
export function signAccessToken(ctx: ServiceContext, userId: number, ttlSeconds: number): Promise<IssuedToken> {
  return signToken(ctx, 'api', {sub: String(userId)}, ttlSeconds);
}
