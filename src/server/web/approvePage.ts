// The verification page of the device flow (RFC 8628 §3.3): a person opens it from the URL the CLI printed,
// checks the code matches their terminal and approves by pasting an API key (or access token) of the account,
// or denies. The approver's credential decides who the terminal signs in as and what it may do: never more than
// that credential. Like every device-flow endpoint it answers only to loopback Host names with the service's port
// (web/browserFacing.ts); a POST needs the page's own Origin (cross-site forms, `Origin: null`); refused approvals
// kill a code after a few, and unknown codes and refused approvals share one budget for the whole service. Every
// decision and every refusal is an audit event naming the code and, for a decision, the approver. A plain HTML
// form, no script.
import {createRoute, z} from '@hono/zod-openapi';
import type {Context} from 'hono';
import type {App} from '../appTypes.js';
import type {ServiceContext} from '../context.js';
import {getConnInfo} from '@hono/node-server/conninfo';
import {authenticate, inheritedClaims, type Principal} from '../auth.js';
import {insertAuditEvent} from '../store/audit.js';
import {FailureBudget, MAX_FAILED_APPROVALS_PER_CODE, MAX_FAILURES_PER_MINUTE} from './browserFacing.js';
import {formBody} from './formBody.js';
import {decideDeviceCode, findByUserCode, normalizeUserCode, recordFailedApproval} from '../store/deviceCodes.js';
import {findUser} from '../store/users.js';

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

