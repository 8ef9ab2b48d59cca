// Input limits of the service, in front of every route: bytes actually read (not the declared length: a chunked
// body is counted while it streams), JSON nesting depth, and per-client request rates on the endpoints that take
// requests without a credential. The HTTP server's own timeouts are here too, so every limit is in one place.
import type {IncomingMessage, Server, ServerResponse} from 'node:http';
import type {Context, MiddlewareHandler} from 'hono';
import {getConnInfo} from '@hono/node-server/conninfo';

/** Any request body (data-model uploads are the largest legitimate ones). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Bodies of endpoints anyone can call without a credential: small forms and telemetry batches. */
export const MAX_OPEN_BODY_BYTES = 64 * 1024;
/** Deeper JSON than any document of the API; deep enough that no legitimate body comes near it. */
export const MAX_JSON_DEPTH = 64;

/** Node's HTTP server: whole header block within 10 s (slowloris), whole request within 60 s, idle keep-alive 5 s. */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
  /** How often Node checks the two timeouts above (its default, 30 s, lets a stalled header live 40 s). */
  connectionsCheckingInterval: 1_000,
} as const;
export type ServerTimeouts = Record<keyof typeof SERVER_TIMEOUTS, number>;
/** A socket with no traffic in either direction for this long is closed, whatever it is doing. */
export const SOCKET_IDLE_MS = 120_000;

/**
 * A connection answered before its request's body was read (413, 401, 403) lingers before it closes: reading and
 * discarding what the client still sends for at most this long and this many bytes.
 */
export const LINGER = {ms: 5_000, bytes: 64 * 1024 * 1024} as const;

/** The data API's bound on one query (model SQL is the member's own): stopped there with a 400. */
export const QUERY_TIMEOUT_MS = 5_000;
/** Queries running at once in the sample warehouse, one child process each (engines/sample/warehouse.ts). */
export const QUERY_PROCESSES = 2;

/** Paths served without a credential: OAuth device flow, the approval page, the OAuth callback, telemetry. */
const OPEN_PATH = /^\/(auth|device|oauth|telemetry)(\/|$)/;

export function isOpenPath(path: string): boolean {
  return OPEN_PATH.test(path);
}

const tooLarge = (c: Context, limit: number) =>
  c.json({error: `request body is larger than the limit of ${limit} bytes`}, 413);

/**
 * Reads the body once, counting bytes as they arrive, and stops at the limit with 413 (a declared length over
 * the limit is refused before reading anything). JSON bodies nested deeper than MAX_JSON_DEPTH are a 400
 * before any parser or validator recurses into them. The handler then reads the buffered copy.
 *
 * When: a body is read only once the request is known to be allowed. `'open'` (installed in front of every
 * route) reads the bodies of the endpoints that take no credential, at most MAX_OPEN_BODY_BYTES; `'credentialed'`
 * (installed by the app after the operation guard, so after the credential and its permission were checked)
 * reads every other body, at most MAX_BODY_BYTES. A request refused for its credential is answered without its
 * body being read; the server drains what is left after the answer, bounded, and closes (lingerAfterEarlyAnswers).
 */
export function bodyLimits(stage: 'open' | 'credentialed'): MiddlewareHandler {
  return async (c, next) => {
    // GET and HEAD carry no body; not touching `raw.body` keeps the Node adapter's lightweight request as it is.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (isOpenPath(c.req.path) !== (stage === 'open')) return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const limit = stage === 'open' ? MAX_OPEN_BODY_BYTES : MAX_BODY_BYTES;
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > limit) return tooLarge(c, limit);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = body.getReader();
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Not cancelled: over HTTP that would destroy the socket under the answer. The server drains what is left
      // after answering and closes the connection (lingerAfterEarlyAnswers).
      if (size > limit) {
        reader.releaseLock();
        return tooLarge(c, limit);
      }
      chunks.push(value);
    }
    const bytes = Buffer.concat(chunks, size);
    if (/json/i.test(c.req.header('content-type') ?? '') && jsonDepthExceeds(bytes, MAX_JSON_DEPTH)) {
      return c.json({error: `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`}, 400);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete('transfer-encoding');
    headers.set('content-length', String(size));
    c.req.raw = new Request(c.req.raw.url, {method: c.req.raw.method, headers, body: bytes, signal: c.req.raw.signal});
    buffered.set(c.req.raw, bytes);
    return next();
  };
}

