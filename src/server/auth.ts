// Authentication and authorization for /api/v1, /build/api/v1 and /api/scim/v2, as ONE middleware installed
// before any route, so routes added later by any module are covered without doing anything:
//  - 401 `{error}` when the credential is missing, malformed, unknown, revoked or expired;
//  - 403 `{error}` when a credential scoped to some deployments targets another one. The deployment id is read
//    from the PATH (`…/deployments/<id>/…`), so every deployment route is guarded, whoever wrote it.
// Operation-level permissions are checked by handlers with `requirePermission(c, 'SchemaRead')`.
import type {Context, MiddlewareHandler} from 'hono';
import type {Permission} from '../contract/index.js';
import type {ServiceContext} from './context.js';
import {forbidden, unauthorized} from './errors.js';
import {API_KEY_PATTERN, findLiveKeyByValue} from './store/apiKeys.js';
import {userMayAuthenticate} from './store/users.js';
import {verifyToken} from './tokens.js';

export interface Principal {
  kind: 'api-key' | 'access-token';
  userId: number;
  keyId: number | null;
  name: string | null;
  /** null: every deployment of the account. */
  deploymentIds: number[] | null;
  /** null: every permission. */
  permissions: Permission[] | null;
}

export type AppEnv = {Variables: {principal: Principal}};

export const PROTECTED_PREFIXES = ['/api/v1/*', '/build/api/v1/*', '/api/scim/v2/*'] as const;

const DEPLOYMENT_IN_PATH = /^\/(?:build\/)?api\/v1\/deployments\/([^/]+)(?:\/|$)/;

export function authMiddleware(ctx: ServiceContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = await authenticate(ctx, c.req.header('authorization'), c.req.path.startsWith('/api/scim/'));
    const target = DEPLOYMENT_IN_PATH.exec(c.req.path)?.[1];
    if (target !== undefined && !mayAccessDeployment(principal, target)) {
      throw forbidden(`this credential is not authorized for deployment ${target}`);
    }
    c.set('principal', principal);
    await next();
  };
}

/**
 * Resolves the Authorization header to a principal or throws a 401. SCIM paths (`scim`) take only SCIM tokens,
 * also as `Api-Key <token>`; every other path refuses them, so an identity provider's token manages users only.
 */
export async function authenticate(ctx: ServiceContext, header: string | undefined, scim = false): Promise<Principal> {
  if (header === undefined || header.trim() === '') throw unauthorized('missing credentials: send Authorization: Bearer <token>');
  const match = /^(Bearer|Api-Key)[ ]+(\S+)\s*$/i.exec(header.trim());
  const scheme = match?.[1]?.toLowerCase();
  const token = match?.[2];
  if (!token || (scheme === 'api-key' && !scim)) {
    throw unauthorized('malformed Authorization header: expected Bearer <token>');
  }
  if (token.split('.').length === 3) {
    if (scim) throw unauthorized('SCIM needs a SCIM token (svc api-keys create --scim), not an access token');
    return fromAccessToken(ctx, token);
  }
  if (!API_KEY_PATTERN.test(token)) throw unauthorized('malformed credential: not an API key or access token');
  const key = findLiveKeyByValue(ctx.db, token);
  if (!key) throw unauthorized('invalid API key: unknown or revoked');
  if (scim && key.kind !== 'scim') throw unauthorized('SCIM needs a SCIM token (svc api-keys create --scim), not an API key');
  if (!scim && key.kind === 'scim') throw unauthorized('a SCIM token is valid only for /api/scim/v2');
  if (!userMayAuthenticate(ctx.db, key.user_id)) throw unauthorized('invalid API key: its user is deactivated');
  return {
    kind: 'api-key',
    userId: key.user_id,
    keyId: key.id,
    name: key.name,
    deploymentIds: key.deployment_ids ? (JSON.parse(key.deployment_ids) as number[]) : null,
    permissions: key.permissions ? (JSON.parse(key.permissions) as Permission[]) : null,
  };
}

async function fromAccessToken(ctx: ServiceContext, token: string): Promise<Principal> {
  const result = await verifyToken(ctx, token, 'api');
  if (!result.ok) {
    if (result.reason === 'expired') throw unauthorized('access token expired');
    if (result.reason === 'wrong-scope') throw unauthorized('this token is not valid for the management API');
    throw unauthorized('invalid access token');
  }
  const userId = Number(result.claims.sub);
  if (!Number.isInteger(userId) || !userMayAuthenticate(ctx.db, userId, result.claims.iat)) {
    throw unauthorized('invalid access token: unknown or deactivated user, or its sessions were revoked');
  }
  return {kind: 'access-token', userId, keyId: null, name: null, deploymentIds: null, permissions: null};
}

export function mayAccessDeployment(p: Principal, deploymentId: number | string): boolean {
  return p.deploymentIds === null || p.deploymentIds.some((id) => String(id) === String(deploymentId));
}

export function principalOf(c: Context<AppEnv>): Principal {
  return c.get('principal');
}

export function hasPermission(p: Principal, permission: Permission): boolean {
  return p.permissions === null || p.permissions.includes(permission);
}

/** Throws 403 unless the caller's credential carries `permission`. */
export function requirePermission(c: Context<AppEnv>, permission: Permission): void {
  if (!hasPermission(principalOf(c), permission)) throw forbidden(`this credential lacks the ${permission} permission`);
}

/** Account-wide operations (API keys, creating deployments) need a credential not limited to some deployments. */
export function requireUnscoped(c: Context<AppEnv>, what: string): void {
  if (principalOf(c).deploymentIds !== null) throw forbidden(`${what} needs a credential that is not scoped to specific deployments`);
}
