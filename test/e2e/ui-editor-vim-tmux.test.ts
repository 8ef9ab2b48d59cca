// The terminal hand-off with the real thing: the built `svc ui` in tmux against a `svc server` child, $EDITOR the
// real vim (no vimrc, no swap or viminfo file), every key from the one that opens the editor on sent on its own at
// human pace (≥ 200 ms apart; the way to the file is typed at the console's pace). A line
// full of the console's own keys arrives on the dev branch letter for letter (read back with the CLI); q, ctrl+c
// and :q! inside vim neither quit nor move the console; an editor that reads one line ends on one Enter and is
// reaped; a console told to end (SIGTERM) ends the editor and waits for it. Skipped when tmux or /usr/bin/vim is
// missing (.ci/run installs both).
import {type ChildProcess, execFileSync, spawn, spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {formatConfig} from '../../src/config/file.js';
import {serverOutput} from '../helpers/serverProcess.js';
import {hasTmux, type Pane, SVC, tmuxSuite} from '../helpers/tmux.js';

const VIM = '/usr/bin/vim';
const hasVim = spawnSync(VIM, ['--version']).status === 0;
const term = tmuxSuite('svc-vim-e2e');
/** A person typing: each key on its own, 220 ms after the one before. */
const HUMAN_MS = 220;
const KEY = 'svc_vimtmuxadminkey0123456789abcdefg';
const ORDERS = 'model/cubes/orders.yml';
/** analytics-prod, the first deployment of the demo seed. */
const ANALYTICS_PROD = '1';
/** Every key the console acts on in dev mode and the palette: q quits, : opens the palette, e d t j k act. */
const LINE = '# q:edtjk quit :q dev tjk';
const VIM_EDITOR = `${VIM} -u NONE -i NONE -N -n`;

let url = '';
let server: ChildProcess | undefined;

// One service for the suite (its data directory is the tmux suite's work directory, removed with it).
beforeAll(async () => {
  if (!hasTmux || !hasVim) return;
  server = spawn(process.execPath, [SVC, 'server', '--port', '0', '--data', join(term.work, 'svc.db'), '--admin-key', KEY], {
    env: {...process.env, SVC_CONFIG_DIR: term.configDir},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await serverOutput(server, 20_000).url;
  mkdirSync(term.configDir, {recursive: true, mode: 0o700});
  writeFileSync(join(term.configDir, 'config.toml'), formatConfig({default_context: 'vim', contexts: {vim: {url, api_key: KEY}}}), {mode: 0o600});
}, 30_000);
afterAll(() => void server?.kill('SIGKILL'));

/** `svc ui` on the server's context in a 120×30 pane with `editor` as $EDITOR. */
const open = (editor: string): Pane => term.open({args: '', rows: 30, env: {EDITOR: editor}, unset: ['VISUAL']});

/** Types `text` one key at a time. */
const type = (ui: Pane, text: string) => ui.keys(...[...text]);

/** The file as stored on `branch`, read with the CLI. */
const stored = (branch: string): string =>
  execFileSync(process.execPath, [SVC, 'dm', 'get', ANALYTICS_PROD, ORDERS, '--branch', branch, '--api-url', url], {
    env: {...process.env, SVC_API_KEY: KEY, SVC_CONFIG_DIR: term.configDir},
    encoding: 'utf8',
  });

const FORK = /★ (dev-\S+) forked from main/;

/**
 * Deployments → analytics-prod → dev mode (t on main, unless an earlier test's session is still on) → cursor on
 * orders.yml; returns the fork.
 */
async function devModeOnOrders(ui: Pane): Promise<string> {
  await ui.waitFor(/Deployments \[\d+\]/);
  await ui.keys('/', 'analytics', 'Enter', 'Enter');
  await ui.waitFor('Deployment · analytics-prod');
  await ui.keys('d');
  let text = await ui.waitFor((s) => /› main\s+deploy/.test(s) || FORK.test(s));
  if (!FORK.test(text)) {
    await ui.keys('t');
    text = await ui.waitFor(FORK);
  }
  const fork = FORK.exec(text)![1]!;
  const cursorLine = (s: string) => s.split('\n').find((l) => l.startsWith('›'));
  await ui.waitFor((s) => cursorLine(s) !== undefined && /FILE\s+CHANGE/.test(s));
  for (let i = 0; i < 15 && !/› model\/cubes\/orders\.yml/.test(ui.screen()); i++) {
    const before = cursorLine(ui.screen());
    await ui.keys('j');
    await ui.waitFor((s) => cursorLine(s) !== before, 5000);
  }
  // The position in the title follows the cursor a frame later: the row is the second of the six files.
  await ui.waitFor((s) => /› model\/cubes\/orders\.yml/.test(s) && /\s2 of 6\n/.test(s));
  // From the key that opens the editor on, a person types.
  ui.pace(HUMAN_MS);
  return fork;
}

/** Where the console is: its screen's title, the crumbs and the row under the cursor. */
const where = (text: string) => {
  const lines = text.split('\n');
  return {title: lines[1], crumbs: lines.find((l) => l.startsWith('<')), cursor: lines.find((l) => l.startsWith('›'))?.split(/\s+/)[1]};
};

/** The console back from the editor, saying `flash`, drawn whole: the title's position follows a frame after the rows. */
const backWith = (ui: Pane, flash: string): Promise<string> =>
  ui.waitFor((s) => s.includes(flash) && /\s\d+ of \d+$/.test(s.split('\n')[1] ?? ''));

/** The pid of the UI process (the pane's shell runs it). */
const uiPid = (ui: Pane): number => Number(execFileSync('ps', ['-o', 'pid=', '--ppid', String(ui.shellPid())], {encoding: 'utf8'}).trim().split(/\s+/)[0]);

/** The pids of the UI process's children (the editor while it runs; none once it is reaped), with their state. */
function uiChildren(ui: Pane): string {
  return spawnSync('ps', ['-o', 'pid=,stat=,comm=', '--ppid', String(uiPid(ui))], {encoding: 'utf8'}).stdout.trim();
}

/** The editor is gone and nothing of it is left under the console, which reads its keys again: q quits. */
async function quitWithNoChildLeft(ui: Pane): Promise<void> {
  expect(uiChildren(ui)).toBe('');
  await ui.keys('q');
  await ui.waitFor('exit=0');
}

describe.skipIf(!hasTmux || !hasVim)('the real vim at human pace', () => {
  it('a line full of the console’s keys arrives on the dev branch letter for letter; the console stays where it was', async () => {
    const ui = open(VIM_EDITOR);
    const fork = await devModeOnOrders(ui);
    const before = ui.screen();
    await ui.keys('e');
    await ui.waitFor(/orders\.yml" \d+L/);
    // Above the first line, in insert mode.
    await ui.keys('g', 'g', 'O');
    await type(ui, LINE);
    await ui.keys('Escape');
    await ui.waitFor((s) => s.startsWith(LINE));
    await type(ui, ':wq');
    await ui.keys('Enter');
    const text = await backWith(ui, `Saved ${ORDERS} to ${fork}`);
    expect(text).not.toContain('exit=');
    expect(text).not.toMatch(/no screen matches/);
    expect(where(text)).toEqual(where(before));
    expect(text).toMatch(/› model\/cubes\/orders\.yml\s+~ changed/);
    expect(stored(fork).split('\n')[0]).toBe(LINE);
    await quitWithNoChildLeft(ui);
  }, 120_000);

  it('q, ctrl+c and :q! inside vim neither quit nor move the console', async () => {
    const ui = open(VIM_EDITOR);
    await devModeOnOrders(ui);
    const before = ui.screen();
    await ui.keys('e');
    await ui.waitFor(/orders\.yml" \d+L/);
    // q waits for a register (ctrl+c cancels), j k move, ctrl+c in normal mode; then a q typed into the text.
    await ui.keys('q', 'C-c', 'j', 'k', 'C-c');
    await ui.keys('i', 'q', 'C-c');
    await type(ui, ':q!');
    await ui.keys('Enter');
    const text = await backWith(ui, `No changes to ${ORDERS}`);
    expect(text).not.toContain('exit=');
    expect(where(text)).toEqual(where(before));
    await quitWithNoChildLeft(ui);
  }, 120_000);

  it('an editor that reads one line ends on one Enter and is reaped, also when the line was typed ahead of it', async () => {
    // It starts slowly: the line is typed before it reads (until `go` exists), so the line waits in the terminal.
    const go = join(term.work, 'go');
    const oneLine = term.script(
      'read-line.sh',
      `#!/bin/sh\necho "TYPE A LINE"\nwhile [ ! -f "${go}" ]; do sleep 0.05; done\nread line\nprintf "%s\\n" "$line" > "$1"\n`,
    );
    const ui = open(oneLine);
    const fork = await devModeOnOrders(ui);
    await ui.keys('e');
    await ui.waitFor('TYPE A LINE');
    await type(ui, 'cubes: []');
    await ui.keys('Enter');
    await ui.settle();
    writeFileSync(go, '');
    const text = await ui.waitFor(`Saved ${ORDERS} to ${fork}`, 10_000);
    expect(text).not.toContain('exit=');
    expect(stored(fork)).toBe('cubes: []\n');
    await quitWithNoChildLeft(ui);
  }, 120_000);

  it('a console told to end while the editor runs ends the editor first and exits only once it is gone', async () => {
    const ended = join(term.work, 'editor-ended');
    const editor = term.script(
      'term-editor.sh',
      `#!/bin/sh\ntrap 'sleep 1; echo "$1" > "${ended}"; exit 0' TERM\necho "EDITING $1"\nwhile :; do sleep 0.05; done\n`,
    );
    const ui = open(editor);
    await devModeOnOrders(ui);
    await ui.keys('e');
    await ui.waitFor(/EDITING \S+orders\.yml/);
    expect(uiChildren(ui)).toMatch(/term-editor|sh/);
    process.kill(uiPid(ui), 'SIGTERM');
    await ui.waitFor('exit=143', 15_000);
    // The editor had its signal and had ended (a second after it) before the console exited.
    expect(readFileSync(ended, 'utf8')).toMatch(/orders\.yml/);
  }, 120_000);
});
