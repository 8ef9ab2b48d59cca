// The built UI at the smallest size it supports (60×15) in a real terminal (tmux on a private socket): every
// dialog and form of the console opens with its title and its focused field on screen, each on its own intact
// line (no two lines drawn over each other), inside one frame. And the shell below is clean after growing from
// too small (50×12) to 140×40 and quitting; the too-small notice reads whole at 25 columns.
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SVC = join(ROOT, 'dist/svc.js');
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const socket = `svc-ui-small-${process.pid}`;
let configDir = '';
let session = 0;
const opened: string[] = [];

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', socket, ...args], {encoding: 'utf8', env: {...process.env, SVC_CONFIG_DIR: configDir}});
}

function open(columns: number, rows: number): string {
  const name = `s${++session}`;
  opened.push(name);
  const cmd = `cd ${ROOT} && echo SHELL-BEFORE; node dist/svc.js ui --local; echo "exit=$?"; exec sleep 60`;
  tmux('new-session', '-d', '-s', name, '-x', String(columns), '-y', String(rows), `bash --norc --noprofile -c '${cmd}'`);
  return name;
}

const screen = (name: string) => tmux('capture-pane', '-p', '-t', name);

async function waitFor(name: string, match: string | RegExp | ((text: string) => boolean), timeoutMs = 20_000): Promise<string> {
  const ok = typeof match === 'function' ? match : (t: string) => (typeof match === 'string' ? t.includes(match) : match.test(t));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = screen(name);
    if (ok(text)) return text;
    if (Date.now() > deadline) throw new Error(`pane never showed ${String(match)}; it shows:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function keys(name: string, ...k: string[]): Promise<void> {
  for (const key of k) {
    tmux('send-keys', '-t', name, ...(key.length === 1 || !/^[A-Z][a-z]|^C-/.test(key) ? ['-l', key] : [key]));
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * One frame, laid out: the header on the first line and nowhere else, one footer, and every expected line whole
 * on a line of its own (a line drawn over another shows as two texts run together, which these patterns reject).
 */
function expectLaidOut(text: string, lines: RegExp[]): void {
  const rows = text.split('\n');
  expect(rows[0]).toMatch(/^svc · local · 127\.0\.0\.1:\d+/);
  expect(rows.filter((r) => r.startsWith('svc · local')).length).toBe(1);
  expect(text.split('? help').length - 1).toBe(1);
  for (const pattern of lines) expect(rows.some((r) => pattern.test(r)), `no line matches ${pattern}:\n${text}`).toBe(true);
}

beforeAll(() => {
  if (hasTmux && !existsSync(SVC)) throw new Error('dist/svc.js is missing: run npm run build first');
  configDir = mkdtempSync(join(tmpdir(), 'svc-ui-small-'));
  if (hasTmux) tmux('new-session', '-d', '-s', 'keepalive', 'exec sleep 600');
  return () => {
    spawnSync('tmux', ['-L', socket, 'kill-server']);
    rmSync(configDir, {recursive: true, force: true});
  };
});

afterEach(() => {
  for (const name of opened.splice(0)) spawnSync('tmux', ['-L', socket, 'kill-session', '-t', name]);
});

describe.skipIf(!hasTmux)('every dialog and form at 60×15', () => {
  it('shows the title and the focused field, each on an intact line', async () => {
    const ui = open(60, 15);
    await waitFor(ui, /Deployments \[\d+\]/);

    // New deployment: name field focused, then the region choice.
    await keys(ui, 'c');
    let text = await waitFor(ui, 'New deployment');
    expectLaidOut(text, [/^│ New deployment\s+│$/, /^│ › Name:\s+\S/]);
    await keys(ui, 'Tab');
    text = await waitFor(ui, (t) => t.includes('› Region:') && t.includes('◉ aws-us-east-1'));
    expectLaidOut(text, [/^│ New deployment\s+│$/, /^│ › Region:\s+│$/, /◉ aws-us-east-1/]);
    await keys(ui, 'Escape');
    await waitFor(ui, (t) => !t.includes('New deployment'));

    // Delete: type-to-confirm with its whole title.
    await keys(ui, 'D');
    text = await waitFor(ui, 'Delete deployment');
    expectLaidOut(text, [/^│ ! Delete deployment analytics-prod \(1\)\?\s+│$/, /^│ Type analytics-prod to confirm/, /^│ ›/]);
    await keys(ui, 'Escape');
    await waitFor(ui, (t) => !t.includes('Delete deployment'));

    // Help and the palette.
    await keys(ui, '?');
    text = await waitFor(ui, 'Keys (Esc closes');
    expectLaidOut(text, [/^Keys \(Esc closes/]);
    await keys(ui, 'Escape', ':');
    text = await waitFor(ui, /^› deployments/m);
    expectLaidOut(text, [/^:deployments$/, /^› deployments\s+\(dp, deploy\) Deployments/]);
    await keys(ui, 'Escape');

    // Versions: the switch confirmation.
    await keys(ui, 'v');
    await waitFor(ui, /Versions · analytics-prod \[\d+\]/);
    await keys(ui, 'j', 's');
    text = await waitFor(ui, /Switch analytics-prod to version/);
    expectLaidOut(text, [/^│ ! Switch analytics-prod to version \S+ \(\w+\)\?\s+│$/, /^│\s+Switch\s+› No\s+\(y\/N\)\s+│$/]);
    await keys(ui, 'Escape', 'Escape');
    await waitFor(ui, /Deployments \[\d+\]/);

    // Environments: the metadata token form, both fields.
    await keys(ui, 'e');
    await waitFor(ui, /Environments · analytics-prod \[\d+\]/);
    await keys(ui, 'T');
    text = await waitFor(ui, 'Issue metadata token for production');
    expectLaidOut(text, [/^│ Issue metadata token for production\s+│$/, /^│ › Security context: \{\}\s+│$/]);
    await keys(ui, 'Tab');
    text = await waitFor(ui, /› Expires in/);
    expectLaidOut(text, [/^│ Issue metadata token for production\s+│$/, /^│ › Expires in \(s\):\s+86400\s+│$/]);
    await keys(ui, 'Escape', 'Escape');
    await waitFor(ui, /Deployments \[\d+\]/);

    // dbt runs: the start-sync form; what is typed is on screen.
    await keys(ui, 'Enter');
    await waitFor(ui, 'Deploy branch');
    await keys(ui, 's');
    await waitFor(ui, /dbt runs · analytics-prod \[\d+\]/);
    await keys(ui, 's');
    await waitFor(ui, 'Start a dbt sync');
    await keys(ui, 'release-2');
    text = await waitFor(ui, /› Ref:\s+release-2/);
    expectLaidOut(text, [/^│ Start a dbt sync\s+│$/, /^│ › Ref:\s+release-2\s+│$/]);
    await keys(ui, 'Escape');
    await waitFor(ui, (t) => !t.includes('Start a dbt sync'));

    // Audit: the range and filters form, and the export dialog.
    await keys(ui, ':');
    await keys(ui, 'audit', 'Enter');
    await waitFor(ui, /^Audit log/m);
    await keys(ui, 'f');
    text = await waitFor(ui, 'Audit log range and filters');
    expectLaidOut(text, [/^│ Audit log range and filters\s+│$/, /^│ › Start\s+/]);
    await keys(ui, 'Escape', 'x');
    text = await waitFor(ui, 'Export the audit log to a CSV file');
    expectLaidOut(text, [/^│ Export the audit log to a CSV file\s+│$/, /^│ File: audit-log-\d{4}-\d{2}-\d{2}\.csv\s+│$/]);
    await keys(ui, 'Escape', 'q');
    await waitFor(ui, 'exit=0');
  }, 120_000);
});

describe.skipIf(!hasTmux)('resizing', () => {
  it('50×12 → 140×40 → q leaves the shell below clean', async () => {
    const ui = open(50, 12);
    await waitFor(ui, 'terminal too small (need 60×15, have 50×12)');
    tmux('resize-window', '-t', ui, '-x', '140', '-y', '40');
    await waitFor(ui, /Deployments \[\d+\]/);
    await keys(ui, 'q');
    const text = await waitFor(ui, 'exit=0');
    const rows = text.split('\n').filter((r) => r.trim() !== '');
    expect(rows).toEqual(['SHELL-BEFORE', 'exit=0']);
  }, 60_000);

  it('shrinking to 25×10 leaves no piece of the old frame, and the notice reads whole', async () => {
    const ui = open(100, 30);
    await waitFor(ui, /Deployments \[\d+\]/);
    tmux('resize-window', '-t', ui, '-x', '25', '-y', '10');
    const text = await waitFor(ui, /have 25×10\)/);
    const rows = text.split('\n').filter((r) => r.trim() !== '');
    expect(rows.join(' ')).toBe('terminal too small (need 60×15, have 25×10)');
    await keys(ui, 'q');
    await waitFor(ui, 'exit=0');
  }, 60_000);
});
