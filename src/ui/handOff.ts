// The one way the console lends its terminal to another program (the user's editor for files, objects and
// templates; useExternal.ts is its only caller) and takes it back exactly as it was.
//
// While the program runs, no byte of the terminal's input reaches the console. Pausing stdin is not enough: a
// paused stream keeps its descriptor in the event loop's poll set, and Ink's 'readable' listener reads whatever
// arrives. So every input listener is taken off, and the terminal handle stops reading (uv_read_stop: the
// descriptor leaves the poll set, Node makes no read(2) on it). Only the program reads the keys then. Afterwards
// the handle reads again and the listeners are put back in their order; raw mode is restored too.
//
// The program runs asynchronously, so the event loop keeps serving (`svc ui --local` runs the service in this
// process). Meanwhile nothing of the console's reaches the terminal (its writes are dropped; the last frame is
// drawn again afterwards). SIGINT stands aside: ctrl+c inside the program reaches the program, never ends the
// console. The child is reaped before the hand-off returns, and an ending console ends and reaps it first
// (endHandOffs).
import {spawn, type ChildProcess} from 'node:child_process';

const LEAVE_ALT = '\x1b[?25h\x1b[?1049l';
const ENTER_ALT = '\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J';
const INPUT_EVENTS = ['readable', 'data'] as const;

/** How the program ended: `exited` 0 is success; a signal or another code is still an ending. */
export type ExternalResult = {ok: true} | {ok: false; error: string};

export interface HandOffIo {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  /** Writes `text` and draws the console's last frame again in full (Ink's `write` from useStdout). */
  readonly repaint: (text: string) => void;
}

/** The part of Node's stream handle (a TTY or a socket) that starts and stops reading its descriptor. */
interface ReadHandle {
  reading?: boolean;
  readStart?: () => number;
  readStop?: () => number;
}

type Listener = (...args: unknown[]) => void;

/** The programs running in the console's terminal now. */
const running = new Set<ChildProcess>();
/** The command the terminal is lent to, from the start of a hand-off until the console has it back. */
let lentTo: string | undefined;
/** Called each time the console has its terminal back (after the repaint). */
const backListeners = new Set<() => void>();

/** The terminal is lent to another program now: nothing the console writes reaches it. */
export function terminalLent(): boolean {
  return lentTo !== undefined;
}

/** Calls `listener` each time a hand-off ends, once the console's frame is drawn again; returns the unsubscribe. */
export function onTerminalBack(listener: () => void): () => void {
  backListeners.add(listener);
  return () => void backListeners.delete(listener);
}

/**
 * Stops every reader of `stdin` (listeners, the flowing mode, the handle) and returns what puts each back. Also
 * when called from inside a 'readable' listener (a key starts the editor): the listener's next read() must not
 * start the handle again, so the stream's _read does nothing until the input is back.
 */
function detachInput(stdin: NodeJS.ReadStream): () => void {
  const listeners = INPUT_EVENTS.map((event) => [event, stdin.rawListeners(event) as Listener[]] as const);
  for (const [event] of listeners) stdin.removeAllListeners(event);
  const flowing = stdin.readableFlowing === true;
  stdin.pause();
  const raw = Boolean(stdin.isTTY && stdin.isRaw);
  if (raw) stdin.setRawMode(false);
  // What net.Socket does itself when its buffer is full (stream_base_commons onStreamRead) and undoes in
  // tryReadStart, called from _read: stop the handle, and hold back any read() that would start it again.
  const handle = (stdin as unknown as {_handle?: ReadHandle})._handle;
  const canStop = typeof handle?.readStop === 'function' && typeof handle.readStart === 'function';
  let restart = false;
  if (canStop && handle!.reading === true) {
    handle!.reading = false;
    handle!.readStop!();
    restart = true;
  }
  const stream = stdin as unknown as {_read: (size: number) => void};
  const ownRead = Object.hasOwn(stream, '_read') ? stream._read : undefined;
  stream._read = () => void (restart = true);
  return () => {
    if (ownRead) stream._read = ownRead;
    else delete (stream as {_read?: unknown})._read;
    if (restart && !stdin.destroyed) {
      if (!canStop) stream._read(stdin.readableHighWaterMark);
      else if (handle!.reading !== true) {
        handle!.reading = true;
        handle!.readStart!();
      }
    }
    if (raw) stdin.setRawMode(true);
    for (const [event, fns] of listeners) for (const fn of fns) stdin.on(event, fn);
    if (flowing) stdin.resume();
  };
}

