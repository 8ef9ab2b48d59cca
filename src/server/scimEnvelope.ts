// SCIM speaks its own dialect on the wire (RFC 7644 §3.1, §3.12): bodies are application/scim+json and
// errors are `{schemas:[…Error], status:"404", scimType?, detail}`. This middleware wraps /api/scim/v2 from
// the outside, so it also reshapes answers produced before any SCIM route ran (401 from the auth
// middleware, 404 for an unknown path, 400 from validation) without those parts knowing about SCIM.
import type {MiddlewareHandler} from 'hono';
import {HTTPException} from 'hono/http-exception';
import {SCIM_ERROR_SCHEMA, SCIM_MEDIA_TYPE, type ScimError} from '../contract/scim.js';
import type {AppEnv} from './auth.js';
import {HttpFailure} from './errors.js';

/** A failure with a SCIM error type (`uniqueness`, `invalidFilter`, `noTarget`, `invalidValue`, …). */
export class ScimFailure extends HttpFailure {
  constructor(
    status: 400 | 404 | 409,
    message: string,
    readonly scimType?: string,
  ) {
    super(status, message);
    this.name = 'ScimFailure';
  }
}

async function detailOf(res: Response, err: Error | undefined): Promise<string> {
  if (err instanceof HttpFailure) return err.message;
  try {
    const body = (await res.clone().json()) as {error?: unknown};
    if (typeof body.error === 'string') return body.error;
  } catch {
    // Not a JSON body: fall through to the status text.
  }
  return res.statusText || `request failed with status ${res.status}`;
}

export function scimEnvelope(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400) {
      if (/^application\/json/i.test(res.headers.get('content-type') ?? '')) res.headers.set('content-type', SCIM_MEDIA_TYPE);
      return;
    }
    const err = c.error;
    const body: ScimError = {schemas: [SCIM_ERROR_SCHEMA], status: String(res.status), detail: await detailOf(res, err)};
    if (err instanceof ScimFailure && err.scimType) body.scimType = err.scimType;
    // A body that is not JSON at all is a syntax error (RFC 7644 §3.12), not a wrong value.
    else if (res.status === 400) body.scimType = err instanceof HTTPException && /malformed json/i.test(err.message) ? 'invalidSyntax' : 'invalidValue';
    const headers = new Headers(res.headers);
    headers.set('content-type', SCIM_MEDIA_TYPE);
    headers.delete('content-length');
    c.res = undefined;
    c.res = new Response(JSON.stringify(body), {status: res.status, headers});
  };
}
