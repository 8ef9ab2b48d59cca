// The resolvers of the policy (policy.ts): for an operation that declares a resource (permissions.ts), the one
// function of its kind finds what the request acts on, from the validated request, before the handler runs. The
// handler then works on exactly what the policy decided on (`resourceOf(c)`), never on a target it found again.
// A request naming something that does not exist is answered here (404, or 400 saying what to name).
import type {Context} from 'hono';
import type {AppEnv} from './auth.js';
import type {ServiceContext} from './context.js';
import {badRequest, notFound} from './errors.js';
import type {ResourceDeclaration} from './permissions.js';
import type {Resource, ResourceKind} from './policy.js';
import {loadDeployment} from './routes/http.js';
import {credentialKey, loadBranch} from './routes/dataModel/shared.js';
import {ensureBranches} from './store/branchTrees.js';
import {findApiKey} from './store/apiKeys.js';
import {findBranchById, findUploadTransaction, sessionBranch, type BranchRow} from './store/branches.js';
import {listDeployments} from './store/deployments.js';
import {findEmbedSession} from './store/embedSessions.js';
import {findResource, listAllResources, listResources} from './store/resources.js';
import {findScimUser} from './store/scim.js';
import {findUser, listUsers} from './store/users.js';
import {accessOf, readSource} from './routes/objects/embedGrant.js';
import {listedDeployments} from './policy.js';

type Json = Record<string, unknown>;
type Resolver = (ctx: ServiceContext, c: Context<AppEnv>, declared: ResourceDeclaration) => Resource;

/** What the request's validators accepted, merged (query, form, body, then path); absent parts are empty. */
function input(c: Context<AppEnv>): Json {
  const part = (target: 'query' | 'form' | 'json' | 'param'): Json => {
    const v = (c.req.valid as (this: typeof c.req, t: string) => unknown).call(c.req, target);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
  };
  return {...part('query'), ...part('form'), ...part('json'), ...part('param')};
}

const named = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** The branch a write names (`branchId`, else `branchName`), else the declared fallback. */
function branch(ctx: ServiceContext, c: Context<AppEnv>, declared: ResourceDeclaration): Resource {
  const v = input(c);
  const deployment = loadDeployment(ctx, String(v.deploymentId));
  ensureBranches(ctx.db, ctx.clock, deployment);
  let row: BranchRow | undefined;
  if (typeof v.branchId === 'number') {
    row = findBranchById(ctx.db, deployment.id, v.branchId);
    if (!row) throw notFound(`branch id ${v.branchId} not found in deployment ${deployment.id}`);
  } else if (named(v.branchName)) {
    row = loadBranch(ctx, deployment, named(v.branchName)!);
  } else if (declared.otherwise === 'deploy' || declared.otherwise === undefined) {
    if (v.branchName !== undefined && v.branchName !== null) throw badRequest('branchName: an empty value names no branch');
    if (declared.otherwise === undefined) throw badRequest('branchName: name the branch');
    row = loadBranch(ctx, deployment, deployment.deploy_branch_name);
  } else {
    row = sessionBranch(ctx.db, deployment.id, credentialKey(c.get('principal')));
    if (!row && declared.otherwise === 'session-or-deploy') row = loadBranch(ctx, deployment, deployment.deploy_branch_name);
    if (!row) {
      throw badRequest(
        `no branch given and this credential has no dev-mode session on deployment ${deployment.id}: ` +
          `enter dev mode on a branch first (svc data-model dev-mode ${deployment.id} <branch>), or name the branch`,
      );
    }
  }
  return {kind: 'branch', branch: row};
}

/** The upload transaction's id: the object upload/start answered, as JSON text or the id itself. */
function transactionId(value: unknown): string {
  if (typeof value === 'object' && value !== null && typeof (value as {id?: unknown}).id === 'string') return (value as {id: string}).id;
  if (typeof value === 'string') {
    try {
      return transactionId(JSON.parse(value));
    } catch {
      return value;
    }
  }
  throw badRequest('transaction: expected the object upload/start returned');
}

