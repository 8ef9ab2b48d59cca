// What the service keeps secret, from THE list of secret names (contract/secretNames.ts: passwords, secrets,
// tokens, keys, credentials, private keys, cookies, signatures, authorization, OAuth device/authorization codes
// (`…code`), embed session ids, which are bearer secrets: whoever holds one gets data tokens), wherever such a field
// sits in a body or a stored document. The same list masks environment variables by their name
// (routes/deployments/envVars.ts) and tells the console which variables are secret. Here it is read twice:
//  - the audit log (auditRedact.ts) stores `[REDACTED]` in place of every such field of a request body;
//  - reads never return such a field of a stored document (`withoutSecrets`): they are write-only. The OAuth
//    integration's `config` is such a document (its `clientSecret` column is never read back at all).
// Not on the list: a token's security context. The platform's API returns it with the token it is embedded in
// (whose holder can read it anyway), so reads show it; the audit log alone leaves it out (auditRedact.ts).
// Beyond names, a string that looks like a credential by itself (an svc_ key, a JWT, `Bearer …`, a PEM private
// key) is secret in any field (`looksLikeCredential`).
import {isSecretName} from '../contract/secretNames.js';

// Every value pattern below runs in time linear in the string: each is anchored or of bounded length, and the
// JWT shape (`eyJ…` `.` `…` `.`, where a single backtracking regex costs O(n²) on `eyJ-eyJ-…` without a dot) is
// found by walking the runs of [\w-] once (`containsJwt`). Any string of any body reaches these checks.
const SVC_KEY_VALUE = /\bsvc_[0-9A-Za-z]{32}\b/i;
const AUTH_HEADER_VALUE = /^\s*(bearer|basic|api-key)\s+[\w.~+/=-]{16,}\s*$/i;
const PRIVATE_KEY_VALUE = /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----/i;
const WORD_RUN = /[\w-]+/g;

/** Whether a field of this name holds a secret (THE list of secret names). */
export function isSecretField(name: string): boolean {
  return isSecretName(name);
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

/**
 * A stored document as a read returns it: every secret field left out, at any depth (write-only), and a string
 * that is a credential by itself too.
 */
export function withoutSecrets<T>(value: T): T {
  if (typeof value === 'string') return (looksLikeCredential(value) ? undefined : value) as T;
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v) as unknown).filter((v) => v !== undefined) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (isSecretField(k)) continue;
    const kept = withoutSecrets(v);
    if (kept !== undefined) out[k] = kept;
  }
  return out as T;
}

/** The secret fields of `stored` that `incoming` leaves out, kept: replacing a document keeps what a read never showed. */
export function keepSecrets(stored: Record<string, unknown> | null, incoming: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(stored ?? {}).filter(([k]) => isSecretField(k) && !(k in incoming)));
  return {...kept, ...incoming};
}
