// Which tenant and credential a command uses. Order: explicit values (flags) > SVC_API_URL/SVC_API_KEY > the
// context (`--context`, else `default_context`).
import {normalizeBaseUrl} from '../lib/url.js';
import type {AuthScheme, CredentialLabel} from '../api/client.js';
import {configPath} from './paths.js';
import {readConfigFile, type ConfigFile} from './file.js';

export interface Credentials {
  url: string;
  token: string;
  scheme: AuthScheme;
  contextName?: string;
  /** Set only when the token came from the context and the context can refresh it. */
  refreshToken?: string;
  configPath: string;
  /**
   * Where the token came from, for the client's 401 and malformed-token messages (`credentialLabel`); absent for a
   * signed-in session that refreshes itself, whose refusal is "session expired — run `svc login`".
   */
  credential?: CredentialLabel;
}

export class NotLoggedInError extends Error {
  constructor() {
    super('not logged in: run `svc login`, or set SVC_API_URL and SVC_API_KEY');
    this.name = 'NotLoggedInError';
  }
}

export function contextNotFound(name: string): Error {
  return new Error(`context \`${name}\` not found in config (run \`svc login --name ${name}\`)`);
}

const given = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value);

/**
 * The `Authorization` scheme for a token. `SVC_AUTH_SCHEME` (`bearer` or `api-key`) wins; otherwise it is
 * detected from the token as the platform's own client does: a platform API key (`sk-…`) goes as
 * `Api-Key <token>`, anything else (OAuth access tokens, JWTs, this service's `svc_…` keys) as `Bearer <token>`.
 */
export function authScheme(token: string, env: NodeJS.ProcessEnv = process.env): AuthScheme {
  const value = given(env.SVC_AUTH_SCHEME)?.trim().toLowerCase();
  if (value === 'bearer') return 'bearer';
  if (value === 'api-key' || value === 'apikey') return 'api-key';
  if (value !== undefined) throw new Error(`SVC_AUTH_SCHEME must be \`bearer\` or \`api-key\` (got \`${env.SVC_AUTH_SCHEME}\`)`);
  return token.trim().startsWith('sk-') ? 'api-key' : 'bearer';
}

export function resolveCredentials(
  opts: {context?: string; url?: string; token?: string} = {},
  env: NodeJS.ProcessEnv = process.env,
): Credentials {
  const path = configPath(env);
  let url = given(opts.url) ?? given(env.SVC_API_URL);
  let token = given(opts.token) ?? given(env.SVC_API_KEY);
  let from: TokenSource | undefined = given(opts.token) !== undefined ? 'flag' : token !== undefined ? 'env' : undefined;
  let contextName: string | undefined;
  let refreshToken: string | undefined;
  // A broken or absent config file must not block a fully specified environment (CI), so it is read only when needed.
  if (opts.context !== undefined || url === undefined || token === undefined) {
    const config: ConfigFile = readConfigFile(path);
    if (opts.context !== undefined && !(opts.context in config.contexts)) throw contextNotFound(opts.context);
    contextName = opts.context ?? config.default_context;
    const ctx = contextName === undefined ? undefined : config.contexts[contextName];
    if (ctx === undefined) contextName = undefined;
    if (ctx && token === undefined && ctx.refresh_token) refreshToken = ctx.refresh_token;
    url ??= given(ctx?.url);
    token ??= given(ctx?.api_key);
    from ??= 'context';
  }
  if (url === undefined || token === undefined) throw new NotLoggedInError();
  const out: Credentials = {url: normalizeBaseUrl(url), token, scheme: authScheme(token, env), configPath: path};
  if (contextName !== undefined) out.contextName = contextName;
  if (refreshToken !== undefined) out.refreshToken = refreshToken;
  const credential = credentialLabel(from ?? 'context', contextName, refreshToken !== undefined);
  if (credential !== undefined) out.credential = credential;
  return out;
}

type TokenSource = 'flag' | 'env' | 'context';

/**
 * How a refused or malformed token is named and what fixes it, by where it came from: a key set in SVC_API_KEY or
 * given with --token is fixed there (not by `svc login`, which would change nothing while it is set); a context's
 * saved key by a new login under that name. A context that refreshes its own token has none: its refusal is the
 * session's end, which `svc login` fixes (the client's default wording).
 */
export function credentialLabel(from: TokenSource, contextName: string | undefined, refreshes: boolean): CredentialLabel | undefined {
  const login = contextName === undefined ? '`svc login`' : `\`svc login --name ${contextName}\``;
  switch (from) {
    case 'flag':
      return {name: 'key given with --token', fix: 'pass a valid key, or leave --token out to use SVC_API_KEY or the saved context'};
    case 'env':
      return {name: 'key in SVC_API_KEY', fix: `set SVC_API_KEY to a valid key, or unset it to use the saved context (${login} saves one)`};
    case 'context':
      return refreshes ? undefined : {name: `key saved in context \`${contextName ?? ''}\``, fix: `run ${login} to save a new one`};
  }
}
