// Full-screen rendering: the alternate screen is entered before the first frame and left on EVERY exit path
// (q, ctrl+c, a render error, an uncaught error, SIGTERM, SIGHUP, SIGINT); errors are printed only after the
// terminal is restored, as `error: <message>`, never with a stack.
import type {ReactElement} from 'react';
import {render, type Instance} from 'ink';
import {endHandOffs} from './handOff.js';
import {holdFrames, type EarlyScreen} from './startup/index.js';
import {CLEAR, ENTER_ALT, HOME, LEAVE_ALT, SIGNAL_EXIT_CODES} from './terminal.js';

export interface FullScreenIo {
  readonly stdout: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
  readonly stderr: NodeJS.WriteStream;
}

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

/** At most this long Ink's first two frames are held, to be written together over a painted frame (holdFrames). */
const HANDOVER_MAX_MS = 300;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Renders `element` full screen until it exits; resolves to the exit code (0 normal, 1 error). */
export async function renderFullScreen(
  element: ReactElement,
  io: FullScreenIo = {stdout: process.stdout, stdin: process.stdin, stderr: process.stderr},
  onRestored: () => Promise<void> = async () => {},
  early?: EarlyScreen,
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
  let handover: {release(): void} | undefined;
  const restore = () => {
    if (restored) return;
    restored = true;
    quietly(() => instance?.unmount());
    quietly(() => handover?.release());
    quietly(() => io.stdout.write(LEAVE_ALT));
    // Ink leaves stdin flowing; a flowing TTY keeps the process alive after the UI is gone.
    quietly(() => io.stdin.pause());
  };
  let exiting = false;
  /**
   * The one way out for signals, crashes and a vanished terminal; later errors (EIO echoes) are ignored. A program
   * the console lent the terminal to (the editor) is ended and reaped first: the console never exits under it.
   */
  const exitNow = (code: number, err?: unknown, signal: NodeJS.Signals = 'SIGTERM') => {
    if (exiting) return;
    exiting = true;
    const leave = () => {
      restore();
      if (err !== undefined) quietly(() => io.stderr.write(`error: ${message(err)}\n`));
      // Cleanup gets a moment, never the power to keep a dead UI alive.
      setTimeout(() => process.exit(code), 2000);
      void cleanUpOnce().finally(() => process.exit(code));
    };
    const ending = endHandOffs(signal);
    if (ending) void ending.finally(leave);
    else leave();
  };
  const fail = (err: unknown) => exitNow(1, err);
  const hangUp = () => exitNow(SIGNAL_EXIT_CODES.SIGHUP, undefined, 'SIGHUP');
  const signalHandlers = Object.entries(SIGNAL_EXIT_CODES).map(([signal, code]) => {
    const handler = () => exitNow(code, undefined, signal as NodeJS.Signals);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  // EIO/EPIPE on the terminal streams means the terminal closed (tmux killed, ssh dropped): treat as a hang-up.
  for (const stream of [io.stdout, io.stderr, io.stdin]) stream.on('error', hangUp);
  // A frame painted before Ink loaded (EarlyScreen) stays on screen: Ink draws the same picture over it from the
  // top, its first two frames written as one (holdFrames) so that the half frame before the screen's effects never shows.
  const painted = early?.painted === true;
  early?.handOver();
  if (painted) handover = holdFrames(io.stdout, 2, HANDOVER_MAX_MS);
  io.stdout.write(painted ? HOME : ENTER_ALT);
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