/** An open upload transaction and the branch it writes. */
function upload(ctx: ServiceContext, c: Context<AppEnv>): Resource {
  const v = input(c);
  const deployment = loadDeployment(ctx, String(v.deploymentId));
  const tx = findUploadTransaction(ctx.db, deployment.id, transactionId(v.transaction));
  if (!tx) throw notFound('upload transaction not found: start one with upload/start');
  return {kind: 'upload', branch: findBranchById(ctx.db, deployment.id, tx.branch_id)!, transactionId: tx.id};
}

/** The account users a write changes (by path id, `userIds`, or a SCIM id) and whether it makes an admin. */
function users(ctx: ServiceContext, c: Context<AppEnv>): Resource {
  const v = input(c);
  const ids: number[] = [];
  if (typeof v.id === 'string' && /^\d+$/.test(v.id)) ids.push(Number(v.id));
  else if (typeof v.id === 'string') {
    const scim = findScimUser(ctx.db, v.id);
    if (scim) ids.push(scim.accountId);
  }
  if (Array.isArray(v.userIds)) ids.push(...v.userIds.filter((id): id is number => typeof id === 'number'));
  const targets = ids.flatMap((id) => {
    const row = findUser(ctx.db, id);
    return row ? [{id, isAdmin: row.is_admin === 1}] : [];
  });
  const makesAdmin = v.isAdmin === true && !targets.some((t) => t.isAdmin);
  return {kind: 'users', targets, makesAdmin};
}

/**
 * The deployments a request names in its body (`deploymentId`, or each selector's); with `otherwise: 'first'`
 * and none named, the first deployment the credential's list shows (404 when there is none).
 */
function deployments(ctx: ServiceContext, c: Context<AppEnv>, declared: ResourceDeclaration): Resource {
  const v = input(c);
  const ids = [v.deploymentId, ...(Array.isArray(v.selectors) ? v.selectors.map((s) => (s as Json | null)?.deploymentId) : [])]
    .filter((id) => typeof id === 'number' || typeof id === 'string')
    .map(String);
  if (ids.length === 0 && declared.otherwise === 'first') {
    const first = listDeployments(ctx.db, {offset: 0, limit: 1, only: listedDeployments(c.get('principal'))}).rows[0];
    if (!first) throw notFound('there is no deployment this credential may read');
    ids.push(String(first.id));
  }
  return {kind: 'deployments', deploymentIds: ids};
}

/** The scope comments on a published dashboard are stored under. */
export const commentScope = (publicId: unknown): string => `dashboard:${String(publicId)}`;

/** A published dashboard by its public id (path `publicId`) and, when the path names one (`commentId`), a comment on it. */
function dashboard(ctx: ServiceContext, c: Context<AppEnv>, declared: ResourceDeclaration): Resource {
  const v = input(c);
  const row = listAllResources(ctx.db, 'dashboard').find((d) => d.body.publicId === v.publicId);
  if (!row) throw notFound(`dashboard ${String(v.publicId)} not found (publish a workbook first)`);
  if (v.commentId === undefined) {
    if (declared.kind === 'own-comment') throw new Error('an own-comment operation names no comment');
    return {kind: 'dashboard', dashboard: row};
  }
  const comment = findResource(ctx.db, 'embed-comment', commentScope(v.publicId), Number(v.commentId));
  if (!comment) throw notFound(`comment ${String(v.commentId)} not found`);
  return declared.kind === 'own-comment' ? {kind: 'own-comment', dashboard: row, comment} : {kind: 'dashboard', dashboard: row, comment};
}

/** An embed session by the id in the body. */
function embedSession(ctx: ServiceContext, c: Context<AppEnv>): Resource {
  const session = findEmbedSession(ctx.db, String(input(c).sessionId));
  if (!session) throw notFound('unknown embed session');
  return {kind: 'embed-session', session};
}

/** How long an export job and its file are kept after it was submitted. */
export const EXPORT_TTL_MS = 5 * 60_000;

/**
 * The published dashboard an export names (`dashboardId` or `dashboardPublicId`, of this deployment), whom it
 * renders as (a console user by id or email, active; or an embed user), and the workspace's download setting.
 */
