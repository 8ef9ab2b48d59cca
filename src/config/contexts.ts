// Changing the saved contexts: one place for `svc login` (save), `svc logout` (sign out), `svc context use`
// (default) and the console's Contexts screen (add, delete, make default). conf (and ajv behind it) loads only
// when something is written.
import {revokeRefreshToken, type OAuthClient, type Revocation} from '../api/oauth.js';
import type {ContextEntry} from './file.js';

const openStore = async () => new (await import('./store.js')).ConfigStore();

/** Context names are TOML table keys and command-line arguments: letters, digits, `.`, `_`, `-`, at most 64. */
export function contextNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'the name must not be empty';
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) return 'the name may hold letters, digits, `.`, `_` and `-` (at most 64, starting with a letter or digit)';
  return undefined;
}

/**
 * Saves `entry` under `name` (replacing one of that name unless `replace` is false). THE rule for the default, for
 * `svc login` and the console's `a` alike: saving a context never switches the default silently. It becomes the
 * default only when asked (`use`: `svc login --use`), or when there is no default to keep (the first context
 * saved, or a default that names no saved context). Resolves to the config file's path and the default after.
 */
export async function saveContext(name: string, entry: ContextEntry, opts: {use?: boolean; replace?: boolean} = {}): Promise<{path: string; defaultContext: string}> {
  const store = await openStore();
  if (opts.replace === false && name in store.read().contexts) throw new Error(`a context named \`${name}\` exists already`);
  let defaultContext = name;
  store.update((config) => {
    config.contexts[name] = {url: entry.url, api_key: entry.api_key, ...(entry.refresh_token ? {refresh_token: entry.refresh_token} : {})};
    const kept = config.default_context;
    if (opts.use || kept === undefined || !(kept in config.contexts)) config.default_context = name;
    defaultContext = config.default_context ?? name;
  });
  return {path: store.path, defaultContext};
}

/**
 * Forgets a context's credentials (no server call). When it was the default, the first remaining one (by name)
 * becomes the default. `removed` is false when there was no such context.
 */
export async function removeContext(name: string): Promise<{removed: boolean; newDefault?: string}> {
  const store = await openStore();
  if (!(name in store.read().contexts)) return {removed: false};
  return {removed: true, ...removeFrom(store, name)};
}

/**
 * Signs a context out, the one way `svc logout` and the console's Contexts screen forget one: its credentials go
 * (removeContext) and then, for a browser sign-in (a saved refresh token), the sign-in is ended at its tenant
 * (RFC 7009, api/oauth.ts revokeRefreshToken; `revocation` says whether it was). An API key is left alone: it
 * was made on purpose and may be saved elsewhere.
 */
export async function signOutContext(name: string, client: OAuthClient): Promise<{removed: boolean; newDefault?: string; revocation?: Revocation}> {
  const store = await openStore();
  const entry = store.read().contexts[name];
  if (entry === undefined) return {removed: false};
  const removed = {removed: true, ...removeFrom(store, name)};
  if (!entry.refresh_token) return removed;
  return {...removed, revocation: await revokeRefreshToken(entry.url, client, entry.refresh_token)};
}

function removeFrom(store: Awaited<ReturnType<typeof openStore>>, name: string): {newDefault?: string} {
  let newDefault: string | undefined;
  store.update((c) => {
    delete c.contexts[name];
    if (c.default_context === name) {
      newDefault = Object.keys(c.contexts).sort()[0];
      if (newDefault === undefined) delete c.default_context;
      else c.default_context = newDefault;
    }
  });
  return newDefault === undefined ? {} : {newDefault};
}

/** The default context after a removal of `name`, without removing it (what a confirmation can announce). */
export function defaultAfterRemoving(contexts: readonly string[], defaultContext: string | undefined, name: string): string | undefined {
  if (defaultContext !== name) return defaultContext;
  return contexts.filter((c) => c !== name).sort()[0];
}

/** Makes `name` the default; refuses a name the config does not hold. */
export async function setDefaultContext(name: string): Promise<void> {
  const store = await openStore();
  if (!(name in store.read().contexts)) throw new Error(`context \`${name}\` not found (run \`svc login --name ${name}\`)`);
  store.update((c) => {
    c.default_context = name;
  });
}
