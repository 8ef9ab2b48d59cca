// Every log in the console is this pager: it follows the newest line, j/k PgUp/PgDn ctrl+u/ctrl+d scroll back
// (which stops following and counts the newer lines below), g goes to the first line, G follows again, `/`
// filters the lines (or, with `search`, finds them: matches highlighted, n/N older/newer) and `w` wraps long
// lines. With a `source` the lines are a window of a longer log that the pager extends as the reader scrolls.
// The status line under it says which of those is in effect.
import React, {useEffect, useMemo, useRef, type ReactNode} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import {useBodySize} from '../hooks/useBodySize.js';
import {useFilter, useRemembered} from '../hooks/useNav.js';
import {useFilterable, usePagerKeys, useSearchable} from '../hooks/useViewFeatures.js';
import {color} from '../theme.js';
import {matchingLines, pagerWindow, scrollBy, scrollTop, type PagerSource, type Scroll, type SeqLine} from './pagerView.js';
import {wrapCells} from '../../lib/cells.js';
import {safeLine} from '../../lib/safeText.js';
import {Highlighted, useSearch} from './pagerSearch.js';

export interface LogPagerProps<T extends SeqLine> {
  /** Every line, oldest first; `seq` only grows. */
  readonly lines: readonly T[];
  /** The line as plain text: what `/` matches, and what a wrapped line shows (cut into rows by the pager). */
  readonly text: (line: T) => string;
  /** The line as shown unwrapped (inside one Text); `prev` is the line above it on screen. @default text */
  readonly render?: (line: T, prev: T | undefined) => ReactNode;
  /** Rows for the lines and the status line. @default the body height */
  readonly height?: number;
  /** Status while following: 'following · new lines every 2s'. */
  readonly following?: string;
  /** Shown instead of the lines when there are none. @default 'No log lines yet' */
  readonly emptyText?: string;
  /** Plural noun for the filtered-empty line. @default 'log lines' */
  readonly noun?: string;
  /** Which of the screen's logs this is, for remembering its scroll (a filter, an event id). @default '' */
  readonly memory?: string;
  /** Where the pager opens: at the newest line (following) or at the first one. @default 'end' */
  readonly start?: 'top' | 'end';
  /** Takes the scroll keys. @default true */
  readonly active?: boolean;
  /** The lines are a window of a longer log (seq = line number from 0); see PagerSource. */
  readonly source?: PagerSource;
  /** `/` finds lines (highlighted, n/N move between matches) instead of filtering them. */
  readonly search?: boolean;
}

