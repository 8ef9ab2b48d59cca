// `svc login` through the browser: the CLI prints the URL and code, headless Chromium opens the service's approval
// page, pastes an API key of the account (the approver's proof) and clicks Approve, the CLI saves access and
// refresh tokens; an expired access token is then refreshed once on a 401 and the rotated tokens are saved; a bad
// refresh token warns, then the 401 shows. The console (a terminal, through `script`) refreshes an expired token too.
// The service runs in-process on a JumpClock, so a token expires when the test jumps past its lifetime instead of
// after a wait; the CLI runs in-process too (cliInProcess.ts), except the console. Denial and an unapproved code's
// expiry: test/cli/login-device.test.ts.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {chromium, type BrowserContext} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {deviceSettings} from '../../src/server/routes/identity/deviceAuth.js';
import {ADMIN_KEY, CLI, STACK_LINE} from '../helpers/cliHarness.js';
import {JumpClock, runInBackgroundInProcess, runInProcess, startCliService} from '../helpers/cliInProcess.js';
import {decideDevice, LOGIN_PROMPT as PROMPT} from '../helpers/deviceFlow.js';
import {eventually} from '../helpers/eventually.js';

const CHROMIUM = '/usr/bin/chromium';
/** Past the access token's lifetime. */
const EXPIRE_ACCESS_MS = (deviceSettings({}).accessTtlSeconds + 1) * 1000;

const clock = new JumpClock();
let service: RunningService;
let work: string;
let configDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  service = await startCliService({clock, serverEnv: {SVC_SERVER_DEVICE_INTERVAL: '1'}});
  work = mkdtempSync(join(tmpdir(), 'svc-login-e2e-'));
  configDir = mkdtempSync(join(tmpdir(), 'svc-login-config-'));
  env = {PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: configDir, CI: 'true', NO_COLOR: '1'};
});
afterAll(() => service.close());

const config = () => readFileSync(join(configDir, 'config.toml'), 'utf8');
const field = (text: string, key: string) => new RegExp(`${key} = "([^"]+)"`).exec(text)?.[1];

describe.skipIf(!existsSync(CHROMIUM))('browser approval in headless Chromium', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    // A fresh profile directory per run (playwright passes it as --user-data-dir).
    browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'svc-chromium-')), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync',
      ],
    });
  }, 60_000);
  afterAll(() => browser?.close());

  it('signs in, saves access and refresh tokens, and refreshes an expired token once', async () => {
    const login = runInBackgroundInProcess(['login', '--url', service.url, '--name', 'browser'], env);
    const [, url, code] = await login.waitForStdout(PROMPT);
    expect(url).toBe(`${service.url}/device?user_code=${code}`);

    const page = await browser.newPage();
    await page.goto(url!);
    expect(await page.textContent('#user-code')).toBe(code);
    // Approve without a credential first: refused, the page asks again.
    await page.getByRole('button', {name: 'Approve'}).click();
    await page.waitForSelector('[role=alert]');
    expect(await page.textContent('[role=alert]')).toContain('not a valid API key or access token');
    await page.getByLabel(/paste an API key of your account/).fill(ADMIN_KEY);
    await page.getByRole('button', {name: 'Approve'}).click();
    await page.waitForSelector('#result');
    expect(await page.textContent('h1')).toBe('Device approved');
    expect(await page.textContent('#result')).toContain('Signed in as admin@acme.example');
    await page.close();

    const run = await login.done;
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Waiting for authorization…');
    expect(run.stdout).toMatch(/✓ Logged in as admin@acme\.example \(context `browser`, saved to .*config\.toml\)\n$/);
    const saved = config();
    const access = field(saved, 'api_key');
    const refresh = field(saved, 'refresh_token');
    expect(access?.split('.')).toHaveLength(3);
    expect(refresh).toMatch(/^[\w-]{40,}$/);
    expect(run.stdout + run.stderr).not.toContain(refresh!);

    // The access token expires: the next command gets a 401, refreshes once and saves the rotated pair.
    clock.jump(EXPIRE_ACCESS_MS);
    const whoami = await runInProcess(['whoami'], env);
    expect(whoami).toMatchObject({code: 0, stderr: ''});
    expect(whoami.stdout).toMatch(/^admin@acme\.example/);
    const after = config();
    expect(field(after, 'api_key')).not.toBe(access);
    expect(field(after, 'refresh_token')).not.toBe(refresh);

    // A refresh token the service no longer honours: a warning, then the 401 itself.
    writeFileSync(join(configDir, 'config.toml'), after.replace(field(after, 'refresh_token')!, refresh!).replace(field(after, 'api_key')!, access!));
    const refused = await runInProcess(['whoami'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^warning: token refresh failed: invalid_grant \(this refresh token was already used; sign in again\)\nerror: unauthorized \(401\): session expired — run `svc login`/);
    expect(refused.stderr).not.toMatch(STACK_LINE);
  }, 60_000);
});

describe('without a browser', () => {
  it.skipIf(spawnSync('script', ['--version']).status !== 0)('the console refreshes an expired access token too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-login-ui-'));
    const login = runInBackgroundInProcess(['login', '--url', service.url, '--name', 'console'], {...env, SVC_CONFIG_DIR: dir});
    const [, , code] = await login.waitForStdout(PROMPT);
    await decideDevice(service.url, code!, 'approve', ADMIN_KEY);
    expect((await login.done).code).toBe(0);
    const saved = readFileSync(join(dir, 'config.toml'), 'utf8');
    clock.jump(EXPIRE_ACCESS_MS);

    // `script` gives the console a terminal; its screen arrives on stdout, keys go in on stdin.
    const ui = spawn('script', ['-qfec', `${process.execPath} ${CLI} ui`, '/dev/null'], {env: {...env, SVC_CONFIG_DIR: dir, TERM: 'xterm-256color'}});
    let screen = '';
    ui.stdout.on('data', (d: Buffer) => (screen += d.toString()));
    const exited = new Promise<number | null>((r) => ui.on('exit', r));
    await eventually(() => screen.includes('analytics-prod'), () => `the deployments on the console's screen:\n${screen}`, {withinMs: 20_000, everyMs: 100}).finally(() => ui.stdin.write('q'));
    expect(await exited).toBe(0);
    expect(screen).toContain('analytics-prod');
    expect(screen).not.toMatch(/401|unauthorized/i);
    const after = readFileSync(join(dir, 'config.toml'), 'utf8');
    expect(field(after, 'api_key')).not.toBe(field(saved, 'api_key'));
    expect(field(after, 'refresh_token')).not.toBe(field(saved, 'refresh_token'));
  }, 40_000);
});
