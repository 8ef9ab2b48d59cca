// Errors the API client raises. Their messages are shown to people as is (`error: <message>`), so each one says
// what failed and, where there is one, what to do about it. Server text in them is made inert by their
// constructors (lib/safeText.ts), so no screen or command has to remember it.
import {safeLine} from '../lib/safeText.js';

/** Longest detail kept from an error body; longer ones are cut and end with `…`. */
export const DETAIL_LIMIT = 800;

/** Collapses whitespace runs (newlines included) to one space and caps the length. */
export function oneLine(text: string, limit = DETAIL_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : flat;
}

function says(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return value.length > 0 ? JSON.stringify(value) : undefined;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0 ? JSON.stringify(value) : undefined;
  return undefined;
}

/** The useful part of an error body: `message` or `error` when they say something, else the raw body. */
export function errorDetail(body: string): string {
  const trimmed = body.trim();
  if (trimmed === '' || trimmed === '{}' || trimmed === '[]' || trimmed === 'null') return '';
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const record = parsed as Record<string, unknown>;
      const found = says(record.message) ?? says(record.error);
      if (found !== undefined) return oneLine(found);
    }
  } catch {
    // Not JSON: the raw text is the best detail there is.
  }
  return oneLine(trimmed);
}

/** What a 403 means for the user: which credential to use, not "sign in again". */
export const FORBIDDEN_ADVICE =
  'the credential is valid but lacks the permission or deployment scope for this; use one that has it (--context, SVC_API_KEY) or ask an account admin';

/**
 * Which credential a request carried, when the client knows more than "the session's": where it came from (the key
 * in SVC_API_KEY, the one given with --token, a context's saved key, a SCIM token) and what to do when the tenant
 * refuses it. A 401 then names it and says that instead of "session expired — run `svc login`", which is right
 * only for a signed-in session (config/resolve.ts `credentialLabel` decides which).
 */
export interface CredentialLabel {
  /** `key in SVC_API_KEY`: read in "the <name> was refused". */
  readonly name: string;
  /** What to do about a refusal: `set SVC_API_KEY to a valid key, or unset it…`. */
  readonly fix?: string;
}

/**
 * A non-2xx answer. Everything in it that came from the server (the detail from the body, the status text from
 * the status line) is made inert here (`safeLine`), so whatever shows an ApiError — the console's error lines and
 * panels, command mode's `error:` — shows no raw control sequence: this constructor is the one place it happens.
 */
export class ApiError extends Error {
  readonly path: string;
  readonly detail: string;
  readonly statusText: string;

  constructor(
    readonly status: number,
    readonly method: string,
    path: string,
    detail: string,
    statusText = '',
    /**
     * The credential the request carried when the client knows where it came from (a SCIM token, SVC_API_KEY,
     * --token, a context's saved key): a 401 then says that this one was refused and how to fix that, not that the
     * session expired.
     */
    readonly credential?: CredentialLabel,
  ) {
    const inert = {path: safeLine(path), detail: safeLine(detail), statusText: safeLine(statusText)};
    super(ApiError.describe(status, method, inert.path, inert.detail, inert.statusText, credential));
    this.name = 'ApiError';
    this.path = inert.path;
    this.detail = inert.detail;
    this.statusText = inert.statusText;
  }

  static describe(status: number, method: string, path: string, detail: string, statusText: string, credential?: CredentialLabel): string {
    const tail = (sep: string) => (detail === '' ? '' : `${sep}${detail}`);
    switch (status) {
      case 401:
        if (credential !== undefined) return `unauthorized (401): the ${credential.name} was refused${tail(': ')}${credential.fix === undefined ? '' : ` — ${credential.fix}`}`;
        return `unauthorized (401): session expired — run \`svc login\` (or set SVC_API_KEY).${tail(' ')}`;
      case 403:
        // Valid but not allowed here: signing in again would not help (that is 401's advice).
        return `forbidden (403)${tail(': ')} — ${FORBIDDEN_ADVICE}`;
      case 404:
        return `not found (404): ${method} ${path}${tail('. ')}`;
      default:
        return `${method} ${path} failed with ${`${status} ${statusText}`.trim()}${tail(': ')}`;
    }
  }
}

