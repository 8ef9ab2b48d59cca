// `svc login` through the device flow, in-process (cliInProcess.ts) against the in-process service on a JumpClock:
// a denial saves nothing, and a code that expires unapproved ends the login (the clock jumps past the code's
// lifetime instead of waiting it out). The approval page in a browser, and token refresh: test/e2e/cli-login-browser.
import {existsSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {deviceSettings} from '../../src/server/routes/identity/deviceAuth.js';
import {JumpClock, runInBackgroundInProcess, startCliService} from '../helpers/cliInProcess.js';
import {decideDevice, LOGIN_PROMPT} from '../helpers/deviceFlow.js';

const clock = new JumpClock();
let service: RunningService;

beforeAll(async () => {
  service = await startCliService({clock, serverEnv: {SVC_SERVER_DEVICE_INTERVAL: '1'}});
});
afterAll(() => service.close());

/** A login into a fresh config directory, going on in the background. */
function login() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-login-device-'));
  const run = runInBackgroundInProcess(['login', '--url', service.url], {HOME: dir, SVC_CONFIG_DIR: dir, CI: 'true', NO_COLOR: '1'});
  return {dir, run};
}

describe('svc login without a browser', () => {
  it('reports a denial and saves nothing', async () => {
    const {dir, run} = login();
    const [, , code] = await run.waitForStdout(LOGIN_PROMPT);
    await decideDevice(service.url, code!, 'deny');
    const done = await run.done;
    expect(done).toMatchObject({code: 1});
    expect(done.stderr).toMatch(/error: authorization was denied in the browser\n$/);
    expect(existsSync(join(dir, 'config.toml'))).toBe(false);
  });

  it('gives up when the code expires unapproved', async () => {
    const {dir, run} = login();
    await run.waitForStdout(LOGIN_PROMPT);
    clock.jump((deviceSettings({}).codeTtlSeconds + 1) * 1000);
    const done = await run.done;
    expect(done.code).toBe(1);
    expect(done.stdout).toMatch(LOGIN_PROMPT);
    expect(done.stderr).toMatch(/error: device code expired before it was authorized; run `svc login` again\n$/);
    expect(existsSync(join(dir, 'config.toml'))).toBe(false);
  });
});
