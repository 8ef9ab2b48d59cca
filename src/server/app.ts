// The service's HTTP app. Order matters: auth middleware first (so it covers every route registered after
// it, whoever registers it), then the per-operation permission guard, then the route groups, then the spec
// route, then the JSON 404 and error handlers.
import {OpenAPIHono, type RouteConfig} from '@hono/zod-openapi';
import type {Context, MiddlewareHandler} from 'hono';
import {HTTPException} from 'hono/http-exception';
import type {ZodError} from 'zod';
import type {App} from './appTypes.js';
import {auditRecorder} from './auditRecorder.js';
import {authMiddleware, operationGuard, PROTECTED_PREFIXES, type AppEnv} from './auth.js';
import {forbidden, notFound} from './errors.js';
import {OPERATION_REQUIREMENTS, PERMISSION_EXTENSION, type Requirement} from './permissions.js';
import {decide} from './policy.js';
import {RESOLVERS} from './policyResources.js';
import type {ServiceContext} from './context.js';
import {HttpFailure} from './errors.js';
import {bodyLimits, openRateLimits} from './limits.js';
import {pagingGuard} from './routes/http.js';
import {SharedTrieRouter} from './routeTable.js';
import {routeGroups} from './routes/index.js';
import {registerSpec} from './routes/spec.js';
import {scimEnvelope} from './scimEnvelope.js';
import {isBusyError} from './store/db.js';

const RETRY_AFTER_SECONDS = 2;

export function createApp(ctx: ServiceContext): App {
  // strict:false: the real client calls `/api/v1/deployments/` with a trailing slash. Every other path with one is
  // not in the route table and answers 404 (trailingSlash), as under the platform's strict routing.
  // A trie router, which Hono's default (SmartRouter) ends on for this route table anyway: its first choice, the
  // RegExpRouter, cannot hold this table (it gives up at `…/workbooks/by-slug/:slug`; test/server/router.test.ts),
  // and finding that out cost each new app's first request the building of most of a RegExpRouter. The trie is
  // shared by every app of the process with the same routes; the handlers are the app's own (routeTable.ts).
  const app = new OpenAPIHono<AppEnv>({strict: false, defaultHook: validationHook, router: new SharedTrieRouter()});
  // Before anything reads a body: floods of open endpoints stop here, and no body is read past its limit. Only
  // the endpoints without a credential have their (small) bodies read here; every other body is read after the
  // credential and the permission were checked (guardEveryOperation).
  app.use('*', openRateLimits());
  app.use('*', bodyLimits('open'));
  // Outside auth, so SCIM clients get SCIM-shaped errors for 401s too.
  app.use('/api/scim/v2/*', scimEnvelope());
  app.use('*', trailingSlash());
  for (const prefix of PROTECTED_PREFIXES) app.use(prefix, authMiddleware(ctx));
  app.use('*', auditRecorder(ctx, app));
  guardEveryOperation(app, ctx);
  for (const register of routeGroups) register(app, ctx);
  registerSpec(app, ctx);
  app.notFound((c) => c.json({error: `no such endpoint: ${c.req.method} ${c.req.path}`}, 404));
  app.onError((err, c) => errorResponse(ctx, err, c));
  return app;
}

/** The one path served with a trailing slash too (the platform's own client asks for it so). */
const SLASHED_PATHS: ReadonlySet<string> = new Set(['/api/v1/deployments/']);

/** A path ending in `/` that is not in the route table is a 404, so a client's stray slash shows in tests. */
function trailingSlash(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // c.req.path has the slash removed already (strict:false): read the URL as sent.
    const path = new URL(c.req.url).pathname;
    if (path.length > 1 && path.endsWith('/') && !SLASHED_PATHS.has(path)) return c.json({error: `no such endpoint: ${c.req.method} ${path}`}, 404);
    await next();
  };
}

