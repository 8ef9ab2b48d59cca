// What the client does with a 3xx. It never lets fetch follow one on its own: a redirect may point at another host
// (which would receive the credential and, on a 307/308, the request body again) or downgrade to plain HTTP.
//
// The rule: a redirect is followed only when it stays on the same origin (scheme, host and port) AND the request
// has no body (GET, HEAD, or a bodyless write). Anything else is an error that names where the server pointed,
// so nothing is re-sent without the user seeing it.

import {safeLine} from '../lib/safeText.js';

/** Redirect statuses fetch would otherwise follow. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** At most this many same-origin hops per request. */
export const MAX_REDIRECTS = 5;

/** Its message names where the server pointed (a Location it chose), so it is made inert. */
export class RedirectRefusedError extends Error {
  constructor(message: string) {
    super(safeLine(message));
    this.name = 'RedirectRefusedError';
  }
}

export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status);
}

/**
 * The URL to follow for a redirect answer, or a RedirectRefusedError saying why not. `from` is the URL that was
 * requested; `hasBody` says whether the request carried one.
 */
export function nextLocation(from: string, status: number, location: string | null, method: string, hasBody: boolean, hops: number): string {
  const source = new URL(from);
  const what = `${method} ${source.pathname}`;
  if (location === null || location.trim() === '') throw new RedirectRefusedError(`${what} answered ${status} without a Location`);
  let target: URL;
  try {
    target = new URL(location, source);
  } catch {
    throw new RedirectRefusedError(`${what} answered ${status} with an invalid Location`);
  }
  const shown = `${target.origin}${target.pathname}`;
  if (target.origin !== source.origin) {
    throw new RedirectRefusedError(
      `${what} was redirected (${status}) to another origin, ${shown}; svc does not follow it (the credential would go with it) — check the tenant address`,
    );
  }
  if (hasBody || (method !== 'GET' && method !== 'HEAD')) {
    throw new RedirectRefusedError(`${what} was redirected (${status}) to ${target.pathname}; svc does not re-send a request on a redirect — check the tenant address`);
  }
  if (hops >= MAX_REDIRECTS) throw new RedirectRefusedError(`${what} was redirected more than ${MAX_REDIRECTS} times`);
  return target.href;
}
