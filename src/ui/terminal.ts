// The console's hold on the terminal, without Ink: the escape sequences of the full screen, and the screen painted
// before Ink has loaded (EarlyScreen). renderFullScreen (render.tsx) takes the terminal over from it.

export const ENTER_ALT = '\x1b[?1049h\x1b[H\x1b[2J';
// The alternate screen is cleared before it is left: after a resize, tmux carries what it held into the
// restored shell screen (list rows were left above the prompt after 50×12 → 140×40 → q).
export const LEAVE_ALT = '\x1b[2J\x1b[3J\x1b[H\x1b[?25h\x1b[?1049l';
// On a resize the terminal reflows the old frame (wrapped or scrolled lines) and Ink's line-by-line erase misses
// pieces of it: the whole (alternate) screen is cleared first, then the frame is drawn for the new size.
export const CLEAR = '\x1b[2J\x1b[H';
export const HOME = '\x1b[H';
const HIDE_CURSOR = '\x1b[?25l';

export const SIGNAL_EXIT_CODES = {SIGTERM: 143, SIGHUP: 129, SIGINT: 130} as const;

export interface TerminalIo {
  readonly stdout: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
}

/**
 * The first frame, painted from data while Ink and React are still loading (about 150 ms on a 2-core machine).
 * From the paint until Ink takes over, the terminal is in the console's state: the alternate screen, no cursor,
 * raw keys (a key typed now is neither echoed onto the frame nor lost: it waits in the terminal for Ink), and a
 * signal restores the shell screen before the process ends. A paint asked for after the hand-over does nothing.
 */
export class EarlyScreen {
  #painted = false;
  #closed = false;
  #handlers: (readonly [NodeJS.Signals, () => void])[] = [];
  readonly #onResize = () => this.#write(CLEAR);

  constructor(private readonly io: TerminalIo = {stdout: process.stdout, stdin: process.stdin}) {}

  get painted(): boolean {
    return this.#painted;
  }

  /** Paints `frame` (its lines, without a trailing newline) full screen; false when it is too late to. */
  paint(frame: string): boolean {
    if (this.#closed || this.#painted) return false;
    this.#painted = true;
    this.#handlers = Object.entries(SIGNAL_EXIT_CODES).map(([signal, code]) => {
      const handler = () => {
        this.restore();
        process.exit(code);
      };
      process.on(signal, handler);
      return [signal as NodeJS.Signals, handler] as const;
    });
    // A resized terminal reflows the frame into garbage; a blank screen is honest until Ink draws the new size.
    this.io.stdout.on('resize', this.#onResize);
    if (this.io.stdin.isTTY) this.io.stdin.setRawMode(true);
    this.#write(`${ENTER_ALT}${HIDE_CURSOR}${frame}\n`);
    return true;
  }

  /** Ink takes over: nothing more is painted; the signal handlers step aside for renderFullScreen's own. */
  handOver(): void {
    this.#closed = true;
    for (const [signal, handler] of this.#handlers) process.off(signal, handler);
    this.#handlers = [];
    this.io.stdout.off('resize', this.#onResize);
  }

  /** Back to the shell screen after a failure before Ink took over; after the hand-over it does nothing. */
  restore(): void {
    const mine = this.#painted && !this.#closed;
    this.handOver();
    if (!mine) return;
    if (this.io.stdin.isTTY) this.io.stdin.setRawMode(false);
    this.#write(LEAVE_ALT);
  }

  #write(text: string): void {
    try {
      this.io.stdout.write(text);
    } catch {
      // The terminal is gone; there is nobody to paint for.
    }
  }
}

/** Ink ends every frame it draws on a terminal with the end of a synchronized update (DEC mode 2026). */
const FRAME_END = '\x1b[?2026l';

/**
 * Holds what is written to `stream` until it holds `frames` whole frames of Ink's (or `maxMs` passed, or
 * `release` is called), then writes it in one piece. Ink draws its first frame before the screen's effects have
 * run (no count in the title, half the footer's keys) and the whole frame next; written together, the terminal
 * shows only the whole one. So Ink takes over a painted frame without a moment of a half frame.
 */
export function holdFrames(stream: NodeJS.WriteStream, frames: number, maxMs: number): {release(): void} {
  const write = stream.write;
  let held = '';
  let seen = 0;
  let holding = true;
  const release = () => {
    clearTimeout(timer);
    if (!holding) return;
    holding = false;
    // Put back unless someone replaced it meanwhile (the editor hand-off does); `hold` passes writes on from now.
    if (stream.write === hold) stream.write = write;
    if (held !== '') write.call(stream, held);
    held = '';
  };
  const hold = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (!holding) return (write as (...a: unknown[]) => boolean).call(stream, chunk, ...rest);
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    held += text;
    (rest.find((a) => typeof a === 'function') as (() => void) | undefined)?.();
    if (text.includes(FRAME_END) && ++seen >= frames) release();
    return true;
  }) as typeof stream.write;
  stream.write = hold;
  const timer = setTimeout(release, maxMs);
  return {release};
}