/**
 * Every operation registered from here on gets its requirement from permissions.ts (or an `x-svc-permission` it
 * declares itself) and passes the policy twice: the guard before the operation's validators (who may call it at
 * all), and, when the requirement names a resource, the resource's resolver and the policy's decision on it
 * after validation, before the handler. The document publishes the requirement.
 * The body is read (and bounded) right after the guard, so nobody without the right credential gets it read.
 * A list operation also refuses the paging parameters it does not take (routes/http.ts pagingGuard).
 */
function guardEveryOperation(app: App, ctx: ServiceContext): void {
  const readBody = bodyLimits('credentialed');
  const register = app.openapi.bind(app) as (route: RouteConfig, handler: unknown, hook?: unknown) => App;
  (app as unknown as {openapi: unknown}).openapi = (route: RouteConfig, handler: (c: Context<AppEnv>) => unknown, hook?: unknown) => {
    const declared = (route as Record<string, unknown>)[PERMISSION_EXTENSION] as Requirement | undefined;
    const requirement = declared ?? (route.operationId ? OPERATION_REQUIREMENTS.get(route.operationId) : undefined);
    const operationId = route.operationId ?? `${route.method} ${route.path}`;
    const own = route.middleware ? (Array.isArray(route.middleware) ? route.middleware : [route.middleware]) : [];
    const paging = pagingGuard(route);
    const guards = [operationGuard(ctx, operationId, requirement), ...(paging ? [paging] : [])];
    return register(
      {...route, [PERMISSION_EXTENSION]: requirement ?? null, middleware: [...guards, readBody, ...own]},
      requirement && 'resource' in requirement && requirement.resource ? decidedOnResource(ctx, operationId, requirement, handler) : handler,
      hook,
    );
  };
}

/** The handler behind the policy's decision on the operation's resource (resolved from the validated request). */
function decidedOnResource(ctx: ServiceContext, operationId: string, requirement: Requirement, handler: (c: Context<AppEnv>) => unknown) {
  const declared = 'resource' in requirement ? requirement.resource! : undefined;
  return (c: Context<AppEnv>) => {
    const resource = RESOLVERS[declared!.kind](ctx, c, declared!);
    const decision = decide(c.get('principal'), operationId, requirement, {deploymentId: c.req.param('deploymentId')}, resource);
    if (!decision.allow) throw decision.hidden ? notFound(decision.reason) : forbidden(decision.reason);
    c.set('resource', resource);
    return handler(c);
  };
}

/** zod failures of params, query or body → 400 `{error: "<field>: <message>"}`. */
function validationHook(
  result: {success: true} | {success: false; error: ZodError; target: string},
  c: Context<AppEnv>,
): Response | undefined {
  if (result.success) return undefined;
  return c.json({error: describeZodError(result.error, result.target)}, 400);
}

export function describeZodError(error: ZodError, target: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : target === 'json' ? 'body' : target;
    if (seen.has(field)) continue;
    seen.add(field);
    const message = /received undefined$/.test(issue.message) ? 'required' : issue.message;
    // Contract messages often name their field already ("limit must be …"); don't say it twice.
    parts.push(message.startsWith(`${field} `) ? message : `${field}: ${message}`);
  }
  return parts.slice(0, 3).join('; ');
}

function errorResponse(ctx: ServiceContext, err: Error, c: Context<AppEnv>): Response {
  if (err instanceof HttpFailure) return c.json({error: err.message}, err.status);
  if (err instanceof HTTPException) {
    // Hono's own rejections (malformed JSON, unsupported media type) are client errors with a status.
    const message = err.message || (err.status === 415 ? 'unsupported media type: send application/json' : 'bad request');
    return c.json({error: message}, err.status);
  }
  if (isBusyError(err)) {
    // Another program holds the SQLite write lock: nothing was written (the transaction rolled back), so the
    // client may simply try again.
    ctx.log(`database busy on ${c.req.method} ${c.req.path}: answered 503`);
    c.header('retry-after', String(RETRY_AFTER_SECONDS));
    return c.json({error: 'the service database is locked by another program; try again shortly'}, 503);
  }
  ctx.log(`internal error on ${c.req.method} ${c.req.path}: ${err.message}`);
  return c.json({error: 'internal error'}, 500);
}
