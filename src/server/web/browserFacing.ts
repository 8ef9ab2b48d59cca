// The rules for the endpoints a browser can be made to reach without a credential: the device flow (`/auth/…`,
// its metadata under `/.well-known/`) and its approval page (`/device`). One middleware decides for all of them:
// the Host must be a loopback name with the service's own port, so a page that rebinds its own DNS name to
// 127.0.0.1 gets 421 from every one of them, not only from the approval page. And one budget of failed approvals
// and unknown codes for the whole service, since every local user is 127.0.0.1: counting per address let anyone
// lock everyone out while counting nothing that told users apart.
import type {Context, MiddlewareHandler} from 'hono';
import type {ServiceContext} from '../context.js';

/** Where the middleware applies: every device-flow path (Hono patterns). */
export const BROWSER_FACING_PATHS = ['/auth/*', '/.well-known/*', '/device'] as const;

/** Loopback names with the service's port: anything else came through DNS rebinding or a proxy. */
export function loopbackHost(ctx: ServiceContext, c: Context): boolean {
  const port = new URL(ctx.baseUrl).port;
  const host = (c.req.header('host') ?? '').toLowerCase();
  return [`127.0.0.1:${port}`, `[::1]:${port}`, `localhost:${port}`].includes(host);
}

/** 421 for a foreign Host: an HTML page for the approval page, an OAuth error body for the rest. */
export function browserFacingGuard(ctx: ServiceContext): MiddlewareHandler {
  return async (c, next) => {
    if (loopbackHost(ctx, c)) return next();
    c.header('cache-control', 'no-store');
    if (c.req.path === '/device') return c.html('<!doctype html><title>Wrong address · svc</title><h1>Wrong address</h1><p>Open this page at the address the terminal printed.</p>', 421);
    return c.json({error: 'invalid_request', error_description: 'wrong Host: use the address the service printed (127.0.0.1, ::1 or localhost with its port)'}, 421);
  };
}

/** Refused approvals per code before the code dies; unknown codes and refused approvals a minute, service-wide. */
export const MAX_FAILED_APPROVALS_PER_CODE = 5;
export const MAX_FAILURES_PER_MINUTE = 60;

/** A fixed one-minute window of failures for the whole service. */
export class FailureBudget {
  private start = 0;
  private n = 0;
  constructor(private readonly limit = MAX_FAILURES_PER_MINUTE) {}
  spent(now: number): boolean {
    return now - this.start < 60_000 && this.n >= this.limit;
  }
  fail(now: number): void {
    if (now - this.start >= 60_000) {
      this.start = now;
      this.n = 0;
    }
    this.n++;
  }
}
