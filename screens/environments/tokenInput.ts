// Validation of the token forms (metadata and environment tokens): pure functions, so the form stays about keys
// and layout.
import type {Json} from '../../src/api/read.js';
import type {Parsed} from '../common/form.js';

export const DEFAULT_EXPIRES_IN = 86400;
/** Environment tokens: the service's default and maximum lifetime. */
export const ENVIRONMENT_TOKEN_EXPIRES_IN = 3600;

/** The security context must be a JSON object: it is embedded in the token as claims. */
export function parseSecurityContext(text: string): Parsed<Json> {
  const trimmed = text.trim();
  if (trimmed === '') return {ok: false, error: 'security context is empty: type a JSON object, e.g. {}'};
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (err) {
    return {ok: false, error: `security context is not valid JSON: ${err instanceof Error ? err.message : String(err)}`};
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {ok: false, error: 'security context must be a JSON object ({…}), not an array or a single value'};
  }
  return {ok: true, value: value as Json};
}

/** Seconds until expiry: a positive whole number (at most `max` when given); empty means `byDefault`. */
export function parseExpiresIn(text: string, byDefault = DEFAULT_EXPIRES_IN, max?: number): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed === '') return {ok: true, value: byDefault};
  if (!/^\d+$/.test(trimmed) || Number(trimmed) <= 0) {
    return {ok: false, error: `expires in must be a positive whole number of seconds, not "${trimmed}"`};
  }
  if (max !== undefined && Number(trimmed) > max) return {ok: false, error: `expires in is at most ${max} seconds for this token`};
  return {ok: true, value: Number(trimmed)};
}

/** Scopes of an environment token: words separated by commas or spaces (the service names the valid ones). */
export function parseScopes(text: string): Parsed<string[]> {
  const words = text.split(/[\s,]+/).filter(Boolean);
  if (words.length === 0) return {ok: false, error: 'scopes are empty: type data, meta or both'};
  return {ok: true, value: [...new Set(words)]};
}
