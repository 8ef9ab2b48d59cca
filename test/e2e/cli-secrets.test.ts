// No secret leaks: a representative session of commands — device login (access JWT + refresh token), reads,
// errors, a refresh after the access token expires, the admin key from the environment, a wrong key — with
// all stdout/stderr, the service's log and the telemetry events it received searched for every secret in
// play. Only `api-keys create`, which is asked to print its new key, may show one (that one). Also: the config
// file and its directory are owner-only, and plain HTTP to a non-loopback host is refused before sending.
// The commands are the built CLI (its telemetry sender is a detached child of the real process); the service runs
// in-process on a JumpClock, so the access token expires when the test jumps past its lifetime, and its log is
// the lines `svc server` would print.
import {mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {deviceSettings} from '../../src/server/routes/identity/deviceAuth.js';
import {runCli, runInBackground, STACK_LINE, type Run} from '../helpers/cliHarness.js';
import {JumpClock, startCliService} from '../helpers/cliInProcess.js';
import {decideDevice, LOGIN_PROMPT as PROMPT} from '../helpers/deviceFlow.js';
import {eventually} from '../helpers/eventually.js';

const ADMIN = 'svc_secretsAdminKey0123456789abcdefg';
const WRONG = 'svc_wrongKeyNobodyHas0123456789abcd';

const clock = new JumpClock();
let work: string;
let server: RunningService;
let url: string;
let serviceLog = '';
const outputs: string[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'svc-secrets-'));
  server = await startCliService({clock, adminKey: ADMIN, serverEnv: {SVC_SERVER_DEVICE_INTERVAL: '1'}, log: (line) => (serviceLog += `${line}\n`)});
  url = server.url;
}, 30_000);

afterAll(async () => {
  await server.close();
  rmSync(work, {recursive: true, force: true});
});

const configDir = () => join(work, 'config');
const env = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  HOME: work,
  SVC_CONFIG_DIR: configDir(),
  NO_COLOR: '1',
  SVC_NO_BROWSER: '1',
  // Telemetry on, sent to the service itself, so its events can be searched too.
  SVC_TELEMETRY_URL: `${url}/telemetry`,
  ...extra,
});
async function svc(args: string[], extra?: Record<string, string>): Promise<Run> {
  const run = await runCli(args, env(extra));
  outputs.push(`$ svc ${args.join(' ')}\n${run.stdout}${run.stderr}`);
  expect(run.stderr, args.join(' ')).not.toMatch(STACK_LINE);
  return run;
}
const field = (text: string, key: string) => new RegExp(`${key} = "([^"]+)"`).exec(text)?.[1];

describe('a session of commands', () => {
  it('never shows a secret it was not asked to print', async () => {
    const login = runInBackground(['login', '--url', url], env());
    const [, , code] = await login.waitForStdout(PROMPT);
    await decideDevice(url, code!, 'approve', ADMIN);
    const logged = await login.done;
    outputs.push(logged.stdout + logged.stderr);
    expect(logged.code, logged.stderr).toBe(0);

    const first = readFileSync(join(configDir(), 'config.toml'), 'utf8');
    const secrets = [ADMIN, WRONG, field(first, 'api_key')!, field(first, 'refresh_token')!];
    expect(secrets.every(Boolean)).toBe(true);

    for (const args of [['whoami'], ['deployments', 'list'], ['deployments', 'get', '1', '--json'], ['environments', 'list', '1'], ['deployments', 'build-status', '1'], ['deployments', 'get', '999999'], ['api-keys', 'list'], ['context', 'list']]) {
      await svc(args);
    }
    // The access token expires: the next command refreshes it and saves a rotated pair.
    clock.jump((deviceSettings({}).accessTtlSeconds + 1) * 1000);
    expect((await svc(['whoami', '--json'])).code).toBe(0);
    const second = readFileSync(join(configDir(), 'config.toml'), 'utf8');
    expect(field(second, 'refresh_token')).not.toBe(field(first, 'refresh_token'));
    secrets.push(field(second, 'api_key')!, field(second, 'refresh_token')!);

    const asAdmin = {SVC_API_URL: url, SVC_API_KEY: ADMIN};
    for (const args of [['deployments', 'list', '--json'], ['api-keys', 'list', '--json'], ['api', 'get', '/api/v1/users/me'], ['deployments', 'update', '1', '-d', '{"name": 3}'], ['environments', 'list', '999999']]) {
      await svc(args, asAdmin);
    }
    expect((await svc(['whoami'], {SVC_API_URL: url, SVC_API_KEY: WRONG})).code).toBe(1);
    expect((await svc(['whoami', '--api-url', 'http://acme.example.com'], asAdmin)).code).toBe(1);

    const created = await svc(['api-keys', 'create', '--name', 'printed-on-purpose'], asAdmin);
    expect(created.code, created.stderr).toBe(0);
    const newKey = /svc_[0-9A-Za-z]{32}/.exec(created.stdout)?.[0];
    expect(newKey).toBeDefined();

    // Telemetry is sent by a detached child per command: wait (bounded) for every command's event.
    const received = async () => await (await fetch(`${url}/api/v1/telemetry/events`, {headers: {authorization: `Bearer ${ADMIN}`}})).text();
    await eventually(async () => (JSON.parse(await received()) as unknown[]).length >= outputs.length, 'a telemetry event for every command', {everyMs: 100});
    const telemetry = await received();
    expect(telemetry.length).toBeGreaterThan(20);

    const printedOnPurpose = outputs.at(-1)!;
    const everything = [...outputs.slice(0, -1), serviceLog, telemetry];
    expect(outputs.length).toBeGreaterThanOrEqual(16);
    for (const secret of secrets) {
      for (const text of everything) expect(text.includes(secret), `${secret.slice(0, 12)}… in:\n${text.slice(0, 400)}`).toBe(false);
      expect(printedOnPurpose.includes(secret)).toBe(false);
    }
    for (const text of [...everything, telemetry]) expect(text.includes(newKey!)).toBe(false);
  }, 60_000);

  it('keeps the config directory and file owner-only', () => {
    expect(statSync(configDir()).mode & 0o777).toBe(0o700);
    expect(statSync(join(configDir(), 'config.toml')).mode & 0o777).toBe(0o600);
  });

  it('refuses plain HTTP to a non-loopback host, for login and for every request', async () => {
    const login = await runCli(['login', '--url', 'http://acme.example.com', '--api-key', ADMIN], env({CI: 'true'}));
    expect(login.code).toBe(1);
    expect(login.stderr).toMatch(/^error: refusing to send credentials over plain HTTP to acme\.example\.com: use https:\/\//m);
    const call = await runCli(['deployments', 'list'], env({CI: 'true', SVC_API_URL: 'http://10.1.2.3:8080', SVC_API_KEY: ADMIN}));
    expect(call.code).toBe(1);
    expect(call.stderr).toMatch(/^error: refusing to send credentials over plain HTTP to 10\.1\.2\.3:8080: use https:\/\//m);
    for (const r of [login, call]) expect(r.stdout + r.stderr).not.toContain(ADMIN);
  });
});
