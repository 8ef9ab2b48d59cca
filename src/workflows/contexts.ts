// Saved contexts for the Contexts screen: names and URLs only (a saved credential never leaves config/), and
// adding, deleting and choosing the default one through the config layer (config/contexts.ts), as command mode does.
import {createHash} from 'node:crypto';
import {checkBaseUrl, normalizeBaseUrl} from '../lib/url.js';
import {contextNameProblem, defaultAfterRemoving, saveContext, setDefaultContext, signOutContext} from '../config/contexts.js';
import {oauthClientFromEnv} from '../api/oauth.js';
import {readConfigFile} from '../config/file.js';
import {configPath} from '../config/paths.js';

export interface SavedContext {
  name: string;
  url: string;
  isDefault: boolean;
  /** The running session uses this context's URL and credential (matched by value, not by name). */
  isSession: boolean;
}

/** Who a session is: its base URL and a one-way fingerprint of its credential (the credential itself stays put). */
export interface SessionIdentity {
  readonly url: string;
  readonly credential: string;
}

export function sessionIdentity(url: string, token: string): SessionIdentity {
  return {url: normalizeBaseUrl(url), credential: fingerprint(token)};
}

const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex');

function sameUrl(a: string, b: string): boolean {
  try {
    return normalizeBaseUrl(a) === normalizeBaseUrl(b);
  } catch {
    return false;
  }
}

export function listSavedContexts(session?: SessionIdentity): SavedContext[] {
  const config = readConfigFile(configPath());
  return Object.keys(config.contexts)
    .sort()
    .map((name) => {
      const ctx = config.contexts[name];
      const url = ctx?.url ?? '';
      const isSession = session !== undefined && ctx?.api_key !== undefined && sameUrl(url, session.url) && fingerprint(ctx.api_key) === session.credential;
      return {name, url, isDefault: name === config.default_context, isSession};
    });
}

/** Makes `name` the default context (what new svc sessions use); refuses a name the config does not hold. */
export const switchDefaultContext = setDefaultContext;

export interface NewContext {
  readonly name: string;
  readonly url: string;
  readonly credential: string;
}

/** Checks a new context's fields; the URL comes back normalised. */
export function checkNewContext(input: NewContext, existing: readonly string[]): {ok: true; value: NewContext} | {ok: false; field: keyof NewContext; error: string} {
  const name = input.name.trim();
  const problem = contextNameProblem(name);
  if (problem) return {ok: false, field: 'name', error: problem};
  if (existing.includes(name)) return {ok: false, field: 'name', error: `a context named \`${name}\` exists already (delete it first to replace it)`};
  if (input.url.trim() === '') return {ok: false, field: 'url', error: 'the URL must not be empty (e.g. https://acme.example.com)'};
  const url = normalizeBaseUrl(input.url);
  try {
    checkBaseUrl(url);
  } catch (err) {
    return {ok: false, field: 'url', error: (err as Error).message};
  }
  const credential = input.credential.trim();
  if (credential === '') return {ok: false, field: 'credential', error: 'the API key must not be empty'};
  return {ok: true, value: {name, url, credential}};
}

/**
 * Saves a checked context. It does not become the default (u does that) unless there was none: saveContext's rule,
 * the same as `svc login`'s. Resolves to whether it is the default now.
 */
export async function addSavedContext(input: NewContext): Promise<{isDefault: boolean}> {
  const {defaultContext} = await saveContext(input.name, {url: input.url, api_key: input.credential}, {replace: false});
  return {isDefault: defaultContext === input.name};
}

/**
 * Forgets a saved context's credentials, as `svc logout` does (a browser sign-in is also revoked at its service,
 * best effort); resolves to the new default when the removed one was the default.
 */
export async function deleteSavedContext(name: string): Promise<{newDefault?: string}> {
  const {removed, newDefault} = await signOutContext(name, oauthClientFromEnv());
  if (!removed) throw new Error(`context \`${name}\` is not saved any more`);
  return newDefault === undefined ? {} : {newDefault};
}

/** Which context becomes the default if `name` is deleted (for the question before it is). */
export function defaultAfterDeleting(rows: readonly SavedContext[], name: string): string | undefined {
  return defaultAfterRemoving(
    rows.map((r) => r.name),
    rows.find((r) => r.isDefault)?.name,
    name,
  );
}
