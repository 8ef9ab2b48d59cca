// The 401 refresh hook: one refresh per process (shared by concurrent 401s), the rotated tokens handed to the
// saver, a warning and no token when the refresh is refused, and no hook at all without a saved refresh token.
import {describe, expect, it} from 'vitest';
import {tokenRefresher} from '../../src/config/refresh.js';
import type {Credentials} from '../../src/config/resolve.js';
import {json, stubsPerTest} from '../helpers/httpStub.js';

const stub = stubsPerTest();

/** The refresh endpoint answering `status` and `body`; `forms` collects the forms posted to it. */
async function tokenEndpoint(status: number, body: unknown): Promise<{url: string; forms: URLSearchParams[]}> {
  const forms: URLSearchParams[] = [];
  const {url} = await stub({
    '/auth/oauth2/refresh': (_req, res, text) => {
      forms.push(new URLSearchParams(text));
      json(res, status, body);
    },
  });
  return {url, forms};
}

const creds = (url: string, extra: Partial<Credentials> = {}): Credentials => ({
  url,
  token: 'old-access',
  scheme: 'bearer',
  configPath: '/nowhere/config.toml',
  contextName: 'work',
  refreshToken: 'old-refresh',
  ...extra,
});

function io() {
  const warnings: string[] = [];
  const saved: unknown[][] = [];
  return {warnings, saved, warn: (l: string) => warnings.push(l), save: async (...args: unknown[]) => void saved.push(args)};
}

describe('tokenRefresher', () => {
  it('refreshes once for concurrent 401s and saves the rotated pair to the context', async () => {
    const {url, forms} = await tokenEndpoint(200, {accessToken: 'new-access', refreshToken: 'new-refresh'});
    const t = io();
    const refresh = tokenRefresher(creds(url), t)!;
    expect(await Promise.all([refresh(), refresh()])).toEqual(['new-access', 'new-access']);
    expect(await refresh()).toBe('new-access');
    expect(forms).toHaveLength(1);
    expect(Object.fromEntries(forms[0]!)).toEqual({grant_type: 'refresh_token', refresh_token: 'old-refresh', client_id: 'svc-cli'});
    expect(t.saved).toEqual([['work', 'new-access', 'new-refresh']]);
    expect(t.warnings).toEqual([]);
  });

  it('in a long-running process, refreshes again with the rotated token once renewAfterMs has passed', async () => {
    const {url, forms} = await tokenEndpoint(200, {accessToken: 'new-access', refreshToken: 'new-refresh'});
    const t = io();
    let clock = 1_000;
    const refresh = tokenRefresher(creds(url), t, {renewAfterMs: 60_000, now: () => clock})!;
    expect(await Promise.all([refresh(), refresh()])).toEqual(['new-access', 'new-access']);
    clock += 59_000;
    await refresh();
    expect(forms).toHaveLength(1);
    clock += 1_000;
    // Two 401s at once after the window: one refresh, shared.
    await Promise.all([refresh(), refresh()]);
    expect(forms).toHaveLength(2);
    expect(forms.map((f) => f.get('refresh_token'))).toEqual(['old-refresh', 'new-refresh']);
  });

  it('never renews after a refused refresh', async () => {
    const {url, forms} = await tokenEndpoint(400, {error: 'invalid_grant'});
    let clock = 1_000;
    const refresh = tokenRefresher(creds(url), io(), {renewAfterMs: 60_000, now: () => clock})!;
    expect(await refresh()).toBeUndefined();
    clock += 120_000;
    expect(await refresh()).toBeUndefined();
    expect(forms).toHaveLength(1);
  });

  it('warns and gives no token when the refresh is refused', async () => {
    const {url} = await tokenEndpoint(400, {error: 'invalid_grant', error_description: 'unknown refresh token'});
    const t = io();
    expect(await tokenRefresher(creds(url), t)!()).toBeUndefined();
    expect(t.warnings).toEqual(['warning: token refresh failed: invalid_grant (unknown refresh token)']);
    expect(t.saved).toEqual([]);
  });

  it('still uses the new token when saving it fails, and says so', async () => {
    const {url} = await tokenEndpoint(200, {access_token: 'new-access'});
    const t = {...io(), save: async () => Promise.reject(new Error('disk full'))};
    const warnings: string[] = [];
    expect(await tokenRefresher(creds(url), {...t, warn: (l) => warnings.push(l)})!()).toBe('new-access');
    expect(warnings).toEqual(['warning: could not save the refreshed token: disk full']);
  });

  it('offers no hook for an explicit token or a context without a refresh token', () => {
    const {refreshToken: _r, ...noRefresh} = creds('http://127.0.0.1:1');
    expect(tokenRefresher(noRefresh, io())).toBeUndefined();
    const {contextName: _c, ...noContext} = creds('http://127.0.0.1:1');
    expect(tokenRefresher(noContext, io())).toBeUndefined();
  });
});
