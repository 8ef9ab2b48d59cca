// Refreshing an expired access token once, on a 401 (api/client.ts `onUnauthorized`): the new access token and
// the rotated refresh token are written back to the context the credentials came from, so the next command
// starts with them. A failed refresh warns and lets the 401 through.
import {safeText} from '../lib/safeText.js';
import {oauthClientFromEnv, refreshAccessToken} from '../api/oauth.js';
import type {Credentials} from './resolve.js';

export interface RefreshIo {
  warn(line: string): void;
  /** Writes the tokens into the named context (the real one goes through ConfigStore). */
  save(contextName: string, accessToken: string, refreshToken: string | undefined): Promise<void>;
}

async function saveToConfig(contextName: string, accessToken: string, refreshToken: string | undefined): Promise<void> {
  const {ConfigStore} = await import('./store.js');
  new ConfigStore().update((config) => {
    const ctx = config.contexts[contextName];
    if (!ctx) return;
    ctx.api_key = accessToken;
    if (refreshToken) ctx.refresh_token = refreshToken;
  });
}

const defaultIo: RefreshIo = {warn: (line) => process.stderr.write(`${safeText(line)}\n`), save: saveToConfig};

export interface RefreshOptions {
  /**
   * A long-running process (the UI) outlives one access token: after this long, a new 401 refreshes again with
   * the rotated refresh token. Without it there is exactly one attempt per process. A refused refresh is final.
   */
  readonly renewAfterMs?: number;
  readonly now?: () => number;
}

/** The `onUnauthorized` hook for these credentials, or undefined when they cannot be refreshed. */
export function tokenRefresher(creds: Credentials, given: Partial<RefreshIo> = {}, opts: RefreshOptions = {}): (() => Promise<string | undefined>) | undefined {
  const io: RefreshIo = {...defaultIo, ...given};
  const {contextName} = creds;
  let refreshToken = creds.refreshToken;
  if (refreshToken === undefined || contextName === undefined) return undefined;
  const now = opts.now ?? Date.now;
  // Shared by concurrent 401s: a 401 right after a refresh is a real refusal, not a reason to refresh again.
  let attempt: Promise<string | undefined> | undefined;
  let startedAt = 0;
  let refused = false;
  const refresh = async (token: string): Promise<string | undefined> => {
    try {
      const tokens = await refreshAccessToken(creds.url, oauthClientFromEnv(), token);
      refreshToken = tokens.refreshToken ?? token;
      try {
        await io.save(contextName, tokens.accessToken, tokens.refreshToken);
      } catch (err) {
        io.warn(`warning: could not save the refreshed token: ${err instanceof Error ? err.message : String(err)}`);
      }
      return tokens.accessToken;
    } catch (err) {
      refused = true;
      io.warn(`warning: token refresh failed: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  };
  return async () => {
    // The window starts when a refresh starts, so 401s racing one in flight share it instead of spending the
    // rotated refresh token twice.
    const renew = !refused && opts.renewAfterMs !== undefined && now() - startedAt >= opts.renewAfterMs;
    if (attempt === undefined || renew) {
      startedAt = now();
      attempt = refresh(refreshToken!);
    }
    return attempt;
  };
}
