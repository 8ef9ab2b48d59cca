// The built UI in a real terminal (tmux): open, list, filter, drill in, switch a version with confirmation,
// watch the rebuild go live, quit; and the terminal is restored after q, ctrl+c and SIGTERM.
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SVC = join(ROOT, 'dist/svc.js');
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const socket = `svc-ui-e2e-${process.pid}`;
let configDir = '';
let session = 0;
const opened: string[] = [];

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', socket, ...args], {encoding: 'utf8', env: {...process.env, SVC_CONFIG_DIR: configDir}});
}

/** Starts `svc ui <args>` in a 120×35 pane under bash, which prints `exit=<code>` once the UI is gone. */
function open(args: string): string {
  const name = `ui${++session}`;
  opened.push(name);
  const cmd = `cd ${ROOT} && node dist/svc.js ui ${args}; echo "exit=$?"; exec sleep 60`;
  tmux('new-session', '-d', '-s', name, '-x', '120', '-y', '35', `bash --norc --noprofile -c '${cmd}'`);
  return name;
}

const screen = (name: string) => tmux('capture-pane', '-p', '-t', name);

async function waitFor(name: string, match: string | RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = screen(name);
    if (typeof match === 'string' ? text.includes(match) : match.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`pane never showed ${String(match)}; it shows:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One whole frame at the top of the pane: header on line 1, one footer (a frame drawn off by a row leaves two). */
function expectCleanFrame(text: string): void {
  const lines = text.split('\n');
  expect(lines[0]).toMatch(/^svc · local · 127\.0\.0\.1:\d+ · \S+@\S+/);
  expect(text.split('? help').length - 1).toBe(1);
}

async function keys(name: string, ...k: string[]): Promise<void> {
  for (const key of k) {
    tmux('send-keys', '-t', name, ...(key.length === 1 || !/^[A-Z][a-z]|^C-/.test(key) ? ['-l', key] : [key]));
    await new Promise((r) => setTimeout(r, 150));
  }
}

beforeAll(() => {
  if (hasTmux && !existsSync(SVC)) throw new Error('dist/svc.js is missing: run npm run build first');
  configDir = mkdtempSync(join(tmpdir(), 'svc-ui-e2e-'));
  // An idle session keeps this private tmux server up between tests (it exits with its last session).
  if (hasTmux) tmux('new-session', '-d', '-s', 'keepalive', 'exec sleep 600');
  return () => {
    spawnSync('tmux', ['-L', socket, 'kill-server']);
    rmSync(configDir, {recursive: true, force: true});
  };
});

afterEach(() => {
  for (const name of opened.splice(0)) spawnSync('tmux', ['-L', socket, 'kill-session', '-t', name]);
});

describe.skipIf(!hasTmux)('svc ui in a real terminal', () => {
  it('lists, filters, opens versions, switches with confirmation, watches the build, quits restoring the terminal', async () => {
    const ui = open('--local');
    let text = await waitFor(ui, /Deployments \[\d+\]/);
    expect(text).toContain('analytics-prod');
    expect(text).toContain('local');
    expect(text).toMatch(/› .*analytics-prod/);

    await keys(ui, '/', 'analytics');
    text = await waitFor(ui, 'Deployments [1] /analytics');
    expect(text).not.toContain('sandbox-01');
    // The first Enter keeps the filter and leaves the text field; the second opens the row.
    await keys(ui, 'Enter', 'Enter');
    text = await waitFor(ui, 'Deployment · analytics-prod');
    expect(text).toContain('<Deployments> › <analytics-prod>');

    await keys(ui, 'v');
    text = await waitFor(ui, /Versions · analytics-prod \[\d+\]/);
    expectCleanFrame(text);
    await keys(ui, 'j', 's');
    text = await waitFor(ui, /Switch analytics-prod to version (\S+)/);
    const version = /Switch analytics-prod to version (\S+)/.exec(text)?.[1];
    expect(text).toMatch(/› No/);
    await keys(ui, 'y');
    text = await waitFor(ui, `Switched analytics-prod to version ${version}`);
    // The rebuild is watched live: first in progress, then built, without a key press.
    // At speed 1 the rebuild takes about 6 s, so the screen must first show it in progress.
    text = await waitFor(ui, /Build · analytics-prod[\s\S]*Status: ● (queued|building|warmup)/);
    text = await waitFor(ui, 'Status: ✓ built', 30_000);
    expectCleanFrame(text);

    await keys(ui, 'q');
    text = await waitFor(ui, 'exit=0');
    // Back on the normal screen: none of the UI is left on it.
    expect(text).not.toContain('Deployments');
    expect(text).not.toContain('analytics-prod');
  }, 120_000);

  it('q typed in the filter is text; ctrl+c quits and restores the terminal', async () => {
    const ui = open('--local');
    await waitFor(ui, /Deployments \[\d+\]/);
    await keys(ui, '/', 'q');
    await waitFor(ui, /Deployments \[\d+\] \/q/);
    await keys(ui, 'C-c');
    const text = await waitFor(ui, 'exit=0');
    expect(text).not.toContain('Deployments');
  }, 60_000);

  it('SIGTERM restores the terminal and exits 143', async () => {
    const ui = open('--local');
    await waitFor(ui, /Deployments \[\d+\]/);
    const panePid = tmux('display-message', '-p', '-t', ui, '#{pane_pid}').trim();
    const node = execFileSync('pgrep', ['-P', panePid, 'node'], {encoding: 'utf8'}).trim();
    process.kill(Number(node), 'SIGTERM');
    const text = await waitFor(ui, 'exit=143');
    expect(text).not.toContain('Deployments');
  }, 60_000);

  it('closing the terminal ends the UI process (no orphan spinning on a dead tty)', async () => {
    const ui = open('--local');
    await waitFor(ui, /Deployments \[\d+\]/);
    const panePid = tmux('display-message', '-p', '-t', ui, '#{pane_pid}').trim();
    const node = Number(execFileSync('pgrep', ['-P', panePid, 'node'], {encoding: 'utf8'}).trim());
    tmux('kill-session', '-t', ui);
    const deadline = Date.now() + 5000;
    const alive = () => spawnSync('kill', ['-0', String(node)]).status === 0;
    while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const stillAlive = alive();
    if (stillAlive) process.kill(node, 'SIGKILL');
    expect(stillAlive).toBe(false);
  }, 60_000);

  it('--no-color paints no colour or inverse, and the glyphs still carry the meaning', async () => {
    const colored = open('--local');
    await waitFor(colored, /Deployments \[\d+\]/);
    expect(tmux('capture-pane', '-e', '-p', '-t', colored)).toMatch(/\u001B\[[0-9;]*m/);
    const plain = open('--local --no-color');
    await waitFor(plain, /Deployments \[\d+\]/);
    const text = tmux('capture-pane', '-e', '-p', '-t', plain);
    expect(text).not.toMatch(/\u001B\[[0-9;]*m/);
    expect(text).toMatch(/› .*analytics-prod/);
    await keys(plain, 'q');
    await waitFor(plain, 'exit=0');
  }, 60_000);

  it('--readonly hides dangerous keys; too small a terminal says so', async () => {
    const ui = open('--local --readonly');
    let text = await waitFor(ui, /Deployments \[\d+\]/);
    expect(text).not.toContain('delete deployment');
    tmux('resize-window', '-t', ui, '-x', '50', '-y', '12');
    text = await waitFor(ui, 'terminal too small (need 60×15, have 50×12)');
    tmux('resize-window', '-t', ui, '-x', '120', '-y', '35');
    await waitFor(ui, /Deployments \[\d+\]/);
    await keys(ui, 'q');
    await waitFor(ui, 'exit=0');
  }, 60_000);
});
