// Issue 16's new screens in a real terminal (tmux on a private socket, the built `svc ui --local`, $EDITOR a
// script): the deployments list shows live state, `:api-keys` creates a key (shown once) and deletes it, `:roles`
// creates a role and describes it.
import {execFileSync, spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SVC = join(ROOT, 'dist/svc.js');
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const socket = `svc-cover-e2e-${process.pid}`;
let work = '';

const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], {encoding: 'utf8'});
const screen = () => tmux('capture-pane', '-p', '-t', 'ui');
const nextEdit = (content: string) => writeFileSync(join(work, 'next.txt'), content);

async function waitFor(match: string | RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = screen();
    if (typeof match === 'string' ? text.includes(match) : match.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`pane never showed ${String(match)}; it shows:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function keys(...k: string[]): Promise<void> {
  for (const key of k) {
    tmux('send-keys', '-t', 'ui', ...(/^(Enter|Escape|C-.)$/.test(key) ? [key] : ['-l', key]));
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(() => {
  if (!hasTmux) return;
  if (!existsSync(SVC)) throw new Error('dist/svc.js is missing: run npm run build first');
  work = mkdtempSync(join(tmpdir(), 'svc-cover-e2e-'));
  const editor = join(work, 'editor.sh');
  writeFileSync(editor, `#!/bin/sh\nif [ -f "${work}/next.txt" ]; then cp "${work}/next.txt" "$1"; rm -f "${work}/next.txt"; fi\n`);
  chmodSync(editor, 0o755);
  const cmd = `cd ${ROOT} && SVC_CONFIG_DIR=${work}/config EDITOR=${editor} env -u VISUAL node dist/svc.js ui --local; exec sleep 60`;
  tmux('new-session', '-d', '-s', 'ui', '-x', '120', '-y', '35', `bash --norc --noprofile -c '${cmd}'`);
});
afterAll(() => {
  if (!hasTmux) return;
  spawnSync('tmux', ['-L', socket, 'kill-server']);
  rmSync(work, {recursive: true, force: true});
});

describe.skipIf(!hasTmux)('issue 16 screens in a real terminal', () => {
  it('live state on the list, :api-keys create + delete, :roles create + describe', {timeout: 120_000}, async () => {
    await waitFor(/› 1\s+analytics-prod.*✓ built/);
    expect(screen()).toMatch(/BUILD\s+VERSION\s+LAST SYNC\s+AGE\s+GIT/);

    await keys(':', 'api-keys', 'Enter');
    await waitFor(/API keys \[2\]/);
    nextEdit('name: e2e-key\n');
    await keys('c');
    const shown = await waitFor('Shown this once');
    const value = /New API key \d+\s*│?\s*\n│?\s*(\S+)/.exec(shown)?.[1] ?? '';
    expect(value).toMatch(/^svc_/);
    await keys('Escape');
    let text = await waitFor(/API keys \[3\]/);
    expect(text).not.toContain(value);
    await keys('G');
    await waitFor(/› \d+\s+e2e-key/);
    await keys('D');
    await waitFor(/Delete API key \d+ "e2e-key"\?/);
    await keys('y');
    await waitFor(/API keys \[2\]/);

    await keys(':', 'roles', 'Enter');
    await waitFor('No roles yet');
    nextEdit('name: e2e-role\npolicies: []\n');
    await keys('c');
    await waitFor(/› \d+\s+e2e-role/);
    await keys('d');
    text = await waitFor('· YAML ·');
    expect(text).toMatch(/^name: e2e-role/m);
  });
});
