// The audit recorder: ONE middleware around every request. After a mutating request (POST, PUT, PATCH,
// DELETE) succeeds it stores an event — its name from the route's operationId (`updateDeployment` →
// `deployment.update`), the acting user's email, the service clock's time, the caller's address and a
// redacted summary of path parameters and body. Failed requests change nothing, so they record nothing.
import {getConnInfo} from '@hono/node-server/conninfo';
import type {Context, MiddlewareHandler} from 'hono';
import {matchedRoutes} from 'hono/route';
import type {App} from './appTypes.js';
import type {AppEnv, Principal} from './auth.js';
import type {ServiceContext} from './context.js';
import {redact} from './auditRedact.js';
import {bufferedBody} from './limits.js';
import {OPERATION_REQUIREMENTS} from './permissions.js';
import {insertAuditEvent} from './store/audit.js';
import type {Db} from './store/db.js';
import {findUser} from './store/users.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Not account changes: queries to a deployment's data API (reads that happen to be POSTs) and the CLI's
// usage pings to /telemetry. The approval page (/device) records its own events, refusals and the approver
// included (web/approvePage.ts), which this recorder cannot see: it has no principal and records no failure.
const NOT_AUDITED = /^\/(data|telemetry|device)(\/|$)/;
/** SCIM searches (RFC 7644 §3.4.3): reads sent as POST so the filter stays out of URLs. Neither recorded nor a change. */
const READS_BY_POST: ReadonlySet<string> = new Set(['searchScimUsers', 'searchScimGroups', 'searchScimResources']);
const MAX_BODY_BYTES = 1_000_000;
const VERBS = new Set([
  'add', 'cancel', 'commit', 'create', 'delete', 'disable', 'enable', 'finish', 'merge', 'patch', 'pull', 'remove',
  'rename', 'replace', 'revoke', 'save', 'set', 'start', 'stop', 'sync', 'trigger', 'update', 'upload',
]);
const METHOD_VERB: Record<string, string> = {POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete'};

/** `updateDeployment` → `deployment.update`; `mergeToDefaultBranch` → `defaultBranch.merge`. */
export function eventNameFor(operationId: string, method: string): string {
  const words = operationId.split(/(?=[A-Z])/);
  const first = words[0]?.toLowerCase() ?? '';
  const rest = VERBS.has(first) ? words.slice(1) : words;
  while (rest.length > 1 && /^(To|Into|From)$/.test(rest[0] ?? '')) rest.shift();
  const noun = rest.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w)).join('');
  const verb = VERBS.has(first) ? first : (METHOD_VERB[method] ?? method.toLowerCase());
  return noun === '' ? verb : `${noun}.${verb}`;
}

const READ_PERMISSIONS: ReadonlySet<string> = new Set(['DeploymentRead', 'SchemaRead']);

/**
 * Whether a successful call changes the account's objects or data (a create, an update, a delete). What a
 * credential that may only read can do is no change: issuing a token to query, a data or metadata token,
 * an embed session, validating a model, signing in or out (revoking a sign-in's tokens). SCIM writes change users
 * and groups; SCIM searches are reads. An operation the permission table does not know counts as a change.
 */
export function changesAccount(operationId: string): boolean {
  const requirement = OPERATION_REQUIREMENTS.get(operationId);
  if (READS_BY_POST.has(operationId)) return false;
  if (requirement === undefined || requirement.credential === 'scim') return true;
  if (requirement.credential !== 'management') return false;
  return requirement.permission !== null && !READ_PERMISSIONS.has(requirement.permission);
}

const changeNamesByApp = new WeakMap<App, ReadonlySet<string>>();

/** The event names a change records (as `auditRecorder` names them), read from the app's routes once. */
function changeEventNames(app: App): ReadonlySet<string> {
  let names = changeNamesByApp.get(app);
  if (names === undefined) {
    const set = new Set<string>();
    for (const [key, operationId] of operationIndex(app)) {
      const method = key.slice(0, key.indexOf(' '));
      if (MUTATING.has(method) && changesAccount(operationId)) set.add(eventNameFor(operationId, method));
    }
    changeNamesByApp.set(app, (names = set));
  }
  return names;
}

