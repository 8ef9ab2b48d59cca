// Dev mode in a real terminal (tmux, the built `svc ui --local`, $EDITOR a script): ctrl+c inside an editor that
// ignores SIGINT keeps the console alive and the edit saved; a broken model is not committed to the deploy
// branch by c + Enter; the guide survives a visit to the build screen; and the whole guided flow runs from the
// keyboard only. With SVC_CAPTURE_DIR set, the flow test also writes the README's captures there.
import {execFileSync, spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SVC = join(ROOT, 'dist/svc.js');
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const socket = `svc-dev-e2e-${process.pid}`;
const ORDERS = 'model/cubes/orders.yml';
const original = DEMO_MODEL_FILES.find((f) => f.path === ORDERS)!.content;
const broken = original.replace('type: sum\n', 'type: summ\n');
const fixed = `# reviewed in svc ui\n${original}`;
let work = '';
let session = 0;
const opened: string[] = [];

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', socket, ...args], {encoding: 'utf8'});
}

/**
 * The editor: says which file it got, holds (ignoring SIGINT) while `hold` exists until `go` appears, then puts
 * next.txt in place when there is one.
 */
function editorScript(): string {
  const script = join(work, 'editor.sh');
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      "trap '' INT",
      'echo "EDITING $1"',
      `if [ -f "${work}/hold" ]; then while [ ! -f "${work}/go" ]; do sleep 0.1; done; rm -f "${work}/hold" "${work}/go"; fi`,
      `if [ -f "${work}/next.txt" ]; then cp "${work}/next.txt" "$1"; rm -f "${work}/next.txt"; fi`,
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  return script;
}

/** `svc ui --local` in a 120×30 pane under bash, which prints `exit=<code>` once the UI is gone. */
function open(): string {
  const name = `dev${++session}`;
  opened.push(name);
  const cmd = `cd ${ROOT} && SVC_CONFIG_DIR=${work}/config EDITOR=${editorScript()} env -u VISUAL node dist/svc.js ui --local; echo "exit=$?"; exec sleep 60`;
  tmux('new-session', '-d', '-s', name, '-x', '120', '-y', '30', `bash --norc --noprofile -c '${cmd}'`);
  return name;
}

const screen = (name: string) => tmux('capture-pane', '-p', '-t', name);

