// Saved contexts for the Contexts screen: names and URLs only (the credential never leaves config/), and
// switching the default one through the config store's atomic write.
import {createHash} from 'node:crypto';
import {normalizeBaseUrl} from '../api/url.js';
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

/** Makes `name` the default context; refuses a name the config does not hold. */
export async function switchDefaultContext(name: string): Promise<void> {
  // conf (and its validator) loads only when something is written.
  const {ConfigStore} = await import('../config/store.js');
  const store = new ConfigStore();
  if (!(name in store.read().contexts)) throw new Error(`context \`${name}\` not found (run \`svc login --name ${name}\`)`);
  store.update((c) => {
    c.default_context = name;
  });
}
