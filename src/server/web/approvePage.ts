// The verification page of the device flow (RFC 8628 §3.3): a person opens it from the URL the CLI printed,
// checks the code matches their terminal and approves or denies. On the local service the approving user is
// the tenant admin: whoever can reach the loopback port owns the service. A plain HTML form, no script.
import {createRoute, z} from '@hono/zod-openapi';
import type {Context} from 'hono';
import type {App} from '../appTypes.js';
import type {ServiceContext} from '../context.js';
import {decideDeviceCode, findByUserCode, normalizeUserCode} from '../store/deviceCodes.js';
import {findAdmin} from '../store/users.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[ch] ?? ch);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · svc</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}
code{font-size:1.6rem;letter-spacing:.15em}button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function codeForm(message = ''): string {
  return page(
    'Sign in the svc CLI',
    `${message}<form method="get" action="/device"><p><label>Code shown in your terminal:
<input name="user_code" autocomplete="off" autofocus></label></p><p><button type="submit">Continue</button></p></form>`,
  );
}

function html(c: Context, body: string, status: 200 | 400 | 403 | 404 = 200): Response {
  c.header('cache-control', 'no-store');
  c.header('x-frame-options', 'DENY');
  c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
  return c.html(body, status);
}

/** A live, undecided code, or the page explaining why not. */
function pendingCode(ctx: ServiceContext, input: string): {userCode: string} | {problem: string} {
  const userCode = normalizeUserCode(input);
  const row = userCode === undefined ? undefined : findByUserCode(ctx.db, userCode);
  if (!userCode || !row) return {problem: 'That code is not known. Check it against your terminal.'};
  if (ctx.clock.now() >= row.expires_at) return {problem: 'That code has expired. Run `svc login` again for a new one.'};
  if (row.status !== 'pending') return {problem: 'That code was already used.'};
  return {userCode};
}

/** A form posted from another site must not approve a sign-in (login CSRF); browsers send Origin on POST. */
function sameOrigin(ctx: ServiceContext, c: Context): boolean {
  const origin = c.req.header('origin');
  return origin === undefined || origin === 'null' || origin === new URL(ctx.baseUrl).origin || origin === new URL(c.req.url).origin;
}

const page200 = {description: 'an HTML page', content: {'text/html': {schema: z.string()}}};
const pageError = {description: 'an HTML page saying what is wrong', content: {'text/html': {schema: z.string()}}};

export function registerApprovePage(app: App, ctx: ServiceContext): void {
  const show = createRoute({
    method: 'get',
    path: '/device',
    operationId: 'showDeviceApproval',
    summary: 'The device sign-in page: enter or confirm the code, then Approve or Deny',
    tags: ['Device Authorization'],
    security: [],
    request: {query: z.object({user_code: z.string().optional()})},
    responses: {200: page200, 400: pageError},
  });
  const decideRoute = createRoute({
    method: 'post',
    path: '/device',
    operationId: 'decideDeviceApproval',
    summary: 'Approve or deny a device sign-in (form: user_code, decision=approve|deny; same-origin only)',
    tags: ['Device Authorization'],
    security: [],
    responses: {200: page200, 400: pageError, 403: pageError, 404: pageError},
  });

  app.openapi(show, (c) => {
    const input = c.req.query('user_code');
    if (input === undefined || input.trim() === '') return html(c, codeForm());
    const found = pendingCode(ctx, input);
    if ('problem' in found) return html(c, codeForm(`<p role="alert">${escapeHtml(found.problem)}</p>`), 400);
    const admin = findAdmin(ctx.db);
    return html(
      c,
      page(
        'Sign in the svc CLI',
        `<p>A terminal asks to sign in${admin ? ` as <strong>${escapeHtml(admin.email)}</strong>` : ''}.</p>
<p>Check that it shows this code:</p><p><code id="user-code">${escapeHtml(found.userCode)}</code></p>
<form method="post" action="/device"><input type="hidden" name="user_code" value="${escapeHtml(found.userCode)}">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
      ),
    );
  });

  app.openapi(decideRoute, async (c) => {
    if (!sameOrigin(ctx, c)) return html(c, page('Not allowed', '<p>This form must be sent from the sign-in page itself.</p>'), 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const decision = form.decision;
    if (decision !== 'approve' && decision !== 'deny') return html(c, codeForm('<p role="alert">Choose Approve or Deny.</p>'), 400);
    const found = pendingCode(ctx, typeof form.user_code === 'string' ? form.user_code : '');
    if ('problem' in found) return html(c, codeForm(`<p role="alert">${escapeHtml(found.problem)}</p>`), 400);
    const admin = findAdmin(ctx.db);
    if (!admin) return html(c, page('Cannot sign in', '<p>This service has no admin user.</p>'), 404);
    if (!decideDeviceCode(ctx.db, found.userCode, decision === 'approve' ? 'approved' : 'denied', admin.id)) {
      return html(c, codeForm('<p role="alert">That code was already used.</p>'), 400);
    }
    return decision === 'approve'
      ? html(c, page('Device approved', '<p id="result">Signed in. You can close this window and return to your terminal.</p>'))
      : html(c, page('Sign-in denied', '<p id="result">Denied. The terminal will report that the sign-in was refused.</p>'));
  });
}
