// Ink's output stage with caches that outlive a frame. Ink (6.8) composes every frame as a grid of styled cells:
// each line a node writes is tokenized (its ANSI codes become cells), each cell is measured, and every row is
// turned back into a string, for the whole screen on every frame, although a key press changes a few rows. Its
// caches are made anew for each frame. Measured on a 120×35 list, that was most of a frame's CPU.
//
// `cachedGet` is the same composition as Ink's `Output.get`, step for step, with three caches kept from frame to
// frame: a written line's cells and their widths, a clipped line's slice, and each row's string, reused when the
// row is written with the very same lines at the same columns as the previous frame's row at the same width (a row
// is a function of those alone), so an unchanged row is neither filled with cells nor compared cell by cell (widths
// are the ones Ink's layout remembers too: widestLine.ts). Cells are never changed once made, so sharing them
// between frames is safe. test/ui/inkOutput.test.ts compares its output with Ink's own on random frames.
//
// Installed once, by the App's module (every render of the console goes through it): it replaces the `get` of
// Ink's `Output` class. The class is reached through its file, as Ink's renderer imports it (one module, so one
// class); if that file no longer has the shape this was written for, Ink's own `get` is left in place.
import {ansiCodesToString, diffAnsiCodes, styledCharsFromTokens, tokenize, type StyledChar} from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import InkOutput from '../../node_modules/ink/build/output.js';
import widest, {Bounded, lineWidth as width} from './widestLine.js';

/** Ink's Output class, the one its renderer uses (for the test that compares the stages and the bench). */
export {InkOutput};

type Transformer = (line: string, index: number) => string;
type Operation =
  | {type: 'write'; x: number; y: number; text: string; transformers: Transformer[]}
  | {type: 'clip'; clip: Clip}
  | {type: 'unclip'};
interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}
/** What `get` reads of an Ink Output (the fields are private in Ink's types). */
export interface OutputState {
  width: number;
  height: number;
  operations: Operation[];
}
type Get = (this: OutputState) => {output: string; height: number};

interface Line {
  cells: StyledChar[];
  /** Each cell's printed width: at least 1, as Ink counts it. */
  widths: number[];
}

const BLANK: StyledChar = Object.freeze({type: 'char', value: ' ', fullWidth: false, styles: []}) as StyledChar;
const lines = new Bounded<Line>(4000);
const slices = new Bounded<string>(4000);
/** The empty cell after a wide character, one per character cell (it carries that cell's styles). */
const continuations = new WeakMap<StyledChar, StyledChar>();
/**
 * What was written into one row, in order: a column, then the line written there (`line()`'s object: the same
 * object for the same text while it is remembered), then the next column and line. With the width, that decides
 * the row's cells.
 */
type Placed = (number | Line)[];
/** The previous frame's width, what was written into each row and the rows' strings, for rows that did not change. */
let previous: {width: number; placed: Placed[]; text: string[]} = {width: -1, placed: [], text: []};

function line(text: string): Line {
  return lines.remember(text, () => {
    const cells = styledCharsFromTokens(tokenize(text));
    return {cells, widths: cells.map((c) => Math.max(1, width(c.value)))};
  });
}

function continuation(cell: StyledChar): StyledChar {
  let after = continuations.get(cell);
  if (!after) {
    after = {type: 'char', value: '', fullWidth: false, styles: cell.styles};
    continuations.set(cell, after);
  }
  return after;
}

type Styles = StyledChar['styles'];
const NO_STYLES: Styles = [];

/** The same codes in the same order: going from one to the other takes no ANSI code (diffAnsiCodes gives none). */
function sameStyles(a: Styles, b: Styles): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.code !== b[i]!.code || a[i]!.endCode !== b[i]!.endCode) return false;
  return true;
}

/**
 * A row's string, as ansi-tokenize's styledCharsToString makes it: each cell's value after the codes that go from
 * the previous cell's styles to its own, and the codes that end the last cell's styles. That function works the
 * codes out for every cell (sets and arrays made per cell: most of a repainted row's time); here only where the
 * styles change, which for a run of cells of one style gives the same string (no codes between them).
 */
