// Validation of the token forms (metadata and environment tokens) and the two ways a token leaves the screen
// (clipboard, file).
// Pure functions plus one file write: the screen stays about keys and layout.
import {resolve} from 'node:path';
import {writePrivateFile} from '../../src/files/privateFile.js';
import type {Json} from '../../src/api/read.js';

export const DEFAULT_EXPIRES_IN = 86400;
/** Environment tokens: the service's default and maximum lifetime. */
export const ENVIRONMENT_TOKEN_EXPIRES_IN = 3600;

export type Parsed<T> = {ok: true; value: T} | {ok: false; error: string};

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

/** OSC 52 "set clipboard": terminals that support it copy the text, even over SSH; others ignore it. */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

/** Writes the token readable only by its owner; resolves to the absolute path written. */
export async function writeTokenFile(path: string, token: string, cwd = process.cwd()): Promise<string> {
  const trimmed = path.trim();
  if (trimmed === '') throw new Error('type a file path to write the token to');
  const target = resolve(cwd, trimmed);
  // A new private file renamed into place: never written through a link planted at the name, never into an
  // existing file (one there is replaced by the new 0600 file).
  writePrivateFile(target, `${token}\n`, {replace: true});
  return target;
}
