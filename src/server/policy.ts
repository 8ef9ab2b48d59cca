// THE authorization policy: one pure function decides whether a principal may perform an operation, from the
// operation's declaration (permissions.ts, published as `x-svc-permission`) and, when the declaration names a
// resource, the resource a resolver found for the request (policyResources.ts). The app calls it for every
// operation it registers, twice: before the request is validated (credential kind, deployment scope,
// permission) and, for operations that declare a resource, after (ownership, raised permissions, grants).
// Handlers decide nothing about access. The rules, in order:
//  - credential kind: a SCIM operation takes a SCIM token, a management one an API key or access token;
//  - deployment scope: an account-level operation refuses a credential scoped to some deployments, and a
//    deployment in the path (or the body, for the operations that name it there, or the one the resource
//    belongs to: a published dashboard, its comments, an embed session) must be within the scope;
//  - permission: the declared one, raised when the resource says so (uploads to a shared branch: SchemaUpdate);
//  - ownership: a personal dev-mode branch is written only by the user who owns it, whoever else asks; a
//    comment is changed or removed only by its author; a dashboard export job is seen only by whoever started it
//    (to anyone else it does not exist: 404);
//  - exports: a dashboard renders as someone else only for a tenant administrator, never while the workspace
//    restricts data downloads, and as an embed user only when the workbook is shared with that user's tenant;
//  - grants (`grants`): no credential gives more than it holds. A key is created only with permissions and
//    deployments its creator has; making a user an admin, giving a key to another user, issuing a SCIM token and
//    any role write (a role grants what its policies say) need an admin's credential with every permission, not
//    scoped to deployments; so does any change to an admin (deactivate, delete, edit, over the account API or
//    SCIM), and a key is revoked only by a credential with at least its rights.
// Tenancy (what a data token may see) is the same kind of decision for the data API: `securityContextOf`.
// The invariant that one active admin always remains is the users store's (store/users.ts), under every path.
import type {JWTPayload} from 'jose';
import type {Permission} from '../contract/index.js';
import type {Principal} from './auth.js';
import type {Requirement} from './permissions.js';
import type {BranchRow} from './store/branches.js';
import type {ResourceRow} from './store/resources.js';

/** What an operation acts on, as its resolver found it for this request. */
export type Resource =
  | {kind: 'branch'; branch: BranchRow}
  | {kind: 'upload'; branch: BranchRow; transactionId: string}
  | {kind: 'users'; targets: Array<{id: number; isAdmin: boolean}>; makesAdmin: boolean}
  /** A new API key: what it would give. */
  | {kind: 'new-key'; gives: Grant}
  /** An existing API key (to revoke): the rights it has. */
  | {kind: 'key'; id: number; rights: Rights}
  | {kind: 'deployments'; deploymentIds: string[]}
  /** A published dashboard (found by its public id) and, when the path names one, a comment on it. */
  | {kind: 'dashboard'; dashboard: ResourceRow; comment?: ResourceRow}
  /** A comment only its author may change. */
  | {kind: 'own-comment'; dashboard: ResourceRow; comment: ResourceRow}
  /** An embed session (found by its session id). */
  | {kind: 'embed-session'; session: ResourceRow}
  /**
   * A published dashboard of the deployment to export: whom it renders as (absent: the caller), whether the subject
   * is an embed user of a tenant the workbook is not shared with, and whether the workspace restricts data downloads.
   */
  | {kind: 'dashboard-export'; dashboard: ResourceRow; renderAs?: ExportSubject; notSharedWith?: string; downloadsRestricted: boolean}
  /** A dashboard export job: visible only to the user who started it. */
  | {kind: 'export-job'; job: ResourceRow};

/** Whom a dashboard export renders as. */
export type ExportSubject = {type: 'USER'; userId: number} | {type: 'EMBED_USER'; tenant: string; externalId: string};

export type ResourceKind = Resource['kind'];

/** A credential's rights: its permissions and its deployments (null: all). */
export interface Rights {
  permissions: readonly Permission[] | null;
  deploymentIds: readonly number[] | null;
}

