// The console's hold on the terminal, without Ink: the escape sequences of the full screen and the signals' exit
// codes, shared by renderFullScreen (render.tsx) and the screen painted before Ink has loaded (startup/).

export const ENTER_ALT = '\x1b[?1049h\x1b[H\x1b[2J';
// The alternate screen is cleared before it is left: after a resize, tmux carries what it held into the
// restored shell screen (list rows were left above the prompt after 50×12 → 140×40 → q).
export const LEAVE_ALT = '\x1b[2J\x1b[3J\x1b[H\x1b[?25h\x1b[?1049l';
// On a resize the terminal reflows the old frame (wrapped or scrolled lines) and Ink's line-by-line erase misses
// pieces of it: the whole (alternate) screen is cleared first, then the frame is drawn for the new size.
export const CLEAR = '\x1b[2J\x1b[H';
export const HOME = '\x1b[H';
export const HIDE_CURSOR = '\x1b[?25l';

export const SIGNAL_EXIT_CODES = {SIGTERM: 143, SIGHUP: 129, SIGINT: 130} as const;

export interface TerminalIo {
  readonly stdout: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
}
