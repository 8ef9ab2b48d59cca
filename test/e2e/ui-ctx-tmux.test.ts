// The context switch of the built console in a real terminal: `svc ui --local` switches in place to a saved
// context served by a separate `svc server` (empty seed), and a context with a wrong key is refused while the
// current connection keeps working. Proves the command layer's wiring (commands/ui.ts → contextTarget).
import {spawn} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatConfig} from '../../src/config/file.js';
import {serverOutput, spawnedPerTest} from '../helpers/serverProcess.js';
import {hasTmux, SVC, tmuxSuite} from '../helpers/tmux.js';

const term = tmuxSuite('svc-ui-ctx');
const spawned = spawnedPerTest('svc-ui-ctx-server-');
const KEY = 'svc_ctxtmuxadminkey0123456789abcdefg';
const WRONG = 'svc_ctxtmuxwrongkey0123456789abcdefg';

describe.skipIf(!hasTmux)('switching context in the running console', () => {
  it(':ctx other moves the console to another service; a refused key leaves it where it is', async () => {
    const data = join(spawned.tempDir(), 'other.db');
    const child = spawn(process.execPath, [SVC, 'server', '--port', '0', '--data', data, '--seed', 'empty', '--admin-key', KEY], {
      env: {...process.env, SVC_CONFIG_DIR: spawned.tempDir()},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    spawned.children.push(child);
    const url = await serverOutput(child, 20_000).url;
    mkdirSync(term.configDir, {recursive: true, mode: 0o700});
    writeFileSync(
      join(term.configDir, 'config.toml'),
      formatConfig({contexts: {other: {url, api_key: KEY}, broken: {url, api_key: WRONG}}}),
      {mode: 0o600},
    );
    const ui = term.open({columns: 100, rows: 24});
    await ui.waitFor(/Deployments \[\d+\]/);
    await ui.waitFor('analytics-prod');

    await ui.keys(':', 'ctx broken');
    await ui.waitFor('switch to context “broken”');
    await ui.keys('Enter');
    // Leaving the --local service asks first (it stops, and its data goes); Yes goes on.
    await ui.waitFor((t) => t.includes('Switch to context broken?') && t.includes('the local service stops') && /› No\s+\(y\/N\)/.test(t));
    await ui.keys('y');
    let text = await ui.waitFor('could not switch to `broken`: its saved key was refused (401)');
    expect(text.split('\n')[0]).toMatch(/^svc · local · 127\.0\.0\.1:\d+/);
    await ui.keys('Escape');
    await ui.waitFor('analytics-prod');

    await ui.keys(':', 'ctx other');
    await ui.waitFor('switch to context “other”');
    await ui.keys('Enter');
    await ui.waitFor('Switch to context other?');
    await ui.keys('y');
    text = await ui.waitFor((t) => t.includes('Switched to context `other`') && /Deployments \[0\]|No deployments/.test(t));
    expect(text.split('\n')[0]).toContain(`svc · other · ${new URL(url).host}`);
    expect(text).not.toContain('analytics-prod');
    expect(text).not.toContain(KEY);
    await ui.keys('q');
    await ui.waitFor('exit=0');
  }, 90_000);
});