function rowText(row: readonly (StyledChar | undefined)[]): string {
  let text = '';
  let styles = NO_STYLES;
  for (const cell of row) {
    if (cell === undefined) continue;
    if (!sameStyles(styles, cell.styles)) {
      text += ansiCodesToString(diffAnsiCodes(styles, cell.styles));
      styles = cell.styles;
    }
    text += cell.value;
  }
  return styles.length > 0 ? text + ansiCodesToString(diffAnsiCodes(styles, NO_STYLES)) : text;
}

function samePlaced(a: Placed | undefined, b: Placed): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A row's string: blank cells, then each line written over them in order, as Ink composes it. */
function composeRow(width: number, placed: Placed): string {
  const row: (StyledChar | undefined)[] = new Array<StyledChar>(width).fill(BLANK);
  for (let p = 0; p < placed.length; p += 2) {
    const {cells, widths: cellWidths} = placed[p + 1] as Line;
    let at = placed[p] as number;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      row[at] = cell;
      for (let k = 1; k < cellWidths[i]!; k++) row[at + k] = continuation(cell);
      at += cellWidths[i]!;
    }
  }
  return rowText(row).trimEnd();
}

/** Ink's Output.get, with the caches above. */
export const cachedGet: Get = function (this: OutputState) {
  const rows: Placed[] = [];
  for (let y = 0; y < this.height; y++) rows.push([]);
  const clips: Clip[] = [];
  for (const operation of this.operations) {
    if (operation.type === 'clip') clips.push(operation.clip);
    if (operation.type === 'unclip') clips.pop();
    if (operation.type !== 'write') continue;
    const {text, transformers} = operation;
    let {x, y} = operation;
    let texts = text.split('\n');
    const clip = clips.at(-1);
    if (clip) {
      const horizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
      const vertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
      if (horizontally && (x + widest(text) < clip.x1! || x > clip.x2!)) continue;
      if (vertically && (y + texts.length < clip.y1! || y > clip.y2!)) continue;
      if (horizontally) {
        const from = x < clip.x1! ? clip.x1! - x : 0;
        texts = texts.map((t) => {
          const w = width(t);
          const to = x + w > clip.x2! ? clip.x2! - x : w;
          return slices.remember(`${from}\u0000${to}\u0000${t}`, () => sliceAnsi(t, from, to));
        });
        if (x < clip.x1!) x = clip.x1!;
      }
      if (vertically) {
        const from = y < clip.y1! ? clip.y1! - y : 0;
        const to = y + texts.length > clip.y2! ? clip.y2! - y : texts.length;
        texts = texts.slice(from, to);
        if (y < clip.y1!) y = clip.y1!;
      }
    }
    // As Ink does: a line with no row to go in (above or below the output) is dropped, and so are the lines after it.
    let down = 0;
    for (const [index, original] of texts.entries()) {
      const row = rows[y + down];
      if (!row) continue;
      let t = original;
      for (const transformer of transformers) t = transformer(t, index);
      row.push(x, line(t));
      down++;
    }
  }
  const same = previous.width === this.width;
  const text = rows.map((placed, y) => (same && samePlaced(previous.placed[y], placed) ? previous.text[y]! : composeRow(this.width, placed)));
  previous = {width: this.width, placed: rows, text};
  return {output: text.join('\n'), height: rows.length};
};

const proto = InkOutput.prototype as unknown as Record<PropertyKey, unknown> & {get: Get};
/** Ink's own `get`, kept on the class (this module may be loaded more than once), for the test that compares. */
const ORIGINAL = Symbol.for('svc.inkOutput.original');
proto[ORIGINAL] ??= proto.get;
export const inkGet = proto[ORIGINAL] as Get;

const probe = new InkOutput({width: 0, height: 0}) as unknown as Partial<OutputState>;
if (inkGet.length === 0 && Array.isArray(probe.operations) && typeof proto.write === 'function' && typeof proto.clip === 'function' && typeof proto.unclip === 'function') {
  proto.get = cachedGet;
}
