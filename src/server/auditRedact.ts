// What an audit event keeps of a request body: its shape and harmless values, never a secret or a file.
// Redaction is by field name (anything that looks like a password, token, key, secret, credential or file
// content) and by size, so an event stays small and safe to hand to whoever may export the log.

// THE list of secret-bearing fields. A field is secret when its name matches, wherever it sits in the body:
// passwords, client and other secrets, tokens (access, refresh, SCIM, data), API keys and other keys,
// credentials, private keys, cookies, signatures, a token's security context, OAuth device/authorization codes
// (`…code`: device_code, userCode, code). Beyond names:
//  - the value of a named value (`{name, value}`: environment variables, settings) is always secret, whatever
//    the name says (CUBEJS_DB_URL may carry a password as well as CUBEJS_DB_PASS does);
//  - the value of a SCIM PatchOp whose `path` names a secret field (`{path: "password", value}`);
//  - a string that looks like a credential by itself (an svc_ key, a JWT, `Bearer …`, a PEM private key), in
//    any field, so a key pasted into a description does not reach the log either.
const SECRET_FIELD =
  /pass(word|wd|phrase)?|secret|token|api[-_]?key|^key$|[-_]key$|[a-z]Key$|private|credential|authorization|cookie|signature|security[-_]?context|(^|[-_])code$|[a-z]Code$/i;
// Every value pattern below runs in time linear in the string: each is anchored or of bounded length, and the
// JWT shape (`eyJ…` `.` `…` `.`, where a single backtracking regex costs O(n²) on `eyJ-eyJ-…` without a dot) is
// found by walking the runs of [\w-] once (`containsJwt`). Any string of any body reaches these checks.
const SVC_KEY_VALUE = /\bsvc_[0-9A-Za-z]{32}\b/i;
const AUTH_HEADER_VALUE = /^\s*(bearer|basic|api-key)\s+[\w.~+/=-]{16,}\s*$/i;
const PRIVATE_KEY_VALUE = /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----/i;
const WORD_RUN = /[\w-]+/g;
const CONTENT_FIELD = /^(content|contents|file|source|sql|yaml|manifest|certificate|cert)$/i;
const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_KEYS = 40;
const MAX_DEPTH = 4;

export const REDACTED = '[REDACTED]';

function describeContent(value: unknown): string {
  if (typeof value === 'string') return `[${value.length} chars]`;
  if (Array.isArray(value)) return `[${value.length} items]`;
  if (value !== null && typeof value === 'object') return `[object with ${Object.keys(value).length} keys]`;
  return '[omitted]';
}

/** A JWT header segment: `eyJ` (base64url of `{"`) at a word start, with more of the segment after it. */
function isJwtHeaderRun(run: string): boolean {
  const lower = run.toLowerCase();
  if (lower.startsWith('eyj') && lower.length > 3) return true;
  const at = lower.indexOf('-eyj');
  return at >= 0 && at + 4 < lower.length;
}

/** Whether `text` holds `<header>.<payload>.` of a JWT: one pass over the runs of [\w-], each looked at once. */
export function containsJwt(text: string): boolean {
  let headerDot = -1; // index of the dot right after a header-like run
  for (const m of text.matchAll(WORD_RUN)) {
    const end = m.index + m[0].length;
    if (headerDot >= 0 && m.index === headerDot + 1 && text[end] === '.') return true;
    headerDot = text[end] === '.' && isJwtHeaderRun(m[0]) ? end : -1;
  }
  return false;
}

/** A string that is a credential by itself (an svc_ key, a JWT, `Bearer …`, a PEM private key), in linear time. */
export function looksLikeCredential(text: string): boolean {
  return SVC_KEY_VALUE.test(text) || AUTH_HEADER_VALUE.test(text) || PRIVATE_KEY_VALUE.test(text) || containsJwt(text);
}

/** A copy of `value` safe to store: secrets replaced, file contents described, long things cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string' && looksLikeCredential(value)) return REDACTED;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… [${value.length} chars]` : value;
  if (depth >= MAX_DEPTH) return describeContent(value);
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((v) => redact(v, depth + 1));
    return value.length > MAX_ITEMS ? [...kept, `… ${value.length - MAX_ITEMS} more`] : kept;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const entries = Object.entries(value as Record<string, unknown>);
    // A SCIM PatchOp names the attribute in `path` and carries it in `value`: {path: "password", value: "…"}.
    const secretPath = typeof (value as {path?: unknown}).path === 'string' && SECRET_FIELD.test((value as {path: string}).path);
    const namedValue = 'name' in value && 'value' in value;
    for (const [k, v] of entries.slice(0, MAX_KEYS)) {
      if (SECRET_FIELD.test(k) || ((secretPath || namedValue) && k === 'value')) out[k] = REDACTED;
      else if (CONTENT_FIELD.test(k) && typeof v !== 'boolean' && typeof v !== 'number' && v !== null) out[k] = describeContent(v);
      else out[k] = redact(v, depth + 1);
    }
    if (entries.length > MAX_KEYS) out['…'] = `${entries.length - MAX_KEYS} more keys`;
    return out;
  }
  return String(value);
}
