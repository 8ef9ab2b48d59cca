// The service's HTTP app. Order matters: auth middleware first (so it covers every route registered after
// it, whoever registers it), then the route groups, then the spec route, then the JSON 404 and error handlers.
import {OpenAPIHono} from '@hono/zod-openapi';
import type {Context} from 'hono';
import {HTTPException} from 'hono/http-exception';
import type {ZodError} from 'zod';
import type {App} from './appTypes.js';
import {auditRecorder} from './auditRecorder.js';
import {authMiddleware, PROTECTED_PREFIXES, type AppEnv} from './auth.js';
import type {ServiceContext} from './context.js';
import {HttpFailure} from './errors.js';
import {bodyLimits, openRateLimits} from './limits.js';
import {routeGroups} from './routes/index.js';
import {registerSpec} from './routes/spec.js';
import {scimEnvelope} from './scimEnvelope.js';
import {isBusyError} from './store/db.js';

const RETRY_AFTER_SECONDS = 2;

export function createApp(ctx: ServiceContext): App {
  // strict:false: the real client calls `/api/v1/deployments/` with a trailing slash.
  const app = new OpenAPIHono<AppEnv>({strict: false, defaultHook: validationHook});
  // Before anything reads a body: floods of open endpoints stop here, and no body is read past its limit.
  app.use('*', openRateLimits());
  app.use('*', bodyLimits());
  // Outside auth, so SCIM clients get SCIM-shaped errors for 401s too.
  app.use('/api/scim/v2/*', scimEnvelope());
  for (const prefix of PROTECTED_PREFIXES) app.use(prefix, authMiddleware(ctx));
  app.use('*', auditRecorder(ctx, app));
  for (const register of routeGroups) register(app, ctx);
  registerSpec(app, ctx);
  app.notFound((c) => c.json({error: `no such endpoint: ${c.req.method} ${c.req.path}`}, 404));
  app.onError((err, c) => errorResponse(ctx, err, c));
  return app;
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
