// The `/` search of a searchable LogPager: matches highlighted in the line, the view moved to the nearest match,
// n/N to the next older/newer one, beyond the loaded lines through the pager's source.
import React, {useEffect, useRef, useState} from 'react';
import {Text} from 'ink';
import {color} from '../theme.js';
import {highlightParts, nearestMatch, type PagerSource, type Scroll, type SeqLine} from './pagerView.js';

/** What the search reads of the pager's props. */
export interface SearchSource<T extends SeqLine> {
  readonly lines: readonly T[];
  readonly text: (line: T) => string;
  readonly source?: PagerSource;
}

export function Highlighted({text, term, current}: {readonly text: string; readonly term: string; readonly current: boolean}) {
  return (
    <Text>
      {highlightParts(text, term).map((p, i) =>
        p.hit ? (
          <Text key={i} inverse color={current ? color.warn : undefined}>
            {p.text}
          </Text>
        ) : (
          p.text
        ),
      )}
    </Text>
  );
}

/**
 * The `/` search of a searchable pager: a new term finds the nearest match at or above the bottom of the view
 * (a log is read from its end); n goes to the next older match, N to the next newer one, beyond the loaded
 * lines through the source. The view is anchored so the match sits mid-screen.
 */
export function useSearch<T extends SeqLine>(props: SearchSource<T>, term: string, lastShown: number, height: number, setScroll: (s: Scroll) => void) {
  const [match, setMatch] = useState<number | undefined>();
  const [status, setStatus] = useState('');
  const latest = useRef({props, lastShown, match});
  latest.current = {props, lastShown, match};
  // One search at a time: a newer one (the next typed letter, n, N) stops the one under way.
  const running = useRef<AbortController | undefined>(undefined);
  // While the term is typed, each version searches from where the view was when typing began.
  const origin = useRef<number | undefined>(undefined);
  // The nearest match in `direction`: in the loaded lines, else through the source; undefined when none.
  const seek = async (direction: 'older' | 'newer', at: number, signal: AbortSignal): Promise<number | undefined> => {
    const p = latest.current.props;
    const hit = nearestMatch(p.lines, p.text, term, at, direction);
    if (hit) return hit.seq;
    if (!p.source?.find) return undefined;
    setStatus(`/${term}: searching ${direction} lines…`);
    return p.source.find(term, at, direction, signal);
  };
  /** n/N: strictly one way. A new term (`from`): older first, then newer, as a log is read from its end. */
  const next = (direction: 'older' | 'newer', from?: number) => {
    running.current?.abort();
    const search = new AbortController();
    running.current = search;
    const go = (seq: number) => {
      setMatch(seq);
      setStatus(`/${term}: line ${seq + 1}`);
      setScroll({follow: false, lastSeq: seq + Math.floor(height / 2)});
    };
    const {match: m, lastShown: bottom} = latest.current;
    const at = from ?? m ?? bottom + 1;
    const whole = latest.current.props.source?.find ? ' in the whole log' : '';
    void (async () => {
      try {
        let seq = await seek(direction, at, search.signal);
        if (seq === undefined && from !== undefined && !search.signal.aborted) seq = await seek('newer', at - 1, search.signal);
        if (search.signal.aborted) return;
        if (seq !== undefined) go(seq);
        else setStatus(`/${term}: no ${from === undefined ? `${direction} ` : ''}match${whole}`);
      } catch {
        if (!search.signal.aborted) setStatus(`/${term}: the search could not read the log`);
      }
    })();
  };
  const nextRef = useRef(next);
  nextRef.current = next;
  useEffect(() => {
    setMatch(undefined);
    if (!term) {
      running.current?.abort();
      origin.current = undefined;
      return setStatus('');
    }
    origin.current ??= latest.current.lastShown + 1;
    nextRef.current('older', origin.current);
  }, [term]);
  useEffect(() => () => running.current?.abort(), []);
  return {match, status, next: (direction: 'older' | 'newer') => next(direction)};
}
