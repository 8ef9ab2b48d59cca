// `svc logs --follow` from the built CLI against `svc server`: it runs until a signal ends it, printing the lines the
// service writes when variables change. The other logs cases run in-process (test/cli/extras.test.ts).
import {spawn} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ADMIN_KEY, CLI, startHarness, type Harness} from '../helpers/cliHarness.js';
import {eventually} from '../helpers/eventually.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('logs --follow', () => {
  it('--follow prints new lines as the service writes them', async () => {
    const child = spawn(process.execPath, [CLI, 'logs', '4', '--follow', '--interval', '1'], {
      env: {PATH: process.env.PATH ?? '', HOME: h.configDir, SVC_CONFIG_DIR: h.configDir, CI: 'true', SVC_API_URL: h.url, SVC_API_KEY: ADMIN_KEY},
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const until = (re: RegExp) => eventually(() => re.test(out), () => `${String(re)} in the output:\n${out}`, {withinMs: 15_000, everyMs: 100});
    try {
      await until(/build \d+ built/);
      await h.admin(['variables', 'set', '4', 'FOLLOW_ME=1']);
      await until(/environment variables updated: FOLLOW_ME/);
      expect(out.match(/build \d+ built/g)).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
