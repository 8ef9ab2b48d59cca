// The built CLI with a config file other local users can read: one warning on stderr, the modes tightened
// (0600 file, 0700 directory), a quiet next run. tightenConfigModes itself: test/config/modes.test.ts.
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cliHarness.js';
import {looseConfig, mode} from '../helpers/looseConfig.js';

describe.skipIf(process.platform === 'win32')('config file modes, from the built CLI', () => {
  it('the built CLI warns on stderr once, fixes the modes, and the next run is quiet', async () => {
    const {dir, file} = looseConfig('svc-modes-e2e-');
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
