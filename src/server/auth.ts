// Authentication and authorization, in one place:
//  - `authMiddleware` (installed before any route on /api/v1, /build/api/v1 and /api/scim/v2) turns the
//    Authorization header into a principal: 401 `{error}` when the credential is missing, malformed, unknown,
//    revoked or expired; 403 when it is valid but of the wrong kind for the area (a SCIM token on /api/v1, a
//    management key on SCIM, a data token on either), naming the credential to use. It decides nothing else:
//  - `operationGuard` (attached by the app to every operation it registers) authenticates where the prefix
//    middleware did not, and asks the policy (policy.ts) for the operation's decision before its input is read
//    (the deployment in the path included: the policy's one check of a credential's deployment scope).
// Both `Bearer <token>` and `Api-Key <token>` are accepted everywhere.
import type {Context, MiddlewareHandler} from 'hono';
import type {JWTPayload} from 'jose';
import type {Permission} from '../contract/index.js';
import type {ServiceContext} from './context.js';
import {forbidden, unauthorized} from './errors.js';
import type {Requirement} from './permissions.js';
import {decide, SCIM_ELSEWHERE, USE_MANAGEMENT, USE_SCIM, type Resource} from './policy.js';
import {API_KEY_PATTERN, findLiveKeyByValue} from './store/apiKeys.js';
import {authorizeData, dataUseOf} from './routes/dataModel/dataAuth.js';
import {findUser, userMayAuthenticate, type UserRow} from './store/users.js';
import {REVOKED_BECAUSE, verifyToken} from './tokens.js';

export interface Principal {
  kind: 'api-key' | 'access-token' | 'scim-token';
  userId: number;
  /** The API key sent (null for an access token). */
  keyId: number | null;
  /** The API key whose holder approved the sign-in an access token came from; revoking it ends the token. */
  issuerKeyId: number | null;
  /** The sign-ins (refresh-token families) an access token depends on: its own and those of whoever approved it. */
  families: string[];
  name: string | null;
  /** The user is an active admin of the account (what the credential may do is still `permissions`). */
  admin: boolean;
  /** null: every deployment of the account. */
  deploymentIds: number[] | null;
  /** null: every permission. */
  permissions: Permission[] | null;
}

/**
 * `tokenClaims`: the verified data or metadata token of a deployment-token operation (its security context etc.);
 * `resource`: what the policy decided on, for an operation that declares one (policyResources.ts).
 */
export type AppEnv = {Variables: {principal: Principal; tokenClaims: JWTPayload; resource: Resource | undefined}};

export const PROTECTED_PREFIXES = ['/api/v1/*', '/build/api/v1/*', '/api/scim/v2/*'] as const;

/** What a user who is not an admin may do, whatever their key or token says: read, and work on their own branches. */
export const MEMBER_PERMISSIONS: Permission[] = ['DeploymentRead', 'SchemaRead', 'SchemaUpdateDevBranches'];

export function authMiddleware(ctx: ServiceContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('principal', await authenticate(ctx, c.req.header('authorization'), c.req.path.startsWith('/api/scim/') ? 'scim' : 'management'));
    await next();
  };
}

/** `Bearer <token>` or `Api-Key <token>` → the token; undefined when the header is not one of those. */
export function bearerToken(header: string): string | undefined {
  return /^(?:Bearer|Api-Key)[ ]+(\S+)\s*$/i.exec(header.trim())?.[1];
}

/** Resolves the Authorization header to a principal of the kind `area` takes, or throws 401 / 403. */
export async function authenticate(ctx: ServiceContext, header: string | undefined, area: 'management' | 'scim' = 'management'): Promise<Principal> {
  if (header === undefined || header.trim() === '') throw unauthorized('missing credentials: send Authorization: Bearer <token>');
  const token = bearerToken(header);
  if (!token) throw unauthorized('malformed Authorization header: expected Bearer <token>');
  if (token.split('.').length === 3) return fromJwt(ctx, token, area);
  if (!API_KEY_PATTERN.test(token)) throw unauthorized('malformed credential: not an API key or access token');
  const key = findLiveKeyByValue(ctx.db, token);
  if (!key) throw unauthorized('invalid API key: unknown or revoked');
  const user = findUser(ctx.db, key.user_id);
  if (!user) throw unauthorized('invalid API key: its user no longer exists');
  if (!userMayAuthenticate(ctx.db, key.user_id)) throw unauthorized('invalid API key: its user is deactivated');
  if (area === 'scim' && key.kind !== 'scim') throw forbidden(`${USE_SCIM}, not an API key`);
  if (area === 'management' && key.kind === 'scim') throw forbidden(SCIM_ELSEWHERE);
  return {
    kind: key.kind === 'scim' ? 'scim-token' : 'api-key',
    userId: key.user_id,
    keyId: key.id,
    issuerKeyId: null,
    families: [],
    name: key.name,
    admin: user.is_admin === 1,
    deploymentIds: key.deployment_ids ? (JSON.parse(key.deployment_ids) as number[]) : null,
    permissions: key.kind === 'scim' ? [] : withinRole(user, key.permissions ? (JSON.parse(key.permissions) as Permission[]) : null),
  };
}