/**
 * A credential that cannot go in an Authorization header as it is (a space, a control or a non-ASCII character
 * inside it): refused before any request is sent, naming where it came from and the first bad character's place,
 * never the credential itself (fetch's own error would print it whole).
 */
export class MalformedCredentialError extends Error {
  constructor(credential: CredentialLabel | undefined, problem: string) {
    const fix = credential?.fix === undefined ? '' : ` — ${credential.fix}`;
    super(`the ${credential?.name ?? 'credential'} is malformed: ${problem}; a key or token is one word of visible ASCII characters${fix}`);
    this.name = 'MalformedCredentialError';
  }
}

/** Why `token` cannot be sent (its first character outside visible ASCII, by place), or undefined when it can. */
export function credentialProblem(token: string): string | undefined {
  const chars = [...token.trim()];
  if (chars.length === 0) return 'it is empty';
  const at = chars.findIndex((c) => c < '!' || c > '~');
  if (at < 0) return undefined;
  const c = chars[at]!;
  const what = c === ' ' ? 'a space' : c < ' ' || c === '\x7f' || (c >= '\x80' && c <= '\x9f') ? 'a control character' : 'not ASCII';
  return `character ${at + 1} of ${chars.length} is ${what}`;
}

/** The request never got an HTTP answer: DNS, refused connection, reset, timeout. The reason is made inert. */
export class TransportError extends Error {
  readonly url: string;
  readonly reason: string;

  constructor(url: string, reason: string) {
    const inert = {url: safeLine(url), reason: safeLine(reason)};
    super(`request to ${inert.url} failed: ${inert.reason}`);
    this.name = 'TransportError';
    this.url = inert.url;
    this.reason = inert.reason;
  }
}

/** A 2xx answer whose body is not the JSON the API promises (an HTML app shell, plain text…); the message is inert. */
export class UnexpectedBodyError extends Error {
  constructor(message: string) {
    super(safeLine(message));
    this.name = 'UnexpectedBodyError';
  }
}

/** An answer longer than the client reads (`MAX_RESPONSE_BYTES`): reading stopped there. Not worth retrying. */
export class ResponseTooLargeError extends Error {
  constructor(where: string, limit: number) {
    super(safeLine(`${where} answered more than ${limit / 1024 / 1024} MiB; svc stops reading there (no answer of this API is that large — check the address)`));
    this.name = 'ResponseTooLargeError';
  }
}

/** Worth retrying: server errors, request timeout, rate limiting, and failures below HTTP. */
export function isTransient(err: unknown): boolean {
  if (err instanceof TransportError) return true;
  if (err instanceof ApiError) return err.status >= 500 || err.status === 408 || err.status === 429;
  return false;
}

/** A deployment's data API answers under `…/cubejs-api/` (api/dataApi.ts); everything else is the service's API. */
const DATA_API_PATH = /\/cubejs-api\//;
/** What getaddrinfo says when a name does not resolve (Node puts the code in the message). */
const NAME_NOT_RESOLVED = /\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)\b/;

/**
 * What a transient failure was, in a few words for the console's header: which API failed and how ("data API
 * answered 500: <its inert message>", "cannot resolve <host>"); a dropped or refused connection stays "connection
 * lost". Undefined for a failure that is not transient. The one place the console words a failing connection.
 */
export function failureSummary(err: unknown): string | undefined {
  if (!isTransient(err)) return undefined;
  if (err instanceof ApiError) {
    const who = DATA_API_PATH.test(err.path) ? 'data API' : 'the service';
    return `${who} answered ${err.status}${err.detail === '' ? '' : `: ${err.detail}`}`;
  }
  const transport = err as TransportError;
  let url: URL | undefined;
  try {
    url = new URL(transport.url);
  } catch {
    url = undefined;
  }
  if (url && NAME_NOT_RESOLVED.test(transport.reason)) return `cannot resolve ${url.hostname}`;
  return url && DATA_API_PATH.test(url.pathname) ? `data API at ${url.host}: connection lost` : 'connection lost';
}
