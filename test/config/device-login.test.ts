// The client side of the device flow against a scripted loopback server: it sleeps the interval before every
// poll, adds 5 s on slow_down, keeps polling through network failures, and maps the RFC 8628 errors to messages.
import type {ChildProcess} from 'node:child_process';
import {EventEmitter} from 'node:events';
import {describe, expect, it, vi} from 'vitest';
import {deviceLogin, openBrowser, shouldOpenBrowser, type DeviceLoginIo} from '../../src/config/deviceLogin.js';
import {json, stubsPerTest, text} from '../helpers/httpStub.js';

// The platform opener is never really started here: openBrowser gets a spawn double that reports a started process.
const spawn = vi.fn((_command: string, _args: string[]) => {
  const child = Object.assign(new EventEmitter(), {unref: () => {}});
  queueMicrotask(() => child.emit('spawn'));
  return child as unknown as ChildProcess;
});

type Answer = {status: number; body: unknown} | 'drop';
const stub = stubsPerTest();

/** The device-code endpoint, then a token endpoint answering `polls` in turn (pending once they run out). */
async function serve(polls: Answer[], code: Record<string, unknown> = {}): Promise<{url: string; forms: URLSearchParams[]}> {
  const forms: URLSearchParams[] = [];
  const {url} = await stub({
    '/auth/device/code': (_req, res, text) => {
      forms.push(new URLSearchParams(text));
      json(res, 200, {device_code: 'dev-123', user_code: 'BCDF-GHJK', verification_uri: 'http://x/device', interval: 2, expires_in: 60, ...code});
    },
    '/auth/device/token': (_req, res, text) => {
      forms.push(new URLSearchParams(text));
      const answer = polls.shift() ?? {status: 400, body: {error: 'authorization_pending'}};
      if (answer === 'drop') return void res.socket?.destroy();
      json(res, answer.status, answer.body);
    },
  });
  return {url, forms};
}

function io(): DeviceLoginIo & {lines: string[]; sleeps: number[]} {
  let now = 0;
  const lines: string[] = [];
  const sleeps: number[] = [];
  return {
    lines,
    sleeps,
    out: (l) => lines.push(l),
    status: (l) => lines.push(`[status] ${l}`),
    openBrowser: async () => false,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    now: () => now,
  };
}

const client = {clientId: 'svc-cli'};

describe('deviceLogin', () => {
  it('prints the instructions, polls after each interval, slows down by 5 s and survives a dropped connection and a 503', async () => {
    const {url, forms} = await serve([
      {status: 400, body: {error: 'authorization_pending'}},
      {status: 400, body: {error: 'slow_down'}},
      'drop',
      {status: 503, body: {message: 'restarting'}},
      {status: 200, body: {access_token: 'acc', refresh_token: 'ref', tenantUrl: 'https://t.example'}},
    ]);
    const t = io();
    const tokens = await deviceLogin(url, client, t);
    expect(tokens).toEqual({accessToken: 'acc', refreshToken: 'ref', tenantUrl: 'https://t.example'});
    expect(t.lines.slice(0, 3)).toEqual([
      'To authorize this CLI, open the following URL in your browser:',
      '  http://x/device',
      'and confirm this code: BCDF-GHJK',
    ]);
    expect(t.sleeps).toEqual([2000, 2000, 7000, 7000, 7000]);
    expect(forms[0]?.get('client_id')).toBe('svc-cli');
    expect(forms[1]?.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:device_code');
    expect(forms[1]?.get('device_code')).toBe('dev-123');
  });

  it.each([
    [{error: 'access_denied'}, 'authorization was denied in the browser'],
    [{error: 'expired_token'}, 'device code expired before it was authorized; run `svc login` again'],
    [{error: 'invalid_client', error_description: 'unknown client'}, 'authorization failed: invalid_client (unknown client)'],
  ])('maps %j to a message', async (body, message) => {
    const {url} = await serve([{status: 400, body}]);
    await expect(deviceLogin(url, client, io())).rejects.toThrow(message);
  });

  it('stops at the deadline even while the service keeps saying pending', async () => {
    const {url} = await serve([], {expires_in: 5, interval: 1});
    const t = io();
    await expect(deviceLogin(url, client, t)).rejects.toThrow('device code expired before it was authorized');
    expect(t.sleeps).toHaveLength(5);
  });

  it('explains a refused device authorization request', async () => {
    const {url} = await stub({'/auth/device/code': (_req, res) => text(res, 404, 'no such thing')});
    await expect(deviceLogin(url, client, io())).rejects.toThrow(`device authorization request failed (404) at ${url}/auth/device/code: no such thing`);
  });

  it('opens a browser only for a person at a terminal', () => {
    expect(shouldOpenBrowser({}, true)).toBe(true);
    expect(shouldOpenBrowser({CI: 'true'}, true)).toBe(false);
    expect(shouldOpenBrowser({SVC_NO_BROWSER: '1'}, true)).toBe(false);
    expect(shouldOpenBrowser({}, false)).toBe(false);
    // CI and SVC_NO_BROWSER read like every switch (lib/envFlag.ts): set to 0 or false they are off.
    expect(shouldOpenBrowser({CI: 'false'}, true)).toBe(true);
    expect(shouldOpenBrowser({CI: '0', SVC_NO_BROWSER: 'false'}, true)).toBe(true);
  });
});

describe('the opener gets only http(s) addresses', () => {
  it('openBrowser refuses file:, javascript: and anything that is not an absolute http(s) URL, without starting anything', async () => {
    spawn.mockClear();
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', '--new-window=file:///etc/passwd', 'ssh://host', '/etc/passwd', '']) {
      expect(await openBrowser(bad, spawn), bad).toBe(false);
    }
    expect(spawn).not.toHaveBeenCalled();
    expect(await openBrowser('https://tenant.example/device?user_code=BCDF', spawn)).toBe(true);
    expect(spawn.mock.calls[0]?.[1]).toContain('https://tenant.example/device?user_code=BCDF');
  });

  it('a server naming a file: URL for the sign-in page is not opened, and the user is told why', async () => {
    const {url} = await serve([{status: 200, body: {access_token: 'acc'}}], {verification_uri: 'file:///etc/passwd', verification_uri_complete: 'file:///etc/passwd'});
    const t = io();
    const opened: string[] = [];
    await deviceLogin(url, client, {...t, openBrowser: async (u) => (opened.push(u), true)});
    expect(opened).toEqual([]);
    expect(t.lines).toContain('[status] Not opening it automatically: the server named an address that is not http:// or https://');
  });
});
