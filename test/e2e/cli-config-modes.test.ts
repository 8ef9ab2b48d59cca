// The built CLI with a config file other local users can read: one warning on stderr, the modes tightened
// (0600 file, 0700 directory), a quiet next run. tightenConfigModes itself: test/config/modes.test.ts.
import {chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cliHarness.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('config file modes, from the built CLI', () => {
  it('the built CLI warns on stderr once, fixes the modes, and the next run is quiet', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'svc-modes-e2e-')), 'svc');
    mkdirSync(dir);
    const file = join(dir, 'config.toml');
    writeFileSync(file, 'default_context = "default"\n\n[contexts.default]\nurl = "http://127.0.0.1:9"\napi_key = "svc_secret"\n');
    chmodSync(file, 0o644);
    chmodSync(dir, 0o777);
    const env = {PATH: process.env.PATH ?? '', HOME: dir, SVC_CONFIG_DIR: dir, CI: 'true', NO_COLOR: '1'};
    const first = await runCli(['context', 'list'], env);
    expect(first.code).toBe(0);
    expect(first.stderr.match(/^warning: credentials were readable by other users/gm)).toHaveLength(1);
    expect(first.stdout).not.toContain('svc_secret');
    expect(mode(file)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    const second = await runCli(['context', 'list'], env);
    expect(second.stderr).toBe('');
  });
});