async function waitFor(name: string, match: string | RegExp | ((s: string) => boolean), timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = screen(name);
    if (typeof match === 'string' ? text.includes(match) : match instanceof RegExp ? match.test(text) : match(text)) return text;
    if (Date.now() > deadline) throw new Error(`pane never showed ${String(match)}; it shows:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function keys(name: string, ...k: string[]): Promise<void> {
  for (const key of k) {
    tmux('send-keys', '-t', name, ...(key.length === 1 || !/^[A-Z][a-z]|^C-/.test(key) ? ['-l', key] : [key]));
    await new Promise((r) => setTimeout(r, 150));
  }
}

const nextEdit = (content: string) => writeFileSync(join(work, 'next.txt'), content);

/** Deployments → analytics-prod → dev mode → t on main; returns the fork. */
async function devModeOnMain(ui: string): Promise<string> {
  await waitFor(ui, /Deployments \[\d+\]/);
  await keys(ui, '/', 'analytics', 'Enter', 'Enter');
  await waitFor(ui, 'Deployment · analytics-prod');
  await keys(ui, 'd');
  await waitFor(ui, /› main\s+deploy/);
  await keys(ui, 't');
  const text = await waitFor(ui, /Entered dev mode: (dev-\S+) forked from main/);
  return /Entered dev mode: (dev-\S+) forked/.exec(text)![1]!;
}

/** Moves down one row at a time, each time waiting for the cursor to move (a loaded machine repaints late). */
async function cursorTo(ui: string, row: RegExp): Promise<void> {
  const cursorLine = (text: string) => text.split('\n').find((l) => l.startsWith('›'));
  await waitFor(ui, (s) => cursorLine(s) !== undefined && /FILE\s+CHANGE/.test(s));
  for (let i = 0; i < 15 && !row.test(screen(ui)); i++) {
    const before = cursorLine(screen(ui));
    await keys(ui, 'j');
    await waitFor(ui, (s) => cursorLine(s) !== before, 5000);
  }
  await waitFor(ui, row);
}

beforeAll(() => {
  if (hasTmux && !existsSync(SVC)) throw new Error('dist/svc.js is missing: run npm run build first');
  work = mkdtempSync(join(tmpdir(), 'svc-dev-e2e-'));
  if (hasTmux) tmux('new-session', '-d', '-s', 'keepalive', 'exec sleep 600');
  return () => {
    spawnSync('tmux', ['-L', socket, 'kill-server']);
    rmSync(work, {recursive: true, force: true});
  };
});

afterEach(() => {
  for (const name of opened.splice(0)) spawnSync('tmux', ['-L', socket, 'kill-session', '-t', name]);
  for (const f of ['hold', 'go', 'next.txt']) rmSync(join(work, f), {force: true});
});

describe.skipIf(!hasTmux)('dev mode in a real terminal', () => {
  it('ctrl+c inside an editor that ignores SIGINT keeps the console alive and saves the edit', async () => {
    const ui = open();
    const fork = await devModeOnMain(ui);
    await cursorTo(ui, /› model\/cubes\/orders\.yml/);
    writeFileSync(join(work, 'hold'), '');
    nextEdit(fixed);
    await keys(ui, 'e');
    await waitFor(ui, /EDITING \S+orders\.yml/);
    await keys(ui, 'C-c');
    await keys(ui, 'C-c');
    await new Promise((r) => setTimeout(r, 500));
    let text = screen(ui);
    expect(text).not.toContain('exit=');
    writeFileSync(join(work, 'go'), '');
    text = await waitFor(ui, `Saved ${ORDERS} to ${fork}`);
    expect(text).not.toContain('exit=');
    // The service has the edit: the diff against main shows the added line.
    await keys(ui, 'v');
    text = await waitFor(ui, `${ORDERS}: ${fork} against main`);
    expect(text).toContain('+# reviewed in svc ui');
    await keys(ui, 'Escape', 'q');
    await waitFor(ui, 'exit=0');
  }, 120_000);

  it('a broken model is not committed to the deploy branch by c + Enter; the guide survives the build screen', async () => {
    const ui = open();
    await waitFor(ui, /Deployments \[\d+\]/);
    await keys(ui, '/', 'analytics', 'Enter', 'Enter');
    await waitFor(ui, 'Deployment · analytics-prod');
    await keys(ui, 'B');
    let text = await waitFor(ui, /main\s+deploy\s+—\s+\S+\s+[0-9a-f]{8}/);
    const hash = /main\s+deploy\s+—\s+\S+\s+([0-9a-f]{8})/.exec(text)![1]!;
    await keys(ui, 'Escape');
    await keys(ui, 'd');
    await waitFor(ui, /› main\s+deploy/);
    await keys(ui, 't');
    text = await waitFor(ui, /Entered dev mode: (dev-\S+) forked from main/);
    const fork = /Entered dev mode: (dev-\S+) forked/.exec(text)![1]!;
    await cursorTo(ui, /› model\/cubes\/orders\.yml/);
    nextEdit(broken);
    await keys(ui, 'e');
    await waitFor(ui, `Saved ${ORDERS} to ${fork}`);
    await keys(ui, 'V');
    text = await waitFor(ui, '2 errors in 2 files');

    // The guide survives the build screen.
    await keys(ui, 'b');
    await waitFor(ui, /Build · analytics-prod/);
    await keys(ui, 'Escape');
    text = await waitFor(ui, /orders\.yml\s+~ changed\s+✗ 1 error/);
    expect(text).toContain('2 errors in 2 files');
    expect(text).toMatch(/✓ edit › ● validate/);
    expect(text).toMatch(/› model\/cubes\/orders\.yml/);

    // c + Enter: the question defaults to No, nothing is committed.
    await keys(ui, 'c');
    text = await waitFor(ui, `Commit anyway? the last validation of ${fork} failed (2 errors)`);
    expect(text).toContain('Committing to main rebuilds production');
    await keys(ui, 'Enter');
    await waitFor(ui, (s) => !s.includes('Commit anyway?'));
    expect(screen(ui)).not.toContain('Committed');
    await keys(ui, 'Escape', 'B');
    text = await waitFor(ui, /main\s+deploy\s+—\s+\S+\s+[0-9a-f]{8}/);
    expect(/main\s+deploy\s+—\s+\S+\s+([0-9a-f]{8})/.exec(text)![1]).toBe(hash);
    await keys(ui, 'q');
    await waitFor(ui, 'exit=0');
  }, 120_000);

  it('the whole guided flow from the keyboard: branch → dev mode → edit → validate fails → fix → validate passes → commit → merge → exit', async () => {
    const capture = process.env.SVC_CAPTURE_DIR;
    const ui = open();
    await waitFor(ui, /Deployments \[\d+\]/);
    await keys(ui, '/', 'analytics', 'Enter', 'Enter');
    await waitFor(ui, 'Deployment · analytics-prod');
    await keys(ui, 'd');
    await waitFor(ui, /● branch › ○ dev mode|✓ branch › ● dev mode/);

    // branch: n creates feature-orders from main and enters dev mode on it
    await keys(ui, 'n');
    await waitFor(ui, '‹e.g. feature/orders›');
    await keys(ui, 'feature-orders', 'Enter');
    let text = await waitFor(ui, /Created feature-orders and entered dev mode: (dev-\S+) forked from it/);
    const fork = /entered dev mode: (dev-\S+) forked/.exec(text)![1]!;
    await waitFor(ui, /● edit/);

    // edit: a broken measure
    await cursorTo(ui, /› model\/cubes\/orders\.yml/);
    nextEdit(broken);
    await keys(ui, 'e');
    await waitFor(ui, `Saved ${ORDERS} to ${fork}`);

    // validate fails: the cursor is on the failing file
    await keys(ui, 'g', 'V');
    text = await waitFor(ui, '2 errors in 2 files');
    text = await waitFor(ui, /› model\/cubes\/orders\.yml\s+~ changed\s+✗ 1 error/);
    if (capture) writeFileSync(join(capture, 'guide-failed.txt'), text);
    await keys(ui, 'v');
    text = await waitFor(ui, `${ORDERS}: ${fork} against feature-orders`);
    if (capture) writeFileSync(join(capture, 'diff.txt'), text);
    await keys(ui, 'Escape');

    // fix, validate passes
    nextEdit(fixed);
    await keys(ui, 'e');
    await waitFor(ui, (s) => s.includes(`Saved ${ORDERS} to ${fork}`) && !s.includes('✗ 1 error'));
    await keys(ui, 'V');
    await waitFor(ui, `${fork} is valid`);

    // commit to feature-orders, then merge it into main and watch production rebuild
    await keys(ui, 'c');
    await waitFor(ui, `Commit ${fork} to feature-orders`);
    await keys(ui, 'Enter');
    await waitFor(ui, `Committed ${fork} to feature-orders`);
    await keys(ui, 'm');
    text = await waitFor(ui, 'Merge feature-orders into main?');
    expect(text).toMatch(/› No/);
    await keys(ui, 'y');
    await waitFor(ui, 'Merged feature-orders into main; production is rebuilding');
    await waitFor(ui, 'production ✓ built', 40_000);
    await waitFor(ui, /✓ merge › ● exit/);

    // exit dev mode, then the console
    await keys(ui, 't');
    await waitFor(ui, `Left dev mode; ${fork} stays`);
    await keys(ui, 'q');
    text = await waitFor(ui, 'exit=0');
    expect(text).not.toContain('Dev mode');
  }, 180_000);
});
