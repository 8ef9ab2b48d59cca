// Pure table layout: column widths from the available width, truncation with …, alignment, filtering.
import {cellWidth, fitCells} from '../../lib/cells.js';
import {safeLine} from '../../lib/safeText.js';

export interface Column<T> {
  readonly id: string;
  readonly header: string;
  /** Fixed width in cells. */
  readonly width?: number;
  /** Share of the width left after fixed columns. @default 1 when no width is given */
  readonly flex?: number;
  /** @default 'left' */
  readonly align?: 'left' | 'right';
  /**
   * Cell text; also what `/` filters on. A function of the row for one columns array: `/` keeps a row's texts while
   * the row and the array are the same objects, so columns whose text changes (a ticking clock) come in a new array.
   */
  readonly render: (row: T) => string;
  /** What `>`/`<` sort on (numbers sort as numbers). @default the cell text */
  readonly sortValue?: (row: T) => string | number | undefined;
  /** Ink colour for the cell (meaning must also be in the text: ✓ ✗ ●). */
  readonly color?: (row: T) => string | undefined;
}

/** Columns are separated by one space; the first 2 cells of a line hold the selection marker. Widths are terminal cells (lib/cells.ts). */
export const GAP = 1;
export const MARKER_WIDTH = 2;

/** One cell as the table shows it: the column's text made safe for the terminal, fitted to its width. */
export function cellText<T>(row: T, column: Column<T>, width: number): string {
  return fitCells(safeLine(column.render(row)), width, column.align);
}

/** A heading as wide as its fixed column would run into the next one (`LATEST CHANNEL VERSION`): one more cell keeps them apart. */
function apart<T>(columns: readonly Column<T>[], i: number): number {
  const c = columns[i]!;
  return i < columns.length - 1 && c.width !== undefined && c.header.trim() !== '' && cellWidth(c.header) >= c.width ? 1 : 0;
}

/** Widths for each column so that marker + columns + gaps fill `total` exactly (never more). */
export function columnWidths<T>(columns: readonly Column<T>[], total: number): number[] {
  const avail = Math.max(0, total - MARKER_WIDTH - GAP * Math.max(0, columns.length - 1));
  const fixed = columns.reduce((sum, c, i) => sum + (c.width === undefined ? 0 : c.width + apart(columns, i)), 0);
  const flexTotal = columns.reduce((sum, c) => sum + (c.width === undefined ? (c.flex ?? 1) : 0), 0);
  let rest = Math.max(0, avail - fixed);
  let flexLeft = flexTotal;
  return columns.map((c, i) => {
    if (c.width !== undefined) return Math.min(c.width + apart(columns, i), avail);
    const share = c.flex ?? 1;
    const w = flexLeft > 0 ? Math.floor((rest * share) / flexLeft) : 0;
    rest -= w;
    flexLeft -= share;
    return w;
  });
}

/**
 * Each row's column texts as `/` matches them (lower-cased), per columns array: made once for a row and its columns
 * (the same objects) and reused for every key typed into the filter. Rows are values, as the table's other caches
 * already assume: a row whose text changes is a new object, and so is a columns array whose texts change (a column
 * whose text ticks with the clock comes in a new array for each tick), so neither ever meets text made for the old.
 */
const searchTexts = new WeakMap<object, WeakMap<object, readonly string[]>>();

function textsOf<T>(row: T, columns: readonly Column<T>[]): readonly string[] {
  const make = () => columns.map((c) => c.render(row).toLowerCase());
  if (typeof row !== 'object' || row === null) return make();
  let byRow = searchTexts.get(columns);
  if (!byRow) searchTexts.set(columns, (byRow = new WeakMap()));
  let texts = byRow.get(row);
  if (!texts) byRow.set(row, (texts = make()));
  return texts;
}

/** The `/` filter of one table: case-insensitive substring match over every column's text. */
export type RowFilter<T> = (rows: readonly T[], columns: readonly Column<T>[], filter: string) => readonly T[];

/**
 * A table's `/` filter. Typing narrows: when the new text contains the last one (a letter typed at either end, the
 * same rows and columns), every row that matches it matched the last text too, so only the last result is looked at
 * (in the same order: the result is the same as filtering all rows).
 */
export function rowFilter<T>(): RowFilter<T> {
  let last: {rows: readonly T[]; columns: readonly Column<T>[]; needle: string; result: readonly T[]} | undefined;
  return (rows, columns, filter) => {
    const needle = filter.trim().toLowerCase();
    if (needle === '') return rows;
    const from = last !== undefined && last.rows === rows && last.columns === columns && needle.includes(last.needle) ? last.result : rows;
    const result = from.filter((row) => textsOf(row, columns).some((text) => text.includes(needle)));
    last = {rows, columns, needle, result};
    return result;
  };
}

/** First row index of the window that keeps `index` visible, moving as little as possible from `prev`. */
export function windowStart(prev: number, index: number, visible: number, total: number): number {
  if (visible <= 0) return 0;
  let start = prev;
  if (index < start) start = index;
  if (index >= start + visible) start = index - visible + 1;
  return Math.max(0, Math.min(start, total - visible));
}
