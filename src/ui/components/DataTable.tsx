// A table that renders only the rows that fit, keeps the selection by row id across refreshes, truncates
// cells with … and aligns columns. Keys (j/k ↑/↓ g/G PgUp/PgDn Enter, > < ~ sort, W wrap) come through the
// dispatcher; the position (`12 of 45`) goes to the title line.
import React, {memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import {useBodySize} from '../hooks/useBodySize.js';
import {useFilter, useRemembered} from '../hooks/useNav.js';
import {useOpenLabel} from '../hooks/useKeyScope.js';
import {useTitleCount} from '../hooks/useTitle.js';
import {useFilterable} from '../hooks/useViewFeatures.js';
import {color, glyph} from '../theme.js';
import {StateView} from './StateView.js';
import {cellText, columnWidths, filterRows, GAP, windowStart, type Column} from './tableLayout.js';
import {resolveIndex, selectionReducer, type SelectionAction, type SelectionState} from './tableState.js';
import {headerText, positionText, sortRows, stepSort, type SortState} from './tableSort.js';
import {cellWidth, wrapCells} from '../../lib/cells.js';
import {usePublishPosition} from '../hooks/usePosition.js';
import {safeLine} from '../../lib/safeText.js';

export type {Column} from './tableLayout.js';

export interface DataTableProps<T> {
  readonly rows: readonly T[];
  readonly columns: readonly Column<T>[];
  readonly getRowId: (row: T) => string;
  /** Lines for header + rows. @default the body height the shell gives the screen */
  readonly height?: number;
  /** @default the body width */
  readonly width?: number;
  /** @default the current screen's `/` filter */
  readonly filter?: string;
  /** Plural noun for the empty and filtered-empty states. @default 'rows' */
  readonly noun?: string;
  readonly emptyText?: string;
  /** Called when the highlighted row changes (also for the first row). */
  readonly onSelect?: (row: T) => void;
  /** Enter on a row. */
  readonly onActivate?: (row: T) => void;
  /** What Enter does, for the footer. @default 'open' (when onActivate is set) */
  readonly activateLabel?: string;
  /** Called with the number of rows left after the filter. */
  readonly onFilteredCount?: (count: number) => void;
  /** Called with the rows on screen whenever that window changes (for fetching per-row details lazily). */
  readonly onVisibleRows?: (rows: readonly T[]) => void;
  /** Takes the list keys. @default true */
  readonly active?: boolean;
  /** Publish the filtered count to the title line. @default true */
  readonly publishCount?: boolean;
  /** Rows the service holds (its paging total) when more than `rows` were loaded: the position line says so. */
  readonly total?: number;
  /** Moves the cursor to `focus.id` once per new object (a newly created row, the first error), as soon as the row is there. */
  readonly focus?: {readonly id: string};
}

interface RowProps {
  readonly cells: readonly {text: string; color?: string}[];
  readonly selected: boolean;
}

// Rows re-render only when their text or selection changes; a cursor move repaints two rows.
const Row = memo(function Row({cells, selected}: RowProps) {
  return (
    <Text inverse={selected} wrap="truncate-end">
      {selected ? `${glyph.selected} ` : '  '}
      {cells.map((c, i) => (
        <Text key={i} color={selected ? undefined : c.color}>
          {i > 0 ? ' '.repeat(GAP) : ''}
          {c.text}
        </Text>
      ))}
    </Text>
  );
}, (a, b) => a.selected === b.selected && a.cells.length === b.cells.length && a.cells.every((c, i) => c.text === b.cells[i]?.text && c.color === b.cells[i]?.color));

export function DataTable<T>(props: DataTableProps<T>) {
  const body = useBodySize();
  const navFilter = useFilter();
  const {rows, columns, getRowId, onSelect, onActivate, onFilteredCount} = props;
  const height = props.height ?? body.height;
  const width = props.width ?? body.width;
  const filter = props.filter ?? navFilter;
  const noun = props.noun ?? 'rows';
  // Sort and wrap, like the cursor, outlive the screen (back from a row's details, the same order).
  const [sort, setSort] = useRemembered<SortState | undefined>(`sort:${noun}`, undefined);
  const [wrap, setWrap] = useRemembered<boolean>(`wrap:${noun}`, false);
  const filtered = useMemo(() => sortRows(filterRows(rows, columns, filter), columns, sort), [rows, columns, filter, sort]);
  const ids = useMemo(() => filtered.map(getRowId), [filtered, getRowId]);
  // The cursor outlives the screen: back from a row's details, the same row is highlighted.
  const [selection, setSelection] = useRemembered<SelectionState>(`table:${noun}`, {id: undefined, index: 0});
  const dispatch = useCallback((a: SelectionAction) => setSelection((s) => selectionReducer(s, a)), [setSelection]);
  const index = resolveIndex(selection, ids);
  const widths = useMemo(() => columnWidths(columns, width), [columns, width]);
  // Wrap: the selected row's cells that do not fit are shown in full on lines below it, which the window gives up.
  const wrapped = useMemo(() => (wrap && filtered[index] !== undefined ? wrappedCells(filtered[index], columns, widths, width).slice(0, Math.max(0, height - 2)) : []), [wrap, filtered, index, columns, widths, width, height]);
  const visible = Math.max(wrapped.length > 0 ? 1 : 0, height - 1 - wrapped.length);
  // A requested row may arrive with a later refetch: the request waits until it is in the list, once.
  const focused = useRef<{readonly id: string} | undefined>(undefined);
  useEffect(() => {
    const f = props.focus;
    if (f === undefined || f === focused.current || !ids.includes(f.id)) return;
    focused.current = f;
    dispatch({type: 'select', id: f.id, ids});
  }, [props.focus, ids, dispatch]);

  // The list position on the title line (`12 of 45`) for a cursor index.
  const publishes = props.publishCount !== false && (props.active ?? true);
  const positionAt = (at: number) =>
    publishes && filtered.length > 0
      ? positionText({at: at + 1, shown: filtered.length, total: props.total, filtered: filter.trim() !== '', partialSort: sort !== undefined && (props.total ?? 0) > rows.length, wrap})
      : undefined;
  const publishPosition = usePublishPosition(positionAt(index));
  // Handlers read these refs so a key pressed right after a refresh acts on the rows now shown.
  const live = useRef({ids, filtered, index, visible, selection, positionAt});
  live.current = {ids, filtered, index, visible, selection, positionAt};
  // A cursor key moves the cursor and the position on the title line in one update, so the key paints one frame.
  // (Published from the render's layout effect, the position would be a second commit, and Ink, which paints at most
  // one frame per 1/maxFps s, would show it a frame later: a second full repaint per key.)
  const move = (how: {type: 'move'; delta: number} | {type: 'to'; index: number}) => {
    const {ids, selection, positionAt} = live.current;
    const next = selectionReducer(selection, {...how, ids});
    live.current.selection = next;
    setSelection(next);
    publishPosition(positionAt(resolveIndex(next, ids)));
  };
  const startRef = useRef(0);
  const start = windowStart(startRef.current, Math.max(0, index), visible, ids.length);
  startRef.current = start;

  useKeys(
    'screen',
    {
      'list.down': () => move({type: 'move', delta: 1}),
      'list.up': () => move({type: 'move', delta: -1}),
      'list.top': () => move({type: 'to', index: 0}),
      'list.bottom': () => move({type: 'to', index: -1}),
      'list.pageDown': () => move({type: 'move', delta: Math.max(1, live.current.visible)}),
      'list.pageUp': () => move({type: 'move', delta: -Math.max(1, live.current.visible)}),
      'list.halfDown': () => move({type: 'move', delta: Math.max(1, Math.floor(live.current.visible / 2))}),
      'list.halfUp': () => move({type: 'move', delta: -Math.max(1, Math.floor(live.current.visible / 2))}),
      'list.sortNext': () => setSort((s) => stepSort(s, columns, 1)),
      'list.sortPrev': () => setSort((s) => stepSort(s, columns, -1)),
      'list.sortReverse': () => setSort((s) => (s ? {...s, desc: !s.desc} : stepSort(s, columns, 1))),
      'list.wrap': () => setWrap((w) => !w),
      'list.open': () => {
        const row = live.current.filtered[live.current.index];
        if (!row || !onActivate) return false;
        onActivate(row);
      },
    },
    {active: props.active ?? true},
  );

  const selectedId = ids[index];
  const selectedRow = filtered[index];
  // Only a change of the highlighted id is a selection; a refresh of the same row is not. The row and the
  // callback are read through a ref so that a new row object or callback does not count as a selection.
  // A layout effect: the screen learns the selection in the commit that draws it, so a key typed right after the
  // frame acts on the highlighted row (a passive effect may run after that key's handler).
  const latest = useRef({selectedRow, onSelect});
  latest.current = {selectedRow, onSelect};
  useLayoutEffect(() => {
    const {selectedRow: row, onSelect: select} = latest.current;
    if (row !== undefined && select) select(row);
  }, [selectedId]);

  // The rows on screen, reported when the window's ids change (not on every render).
  const windowKey = ids.slice(start, start + visible).join('\n');
  const shown = useRef<readonly T[]>([]);
  shown.current = filtered.slice(start, start + visible);
  const onVisibleRows = props.onVisibleRows;
  useEffect(() => onVisibleRows?.(shown.current), [windowKey, onVisibleRows]);

  useTitleCount(props.publishCount === false ? undefined : filtered.length);
  useFilterable(props.filter === undefined && (props.active ?? true));
  useOpenLabel(onActivate && (props.active ?? true) ? (props.activateLabel ?? 'open') : undefined);
  useEffect(() => onFilteredCount?.(filtered.length), [filtered.length, onFilteredCount]);

  if (rows.length === 0 || filtered.length === 0) {
    return (
      <StateView
        query={{data: rows, error: null, isPending: false}}
        noun={noun}
        empty={rows.length === 0}
        filteredEmpty={filtered.length === 0}
        filter={filter}
        emptyText={props.emptyText}
      />
    );
  }
  const header = headerText(columns, widths, sort);
  const windowRows = filtered.slice(start, start + visible);
  return (
    <Box flexDirection="column" width={width} height={Math.min(height, windowRows.length + 1 + wrapped.length)}>
      <Text bold color={color.muted} wrap="truncate-end">
        {'  '}
        {header}
      </Text>
      {windowRows.map((row, i) => {
        const cells = columns.map((c, ci) => ({text: cellText(row, c, widths[ci] ?? 0), color: c.color?.(row)}));
        const line = <Row key={ids[start + i]} cells={cells} selected={start + i === index} />;
        if (start + i !== index || wrapped.length === 0) return line;
        return (
          <React.Fragment key={ids[start + i]}>
            {line}
            {wrapped.map((line, li) => (
              <Text key={li} wrap="truncate-end">
                {line}
              </Text>
            ))}
          </React.Fragment>
        );
      })}
    </Box>
  );
}

/** The selected row's cells that were cut, in full: `    HEADING  text…` lines, the text wrapped to the width. */
function wrappedCells<T>(row: T, columns: readonly Column<T>[], widths: readonly number[], width: number): string[] {
  const lines: string[] = [];
  columns.forEach((c, i) => {
    const text = safeLine(c.render(row));
    if (cellWidth(text) <= (widths[i] ?? 0)) return;
    const label = `    ${c.header || c.id}  `;
    const indent = ' '.repeat(cellWidth(label));
    wrapCells(text, width - cellWidth(label)).forEach((l, li) => lines.push(`${li === 0 ? label : indent}${l}`));
  });
  return lines;
}
