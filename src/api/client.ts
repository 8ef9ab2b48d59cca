// The one HTTP client of svc: base URL, auth header, timeouts, typed errors, one refresh on 401. It is also the
// client boundary for server text: error text is made inert by the error types (api/errors.ts), every JSON string
// of the console's client as it is parsed (`sanitizeStrings`), and an answer longer than MAX_RESPONSE_BYTES is cut
// off with an error. A second credential or address (a SCIM token, a deployment's data API) gets a client of its
// own through `derive`, with the same rules (base URL, redirects, deadlines, size cap, inert text).
//
// Retries: ky runs with `retry: 0`. The ONE retry layer is the caller's — the wait engine (workflows/wait.ts) in
// command mode and react-query in the UI — which decide with `isTransient`. Two stacked layers would multiply.
import type {KyInstance} from 'ky';
import {VERSION} from '../version.js';
import {ApiError, MalformedCredentialError, ResponseTooLargeError, TransportError, credentialProblem, errorDetail, type CredentialLabel} from './errors.js';
import {checkBaseUrl, normalizeBaseUrl} from '../lib/url.js';
import {timeSpan} from '../lib/time.js';
import {isRedirect, nextLocation} from './redirect.js';
import {directGet} from './directGet.js';
import {Deadline, parseBody, readCapped, toSearchParams, transportReason, watchBody, type SearchParams} from './wire.js';

export {ApiError, MalformedCredentialError, ResponseTooLargeError, TransportError, UnexpectedBodyError, failureSummary, isTransient, type CredentialLabel} from './errors.js';
export {RedirectRefusedError} from './redirect.js';

/** `Bearer <token>`, `Api-Key <token>`, or the token alone (the data API's deployment tokens). */
export type AuthScheme = 'bearer' | 'api-key' | 'raw';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type {SearchParams} from './wire.js';

export interface RequestOptions {
  searchParams?: SearchParams;
  json?: unknown;
  /** A multipart body (uploads); fetch sets its Content-Type with the boundary. Not with `json`. */
  form?: FormData;
  signal?: AbortSignal;
}

export interface ApiOptions {
  baseUrl: string;
  token?: string;
  /** `Bearer <token>` (the default) or `Api-Key <token>`. */
  scheme?: AuthScheme;
  /**
   * Where `token` came from and what to do when it is refused (config/resolve.ts `credentialLabel`): a 401 and a
   * malformed token name it. Not passed on by `derive` (another credential).
   */
  credential?: CredentialLabel;
  /** Whole request, body included, however much data keeps arriving (default 1,800 s). */
  timeoutMs?: number;
  /**
   * Longest silence: until the response headers arrive, and then between two chunks of the body (and, for uploads,
   * between two chunks sent). Every chunk restarts it (default 120 s).
   */
  idleTimeoutMs?: number;
  /** Called once after a 401; a new token retries the request once with it. */
  onUnauthorized?: () => Promise<string | undefined>;
  /**
   * Every string of every JSON answer passes `safeText` as it is parsed: for the console, where server text reaches
   * the terminal through many components, so no component can forget it. Command mode keeps the document as sent
   * (its --json is the API's document; its tables and messages sanitise at output).
   */
  sanitizeStrings?: boolean;
  /** Longest answer read into memory (JSON documents, not `raw` streams); longer fails (default 64 MiB). */
  maxResponseBytes?: number;
  /**
   * The fetch requests go through (default: the global one). A seam for tests that need a failure no local
   * server can produce without traffic off the machine (a name that does not resolve). Derived clients keep it.
   */
  fetch?: typeof globalThis.fetch;
}

/**
 * The console's client: every JSON string inert as it is parsed, since server text reaches the terminal through
 * many components (`svc ui` builds its clients with this; command mode keeps the document as sent and makes it
 * inert at output). `test/screens/hostile-server.test.tsx` drives every screen through such a client.
 */
export const CONSOLE_CLIENT = {sanitizeStrings: true} as const satisfies Partial<ApiOptions>;

/** What `derive` may change: the credential, and the address it goes to. */
export interface DerivedClient {
  token: string;
  scheme?: AuthScheme;
  /** Another address (a deployment's data API); the same base-URL rule applies (lib/url.ts checkBaseUrl). */
  baseUrl?: string;
  /** What the token is called when it cannot be sent or is refused (e.g. the SCIM token). */
  credential?: CredentialLabel;
}

