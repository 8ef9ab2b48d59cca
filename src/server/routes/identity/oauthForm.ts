// What every OAuth endpoint of the service shares (the device flow, refresh, revocation): they take form bodies
// and answer OAuth error bodies (`{error, error_description}`, RFC 6749 §5.2) rather than the management API's
// `{error}`, so the handlers read the form themselves instead of declaring it for validation.
import {createRoute, type z} from '@hono/zod-openapi';
import type {Context} from 'hono';
import {OAuthErrorBody} from '../../../contract/oauth.js';
import type {formBody} from '../../web/formBody.js';
import {json} from '../http.js';

/** Form fields (the standard) or a JSON object (lenient), as strings. */
export async function readFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  let raw: Record<string, unknown> = {};
  try {
    if (/json/i.test(type)) raw = ((await c.req.json()) ?? {}) as Record<string, unknown>;
    else if (/form/i.test(type)) raw = await c.req.parseBody();
  } catch {
    raw = {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Token answers and their errors are never cached (RFC 6749 §5.1). */
export function noStore(c: Context): void {
  c.header('cache-control', 'no-store');
  c.header('pragma', 'no-cache');
}

export function oauthError(c: Context, error: string, description: string) {
  noStore(c);
  return {error, error_description: description};
}

/** A credential-free POST endpoint taking a form body; `ok` describes its 200 answer. */
export function oauthRoute<T extends z.ZodType>(
  spec: {path: string; operationId: string; summary: string; description: string; tag: string},
  ok: {schema: T; description: string},
  body: ReturnType<typeof formBody>,
) {
  return createRoute({
    method: 'post',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: [spec.tag],
    security: [],
    request: {body},
    responses: {200: json(ok.schema, ok.description), 400: json(OAuthErrorBody, 'an OAuth error (RFC 6749 §5.2, RFC 8628 §3.5, RFC 7009 §2.2.1)')},
  });
}
