// Ink's first frames written as one over the painted frame (see index.ts for the whole path).

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