export interface Api {
  readonly baseUrl: string;
  get(path: string, options?: RequestOptions): Promise<unknown>;
  post(path: string, options?: RequestOptions): Promise<unknown>;
  put(path: string, options?: RequestOptions): Promise<unknown>;
  patch(path: string, options?: RequestOptions): Promise<unknown>;
  delete(path: string, options?: RequestOptions): Promise<unknown>;
  /** Any method; resolves to the parsed JSON body (null when empty). */
  request(method: string, path: string, options?: RequestOptions): Promise<unknown>;
  /** A 2xx response with its body unread, for streams (CSV export, large downloads). */
  raw(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /**
   * GET without fetch (api/directGet.ts), for the console's first frame: no refresh on 401, no redirect followed.
   * Optional: a client without it (a test double) serves the first frame through `get`.
   */
  readonly getDirect?: (path: string, options?: RequestOptions) => Promise<unknown>;
  /**
   * A client for another credential (and address) with every rule of this one: the base-URL rule, redirects,
   * deadlines, the size cap and inert text. No refresh on 401 (that belongs to this client's session).
   */
  derive(client: DerivedClient): Api;
}

/** The real client's budgets: 120 s without a byte, 1,800 s in all. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
export const DEFAULT_TIMEOUT_MS = 1_800_000;
/** No answer of the API comes near this; a server sending more is broken or hostile (a 300 MB body cost 1.8 GB RSS). */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Of an error answer only the start is shown (errors.ts DETAIL_LIMIT), so only the start is read. */
const ERROR_BODY_BYTES = 64 * 1024;

const BASE_HEADERS = {'user-agent': `svc/${VERSION}`, accept: 'application/json'};

/** The Authorization header for `token`; a token no header can carry fails here, before anything is sent. */
function authorization(token: string, scheme: AuthScheme, credential: CredentialLabel | undefined): string {
  const problem = credentialProblem(token);
  if (problem !== undefined) throw new MalformedCredentialError(credential, problem);
  return scheme === 'api-key' ? `Api-Key ${token}` : scheme === 'raw' ? token : `Bearer ${token}`;
}

export function createApi(options: ApiOptions): Api {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  checkBaseUrl(baseUrl);
  const scheme = options.scheme ?? 'bearer';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const idleTimeoutMs = Math.min(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, timeoutMs);
  const maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  let token = options.token;

  // ky is loaded on the first request, not with this module: importing it loads Node's fetch (see directGet.ts).
  let httpClient: Promise<KyInstance> | undefined;
  const http = async (url: string, init: Parameters<KyInstance>[1]) => (await (httpClient ??= loadKy()))(url, init);
  const loadKy = async () => (await import('ky')).default.create({
    retry: 0,
    throwHttpErrors: false,
    // The deadlines below are this client's own (idle and total); ky's single timeout cannot express "idle".
    timeout: false,
    // Redirects are decided here (api/redirect.ts), never followed by fetch.
    redirect: 'manual',
    headers: BASE_HEADERS,
    ...(options.fetch ? {fetch: options.fetch} : {}),
  });

  function target(path: string, opts: RequestOptions): {pathOnly: string; url: string} {
    const pathOnly = path.startsWith('/') ? path : `/${path}`;
    const query = toSearchParams(opts.searchParams).toString();
    return {pathOnly, url: `${baseUrl}${pathOnly}${query === '' ? '' : `${pathOnly.includes('?') ? '&' : '?'}${query}`}`};
  }

  /** A 2xx answer (its body watched: reading errors arrive as TransportError) and its final URL. */
  interface Sent {
    response: Response;
    url: string;
  }

  /**
   * One request with its two deadlines: `idle` restarts on every chunk received (or sent, for uploads) and `total`
   * caps the whole exchange. Both are plain unref'd timers, cleared by `release` as soon as the caller is done
   * with the body. The response returned has a watched body, so a caller reading a long stream keeps it alive.
   */
  async function send(method: string, path: string, opts: RequestOptions): Promise<Sent> {
    const verb = method.toUpperCase();
    const {pathOnly, url: first} = target(path, opts);
    let url = first;
    const controller = new AbortController();
    const total = setTimeout(() => controller.abort(new Deadline('total')), timeoutMs);
    const idle = setTimeout(() => controller.abort(new Deadline('idle')), idleTimeoutMs);
    total.unref();
    idle.unref();
    const touch = () => void idle.refresh();
    let gotHeaders = false;
    const follow = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) follow();
    else opts.signal?.addEventListener('abort', follow, {once: true});
    const release = () => {
      clearTimeout(total);
      clearTimeout(idle);
      opts.signal?.removeEventListener('abort', follow);
    };
    const hasBody = opts.json !== undefined || opts.form !== undefined;
    // The token this request went out with: another request's refresh may have replaced `token` meanwhile.
    let sentWith = token;
    const attempt = async (): Promise<Response> => {
      sentWith = token;
      const headers: Record<string, string> = token === undefined ? {} : {authorization: authorization(token, scheme, options.credential)};
      gotHeaders = false;
      try {
        const response = await http(url, {
          method: verb,
          headers,
          signal: controller.signal,
          ...(opts.json !== undefined
            ? {json: opts.json}
            : opts.form !== undefined
              ? // An upload streams its body, so every chunk sent restarts the idle clock (a slow link is not cut).
                {body: opts.form, onUploadProgress: touch}
              : // A bodyless write still says Content-Length: 0: some front ends answer 411 without it. (Node's fetch
                // sends it for POST/PUT/PATCH; for DELETE it omits the header, which RFC 9110 §8.6 prefers anyway.)
                verb === 'GET' || verb === 'HEAD'
                ? {}
                : {body: new Uint8Array(0)}),
        });
        gotHeaders = true;
        touch();
        return response;
      } catch (err) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        throw transportError(err);
      }
    };
    const transportError = (err: unknown): TransportError => {
      const reason = controller.signal.aborted ? controller.signal.reason : undefined;
      if (reason instanceof Deadline) {
        if (reason.stop === 'total') return new TransportError(url, `timed out after ${timeSpan(timeoutMs)}`);
        return new TransportError(url, gotHeaders ? `no data for ${timeSpan(idleTimeoutMs)} while reading the response` : `no response within ${timeSpan(idleTimeoutMs)}`);
      }
      if (err instanceof Error && err.name === 'TimeoutError') return new TransportError(url, `no response within ${timeSpan(idleTimeoutMs)}`);
      return new TransportError(url, transportReason(err));
    };
    try {
      let response = await attempt();
      if (response.status === 401 && options.onUnauthorized) {
        const fresh = await options.onUnauthorized().catch(() => undefined);
        // Compared with what was sent, not with `token`: two requests refused at once share one refresh, and the
        // one that learns of it second must retry too (it found `token` already fresh and gave the 401 up).
        if (fresh !== undefined && fresh !== sentWith) {
          token = fresh;
          await response.body?.cancel().catch(() => undefined);
          response = await attempt();
        }
      }
      for (let hops = 0; isRedirect(response.status); hops++) {
        await response.body?.cancel().catch(() => undefined);
        url = nextLocation(url, response.status, response.headers.get('location'), verb, hasBody, hops);
        response = await attempt();
      }
      if (!response.ok) {
        const body = await readCapped(response, ERROR_BODY_BYTES, 'cut').catch(() => '');
        throw new ApiError(response.status, verb, pathOnly.split('?')[0] ?? pathOnly, errorDetail(body), response.statusText, options.credential);
      }
      const failure = (err: unknown) => (opts.signal?.aborted ? opts.signal.reason : transportError(err));
      return {response: watchBody(response, touch, release, failure), url};
    } catch (err) {
      release();
      throw err;
    }
  }

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<unknown> {
    const {response, url} = await send(method, path, opts);
    const verb = method.toUpperCase();
    let text: string;
    try {
      text = await readCapped(response, maxBytes, 'fail', `${verb} ${path.split('?')[0] ?? path}`);
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw err instanceof TransportError || err instanceof ResponseTooLargeError ? err : new TransportError(url, transportReason(err));
    }
    return parseBody(text, `${verb} ${path}`, response.headers.get('content-type'), options.sanitizeStrings === true);
  }

  async function getDirect(path: string, opts: RequestOptions = {}): Promise<unknown> {
    const {pathOnly, url} = target(path, opts);
    const headers = {...BASE_HEADERS, ...(token === undefined ? {} : {authorization: authorization(token, scheme, options.credential)})};
    let answer;
    try {
      answer = await directGet({url, headers, idleTimeoutMs, maxBytes, signal: opts.signal});
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (err instanceof ResponseTooLargeError) throw err;
      throw new TransportError(url, transportReason(err));
    }
    if (answer.status < 200 || answer.status > 299) {
      throw new ApiError(answer.status, 'GET', pathOnly.split('?')[0] ?? pathOnly, errorDetail(answer.text), answer.statusText, options.credential);
    }
    return parseBody(answer.text, `GET ${path}`, answer.contentType, options.sanitizeStrings === true);
  }

  return {
    baseUrl,
    get: (path, opts) => request('GET', path, opts),
    post: (path, opts) => request('POST', path, opts),
    put: (path, opts) => request('PUT', path, opts),
    patch: (path, opts) => request('PATCH', path, opts),
    delete: (path, opts) => request('DELETE', path, opts),
    request,
    // A stream's deadlines keep running while the caller reads it; every chunk read restarts the idle one.
    raw: async (method, path, opts = {}) => (await send(method, path, opts)).response,
    getDirect,
    derive: (client) => createApi({...options, onUnauthorized: undefined, credential: client.credential, baseUrl: client.baseUrl ?? baseUrl, token: client.token, scheme: client.scheme ?? 'bearer'}),
  };
}
