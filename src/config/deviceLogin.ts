// Browser sign-in (RFC 8628 device flow) as the command-line client runs it: ask for a code, show the URL and
// code, open the browser when there is a person at a terminal, then poll until the browser approves or denies.
import {spawn, type ChildProcess, type SpawnOptions} from 'node:child_process';
import {OAuthError, pollDeviceToken, requestDeviceCode, type OAuthClient, type TokenSet} from '../api/oauth.js';
import {envFlag} from '../lib/envFlag.js';

export interface DeviceLoginIo {
  /** The instructions (URL and code): stdout, so a person or a script can read them. */
  out(line: string): void;
  /** Status lines ("Waiting for authorization…"): stderr. */
  status(line: string): void;
  openBrowser(url: string): Promise<boolean>;
  sleep(ms: number): Promise<void>;
  now(): number;
}

const SLOW_DOWN_STEP_S = 5;

export async function deviceLogin(baseUrl: string, client: OAuthClient, io: DeviceLoginIo): Promise<TokenSet> {
  const auth = await requestDeviceCode(baseUrl, client);
  const url = auth.verificationUriComplete ?? auth.verificationUri;
  io.out('To authorize this CLI, open the following URL in your browser:');
  io.out(`  ${url}`);
  io.out(`and confirm this code: ${auth.userCode}`);
  if (browserUrl(url) === undefined) io.status('Not opening it automatically: the server named an address that is not http:// or https://');
  else if (await io.openBrowser(url)) io.status('Opened your browser automatically…');
  io.status('Waiting for authorization…');
  const deadline = io.now() + auth.expiresIn * 1000;
  let intervalS = Math.max(1, auth.interval);
  const expired = () => new Error('device code expired before it was authorized; run `svc login` again');
  for (;;) {
    // RFC 8628 §3.5: wait the interval before every request, the first included.
    await io.sleep(intervalS * 1000);
    if (io.now() >= deadline) throw expired();
    try {
      return await pollDeviceToken(baseUrl, client, auth.deviceCode);
    } catch (err) {
      if (!(err instanceof OAuthError)) continue; // the network came and went: keep polling until the deadline
      if (err.code === 'authorization_pending') continue;
      if (err.code === 'slow_down') {
        intervalS += SLOW_DOWN_STEP_S;
        continue;
      }
      if (err.code === 'access_denied') throw new Error('authorization was denied in the browser');
      if (err.code === 'expired_token') throw expired();
      throw new Error(`authorization failed: ${err.message}`);
    }
  }
}

/**
 * Whether to try a browser: only for a person at a terminal. Not under CI, not when stdout is not a terminal
 * (a script reads the URL instead), not with SVC_NO_BROWSER set (switches read by lib/envFlag.ts: `CI=false` is off).
 */
export function shouldOpenBrowser(env: NodeJS.ProcessEnv = process.env, stdoutIsTty = process.stdout.isTTY === true): boolean {
  return stdoutIsTty && !envFlag(env.CI) && !envFlag(env.SVC_NO_BROWSER);
}

function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/**
 * The address as the opener gets it, or undefined when it must not get it: only an absolute http(s) URL (a
 * server-supplied `file:///…`, `javascript:` or a `-flag` would make the opener run or read something else).
 */
export function browserUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
}

/**
 * Starts the platform's URL opener on an http(s) address; false (never a failure) for any other, or none to run.
 * `start` is how the opener is started (tests pass a double that starts nothing).
 */
export function openBrowser(url: string, start: (command: string, args: string[], options: SpawnOptions) => ChildProcess = spawn): Promise<boolean> {
  const href = browserUrl(url);
  if (href === undefined) return Promise.resolve(false);
  return new Promise((resolve) => {
    const [command, args] = opener(href);
    try {
      const child = start(command, args, {stdio: 'ignore', detached: true});
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
