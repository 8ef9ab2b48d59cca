// The terminal from the first frame's paint until Ink takes it over (see index.ts for the whole path).
import {CLEAR, ENTER_ALT, HIDE_CURSOR, LEAVE_ALT, SIGNAL_EXIT_CODES, type TerminalIo} from '../terminal.js';

/**
 * The first frame, painted from data while Ink and React are still loading (BENCHMARKS.md, "Third pass").
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