async function fromJwt(ctx: ServiceContext, token: string, area: 'management' | 'scim'): Promise<Principal> {
  const result = await verifyToken(ctx, token, ['api', 'data', 'meta']);
  if (!result.ok) {
    if (result.reason === 'expired') throw unauthorized('access token expired');
    if (result.reason === 'revoked') throw unauthorized(`access token ${REVOKED_BECAUSE[result.by]}`);
    throw unauthorized('invalid access token');
  }
  const scope = result.claims.scope;
  if (scope === 'data') throw forbidden(`a data API token is valid only for its deployment's data API: ${area === 'scim' ? USE_SCIM : USE_MANAGEMENT}`);
  if (scope === 'meta') throw forbidden(`a metadata token is valid only for the metadata API: ${area === 'scim' ? USE_SCIM : USE_MANAGEMENT}`);
  if (area === 'scim') throw forbidden(`${USE_SCIM}, not an access token`);
  const userId = Number(result.claims.sub);
  const user = Number.isInteger(userId) ? findUser(ctx.db, userId) : undefined;
  if (!user) throw unauthorized('invalid access token: unknown user');
  const c = result.claims;
  return {
    kind: 'access-token',
    userId,
    keyId: null,
    issuerKeyId: typeof c.kid === 'number' ? c.kid : null,
    families: [c.fam, ...(Array.isArray(c.up) ? c.up : [])].filter((f): f is string => typeof f === 'string'),
    name: null,
    admin: user.is_admin === 1,
    deploymentIds: Array.isArray(c.deps) ? (c.deps as number[]) : null,
    permissions: withinRole(user, Array.isArray(c.perms) ? (c.perms as Permission[]) : null),
  };
}

/** A credential never carries more than its user's role allows. */
function withinRole(user: UserRow, permissions: Permission[] | null): Permission[] | null {
  if (user.is_admin) return permissions;
  return (permissions ?? MEMBER_PERMISSIONS).filter((p) => MEMBER_PERMISSIONS.includes(p));
}

/**
 * The claims an access token carries so it never outlives or outranks the credential that obtained it: the
 * approving key (`kid`), the sign-ins behind it (`up`), the deployment scope (`deps`) and the permission list (`perms`).
 */
export function inheritedClaims(p: Principal): Record<string, unknown> {
  return {
    ...lineage(p),
    ...(p.deploymentIds !== null ? {deps: p.deploymentIds} : {}),
    ...(p.permissions !== null ? {perms: p.permissions} : {}),
  };
}

/** How many sign-ins up the approval chain a token remembers (each is checked on every use). */
const MAX_FAMILY_CHAIN = 8;

/** The API key (`kid`) and the sign-ins (`up`) behind a credential: a token issued through it dies with either. */
function lineage(p: Principal): {kid?: number; up?: string[]} {
  const kid = p.keyId ?? p.issuerKeyId;
  return {
    ...(kid !== null ? {kid} : {}),
    // A token obtained with an access token ends when the sign-in behind that token does.
    ...(p.families.length > 0 ? {up: p.families.slice(0, MAX_FAMILY_CHAIN)} : {}),
  };
}

/**
 * The claims of every token derived from a credential for the data API (data, metadata, environment, embed
 * tokens): the key, the sign-ins and the user (`uid`) it came from. tokens.ts verifyToken ends the token when
 * any of them ends (key revoked, sign-in ended or replayed, user deactivated, deleted or signed out).
 */
export function derivedClaims(p: Principal): {uid: number; kid?: number; up?: string[]} {
  return {uid: p.userId, ...lineage(p)};
}

/**
 * The data API's credential: a data token for this deployment (`Authorization: <token>`, `Bearer` or `Api-Key`).
 * 401 missing/invalid/expired/revoked; 403 for another deployment or for a valid credential of another kind.
 */
export async function authorizeDataToken(ctx: ServiceContext, c: Context, deploymentId: number): Promise<JWTPayload> {
  return authorizeDeploymentToken(ctx, c, deploymentId, 'data');
}

/**
 * A deployment's data (`data`) or metadata (`meta`) operation, checked by the data API's one authoriser
 * (routes/dataModel/dataAuth.ts: data, metadata and environment tokens, their scopes and environments).
 */
export async function authorizeDeploymentToken(ctx: ServiceContext, c: Context, deploymentId: number, scope: 'data' | 'meta'): Promise<JWTPayload> {
  const use = scope === 'meta' ? 'metadata' : dataUseOf(c.req.path);
  return (await authorizeData(ctx, c, deploymentId, use)).claims;
}

/**
 * The check every operation gets before its input is read (attached by the app from permissions.ts): a
 * data-API operation verifies its token; any other gets its principal (management and SCIM operations have one
 * already from authMiddleware; one registered outside those prefixes authenticates here) and the policy's
 * decision without the resource, which is decided after validation (app.ts).
 */
export function operationGuard(ctx: ServiceContext, operationId: string, requirement: Requirement | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!requirement) throw forbidden(`operation ${operationId} declares no permission; it is refused until it does`);
    if (requirement.credential === 'data' || requirement.credential === 'meta') {
      c.set('tokenClaims', await authorizeDeploymentToken(ctx, c, Number(c.req.param('deploymentId')), requirement.credential));
    } else if (requirement.credential !== 'none') {
      const p = (c.get('principal') as Principal | undefined) ?? (await authenticate(ctx, c.req.header('authorization'), requirement.credential));
      c.set('principal', p);
      const decision = decide(p, operationId, requirement, {deploymentId: c.req.param('deploymentId')});
      if (!decision.allow) throw forbidden(decision.reason);
    }
    await next();
  };
}

export function principalOf(c: Context<AppEnv>): Principal {
  return c.get('principal');
}
