// Sorting and the position line of a DataTable: pure functions, so the table stays a view.
import {GAP, type Column} from './tableLayout.js';
import {fitCells} from '../../lib/cells.js';
import {groupDigits} from '../../lib/format.js';

export interface SortState {
  /** The column id sorted on. */
  readonly column: string;
  readonly desc: boolean;
}

/** The next sort on `>` (step 1) or `<` (step -1): none → first column → … → last column → none. */
export function stepSort<T>(sort: SortState | undefined, columns: readonly Column<T>[], step: 1 | -1): SortState | undefined {
  const ids = columns.filter((c) => c.header.trim() !== '').map((c) => c.id);
  if (ids.length === 0) return undefined;
  const at = sort === undefined ? -1 : ids.indexOf(sort.column);
  const next = at === -1 ? (step === 1 ? 0 : ids.length - 1) : at + step;
  if (next < 0 || next >= ids.length) return undefined;
  return {column: ids[next]!, desc: false};
}

// Made on the first sort: building it at import would load ICU's collation data on the console's first frame.
let collator: Intl.Collator | undefined;

/** Rows in the sort's order (stable; empty cells last either way); the rows as given without a sort. */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState | undefined): readonly T[] {
  const column = sort && columns.find((c) => c.id === sort.column);
  if (!sort || !column) return rows;
  const key = column.sortValue ?? column.render;
  const keyed = rows.map((row, i) => ({row, i, k: key(row)}));
  const empty = (k: string | number | undefined) => k === undefined || k === '' || k === '—';
  keyed.sort((a, b) => {
    if (empty(a.k) !== empty(b.k)) return empty(a.k) ? 1 : -1;
    const order =
      typeof a.k === 'number' && typeof b.k === 'number' ? a.k - b.k : (collator ??= new Intl.Collator('en', {numeric: true, sensitivity: 'base'})).compare(String(a.k ?? ''), String(b.k ?? ''));
    return (sort.desc ? -order : order) || a.i - b.i;
  });
  return keyed.map((k) => k.row);
}

/** A heading with its sort arrow. */
export function sortedHeader(header: string, sort: SortState | undefined, id: string): string {
  return sort?.column === id ? `${header}${sort.desc ? '▼' : '▲'}` : header;
}

/** The heading line after the marker cells: each heading fitted to its column, the sorted one marked. */
export function headerText<T>(columns: readonly Column<T>[], widths: readonly number[], sort: SortState | undefined): string {
  return columns.map((c, i) => fitCells(sortedHeader(c.header, sort, c.id), widths[i] ?? 0, c.align)).join(' '.repeat(GAP));
}

export interface Position {
  /** 1-based row under the cursor among the rows shown. */
  readonly at: number;
  /** Rows shown (after the filter). */
  readonly shown: number;
  /** Rows the list holds at the service (its paging total), when that is more than were loaded. */
  readonly total?: number;
  readonly filtered: boolean;
  /** Sorted while the service has more rows than were loaded: only loaded rows are in that order. */
  readonly partialSort: boolean;
  readonly wrap: boolean;
}

const n = groupDigits;

/** `12 of 45`; `3 of 12 matching · 45 in all`; `12 of 10,000 · sorted: 50 loaded`. */
export function positionText(p: Position): string {
  const all = p.total !== undefined && p.total > p.shown ? p.total : undefined;
  const parts = [p.filtered ? `${n(p.at)} of ${n(p.shown)} matching` : `${n(p.at)} of ${n(all ?? p.shown)}`];
  if (p.filtered && all !== undefined) parts.push(`${n(all)} in all`);
  if (p.partialSort) parts.push(`sorted: ${n(p.shown)} loaded`);
  if (p.wrap) parts.push('wrap');
  return parts.join(' · ');
}