export function LogPager<T extends SeqLine>(props: LogPagerProps<T>) {
  const body = useBodySize();
  const filter = useFilter();
  useFilterable();
  usePagerKeys();
  useSearchable(props.search === true);
  const {lines, text, source, search} = props;
  const [wrap, setWrap] = useRemembered('pager:wrap', false);
  const height = Math.max(1, (props.height ?? body.height) - 1);
  const [scroll, setScroll] = useRemembered<Scroll>(`pager:${props.memory ?? ''}`, props.start === 'top' ? scrollTop(lines, height) : {follow: true});
  const width = Math.max(1, body.width);
  const shown = useMemo(() => (search ? lines : matchingLines(lines, text, filter)), [lines, text, filter, search]);
  // Wrapped, the pager cuts each line into rows itself (terminal cells, at spaces where it can) and draws exactly
  // those rows: the rows the window counts are the rows on screen, so no line is squeezed or left out.
  const wrapped = useMemo(() => {
    const cache = new WeakMap<T, string[]>();
    return (l: T) => {
      let r = cache.get(l);
      if (r === undefined) cache.set(l, (r = wrapCells(safeLine(text(l)), width)));
      return r;
    };
  }, [text, width]);
  const rows = wrap ? (l: T) => wrapped(l).length : undefined;
  const view = pagerWindow(shown, scroll, height, rows);
  const lastShown = view.lines.at(-1)?.seq ?? -1;
  const loadedEnd = (lines.at(-1)?.seq ?? -1) + 1;
  // A pager opened at its first line is read downward: its search goes down first (n below, N above).
  const down = props.start === 'top';
  const found = useSearch(props, search ? filter : '', lastShown, height, setScroll, down ? {firstShown: view.lines[0]?.seq ?? 0} : undefined);

  // Key handlers read the latest lines and height (a poll can land between a render and a key).
  const latest = useRef({shown, height, rows, source, loadedEnd});
  latest.current = {shown, height, rows, source, loadedEnd};
  // Reaching the bottom of what is loaded follows again, unless more of the log lies beyond it.
  const notPastLoaded = (s: Scroll): Scroll => {
    const {source: src, loadedEnd: end, shown: all} = latest.current;
    return s.follow && src && end < src.total && all.length > 0 ? {follow: false, lastSeq: all.at(-1)!.seq} : s;
  };
  const move = (delta: (h: number) => number) => () =>
    setScroll((s) => notPastLoaded(scrollBy(latest.current.shown, s, latest.current.height, delta(latest.current.height), latest.current.rows)));

  // With a source: tell it whether new lines may push old ones out, and read more near either end of the window.
  useEffect(() => void source?.follow(scroll.follow), [source, scroll.follow]);
  useEffect(() => {
    if (!source || scroll.follow || shown.length === 0) return;
    if (view.start < height && source.first > 0) source.older();
    else if (shown.length - view.end < height && loadedEnd < source.total) source.newer();
  }, [source, scroll.follow, view.start, view.end, shown.length, height, loadedEnd]);
  useKeys(
    'screen',
    {
      'list.up': move(() => -1),
      'list.down': move(() => 1),
      'list.pageUp': move((h) => -Math.max(1, h - 1)),
      'list.pageDown': move((h) => Math.max(1, h - 1)),
      'list.halfUp': move((h) => -Math.max(1, Math.floor(h / 2))),
      'list.halfDown': move((h) => Math.max(1, Math.floor(h / 2))),
      'list.top': () => {
        const src = latest.current.source;
        if (src && src.first > 0) src.jump('start');
        setScroll(src ? {follow: false, lastSeq: -1} : scrollTop(latest.current.shown, latest.current.height, latest.current.rows));
      },
      'pager.follow': () => {
        const src = latest.current.source;
        if (src && latest.current.loadedEnd < src.total) src.jump('end');
        setScroll({follow: true});
      },
      'pager.next': () => (search ? found.next(down ? 'newer' : 'older') : false),
      'pager.prev': () => (search ? found.next(down ? 'older' : 'newer') : false),
      'pager.wrap': () => setWrap((w) => !w),
    },
    {active: props.active ?? true},
  );

  if (lines.length === 0) return <Text color={color.muted}>{source?.loading ? 'Reading the log…' : (props.emptyText ?? 'No log lines yet')}</Text>;
  if (shown.length === 0) return <Text color={color.muted}>No {props.noun ?? 'log lines'} match /{filter} (Esc clears the filter)</Text>;
  const total = source?.total ?? shown.length;
  const below = source ? Math.max(0, source.total - lastShown - 1) : view.below;
  const position = source
    ? `lines ${(view.lines[0]?.seq ?? 0) + 1}–${lastShown + 1} of ${total}${lines.length < total ? ` · ${lines.length} in memory` : ''}`
    : `lines ${view.start + 1}–${view.end} of ${shown.length}${filter && !search ? ` (of ${lines.length})` : ''}`;
  const linesBelow = (n: number, kind: string) => `${n} ${kind} line${n === 1 ? '' : 's'} below`;
  // A pager opened at its first line shows a document (a file, an event), read downward: not a log to follow.
  const state = scroll.follow
    ? (props.following ?? 'following')
    : props.start === 'top'
      ? `${below ? `${linesBelow(below, 'more')} · ` : ''}G goes to the end`
      : `scrolled back${below ? ` · ${linesBelow(below, 'newer')}` : ''} · G follows again`;
  const term = search ? filter : '';
  return (
    <Box flexDirection="column">
      <Box flexDirection="column" height={Math.min(height, view.lines.reduce((n, l) => n + (rows ? rows(l) : 1), 0))} overflow="hidden">
        {view.lines.map((l, i) =>
          wrap ? (
            wrapped(l).map((row, r) => (
              <Text key={`${l.seq}:${r}`} wrap="truncate-end">
                {term && row.toLowerCase().includes(term.toLowerCase()) ? <Highlighted text={row} term={term} current={l.seq === found.match} /> : row}
              </Text>
            ))
          ) : (
            <Text key={l.seq} wrap="truncate-end">
              {term && text(l).toLowerCase().includes(term.toLowerCase()) ? (
                <Highlighted text={text(l)} term={term} current={l.seq === found.match} />
              ) : props.render ? (
                props.render(l, view.lines[i - 1])
              ) : (
                text(l)
              )}
            </Text>
          ),
        )}
      </Box>
      <Text color={scroll.follow ? color.muted : color.warn} wrap="truncate-end">
        {term ? `${found.status} · ` : ''}
        {state} · {position}
        {wrap ? ' · wrapped' : ''}
      </Text>
    </Box>
  );
}
