// A table that renders only the rows that fit, keeps the selection by row id across refreshes, truncates
// cells with … and aligns columns. Keys (j/k ↑/↓ g/G PgUp/PgDn Enter, > < ~ sort, W wrap) come through the
// dispatcher; the position (`12 of 45`) goes to the title line.
import React, {memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import {useBodySize} from '../hooks/useBodySize.js';
import {useFilter, useFilterChange, useRemembered} from '../hooks/useNav.js';
import {useOpenLabel} from '../hooks/useKeyScope.js';
import {useTitleCount} from '../hooks/useTitle.js';
import {useFilterable} from '../hooks/useViewFeatures.js';
import {color, glyph} from '../theme.js';
import {StateView} from './StateView.js';
import {cellText, columnWidths, GAP, rowFilter, windowStart, type Column} from './tableLayout.js';
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
  // The cursor outlives the screen: back from a row's details, the same row is highlighted.
  const [selection, setSelection] = useRemembered<SelectionState>(`table:${noun}`, {id: undefined, index: 0});
  const dispatch = useCallback((a: SelectionAction) => setSelection((s) => selectionReducer(s, a)), [setSelection]);
  const arrange = useArrange<T>();
  const publishes = props.publishCount !== false && (props.active ?? true);
  // What the list shows for a state of its keys and filter: the rows, the cursor's index, and the title line's count
  // and position (`12 of 45`). The render draws it; a key handler publishes the next state's title line with it.
  const viewOf = (v: ViewState) => {
    const {filtered, ids} = arrange(rows, columns, v.filter, v.sort, getRowId);
    const index = resolveIndex(v.selection, ids);
    const position =
      publishes && filtered.length > 0
        ? positionText({at: index + 1, shown: filtered.length, total: props.total, filtered: v.filter.trim() !== '', partialSort: v.sort !== undefined && (props.total ?? 0) > rows.length, wrap: v.wrap})
        : undefined;
    return {filtered, ids, index, position, count: props.publishCount === false ? undefined : filtered.length};
  };
  const state: ViewState = {filter, sort, wrap, selection};
  const {filtered, ids, index, position, count} = viewOf(state);
  const publishPosition = usePublishPosition(position);
  const publishCount = useTitleCount(count);
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

  // Handlers read these refs so a key pressed right after a refresh acts on the rows now shown.
  const live = useRef({filtered, index, visible, state, viewOf});
  live.current = {filtered, index, visible, state, viewOf};
  // A key changes the list and the title line (its count and position) in one update, so it paints one frame.
  // (Published from the render's effects, the title line would be a second commit, and Ink, which paints at most
  // one frame per 1/maxFps s, would show it a frame later: a second full repaint per key.) The effects stay for
  // every other change (a refresh, a new screen).
  const change = (next: Partial<ViewState>) => {
    const before = live.current.state;
    const v = {...before, ...next};
    live.current.state = v;
    // A move that stays where it is (↑ on the first row) sets nothing: even a state set to what it was renders again.
    if (next.selection !== undefined && next.selection !== before.selection) setSelection(next.selection);
    if ('sort' in next) setSort(next.sort);
    if (next.wrap !== undefined) setWrap(next.wrap);
    const shown = live.current.viewOf(v);
    publishPosition(shown.position);
    publishCount(shown.count);
  };
  const move = (how: {type: 'move'; delta: number} | {type: 'to'; index: number}) => {
    const {state, viewOf} = live.current;
    change({selection: selectionReducer(state.selection, {...how, ids: viewOf(state).ids})});
  };
  // The `/` filter is the shell's: the list hears the new text in the update that sets it.
  useFilterChange((next) => change({filter: next}), props.filter === undefined);
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
      'list.sortNext': () => change({sort: stepSort(live.current.state.sort, columns, 1)}),
      'list.sortPrev': () => change({sort: stepSort(live.current.state.sort, columns, -1)}),
      'list.sortReverse': () => {
        const s = live.current.state.sort;
        change({sort: s ? {...s, desc: !s.desc} : stepSort(s, columns, 1)});
      },
      'list.wrap': () => change({wrap: !live.current.state.wrap}),
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

/** What the list's keys and the `/` filter decide: the rows shown, their order, the cursor, the wrap. */
interface ViewState {
  readonly filter: string;
  readonly sort: SortState | undefined;
  readonly wrap: boolean;
  readonly selection: SelectionState;
}

/**
 * The rows after the filter and the sort, and their ids, each computed once per input (the same objects): a key
 * handler that works out the next state's title line computes them for the render that follows it.
 */
function useArrange<T>() {
  const [rowsFor] = useState(() => {
    const filterRows = rowFilter<T>();
    return lastOf((rows: readonly T[], columns: readonly Column<T>[], filter: string, sort: SortState | undefined) => sortRows(filterRows(rows, columns, filter), columns, sort));
  });
  const [idsFor] = useState(() => lastOf((filtered: readonly T[], getRowId: (row: T) => string) => filtered.map(getRowId)));
  return (rows: readonly T[], columns: readonly Column<T>[], filter: string, sort: SortState | undefined, getRowId: (row: T) => string) => {
    const filtered = rowsFor(rows, columns, filter, sort);
    return {filtered, ids: idsFor(filtered, getRowId)};
  };
}

/** `fn` that gives its last result again for the same arguments (the same objects). */
function lastOf<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: {args: A; result: R} | undefined;
  return (...args) => {
    if (last?.args.length === args.length && last.args.every((a, i) => a === args[i])) return last.result;
    last = {args, result: fn(...args)};
    return last.result;
  };
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