function dashboardExport(ctx: ServiceContext, c: Context<AppEnv>): Resource {
  const v = input(c);
  const scope = String(loadDeployment(ctx, String(v.deploymentId)).id);
  const dashboard = listResources(ctx.db, 'dashboard', scope).find((d) => d.body.status === 'published' && (v.dashboardId != null ? d.id === v.dashboardId : d.body.publicId === v.dashboardPublicId));
  if (!dashboard) throw notFound(`dashboard ${String(v.dashboardId ?? v.dashboardPublicId)} is not a published dashboard of deployment ${scope}`);
  const downloadsRestricted = listResources(ctx.db, 'app-config', '')[0]?.body.restrictDataDownload === true;
  const subject = v.renderAs as Json | null | undefined;
  if (!subject) return {kind: 'dashboard-export', dashboard, downloadsRestricted};
  if (subject.type === 'USER') {
    const email = typeof subject.email === 'string' ? subject.email.toLowerCase() : undefined;
    const user = typeof subject.userId === 'number' ? findUser(ctx.db, subject.userId) : listUsers(ctx.db).find((u) => u.email.toLowerCase() === email);
    if (!user || user.active !== 1) throw notFound(`renderAs: no active user ${String(subject.userId ?? subject.email)}`);
    return {kind: 'dashboard-export', dashboard, downloadsRestricted, renderAs: {type: 'USER', userId: user.id}};
  }
  const tenant = String(subject.embedTenantName);
  const workbook = findResource(ctx.db, 'workbook', scope, Number(dashboard.body.workbookId));
  const shared = workbook !== undefined && readSource(accessOf(workbook), tenant) !== undefined;
  return {kind: 'dashboard-export', dashboard, downloadsRestricted, renderAs: {type: 'EMBED_USER', tenant, externalId: String(subject.externalId)}, ...(shared ? {} : {notSharedWith: tenant})};
}

/** An export job of this deployment by its id, until it expires. */
function exportJob(ctx: ServiceContext, c: Context<AppEnv>): Resource {
  const v = input(c);
  const scope = String(loadDeployment(ctx, String(v.deploymentId)).id);
  const job = listResources(ctx.db, 'dashboard-export', scope).find((j) => j.body.jobId === v.jobId);
  if (!job || ctx.clock.now() >= Number(job.body.createdAt) + EXPORT_TTL_MS) throw notFound(`export job ${String(v.jobId)} not found (a job and its file are kept 5 minutes)`);
  return {kind: 'export-job', job};
}

const distinct = <T>(v: unknown): T[] | null => (Array.isArray(v) ? [...new Set(v as T[])] : null);

/** What a new API key would give: its rights, or a SCIM token, and whether it acts for another user. */
function newKey(_ctx: ServiceContext, c: Context<AppEnv>): Resource {
  const v = input(c);
  if (v.scim === true) return {kind: 'new-key', gives: {scimToken: true}};
  const anotherUser = typeof v.userId === 'number' && v.userId !== c.get('principal').userId;
  return {kind: 'new-key', gives: {rights: {permissions: distinct(v.permissions), deploymentIds: distinct(v.deploymentIds)}, anotherUser}};
}

/** An existing API key by its path id, and its rights. */
function key(ctx: ServiceContext, c: Context<AppEnv>): Resource {
  const id = Number(input(c).id);
  const row = findApiKey(ctx.db, id);
  if (!row) throw notFound(`API key ${id} not found`);
  const parse = <T>(text: string | null): T[] | null => (text ? (JSON.parse(text) as T[]) : null);
  return {kind: 'key', id, rights: {permissions: parse(row.permissions), deploymentIds: parse(row.deployment_ids)}};
}

export const RESOLVERS: Record<ResourceKind, Resolver> = {
  'new-key': newKey,
  key,
  branch,
  upload,
  users,
  deployments,
  dashboard,
  'own-comment': dashboard,
  'embed-session': embedSession,
  'dashboard-export': dashboardExport,
  'export-job': exportJob,
};

/** The resource the policy decided on for this request. */
export function resourceOf<K extends ResourceKind>(c: Context<AppEnv>, kind: K): Extract<Resource, {kind: K}> {
  const r = c.get('resource');
  if (r?.kind !== kind) throw new Error(`operation declares no ${kind} resource`);
  return r as Extract<Resource, {kind: K}>;
}