/**
 * The changes to the account recorded after audit event `afterId`, oldest first, by event name. The service's
 * start, sign-ins and tokens issued to read are audit events too, but no change: quitting loses nothing of them.
 */
export function accountChangesSince(db: Db, app: App, afterId: number): string[] {
  const names = changeEventNames(app);
  const recorded = db.prepare('SELECT name FROM audit_events WHERE id > ? ORDER BY id').pluck().all(afterId) as string[];
  return recorded.filter((name) => names.has(name));
}

/** operationIds by `METHOD /hono/:path`, read from the OpenAPI registry once every route is registered. */
function operationIndex(app: App): Map<string, string> {
  const index = new Map<string, string>();
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== 'route' || !def.route.operationId) continue;
    const path = def.route.path.replace(/\{([^}]+)\}/g, ':$1');
    index.set(`${def.route.method.toUpperCase()} ${path}`, def.route.operationId);
  }
  return index;
}

/** The body as the route read it (`bufferedBody`), redacted; its type and size when it is not JSON or too large. */
function bodySummary(c: Context): unknown {
  const type = c.req.header('content-type') ?? '';
  const body = bufferedBody(c);
  const length = body?.byteLength ?? Number(c.req.header('content-length') ?? '0');
  if (!/json/i.test(type) || body === undefined) return length > 0 ? {contentType: type.split(';')[0], bytes: length} : undefined;
  if (length > MAX_BODY_BYTES) return {contentType: 'application/json', bytes: length};
  try {
    const text = body.toString();
    return text.trim() === '' ? undefined : redact(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function clientIp(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return null;
  }
}

const DEPLOYMENT_IN_PATH = /\/deployments\/(\d+)(?:\/|$)|^\/data\/(\d+)(?:\/|$)/;

/** The deployment a request is about: its `deploymentId` parameter, else a `/deployments/<id>` path segment. */
function deploymentOf(params: Record<string, string>, path: string): number | null {
  const raw = params.deploymentId ?? (DEPLOYMENT_IN_PATH.exec(path)?.slice(1).find((x) => x !== undefined));
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

export function auditRecorder(ctx: ServiceContext, app: App): MiddlewareHandler<AppEnv> {
  let operations: Map<string, string> | undefined;
  return async (c, next) => {
    await next();
    const method = c.req.method.toUpperCase();
    if (!MUTATING.has(method) || c.res.status >= 400 || NOT_AUDITED.test(c.req.path)) return;
    const route = matchedRoutes(c)[c.req.routeIndex];
    const pattern = route?.path ?? c.req.path;
    operations ??= operationIndex(app);
    const operationId = operations.get(`${method} ${pattern}`);
    if (operationId !== undefined && READS_BY_POST.has(operationId)) return;
    const principal = c.get('principal') as Principal | undefined;
    const params = c.req.param() as Record<string, string>;
    const body = bodySummary(c);
    const data: Record<string, unknown> = {method, path: c.req.path, status: c.res.status};
    if (Object.keys(params).length > 0) data.params = redact(params);
    if (body !== undefined) data.body = body;
    if (principal?.name) data.credential = principal.name;
    const name = operationId ? eventNameFor(operationId, method) : `${method} ${pattern}`;
    try {
      insertAuditEvent(ctx.db, {
        name,
        userEmail: principal ? (findUser(ctx.db, principal.userId)?.email ?? null) : null,
        createdAt: ctx.clock.now(),
        ip: clientIp(c),
        data,
        deploymentId: deploymentOf(params, c.req.path),
      });
    } catch (err) {
      // The change itself is committed: answering 500 now would invite a retry of something that succeeded.
      ctx.log(`audit: could not record ${name} on ${method} ${c.req.path}: ${(err as Error).message}`);
    }
  };
}
