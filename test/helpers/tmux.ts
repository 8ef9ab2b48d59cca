// One driver for the console in a real terminal: the built `svc ui` in tmux panes on a private socket (never the
// user's tmux server), each under bash, which prints `exit=<code>` when the UI is gone. `tmuxSuite` registers
// the vitest hooks itself: a temporary work directory (with the config directory in it), a keep-alive session so
// the server lives between tests, every pane a test opened killed after it, and the server and directory removed
// at the end. Every wait is bounded in time. A wait looks at the pane through one tmux client in control mode
// (`tmux -C`: commands in on its stdin, answers out on its stdout), not a new tmux process per look: a look costs
// well under a millisecond of CPU instead of a process start, and a wait looks 50 times a second. Keys go through
// it too, so a key is no longer two tmux processes (the look before it and the send).
import {execFileSync, spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, afterEach, beforeAll, expect} from 'vitest';
import {controlClient, type ControlClient} from './tmuxControl.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SVC = join(ROOT, 'dist/svc.js');
export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

export type Match = string | RegExp | ((text: string) => boolean);

export interface OpenOptions {
  /** Arguments after `svc ui` (default `--local`). */
  args?: string;
  columns?: number;
  rows?: number;
  /** Extra environment of the UI process (SVC_CONFIG_DIR is the suite's own unless given). */
  env?: Record<string, string>;
  /** Variables to remove from the UI's environment (e.g. VISUAL, so EDITOR is the one used). */
  unset?: string[];
  /** A shell line run in the pane before the UI (e.g. `echo SHELL-BEFORE`). */
  before?: string;
}

export interface Pane {
  readonly name: string;
  /** The visible text; with `escapes`, including colour escape sequences. */
  screen(options?: {escapes?: boolean}): string;
  /**
   * The screen once it matches, settled (the same below the header for SETTLED_MS: not a frame on its way to the
   * next). After a key, only a frame drawn since the key counts (the screen below the header changed), or any once
   * STALE_MS have passed: a screen that matched before the key was read is not taken for its answer.
   */
  waitFor(match: Match, timeoutMs?: number): Promise<string>;
  /**
   * Types each argument: named keys (`Enter`, `Escape`, `Down`, `PageUp`, `C-c`) as keys, anything else literally.
   * Keys go at least the suite's key delay apart, also across calls; it returns as soon as the last is sent (a
   * waitFor after it watches the screen meanwhile).
   */
  keys(...keys: string[]): Promise<void>;
  /** Waits out the key delay after the last key (before acting outside the terminal on what was typed). */
  settle(): Promise<void>;
  /** From now on, keys go at least `keyDelayMs` apart (e.g. a person's pace once another program has the terminal). */
  pace(keyDelayMs: number): void;
  resize(columns: number, rows: number): void;
  /** The pid of the bash in the pane (the UI is its child). */
  shellPid(): number;
  kill(): void;
}

export interface TmuxSuite {
  /** The suite's temporary directory (created in beforeAll). */
  readonly work: string;
  /** The config directory every pane uses unless its env says otherwise. */
  readonly configDir: string;
  tmux(...args: string[]): string;
  open(options?: OpenOptions): Pane;
  /** Writes an executable script into the work directory and returns its path. */
  script(name: string, body: string): string;
}

const matches = (match: Match, text: string): boolean =>
  typeof match === 'function' ? match(text) : typeof match === 'string' ? text.includes(match) : match.test(text);

const isNamedKey = (key: string): boolean => key.length > 1 && /^[A-Z][a-z]|^C-/.test(key);

/**
 * A key as the control client sends it (`send-keys` arguments that need no quoting): a named key as it is, printable
 * ASCII as its bytes in hex (`-H`); undefined for anything else, which goes through a tmux process with `-l`.
 */
const sendKeysArguments = (key: string): string | undefined =>
  isNamedKey(key) ? key : /^[\x20-\x7e]+$/.test(key) ? `-H ${[...key].map((c) => c.charCodeAt(0).toString(16)).join(' ')}` : undefined;

/** The screen without its first line (the header, where a spinner and the age of the data tick by themselves). */
const belowHeader = (text: string): string => text.slice(text.indexOf('\n') + 1);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * How often a wait looks at the pane: often at first (a console answers a key within a frame or a few), then less
 * (a long wait is for the service, and each look is a tmux process).
 */
const FAST_POLL_MS = 20;
const FAST_POLL_FOR_MS = 1500;
const SLOW_POLL_MS = 100;
/** How long a screen stays the same before a wait takes it: longer than one frame of Ink (30 a second). */
const SETTLED_MS = 50;
/** How long after a key a screen that does not change still counts as not yet answering it. */
const STALE_MS = 200;

const shellQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The least time between two keys, unless a pane sets its own pace: the console queues keys that come faster than
 * it draws (ui/dispatch/Dispatcher.tsx), so it is typed to quickly; a test about another program's timing (a
 * person in vim) sets a human pace for the keys that program reads (`Pane.pace`).
 */
const KEY_DELAY_MS = 50;