/** Drops everything written to `stdout` until the returned function puts its own write back. */
function muteOutput(stdout: NodeJS.WriteStream): () => void {
  const original = stdout.write;
  stdout.write = ((...args: unknown[]) => {
    (args.find((a) => typeof a === 'function') as (() => void) | undefined)?.();
    return true;
  }) as typeof stdout.write;
  return () => void (stdout.write = original);
}

const ignore = () => {};

/** SIGINT reaches the program only: the console's own handlers (restore the terminal, exit 130) stand aside. */
function standAsideOnSigint(): () => void {
  const handlers = process.rawListeners('SIGINT') as Listener[];
  process.removeAllListeners('SIGINT');
  process.on('SIGINT', ignore);
  return () => {
    process.off('SIGINT', ignore);
    for (const h of handlers) process.on('SIGINT', h);
  };
}

/** The descriptor a stream stands for (0 and 1 for the process's own terminal streams). */
const fdOf = (stream: object, fallback: number): number => {
  const fd = (stream as {fd?: unknown}).fd;
  return typeof fd === 'number' ? fd : fallback;
};

/**
 * Runs `command` through /bin/sh (exec'd, so a signal reaches the program itself) with `args` as "$@" in the
 * console's terminal, and resolves once it has ended and been reaped, with the terminal the console's again.
 */
export async function handTerminalTo(io: HandOffIo, command: string, args: readonly string[]): Promise<ExternalResult> {
  // Keys queued before the first hand-off (`ee` in one read) must not start a second program on the same terminal.
  if (lentTo !== undefined) return {ok: false, error: `the terminal is in use by ${lentTo}`};
  lentTo = command;
  io.stdout.write(LEAVE_ALT);
  const restoreInput = detachInput(io.stdin);
  const restoreOutput = muteOutput(io.stdout);
  const restoreSigint = standAsideOnSigint();
  try {
    return await new Promise<ExternalResult>((resolve) => {
      const child = spawn('/bin/sh', ['-c', `exec ${command} "$@"`, 'sh', ...args], {stdio: [fdOf(io.stdin, 0), fdOf(io.stdout, 1), 2]});
      running.add(child);
      child.once('error', (err) => {
        running.delete(child);
        resolve({ok: false, error: err.message});
      });
      // 'exit' comes after Node has reaped the process (waitpid).
      child.once('exit', (code, signal) => {
        running.delete(child);
        resolve(code === 0 ? {ok: true} : {ok: false, error: `${command} ${signal ? `was ended by ${signal}` : `exited with ${code}`}`});
      });
    });
  } finally {
    lentTo = undefined;
    restoreSigint();
    restoreOutput();
    restoreInput();
    io.repaint(ENTER_ALT);
    for (const listener of [...backListeners]) listener();
  }
}

/** How long a program asked to end (`endHandOffs`) has before it is killed. */
export const END_GRACE_MS = 5000;

/**
 * For a console that is ending (a signal, a crash): sends `signal` to every program it lent the terminal to and
 * resolves once each has been reaped (SIGKILL after `graceMs`), so the console never exits under a running one.
 * Undefined when none runs: the caller goes on at once.
 */
export function endHandOffs(signal: NodeJS.Signals = 'SIGTERM', graceMs = END_GRACE_MS): Promise<void> | undefined {
  if (running.size === 0) return undefined;
  return Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          // A process stuck in the kernel may outlive even SIGKILL: a second grace, then the console goes.
          const kill = setTimeout(() => {
            child.kill('SIGKILL');
            setTimeout(resolve, graceMs).unref();
          }, graceMs);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill(signal);
        }),
    ),
  ).then(() => {});
}
