// What an audit event keeps of a request body: its shape and harmless values, never a secret or a file.
// Redaction is by field name (THE list of secret fields, secrets.ts, and file contents) and by size, so an event
// stays small and safe to hand to whoever may export the log. Beyond names (secrets.ts has the rest):
//  - the value of a named value (`{name, value}`: environment variables, settings) is always secret, whatever
//    the name says (CUBEJS_DB_URL may carry a password as well as CUBEJS_DB_PASS does);
//  - the value of a SCIM PatchOp whose `path` names a secret field (`{path: "password", value}`);
//  - a string that looks like a credential by itself (`looksLikeCredential`), in any field;
//  - a token's security context (`AUDIT_ONLY_FIELD`): not a secret (reads return it with its token), but
//    tenancy data that whoever may export the log has no need to see.
import {isSecretField, looksLikeCredential} from './secrets.js';

const AUDIT_ONLY_FIELD = /security[-_]?context/i;
const redactedField = (name: string) => isSecretField(name) || AUDIT_ONLY_FIELD.test(name);

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
    const secretPath = typeof (value as {path?: unknown}).path === 'string' && redactedField((value as {path: string}).path);
    const namedValue = 'name' in value && 'value' in value;
    for (const [k, v] of entries.slice(0, MAX_KEYS)) {
      if (redactedField(k) || ((secretPath || namedValue) && k === 'value')) out[k] = REDACTED;
      else if (CONTENT_FIELD.test(k) && typeof v !== 'boolean' && typeof v !== 'number' && v !== null) out[k] = describeContent(v);
      else out[k] = redact(v, depth + 1);
    }
    if (entries.length > MAX_KEYS) out['…'] = `${entries.length - MAX_KEYS} more keys`;
    return out;
  }
  return String(value);
}
