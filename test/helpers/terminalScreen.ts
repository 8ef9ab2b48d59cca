// What a terminal shows after a stream of output: @xterm/headless (xterm.js's own parser and buffer, an
// implementation independent of Ink and of our painter) reads the bytes, and the screen comes back as text lines
// and, per line, the runs of style a person would see (bold, inverse, palette colour). A blank cell's colour is
// not seen, so blanks carry no style unless inverse.
import xterm from '@xterm/headless';

export interface Screen {
  readonly text: string[];
  readonly styles: string[];
}

/** Cells left out of the picture (read as blank): from column `from` (0-based) to the end of line `row`. */
export interface Ignore {
  readonly row: number;
  readonly from: number;
}

export async function terminalScreen(output: string, columns: number, rows: number, ignore: readonly Ignore[] = []): Promise<Screen> {
  // convertEol: a pty turns \n into \r\n (ONLCR, which libuv's raw mode keeps).
  const term = new xterm.Terminal({cols: columns, rows, allowProposedApi: true, convertEol: true});
  await new Promise<void>((resolve) => term.write(output, resolve));
  const buffer = term.buffer.active;
  const text: string[] = [];
  const styles: string[] = [];
  for (let y = 0; y < rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    let chars = '';
    const runs: string[] = [];
    let last: string | undefined;
    let count = 0;
    for (let x = 0; x < columns; x++) {
      const ignored = ignore.some((i) => i.row === y && x >= i.from);
      const cell = ignored ? undefined : line?.getCell(x);
      const ch = cell?.getChars() || ' ';
      chars += ch;
      const inverse = Boolean(cell?.isInverse());
      const key = cell === undefined || (ch === ' ' && !inverse) ? '-' : `${cell.isBold() ? 'b' : ''}${inverse ? 'i' : ''}${cell.isFgPalette() ? `f${cell.getFgColor()}` : ''}` || '-';
      if (key === last) count++;
      else {
        if (last !== undefined) runs.push(`${last}×${count}`);
        last = key;
        count = 1;
      }
    }
    runs.push(`${last}×${count}`);
    text.push(chars.trimEnd());
    styles.push(runs.join(' '));
  }
  term.dispose();
  return {text, styles};
}
