// Every log in the console is this pager: it follows the newest line, j/k PgUp/PgDn ctrl+u/ctrl+d scroll back
// (which stops following and counts the newer lines below), g goes to the first line, G follows again, `/`
// filters the lines and `w` wraps long lines. The status line under it says which of those is in effect.
import React, {useMemo, useRef, type ReactNode} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import {useBodySize} from '../hooks/useBodySize.js';
import {useFilter, useRemembered} from '../hooks/useNav.js';
import {useFilterable, usePagerKeys} from '../hooks/useTitle.js';
import {color} from '../theme.js';
import {matchingLines, pagerWindow, scrollBy, scrollTop, wrappedRows, type Scroll, type SeqLine} from './pagerView.js';

export interface LogPagerProps<T extends SeqLine> {
  /** Every line, oldest first; `seq` only grows. */
  readonly lines: readonly T[];
  /** The line as plain text: what `/` matches and what decides how many rows a wrapped line takes. */
  readonly text: (line: T) => string;
  /** The line as shown (inside one Text); `prev` is the line above it on screen. @default text */
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
}

export function LogPager<T extends SeqLine>(props: LogPagerProps<T>) {
  const body = useBodySize();
  const filter = useFilter();
  useFilterable();
  usePagerKeys();
  const {lines, text} = props;
  const [wrap, setWrap] = useRemembered('pager:wrap', false);
  const height = Math.max(1, (props.height ?? body.height) - 1);
  const [scroll, setScroll] = useRemembered<Scroll>(`pager:${props.memory ?? ''}`, props.start === 'top' ? scrollTop(lines, height) : {follow: true});
  const width = Math.max(1, body.width);
  const shown = useMemo(() => matchingLines(lines, text, filter), [lines, text, filter]);
  const rows = wrap ? (l: T) => wrappedRows([...text(l)].length, width) : undefined;
  const view = pagerWindow(shown, scroll, height, rows);

  // Key handlers read the latest lines and height (a poll can land between a render and a key).
  const latest = useRef({shown, height, rows});
  latest.current = {shown, height, rows};
  const move = (delta: (h: number) => number) => () =>
    setScroll((s) => scrollBy(latest.current.shown, s, latest.current.height, delta(latest.current.height), latest.current.rows));
  useKeys(
    'screen',
    {
      'list.up': move(() => -1),
      'list.down': move(() => 1),
      'list.pageUp': move((h) => -Math.max(1, h - 1)),
      'list.pageDown': move((h) => Math.max(1, h - 1)),
      'list.halfUp': move((h) => -Math.max(1, Math.floor(h / 2))),
      'list.halfDown': move((h) => Math.max(1, Math.floor(h / 2))),
      'list.top': () => setScroll(scrollTop(latest.current.shown, latest.current.height, latest.current.rows)),
      'pager.follow': () => setScroll({follow: true}),
      'pager.wrap': () => setWrap((w) => !w),
    },
    {active: props.active ?? true},
  );

  if (lines.length === 0) return <Text color={color.muted}>{props.emptyText ?? 'No log lines yet'}</Text>;
  if (shown.length === 0) return <Text color={color.muted}>No {props.noun ?? 'log lines'} match /{filter} (Esc clears the filter)</Text>;
  const position = `lines ${view.start + 1}–${view.end} of ${shown.length}${filter ? ` (of ${lines.length})` : ''}`;
  const state = scroll.follow
    ? (props.following ?? 'following')
    : `scrolled back${view.below ? ` · ${view.below} newer line${view.below === 1 ? '' : 's'} below` : ''} · G follows again`;
  return (
    <Box flexDirection="column">
      <Box flexDirection="column" height={Math.min(height, view.lines.reduce((n, l) => n + (rows ? rows(l) : 1), 0))} overflow="hidden">
        {view.lines.map((l, i) => (
          <Text key={l.seq} wrap={wrap ? 'wrap' : 'truncate-end'}>
            {props.render ? props.render(l, view.lines[i - 1]) : text(l)}
          </Text>
        ))}
      </Box>
      <Text color={scroll.follow ? color.muted : color.warn} wrap="truncate-end">
        {state} · {position}
        {wrap ? ' · wrapped' : ''}
      </Text>
    </Box>
  );
}
