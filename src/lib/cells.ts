// Terminal cell widths: THE one place display text is measured, cut, padded and wrapped, in the console (tables,
// header, title, footer, dialogs, the log pager, the first frame painted before Ink) and in command mode's tables.
// A terminal gives a CJK character or an emoji two cells, a combining accent none: counting code points (`[...s]
// .length`) pushes every later column of a row with `売上ダッシュボード` in it nine cells right. Widths come from
// `string-width`, the measure Ink lays its boxes out with, so a fitted line is exactly as wide as Ink draws it.
//
// Text made only of characters that take one cell each and never join a neighbour into one grapheme (printable
// ASCII, Latin letters with precomposed accents, the console's own glyphs: › ✓ ✗ ● ○ ⟳ ★ … — · ▲ ▼ ↑ ↓ ⎇ ⏎ and
// box drawing) is measured by its length. test/lib/cells.test.ts checks every character of this class against
// string-width.
//
// string-width is loaded on the first text outside that class, not at import: loading it makes a grapheme
// segmenter (Unicode break tables), which would cost every command and the console's first frame (painted before
// Ink loads) tens of milliseconds of CPU for lists that are all ASCII. It is a synchronous `require` so that the
// measure stays a plain function: the bundle (esbuild) turns it into a lazy initialiser of the bundled module, and
// where there is no `require` (an ES module run from source) Node's `createRequire` loads it.
import {createRequire} from 'node:module';

export const ONE_CELL_EACH = /^[\u0020-\u007e\u00a0-\u00a8\u00aa-\u00ac\u00af-\u02ff\u2010-\u2027\u2030-\u203b\u2190-\u2193\u2387\u23ce\u2500-\u25a9\u25ac-\u25b5\u25b7-\u25bf\u25c1-\u25fa\u2605\u2713\u2717\u275a\u27f0-\u27ff]*$/;
const ELLIPSIS = '…';

type StringWidth = typeof import('string-width').default;
let measure: StringWidth | undefined;

function loadStringWidth(): StringWidth {
  let module: typeof import('string-width');
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
    module = require('string-width') as typeof import('string-width');
  } catch (err) {
    if (!(err instanceof ReferenceError)) throw err;
    module = createRequire(import.meta.url)('string-width') as typeof import('string-width');
  }
  return module.default;
}

/** Cells `text` takes on a terminal (one line; a newline or control counts nothing). */
export function cellWidth(text: string): number {
  return ONE_CELL_EACH.test(text) ? text.length : (measure ??= loadStringWidth())(text);
}

let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of `text` (what a terminal draws as one character: `e` + U+0301, a flag, a ZWJ emoji). */
export function graphemes(text: string): string[] {
  if (ONE_CELL_EACH.test(text)) return [...text];
  segmenter ??= new Intl.Segmenter();
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** How many of `clusters` fit in `width` cells, and the cells they take. */
function fitting(clusters: readonly string[], width: number): {count: number; cells: number} {
  let cells = 0;
  let count = 0;
  for (const g of clusters) {
    const w = cellWidth(g);
    if (cells + w > width) break;
    cells += w;
    count++;
  }
  return {count, cells};
}

/** The longest start of `text` that fits in `width` cells; a wide character that would straddle the edge is left out. */
export function sliceCells(text: string, width: number): string {
  if (width <= 0) return '';
  if (ONE_CELL_EACH.test(text)) return [...text].slice(0, width).join('');
  const clusters = graphemes(text);
  return clusters.slice(0, fitting(clusters, width).count).join('');
}

/** `text` cut to at most `width` cells, ending in … when something was cut. */
export function truncateCells(text: string, width: number): string {
  if (width <= 0) return '';
  if (cellWidth(text) <= width) return text;
  return sliceCells(text, width - 1) + ELLIPSIS;
}

/** `text` padded with spaces to `width` cells (never cut), on the right or, for `align: 'right'`, on the left. */
export function padCells(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const pad = ' '.repeat(Math.max(0, width - cellWidth(text)));
  return align === 'right' ? pad + text : text + pad;
}

/** `text` on one line in exactly `width` cells: newlines flattened, cut with … when longer, padded when shorter. */
export function fitCells(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  return padCells(truncateCells(text.replace(/\s*\n\s*/g, ' '), width), width, align);
}

/** `text` cut into lines of at most `width` cells, at spaces where it can (each `\n` starts a line). */
export function wrapCells(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let rest = graphemes(para);
    let cells = cellWidth(para);
    while (cells > w) {
      // At least one cluster per line, even one wider than the line.
      const count = Math.max(1, fitting(rest, w).count);
      const space = rest.slice(0, count + 1).lastIndexOf(' ');
      const cut = space > count / 2 ? space : count;
      out.push(rest.slice(0, cut).join('').trimEnd());
      let next = cut;
      while (rest[next] === ' ') next++;
      cells -= cellWidth(rest.slice(0, next).join(''));
      rest = rest.slice(next);
    }
    out.push(rest.join(''));
  }
  return out;
}