export function tmuxSuite(prefix: string): TmuxSuite {
  const socket = `${prefix}-${process.pid}`;
  const opened: string[] = [];
  let work = '';
  let count = 0;

  let control: ControlClient | undefined;

  const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, ...args], {encoding: 'utf8'});

  const pane = (name: string): Pane => {
    const capture = () => tmux('capture-pane', '-p', '-t', name);
    const look = () => control!.run(`capture-pane -p -t ${name}`);
    /** When the last key was sent, and the screen below the header just before it. */
    let lastKeyAt = 0;
    let beforeKey: string | undefined;
    let keyDelayMs = KEY_DELAY_MS;
    const settle = () => sleep(lastKeyAt + keyDelayMs - Date.now());
    return {
      name,
      screen: ({escapes = false} = {}) => (escapes ? tmux('capture-pane', '-p', '-e', '-t', name) : capture()),
      async waitFor(match, timeoutMs = 20_000) {
        const started = Date.now();
        const deadline = started + timeoutMs;
        let body: string | undefined;
        let since = started;
        for (;;) {
          const text = await look();
          const now = Date.now();
          if (belowHeader(text) !== body) [body, since] = [belowHeader(text), now];
          const fresh = beforeKey === undefined || now >= lastKeyAt + STALE_MS || body !== beforeKey;
          if (fresh && now - since >= SETTLED_MS && matches(match, text)) return text;
          if (now > deadline) throw new Error(`pane never showed ${String(match)}; it shows:\n${text}`);
          await sleep(now - started < FAST_POLL_FOR_MS ? FAST_POLL_MS : SLOW_POLL_MS);
        }
      },
      async keys(...keys) {
        for (const key of keys) {
          await settle();
          beforeKey = belowHeader(await look());
          const sent = sendKeysArguments(key);
          if (sent) await control!.run(`send-keys -t ${name} ${sent}`);
          else tmux('send-keys', '-t', name, '-l', key);
          lastKeyAt = Date.now();
        }
      },
      settle,
      pace: (ms) => void (keyDelayMs = ms),
      resize: (columns, rows) => void tmux('resize-window', '-t', name, '-x', String(columns), '-y', String(rows)),
      shellPid: () => Number(tmux('display-message', '-p', '-t', name, '#{pane_pid}').trim()),
      kill: () => void spawnSync('tmux', ['-L', socket, 'kill-session', '-t', name]),
    };
  };

  beforeAll(async () => {
    if (!hasTmux) return;
    if (!existsSync(SVC)) throw new Error('dist/svc.js is missing: run npm run build first');
    work = mkdtempSync(join(tmpdir(), `${prefix}-`));
    // An idle session keeps this private tmux server up between tests (it exits with its last session).
    tmux('new-session', '-d', '-s', 'keepalive', 'exec sleep 600');
    control = await controlClient(socket, 'keepalive');
  });
  afterEach(() => {
    for (const name of opened.splice(0)) spawnSync('tmux', ['-L', socket, 'kill-session', '-t', name]);
  });
  afterAll(() => {
    if (!hasTmux) return;
    control?.close();
    spawnSync('tmux', ['-L', socket, 'kill-server']);
    rmSync(work, {recursive: true, force: true});
  });

  return {
    get work() {
      return work;
    },
    get configDir() {
      return join(work, 'config');
    },
    tmux,
    open({args = '--local', columns = 120, rows = 35, env = {}, unset = [], before}: OpenOptions = {}) {
      const name = `p${++count}`;
      opened.push(name);
      const vars = Object.entries({SVC_CONFIG_DIR: join(work, 'config'), ...env}).map(([k, v]) => `${k}=${shellQuote(v)}`);
      const removed = unset.map((v) => `-u ${v}`);
      const ui = ['env', ...removed, ...vars, 'node dist/svc.js ui', args].join(' ');
      const cmd = [`cd ${shellQuote(ROOT)}`, ...(before ? [before] : []), `${ui}; echo "exit=$?"; exec sleep 60`].join(' && ');
      tmux('new-session', '-d', '-s', name, '-x', String(columns), '-y', String(rows), 'bash', '--norc', '--noprofile', '-c', cmd);
      return pane(name);
    },
    script(name, body) {
      const path = join(work, name);
      writeFileSync(path, body);
      chmodSync(path, 0o755);
      return path;
    },
  };
}

/** The question q asks on `svc ui --local` when something was changed in its temporary demo data. */
export const QUIT_QUESTION = 'Quit? The local demo data will be lost';

/**
 * q on `svc ui --local`. After a change (`changed`) the question comes first, default No and the console still
 * running; `check` looks at it, then y answers it. Without a change no question comes. Either way the console
 * exits 0 and no question is left. Returns the question (after a change), else the pane after the exit.
 */
export async function quitLocal(ui: Pane, changed: boolean, check?: (question: string) => void): Promise<string> {
  await ui.keys('q');
  if (!changed) {
    const end = await ui.waitFor((t) => t.includes('exit=') || t.includes('Quit?'));
    expect(end).not.toContain('Quit?');
    expect(end).toContain('exit=0');
    return end;
  }
  const question = await ui.waitFor(QUIT_QUESTION);
  expect(question).toMatch(/› No\s+\(y\/N\)/);
  expect(question).not.toContain('exit=');
  check?.(question);
  await ui.keys('y');
  expect(await ui.waitFor('exit=0')).not.toContain(QUIT_QUESTION);
  return question;
}