/**
 * What a write gives: the admin role, a key with these rights, a key that acts for another user, a SCIM token
 * (it can create and remove users), or a role's policies.
 */
export interface Grant {
  admin?: boolean;
  rights?: Rights;
  anotherUser?: boolean;
  scimToken?: boolean;
  role?: boolean;
}

/** A refusal; `hidden`: the resource is not the caller's to know of, so the answer is a 404 rather than a 403. */
export type Decision = {allow: true} | {allow: false; reason: string; hidden?: true};

/** What the request names besides its resource: the deployment in its path. */
export interface Target {
  deploymentId?: string;
}

export const USE_MANAGEMENT = 'use an API key (svc api-keys create) or an access token from svc login';
export const USE_SCIM = 'SCIM needs a SCIM token (svc api-keys create --scim)';
export const SCIM_ELSEWHERE = `a SCIM token is valid only for /api/scim/v2: ${USE_MANAGEMENT}`;

const allow: Decision = {allow: true};
const deny = (reason: string): Decision => ({allow: false, reason});

function mayAccessDeployment(p: Principal, deploymentId: number | string): boolean {
  return p.deploymentIds === null || p.deploymentIds.some((id) => String(id) === String(deploymentId));
}

function hasPermission(p: Principal, permission: Permission): boolean {
  return p.permissions === null || p.permissions.includes(permission);
}

/**
 * An admin's full authority: the user is an admin, and the credential is not narrowed (every permission, every
 * deployment). A SCIM token counts: only such a credential can create one, and it acts for its admin.
 */
export function holdsAdmin(p: Principal): boolean {
  return p.admin && p.deploymentIds === null && (p.kind === 'scim-token' || p.permissions === null);
}

/** The permission an operation needs on this resource: the declared one, or the declared raise. */
function permissionFor(r: Requirement, resource?: Resource): Permission | null {
  if (r.credential !== 'management') return null;
  const branch = resource && (resource.kind === 'branch' || resource.kind === 'upload') ? resource.branch : undefined;
  if (r.raisedTo && branch && branch.kind !== 'dev') return r.raisedTo.permission;
  return r.permission;
}

/**
 * The decision. `resource` is absent on the first call (before validation) and present on the second for the
 * operations that declare one; a data-API operation (`data`, `meta`) is decided by its token (dataAuth.ts).
 */
export function decide(p: Principal, operationId: string, r: Requirement, target: Target, resource?: Resource): Decision {
  if (r.credential === 'scim') {
    if (p.kind !== 'scim-token') return deny(USE_SCIM);
  } else if (r.credential === 'management') {
    if (p.kind === 'scim-token') return deny(SCIM_ELSEWHERE);
    if (r.level === 'account' && p.deploymentIds !== null) {
      return deny(`${operationId} is an account-level operation: it needs a credential that is not scoped to specific deployments`);
    }
    // Whatever the level: a deployment named in the path is within the credential's scope (the one check of it).
    if (target.deploymentId !== undefined && !mayAccessDeployment(p, target.deploymentId)) {
      return deny(`this credential is not authorized for deployment ${target.deploymentId}`);
    }
    const permission = permissionFor(r, resource);
    if (permission !== null && !hasPermission(p, permission)) return deny(`this credential lacks the ${permission} permission`);
    if (r.grants) {
      const granted = grants(p, r.grants);
      if (!granted.allow) return granted;
    }
  } else {
    return allow;
  }
  return resource ? decideOn(p, resource) : allow;
}