function html(c: Context, body: string, status: 200 | 400 | 403 | 404 | 421 | 429 = 200): Response {
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

/** A form posted from another site (or a sandboxed one, `Origin: null`) must not approve a sign-in. */
function sameOrigin(c: Context): boolean {
  const origin = c.req.header('origin');
  return origin !== undefined && origin === `http://${(c.req.header('host') ?? '').toLowerCase()}`;
}

export {MAX_FAILED_APPROVALS_PER_CODE, MAX_FAILURES_PER_MINUTE};

function clientOf(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** An audit event of the approval page: `deviceSignIn.approve|deny|refuse`, with the approver when there is one. */
function audit(ctx: ServiceContext, c: Context, action: 'approve' | 'deny' | 'refuse', data: Record<string, unknown>, approver?: Principal): void {
  try {
    insertAuditEvent(ctx.db, {
      name: `deviceSignIn.${action}`,
      userEmail: approver ? (findUser(ctx.db, approver.userId)?.email ?? null) : null,
      createdAt: ctx.clock.now(),
      ip: clientOf(c),
      data: {...data, ...(approver?.name ? {credential: approver.name} : {})},
    });
  } catch (err) {
    ctx.log(`audit: could not record deviceSignIn.${action}: ${(err as Error).message}`);
  }
}

const page200 = {description: 'an HTML page', content: {'text/html': {schema: z.string()}}};
const pageError = {description: 'an HTML page saying what is wrong', content: {'text/html': {schema: z.string()}}};

function approvalForm(userCode: string, message = ''): string {
  return page(
    'Sign in the svc CLI',
    `${message}<p>A terminal asks to sign in. Check that it shows this code:</p><p><code id="user-code">${escapeHtml(userCode)}</code></p>
<form method="post" action="/device"><input type="hidden" name="user_code" value="${escapeHtml(userCode)}">
<p><label>To approve, paste an API key of your account (or an access token); the terminal gets its rights, no more:<br>
<input type="password" name="credential" autocomplete="off" size="40"></label></p>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

export function registerApprovePage(app: App, ctx: ServiceContext): void {
  const failures = new FailureBudget();
  const show = createRoute({
    method: 'get',
    path: '/device',
    operationId: 'showDeviceApproval',
    summary: 'The device sign-in page: enter or confirm the code, then approve with a credential of the account, or deny',
    tags: ['Device Authorization'],
    security: [],
    request: {query: z.object({user_code: z.string().optional()})},
    responses: {200: page200, 400: pageError, 421: pageError, 429: pageError},
  });
  const decideRoute = createRoute({
    method: 'post',
    path: '/device',
    operationId: 'decideDeviceApproval',
    summary: 'Approve or deny a device sign-in (same-origin form, loopback Host only)',
    description:
      'Approving needs `credential`: an API key or access token of the account. The sign-in gets that credential\'s user, ' +
      `deployment scope and permissions. ${MAX_FAILED_APPROVALS_PER_CODE} refused approvals kill the code; ` +
      `After ${MAX_FAILURES_PER_MINUTE} unknown codes or refused approvals in a minute (the whole service) the page answers 429 until the minute ends.`,
    tags: ['Device Authorization'],
    security: [],
    request: {
      body: formBody(
        {user_code: 'the code shown in the terminal', decision: 'approve or deny', credential: 'with decision=approve: an API key or access token of the account'},
        ['user_code', 'decision'],
      ),
    },
    responses: {200: page200, 400: pageError, 403: pageError, 421: pageError, 429: pageError},
  });

  // The Host is checked before this by the device flow's middleware (web/browserFacing.ts).
  const guard = (c: Context): Response | undefined =>
    failures.spent(Date.now()) ? html(c, page('Too many attempts', '<p>Too many wrong codes. Wait a minute.</p>'), 429) : undefined;

  app.openapi(show, (c) => {
    const refused = guard(c);
    if (refused) return refused;
    const input = c.req.query('user_code');
    if (input === undefined || input.trim() === '') return html(c, codeForm());
    const found = pendingCode(ctx, input);
    if ('problem' in found) {
      failures.fail(Date.now());
      return html(c, codeForm(`<p role="alert">${escapeHtml(found.problem)}</p>`), 400);
    }
    return html(c, approvalForm(found.userCode));
  });

  app.openapi(decideRoute, async (c) => {
    const refused = guard(c);
    if (refused) return refused;
    if (!sameOrigin(c)) return html(c, page('Not allowed', '<p>This form must be sent from the sign-in page itself.</p>'), 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const decision = form.decision;
    if (decision !== 'approve' && decision !== 'deny') return html(c, codeForm('<p role="alert">Choose Approve or Deny.</p>'), 400);
    const found = pendingCode(ctx, typeof form.user_code === 'string' ? form.user_code : '');
    if ('problem' in found) {
      failures.fail(Date.now());
      return html(c, codeForm(`<p role="alert">${escapeHtml(found.problem)}</p>`), 400);
    }
    let grant: {userId: number; claims: Record<string, unknown>} | null = null;
    let approver: Principal | undefined;
    if (decision === 'approve') {
      const credential = typeof form.credential === 'string' ? form.credential.trim() : '';
      try {
        approver = await authenticate(ctx, `Bearer ${credential}`);
        grant = {userId: approver.userId, claims: inheritedClaims(approver)};
      } catch {
        failures.fail(Date.now());
        const left = MAX_FAILED_APPROVALS_PER_CODE - recordFailedApproval(ctx.db, found.userCode, MAX_FAILED_APPROVALS_PER_CODE);
        audit(ctx, c, 'refuse', {userCode: found.userCode, reason: 'not a valid API key or access token of this account', attemptsLeft: Math.max(0, left)});
        if (left <= 0) return html(c, page('Sign-in refused', '<p id="result">Too many refused attempts: this code no longer works. Run `svc login` again.</p>'), 403);
        return html(c, approvalForm(found.userCode, '<p role="alert">That is not a valid API key or access token of this account.</p>'), 403);
      }
    }
    if (!decideDeviceCode(ctx.db, found.userCode, decision === 'approve' ? 'approved' : 'denied', grant?.userId ?? null, grant?.claims ?? null)) {
      return html(c, codeForm('<p role="alert">That code was already used.</p>'), 400);
    }
    audit(ctx, c, decision, {userCode: found.userCode}, approver);
    const who = grant ? findUser(ctx.db, grant.userId)?.email : undefined;
    return decision === 'approve'
      ? html(c, page('Device approved', `<p id="result">Signed in${who ? ` as ${escapeHtml(who)}` : ''}. You can close this window and return to your terminal.</p>`))
      : html(c, page('Sign-in denied', '<p id="result">Denied. The terminal will report that the sign-in was refused.</p>'));
  });
}
