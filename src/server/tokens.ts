// Every JWT the service issues: HS256 with the per-data-file secret, times taken from the service clock.
// `scope` keeps them apart: 'api' (management access token), 'data' (deployment data API), 'meta' (metadata
// API of one environment). A token is only accepted where its scope belongs.
import {SignJWT, jwtVerify, errors, type JWTPayload} from 'jose';
import type {ServiceContext} from './context.js';

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
    .setExpirationTime(iat + ttlSeconds)
    .sign(ctx.jwtSecret);
  return {token, issuedAt, expiresAt: (iat + ttlSeconds) * 1000};
}

export type VerifyResult = {ok: true; claims: JWTPayload} | {ok: false; reason: 'expired' | 'invalid' | 'wrong-scope'};

/** Checks signature, expiry (against the service clock) and scope. */
export async function verifyToken(ctx: ServiceContext, token: string, scope: TokenScope): Promise<VerifyResult> {
  try {
    const {payload} = await jwtVerify(token, ctx.jwtSecret, {algorithms: ['HS256'], currentDate: new Date(ctx.clock.now())});
    if (payload.scope !== scope) return {ok: false, reason: 'wrong-scope'};
    return {ok: true, claims: payload};
  } catch (err) {
    return {ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid'};
  }
}

/** A management access token for a user (the OAuth flow and in-process callers use it like an API key). */
export function signAccessToken(ctx: ServiceContext, userId: number, ttlSeconds: number): Promise<IssuedToken> {
  return signToken(ctx, 'api', {sub: String(userId)}, ttlSeconds);
}
