// The console's first frame is painted from data, before Ink and React have loaded: `svc ui` asks for the
// deployments list and the signed-in user at once (without fetch), paints the rows the moment they arrive, and
// Ink's own first frame later draws the same picture over them. Meanwhile the terminal is the console's: a key
// typed then is neither echoed onto the frame nor lost, and a signal still restores the shell screen.
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {startTestService} from '../helpers/startService.js';
import {terminalScreen} from '../helpers/terminalScreen.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SVC = join(ROOT, 'dist/svc.js');
const hasScript = spawnSync('script', ['--version']).status === 0;
const ENTER_ALT = '\u001B[?1049h';
const LEAVE_ALT = '\u001B[?1049l';
const HOME = '\u001B[H';
/** Ink ends each frame with the end of a synchronized update. */
const FRAME_END = '\u001B[?2026l';
/** The end of Ink's first whole frame after `from`: its first frame is drawn before the screen's effects have run. */
const wholeFrameEnd = (out: string, from: number) => {
  const first = out.indexOf(FRAME_END, from);
  const second = first < 0 ? -1 : out.indexOf(FRAME_END, first + 1);
  return second < 0 ? -1 : second + FRAME_END.length;
};
const COLUMNS = 120;
const ROWS = 35;
const plain = (s: string) => s.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '');

let service: RunningService;
const configDir = mkdtempSync(join(tmpdir(), 'svc-first-frame-'));
beforeAll(async () => {
  service = await startTestService({seed: 'demo'});
});
afterAll(async () => {
  await service.close();
  rmSync(configDir, {recursive: true, force: true});
});

interface Session {
  /** Everything the console wrote so far. */
  readonly out: () => string;
  readonly write: (keys: string) => void;
  /** The UI's own process (under `script`). */
  readonly pid: () => number;
  readonly exited: Promise<number>;
}

/** `svc ui` in a 120×35 pseudo-terminal; `onData` sees the output as it grows. Killed after 20 s at most. */
function open(onData: (out: string, s: Session) => void): Session {
  const child = spawn('script', ['-qfec', `stty cols ${COLUMNS} rows ${ROWS} && exec ${JSON.stringify(process.execPath)} ${JSON.stringify(SVC)} ui`, '/dev/null'], {
    env: {PATH: process.env.PATH ?? '', HOME: configDir, TERM: 'xterm-256color', SVC_API_URL: service.url, SVC_API_KEY: service.adminKey, SVC_CONFIG_DIR: configDir},
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.on('error', () => {});
  let out = '';
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const session: Session = {
    out: () => out,
    write: (keys) => void child.stdin.write(keys),
    pid: () => Number(execFileSync('pgrep', ['-P', String(child.pid), 'node'], {encoding: 'utf8'}).trim()),
    exited: new Promise((done) => child.on('exit', (code) => (clearTimeout(timer), done(code ?? -1)))),
  };
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    onData(out, session);
  });
  return session;
}

/** Where the painted frame ends: renderFullScreen homes the cursor before Ink's first frame. */
const paintEnd = (out: string) => {
  const start = out.indexOf(ENTER_ALT);
  const rows = out.indexOf('analytics-prod', start);
  return start < 0 || rows < 0 ? -1 : out.indexOf(HOME, rows);
};

describe.skipIf(!hasScript)('svc ui first frame', () => {
  it('paints the rows and the signed-in user first, and Ink then draws the same picture over them', async () => {
    let quit = false;
    const s = open((out, session) => {
      const end = paintEnd(out);
      if (!quit && end >= 0 && wholeFrameEnd(out, end) >= 0) {
        quit = true;
        session.write('q');
      }
    });
    expect(await s.exited).toBe(0);
    const out = s.out();
    const screen = out.slice(out.indexOf(ENTER_ALT));
    const beforeRows = plain(screen.slice(0, screen.indexOf('analytics-prod')));
    expect(beforeRows).not.toContain('Loading deployments');
    expect(beforeRows).toContain('admin@acme.example');
    expect(beforeRows).toMatch(/ID +NAME +URL/);
    // The alternate screen is entered once: Ink's first frame is drawn on the painted one, not after a clear.
    const end = paintEnd(out);
    expect(end, 'the painted frame, then the cursor homed for Ink').toBeGreaterThan(0);
    expect(out.split(ENTER_ALT).length - 1).toBe(1);
    const inkFirst = wholeFrameEnd(out, end);
    const spinner = [{row: 0, from: COLUMNS - 2}];
    const normalise = (lines: string[]) => lines.map((l) => l.replace(/updated \d+s ago/, 'updated Ns ago'));
    const painted = await terminalScreen(out.slice(0, end), COLUMNS, ROWS, spinner);
    const ink = await terminalScreen(out.slice(0, inkFirst), COLUMNS, ROWS, spinner);
    expect(painted.text.some((l) => l.startsWith('› 1 '))).toBe(true);
    expect(normalise(painted.text)).toEqual(normalise(ink.text));
    expect(painted.styles).toEqual(ink.styles);
  });

  it('keeps a key typed before Ink is up, without echoing it onto the frame', async () => {
    let typed = -1;
    let quit = false;
    const s = open((out, session) => {
      if (typed < 0 && out.includes('analytics-prod')) {
        typed = out.length;
        session.write('j');
      }
      // Ink moved the cursor to the second row: the key arrived.
      if (typed >= 0 && !quit && /› 2 +marketing/.test(plain(out.slice(typed)))) {
        quit = true;
        session.write('q');
      }
    });
    expect(await s.exited).toBe(0);
    expect(quit, 'the key moved the selection').toBe(true);
    const out = s.out();
    // Echo would put the j right after the painted frame (after its footer), before Ink homes the cursor.
    const end = paintEnd(out);
    expect(end).toBeGreaterThan(0);
    expect(out.slice(out.lastIndexOf('q quit', end), end)).not.toContain('j');
  });

  it('restores the shell screen when it is ended by a signal right after the paint', async () => {
    let sent = false;
    const s = open((out, session) => {
      if (!sent && out.includes('analytics-prod')) {
        sent = true;
        process.kill(session.pid(), 'SIGTERM');
      }
    });
    expect(await s.exited).toBe(143);
    const out = s.out();
    expect(out.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(out.indexOf('analytics-prod'));
  });
});
