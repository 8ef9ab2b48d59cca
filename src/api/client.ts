// The one HTTP client of svc: base URL, auth header, timeouts, typed errors, one refresh on 401.
//
// Retries: ky runs with `retry: 0`. The ONE retry layer is the caller's — the wait engine (workflows/wait.ts) in
// command mode and react-query in the UI — which decide with `isTransient`. Two stacked layers would multiply.
import ky, {TimeoutError} from 'ky';
import {VERSION} from '../version.js';
import {ApiError, TransportError, UnexpectedBodyError, errorDetail, oneLine} from './errors.js';
import {checkBaseUrl, normalizeBaseUrl} from './url.js';

export {ApiError, TransportError, UnexpectedBodyError, isTransient} from './errors.js';

export type AuthScheme = 'bearer' | 'api-key';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ParamValue = string | number | boolean | undefined;
export type SearchParams = URLSearchParams | Record<string, ParamValue | readonly ParamValue[]>;

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
  /** Whole request, body included. */
  timeoutMs?: number;
  /** Until the response headers arrive (connection set-up plus the server's think time). */
  connectTimeoutMs?: number;
  /** Called once after a 401; a new token retries the request once with it. */
  onUnauthorized?: () => Promise<string | undefined>;
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
}

export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

function authorization(token: string, scheme: AuthScheme): string {
  return scheme === 'api-key' ? `Api-Key ${token}` : `Bearer ${token}`;
}

function toSearchParams(params: SearchParams | undefined): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values: readonly ParamValue[] = Array.isArray(value) ? value : [value as ParamValue];
    for (const v of values) if (v !== undefined) out.append(key, String(v));
  }
  return out;
}

function transportReason(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & {cause?: unknown}).cause;
    if (cause instanceof Error && cause.message !== '') return cause.message;
    return err.message;
  }
  return String(err);
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10}s`;

export function createApi(options: ApiOptions): Api {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  checkBaseUrl(baseUrl);
  const scheme = options.scheme ?? 'bearer';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, timeoutMs);
  let token = options.token;

  const http = ky.create({
    retry: 0,
    throwHttpErrors: false,
    timeout: connectTimeoutMs,
    headers: {'user-agent': `svc/${VERSION}`, accept: 'application/json'},
  });

  /**
   * One request with its whole-request deadline. The deadline is a plain timer, cleared by `release` as soon as the
   * caller is done with the body (`AbortSignal.timeout` left each request's 120 s timer running long after the
   * answer; cheap, but a watcher polling every second kept a hundred of them around).
   */
  async function send(method: string, path: string, opts: RequestOptions): Promise<{response: Response; release: () => void}> {
    const verb = method.toUpperCase();
    const pathOnly = path.startsWith('/') ? path : `/${path}`;
    const query = toSearchParams(opts.searchParams).toString();
    const url = `${baseUrl}${pathOnly}${query === '' ? '' : `${pathOnly.includes('?') ? '&' : '?'}${query}`}`;
    const total = new AbortController();
    const timer = setTimeout(() => total.abort(new DOMException('The operation timed out.', 'TimeoutError')), timeoutMs);
    timer.unref();
    const follow = () => total.abort(opts.signal?.reason);
    if (opts.signal?.aborted) follow();
    else opts.signal?.addEventListener('abort', follow, {once: true});
    const release = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', follow);
    };
    const attempt = async (): Promise<Response> => {
      const headers: Record<string, string> = token === undefined ? {} : {authorization: authorization(token, scheme)};
      try {
        return await http(url, {
          method: verb,
          headers,
          signal: total.signal,
          ...(opts.json !== undefined
            ? {json: opts.json}
            : opts.form !== undefined
              ? {body: opts.form}
              : // A bodyless write still says Content-Length: 0: some front ends answer 411 without it. (Node's fetch
              // sends it for POST/PUT/PATCH; for DELETE it omits the header, which RFC 9110 §8.6 prefers anyway.)
              verb === 'GET' || verb === 'HEAD' ? {} : {body: new Uint8Array(0)}),
        });
      } catch (err) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        if (err instanceof TimeoutError) throw new TransportError(url, `no response within ${seconds(connectTimeoutMs)}`);
        if (total.signal.aborted) throw new TransportError(url, `timed out after ${seconds(timeoutMs)}`);
        throw new TransportError(url, transportReason(err));
      }
    };
    try {
      let response = await attempt();
      if (response.status === 401 && options.onUnauthorized) {
        const fresh = await options.onUnauthorized().catch(() => undefined);
        if (fresh !== undefined && fresh !== token) {
          token = fresh;
          await response.body?.cancel().catch(() => undefined);
          response = await attempt();
        }
      }
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        throw new ApiError(response.status, verb, pathOnly.split('?')[0] ?? pathOnly, errorDetail(body), response.statusText);
      }
      return {response, release};
    } catch (err) {
      release();
      throw err;
    }
  }

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<unknown> {
    const {response, release} = await send(method, path, opts);
    const verb = method.toUpperCase();
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      throw new TransportError(response.url, timedOut ? 'timed out while reading the response' : transportReason(err));
    } finally {
      release();
    }
    const trimmed = text.trim();
    if (trimmed === '') return null;
    try {
      return JSON.parse(trimmed);
    } catch {
      const where = `${verb} ${path}`;
      if (trimmed.startsWith('<') && !trimmed.startsWith('<?xml')) {
        throw new UnexpectedBodyError(
          `${where} returned the web app instead of JSON — this endpoint is not available on this tenant (the server may be running an older version)`,
        );
      }
      const type = response.headers.get('content-type') ?? 'no content type';
      throw new UnexpectedBodyError(`${where} returned a body that is not JSON (${type}): ${oneLine(trimmed, 200)}`);
    }
  }

  return {
    baseUrl,
    get: (path, opts) => request('GET', path, opts),
    post: (path, opts) => request('POST', path, opts),
    put: (path, opts) => request('PUT', path, opts),
    patch: (path, opts) => request('PATCH', path, opts),
    delete: (path, opts) => request('DELETE', path, opts),
    request,
    // A stream's deadline keeps running while the caller reads it (the timer is unref'd and fires at most once).
    raw: async (method, path, opts = {}) => (await send(method, path, opts)).response,
  };
}