const buffered = new WeakMap<Request, Buffer>();

/**
 * The one place a connection is closed after an answer sent before the client finished sending its body (a body
 * over the limit, a request refused for its credential): closing at once, with the rest of the body unread in the
 * kernel's buffer, makes the close a TCP reset, and a client still sending then loses the answer (it reads a
 * reset instead of the 413). So, once the answer is written: half-close (the client reads the answer and then the
 * end of the connection), read and discard what still arrives until the client stops or LINGER runs out, then
 * destroy. The HTTP adapter's own draining is turned off (index.ts) so that this is the only policy.
 */
export function lingerAfterEarlyAnswers(server: Server): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => {
      if (!req.complete) linger(req);
    });
  });
}

function linger(req: IncomingMessage): void {
  const socket = req.socket;
  if (socket.destroyed) return;
  let bytes = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER.ms);
  timer.unref();
  // Whoever read the body before the answer (a web stream over it pauses it when nobody pulls) no longer does.
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (bytes > LINGER.bytes) close();
  });
  req.once('end', close);
  req.once('error', close);
  socket.once('end', close);
  socket.once('close', () => clearTimeout(timer));
  socket.end();
  req.resume();
}

/**
 * The request's body as `bodyLimits` read it (within its limit, after the credential check), or undefined when
 * it was not read: a middleware that looks at bodies (audit, query log) reads this, never the raw stream.
 */
export function bufferedBody(c: Context): Buffer | undefined {
  return buffered.get(c.req.raw);
}

/** Whether brackets outside strings nest deeper than `max`: one pass, no recursion, no parse. */
export function jsonDepthExceeds(text: Uint8Array | string, max: number): boolean {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > max) return true;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return false;
}

interface Rate {
  /** Requests allowed per minute, refilled continuously. */
  perMinute: number;
  /** Requests that may arrive at once. */
  burst: number;
}

/**
 * Per-client rates of the open endpoints. A device sign-in needs 1 code, a page view and a poll every 5 s; a
 * client sends one telemetry batch per command. The limits leave room for a script signing in a few dozen times
 * in a row and still stop a flood (with the retention in housekeeping.ts they bound what a flood can store).
 */
export const OPEN_RATES: Array<{path: RegExp; name: string; rate: Rate}> = [
  {path: /^\/auth\/device\/code$/, name: 'device-code', rate: {perMinute: 60, burst: 30}},
  {path: /^\/auth\/(device\/token|oauth2\/refresh)$/, name: 'token', rate: {perMinute: 300, burst: 60}},
  {path: /^\/telemetry$/, name: 'telemetry', rate: {perMinute: 60, burst: 20}},
  {path: /^\/device(\/|$)/, name: 'device-page', rate: {perMinute: 120, burst: 60}},
  {path: /^\/oauth\//, name: 'oauth-callback', rate: {perMinute: 30, burst: 10}},
];

const MAX_BUCKETS = 10_000;

/** Token buckets per (endpoint, client address) in memory; the table itself is bounded. */
export function openRateLimits(now: () => number = Date.now): MiddlewareHandler {
  const buckets = new Map<string, {tokens: number; at: number}>();
  return async (c, next) => {
    const rule = OPEN_RATES.find((r) => r.path.test(c.req.path));
    if (!rule) return next();
    const key = `${rule.name} ${clientAddress(c)}`;
    const t = now();
    const perMs = rule.rate.perMinute / 60_000;
    const previous = buckets.get(key);
    const tokens = previous ? Math.min(rule.rate.burst, previous.tokens + (t - previous.at) * perMs) : rule.rate.burst;
    if (tokens < 1) {
      const wait = Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
      buckets.set(key, {tokens, at: t});
      c.header('retry-after', String(wait));
      return c.json({error: 'too many requests from this client; try again later', error_description: `retry after ${wait} s`}, 429);
    }
    buckets.delete(key); // re-insert: Map order is then least recently used first
    buckets.set(key, {tokens: tokens - 1, at: t});
    if (buckets.size > MAX_BUCKETS) buckets.delete(buckets.keys().next().value as string);
    return next();
  };
}

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'in-process';
  }
}
