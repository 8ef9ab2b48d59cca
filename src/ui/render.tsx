// Full-screen rendering: the alternate screen is entered before the first frame and left on EVERY exit path
// (q, ctrl+c, a render error, an uncaught error, SIGTERM, SIGHUP, SIGINT); errors are printed only after the
// terminal is restored, as `error: <message>`, never with a stack.
import type {ReactElement} from 'react';
import {render, type Instance} from 'ink';

const ENTER_ALT = '\x1b[?1049h\x1b[H\x1b[2J';
// The alternate screen is cleared before it is left: after a resize, tmux carries what it held into the
// restored shell screen (list rows were left above the prompt after 50×12 → 140×40 → q).
const LEAVE_ALT = '\x1b[2J\x1b[3J\x1b[H\x1b[?25h\x1b[?1049l';
// On a resize the terminal reflows the old frame (wrapped or scrolled lines) and Ink's line-by-line erase misses
// pieces of it: the whole (alternate) screen is cleared first, then the frame is drawn for the new size.
const CLEAR = '\x1b[2J\x1b[H';

export interface FullScreenIo {
  readonly stdout: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
  readonly stderr: NodeJS.WriteStream;
}

const SIGNALS = {SIGTERM: 143, SIGHUP: 129, SIGINT: 130} as const;

/**
 * Ink's options for the console (the benches render with the same). ctrl+c goes through the key dispatcher (it
 * always quits) so the app can unmount cleanly. Nothing in svc writes to the console while the UI is up; Ink's
 * patch would only garble a full screen. Not incrementalRendering: in ink 6.8 it drew every frame after the first
 * one row lower (seen in tmux: the first header line and a second footer were left on screen).
 *
 * maxFps: Ink paints the first change at once and then holds every later one until its window has passed. At the
 * default 30 fps a key pressed within 33 ms of any other frame (a refresh landing, the spinner) waited for the end
 * of that window. Data-driven renders are already coalesced to 30 a second (queryClient.ts), so the window only has
 * to bound bursts such as a paste: 60 fps keeps a key's wait behind another frame under 17 ms.
 */
export const INK_OPTIONS = {exitOnCtrlC: false, patchConsole: false, incrementalRendering: false, maxFps: 60} as const;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Renders `element` full screen until it exits; resolves to the exit code (0 normal, 1 error). */
export async function renderFullScreen(
  element: ReactElement,
  io: FullScreenIo = {stdout: process.stdout, stdin: process.stdin, stderr: process.stderr},
  onRestored: () => Promise<void> = async () => {},
): Promise<number> {
  // Cleanup (closing an in-process service) runs once, whichever exit path gets there first.
  let cleanup: Promise<void> | undefined;
  const cleanUpOnce = () => (cleanup ??= onRestored().catch(() => {}));
  let instance: Instance | undefined;
  let restored = false;
  // A closed terminal makes every write fail; nothing here may throw again or write again after that.
  const quietly = (write: () => void) => {
    try {
      write();
    } catch {
      // The terminal is gone; there is nobody to tell.
    }
  };
  const restore = () => {
    if (restored) return;
    restored = true;
    quietly(() => instance?.unmount());
    quietly(() => io.stdout.write(LEAVE_ALT));
    // Ink leaves stdin flowing; a flowing TTY keeps the process alive after the UI is gone.
    quietly(() => io.stdin.pause());
  };
  let exiting = false;
  /** The one way out for signals, crashes and a vanished terminal; later errors (EIO echoes) are ignored. */
  const exitNow = (code: number, err?: unknown) => {
    if (exiting) return;
    exiting = true;
    restore();
    if (err !== undefined) quietly(() => io.stderr.write(`error: ${message(err)}\n`));
    // Cleanup gets a moment, never the power to keep a dead UI alive.
    setTimeout(() => process.exit(code), 2000);
    void cleanUpOnce().finally(() => process.exit(code));
  };
  const fail = (err: unknown) => exitNow(1, err);
  const hangUp = () => exitNow(SIGNALS.SIGHUP);
  const signalHandlers = Object.entries(SIGNALS).map(([signal, code]) => {
    const handler = () => exitNow(code);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  // EIO/EPIPE on the terminal streams means the terminal closed (tmux killed, ssh dropped): treat as a hang-up.
  for (const stream of [io.stdout, io.stderr, io.stdin]) stream.on('error', hangUp);
  io.stdout.write(ENTER_ALT);
  // Registered before Ink's own resize listener, so the clear comes before Ink redraws.
  const onResize = () => quietly(() => io.stdout.write(CLEAR));
  io.stdout.on('resize', onResize);
  try {
    instance = render(element, {stdout: io.stdout, stdin: io.stdin, stderr: io.stderr, ...INK_OPTIONS});
    await instance.waitUntilExit();
    restore();
    return 0;
  } catch (err) {
    restore();
    io.stderr.write(`error: ${message(err)}\n`);
    return 1;
  } finally {
    io.stdout.off('resize', onResize);
    // After a forced exit the handlers stay: they swallow the echoes of a dead terminal until process.exit.
    if (!exiting) {
      for (const [signal, handler] of signalHandlers) process.off(signal, handler);
      process.off('uncaughtException', fail);
      process.off('unhandledRejection', fail);
      for (const stream of [io.stdout, io.stderr, io.stdin]) stream.off('error', hangUp);
    }
    await cleanUpOnce();
  }
}