function decideOn(p: Principal, resource: Resource): Decision {
  switch (resource.kind) {
    case 'branch':
    case 'upload': {
      const b = resource.branch;
      if (b.kind === 'dev' && b.owner_user_id !== p.userId) {
        return deny(`Branch ${b.name} is another user's dev-mode branch: enter dev mode yourself to get a branch of your own`);
      }
      return allow;
    }
    case 'users': {
      const granted = grants(p, {admin: resource.makesAdmin});
      if (!granted.allow) return granted;
      const admin = resource.targets.find((t) => t.isAdmin);
      if (admin && !holdsAdmin(p)) return deny(`user ${admin.id} is an admin: changing or removing an admin needs an admin credential with every permission`);
      return allow;
    }
    case 'new-key':
      return grants(p, resource.gives);
    case 'key':
      return withinRights(p, resource.rights) ? allow : deny(`API key ${resource.id} has more rights than this credential: a credential cannot revoke a key that has more rights than its own`);
    case 'deployments':
      return withinScope(p, resource.deploymentIds);
    case 'dashboard':
      return withinScope(p, [resource.dashboard.scope]);
    case 'own-comment': {
      const scope = withinScope(p, [resource.dashboard.scope]);
      if (!scope.allow) return scope;
      return resource.comment.body.userId === p.userId ? allow : deny(`comment ${resource.comment.id} is another user's: only its author may change or remove a comment`);
    }
    case 'embed-session':
      return withinScope(p, [String(resource.session.body.deploymentId)]);
    case 'dashboard-export':
      // Not even on someone's behalf: an export is a bulk data download.
      if (resource.downloadsRestricted) return deny('data downloads are restricted for this workspace, dashboard exports included');
      if (resource.renderAs && !holdsAdmin(p)) return deny('rendering as another user (renderAs) needs a tenant administrator credential with every permission');
      if (resource.notSharedWith !== undefined) return deny(`the dashboard's workbook is not shared with embed tenant ${resource.notSharedWith}`);
      return allow;
    case 'export-job':
      return resource.job.body.userId === p.userId ? allow : {allow: false, reason: `export job ${String(resource.job.body.jobId)} not found`, hidden: true};
  }
}

/** THE grants rule: whether `p` may give what `g` says (every path that makes an admin, a key or a role asks it). */
export function grants(p: Principal, g: Grant): Decision {
  if (!holdsAdmin(p)) {
    const need = 'needs an admin credential with every permission';
    if (g.admin) return deny(`making a user an admin ${need}`);
    if (g.scimToken) return deny(`issuing a SCIM token ${need}`);
    if (g.anotherUser) return deny(`giving a key to another user ${need}`);
    if (g.role) return deny(`giving, changing or removing a role ${need}`);
  }
  if (g.rights && !withinRights(p, g.rights)) {
    return deny('a credential cannot create a key with more rights than its own: list only permissions and deployments it has');
  }
  return allow;
}

/** True when `inner` (permissions and deployment scope) grants nothing `outer` does not. */
export function withinRights(outer: Rights, inner: Rights): boolean {
  const permsOk = outer.permissions === null || (inner.permissions !== null && inner.permissions.every((x) => outer.permissions!.includes(x)));
  const depsOk = outer.deploymentIds === null || (inner.deploymentIds !== null && inner.deploymentIds.every((d) => outer.deploymentIds!.includes(d)));
  return permsOk && depsOk;
}

function withinScope(p: Principal, deploymentIds: readonly string[]): Decision {
  const outside = deploymentIds.find((id) => !mayAccessDeployment(p, id));
  return outside === undefined ? allow : deny(`this credential is not authorized for deployment ${outside}`);
}

/** The deployments a list shows this credential (null: all of them): a scoped credential sees its own only. */
export function listedDeployments(p: Principal): number[] | null {
  return p.deploymentIds;
}

/**
 * Tenancy: the security context a data-reading token carries, which the model's visibility rule
 * (engines/compiler/tenants.ts) applies to. Every token derived for someone else (an embed session's, a metadata
 * or environment token) carries one (an absent one reads as `{}`: tenant-less, so only what every tenant sees);
 * only the deployment data token of a management credential reads the whole model.
 */
export function securityContextOf(claims: JWTPayload): Record<string, unknown> | undefined {
  const sc = claims.security_context;
  if (typeof sc === 'object' && sc !== null && !Array.isArray(sc)) return sc as Record<string, unknown>;
  return claims.scope === 'data' && claims.embed !== true ? undefined : {};
}
