// Who may use a deployment's data API (`<deploymentUrl>/…`) and for what. Three kinds of token are accepted there:
//  - the deployment data token (`POST …/token`): queries and `/cubejs-api/v1/meta` of any branch, the whole model;
//  - a metadata token (`POST …/environments/{e}/tokens-for-meta-sync`): only the metadata endpoints (`/v1/*` and
//    `/cubejs-api/v1/meta`) of its environment's branch, never a query;
//  - an environment token (`POST …/environments/{e}/tokens`): its `scopes` (data, meta) on its environment's branch.
// Tenancy is the policy's (policy.ts securityContextOf): every token derived for someone else (an embed session's
// data token, a metadata or environment token) carries a security context, and sees only what the model's tenancy
// rule (compiler/tenants.ts) lets that context see; only a management credential's data token sees the whole model.
// A valid credential of another kind (a management API key or access token, a token for another deployment or for
// what it is not scoped to) is 403 naming the token to use; missing, malformed, unknown or expired is 401.
import type {Context} from 'hono';
import type {ServiceContext} from '../../context.js';
import {forbidden, unauthorized} from '../../errors.js';
import {API_KEY_PATTERN, findLiveKeyByValue} from '../../store/apiKeys.js';
import {findDeployment} from '../../store/deployments.js';
import {findEnvironment, type EnvironmentRow} from '../../store/environments.js';
import type {JWTPayload} from 'jose';
import {securityContextOf} from '../../policy.js';
import {REVOKED_BECAUSE, verifyToken} from '../../tokens.js';

/** What a request asks of the data API: a query, the data API's own `/cubejs-api/v1/meta`, or the metadata API. */
export type DataUse = 'load' | 'cube-meta' | 'metadata';

/** What the path asks for: the metadata API (`/v1/…`), the data API's model description, or a query. */
export function dataUseOf(path: string): DataUse {
  if (/^\/data\/[^/]+\/v1\//.test(path)) return 'metadata';
  return /\/cubejs-api\/v1\/meta$/.test(path) ? 'cube-meta' : 'load';
}

export interface DataCredential {
  kind: 'data' | 'meta' | 'env';
  /** The visible part of the model follows it; absent only for a management credential's data token (policy.ts). */
  securityContext?: Record<string, unknown>;
  /** Set for metadata and environment tokens: the environment (and so the branch) the token is for. */
  environment?: EnvironmentRow;
  /** The verified token's claims. */
  claims: JWTPayload;
}

const HOW = {
  data: 'a data API token (svc deployments token <deployment>, or an environment token with scope data)',
  meta: 'a metadata token (svc environments token <deployment> <environment>, or an environment token with scope meta)',
};
const NEEDS: Record<DataUse, string> = {load: HOW.data, 'cube-meta': `${HOW.data}, or ${HOW.meta}`, metadata: HOW.meta};

export async function authorizeData(ctx: ServiceContext, c: Context, deploymentId: number, use: DataUse): Promise<DataCredential> {
  const token = c.req.header('authorization')?.trim().replace(/^(Bearer|Api-Key)\s+/i, '');
  if (!token) throw unauthorized(`missing token: send Authorization: <token>, ${NEEDS[use]}`);
  const action = use === 'load' ? 'cannot query data' : 'cannot read metadata';
  const wrongKind = (what: string) => forbidden(`${what} ${action} here: send ${NEEDS[use]}`);
  if (API_KEY_PATTERN.test(token)) {
    const key = findLiveKeyByValue(ctx.db, token);
    if (key) throw wrongKind(key.kind === 'scim' ? 'a SCIM token' : 'a management API key');
    throw unauthorized(`invalid ${use === 'metadata' ? 'metadata token' : 'data API token'}`);
  }
  const noun = use === 'metadata' ? 'metadata token' : 'data API token';
  const result = await verifyToken(ctx, token, ['api', 'data', 'meta', 'env']);
  if (!result.ok) {
    throw unauthorized(result.reason === 'expired' ? `${noun} expired` : result.reason === 'revoked' ? `${noun} ${REVOKED_BECAUSE[result.by]}` : `invalid ${noun}`);
  }
  const claims = result.claims;
  if (claims.scope === 'api') throw wrongKind('a management access token');
  if (Number(claims.deploymentId) !== deploymentId) throw forbidden(`this token is for another deployment, not ${deploymentId}`);
  if (claims.scope === 'data') {
    if (use === 'metadata') throw wrongKind('a data API token');
    return {kind: 'data', claims, securityContext: securityContextOf(claims)};
  }
  const scopes = claims.scope === 'meta' ? ['meta'] : claims.scope === 'env' && Array.isArray(claims.scopes) ? (claims.scopes as unknown[]) : undefined;
  if (!scopes) throw unauthorized(`invalid ${noun}`);
  const allowed = use === 'load' ? scopes.includes('data') : use === 'metadata' ? scopes.includes('meta') : scopes.includes('data') || scopes.includes('meta');
  if (!allowed) {
    throw wrongKind(claims.scope === 'meta' ? 'a metadata token (valid only for the metadata API; it cannot query data)' : `an environment token with scopes ${scopes.join(', ') || 'none'}`);
  }
  const environment = findEnvironment(ctx.db, deploymentId, Number(claims.environmentId));
  if (!environment) throw unauthorized(`invalid ${noun}: its environment no longer exists`);
  return {kind: claims.scope === 'meta' ? 'meta' : 'env', claims, environment, securityContext: securityContextOf(claims)};
}

/** The branch an environment serves: the deploy branch for production, its own branch otherwise. */
export function environmentBranch(ctx: ServiceContext, env: EnvironmentRow): string | undefined {
  const deployment = findDeployment(ctx.db, env.deployment_id);
  return env.type === 'production' || !env.branch ? deployment?.deploy_branch_name : env.branch;
}

/**
 * The branch a request reads: `requested` (the path's dev-mode branch, or the deploy branch when the path names
 * none). A token bound to an environment reads only that environment's branch.
 */
export function branchFor(ctx: ServiceContext, cred: DataCredential, requested: string | undefined): string | undefined {
  if (!cred.environment) return requested;
  const own = environmentBranch(ctx, cred.environment);
  const deployBranch = findDeployment(ctx.db, cred.environment.deployment_id)?.deploy_branch_name;
  if ((requested ?? deployBranch) !== own) {
    throw forbidden(`this token is for environment ${cred.environment.name} (branch ${own}); it cannot read branch ${requested ?? deployBranch}`);
  }
  return requested;
}
