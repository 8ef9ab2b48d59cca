// A dbt run's whole log for the pager: reads the log page after page to its end (then polls the tail while the
// run lasts), keeps a bounded window of it (src/queries/dbtLog.ts), reads older or newer stretches again as the
// reader scrolls there, jumps to either end, and searches the stretches outside the window.
import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import {useQuery} from '@tanstack/react-query';
import {
  applyStretch, applyTail, DBT_LOG_SEARCH_READS, dbtLogQueries, emptyLogWindow, newerRead, olderRead, readLog, stretchAt,
  windowEnd, windowStart, type LogRead, type LogWindow,
} from '../../src/queries/dbtLog.js';
import type {LivePolicy} from '../../src/queries/poll.js';
import type {PagerSource} from '../../src/ui/components/pagerView.js';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {runLogText, type RunLogLine} from './RunDetails.js';

export interface RunLog {
  readonly lines: readonly RunLogLine[];
  readonly source: PagerSource;
  readonly window: LogWindow;
  readonly error?: unknown;
}

export function useRunLog(deploymentId: string, syncJobId: string, running: boolean, live: LivePolicy): RunLog {
  const api = useApi();
  const [w, setW] = useState<LogWindow>(emptyLogWindow);
  const latest = useRef(w);
  latest.current = w;
  const following = useRef(true);
  const busy = useRef(false);
  const [error, setError] = useState<unknown>();
  const tail = useQuery(dbtLogQueries.tail(api, deploymentId, syncJobId, w.tail, running, live));

  useEffect(() => {
    if (!tail.data) return;
    setW((prev) => applyTail(prev, {after: w.tail, ...tail.data}, following.current));
  }, [tail.data, w.tail]);

  // Reads outside the tail: one at a time; each aborts when the screen goes.
  const aborter = useRef(new AbortController());
  useEffect(() => () => aborter.current.abort(), []);
  const read = useCallback(
    async (r: LogRead) => (await readLog(api, deploymentId, syncJobId, r.after, r.first, aborter.current.signal)).entries,
    [api, deploymentId, syncJobId],
  );
  const load = useCallback(
    (pick: (w: LogWindow) => LogRead | undefined, replace = false) => {
      const r = pick(latest.current);
      if (!r || (busy.current && !replace)) return;
      busy.current = true;
      read(r)
        .then((entries) => setW((prev) => applyStretch(prev, r, entries, replace)))
        .catch((err: unknown) => aborter.current.signal.aborted || setError(err))
        .finally(() => (busy.current = false));
    },
    [read],
  );

  const find = useCallback(
    async (term: string, fromSeq: number, direction: 'older' | 'newer', signal: AbortSignal): Promise<number | undefined> => {
      const needle = term.toLowerCase();
      let at = latest.current;
      let reads = 0;
      let seq = direction === 'older' ? Math.min(fromSeq, windowStart(at)) - 1 : Math.max(fromSeq, windowEnd(at) - 1) + 1;
      while (seq >= 0 && seq < at.total && reads++ < DBT_LOG_SEARCH_READS && !signal.aborted && !aborter.current.signal.aborted) {
        const r = stretchAt(at, seq);
        const entries = await read(r);
        const lines = entries.map((entry, i) => ({seq: r.seq + i, entry}));
        const hits = lines.filter((l) => (direction === 'older' ? l.seq <= seq : l.seq >= seq) && runLogText(l).toLowerCase().includes(needle));
        const hit = direction === 'older' ? hits.at(-1) : hits[0];
        if (signal.aborted) return undefined;
        if (hit) {
          setW((prev) => applyStretch(prev, r, entries, true));
          return hit.seq;
        }
        seq = direction === 'older' ? r.seq - 1 : r.seq + Math.max(1, entries.length);
        at = latest.current;
      }
      return undefined;
    },
    [read],
  );

  const source = useMemo<PagerSource>(
    () => ({
      total: w.total,
      first: windowStart(w),
      loading: !w.reachedEnd,
      older: () => load(olderRead),
      newer: () => load(newerRead),
      jump: (edge) => load((at) => (at.total === 0 ? undefined : stretchAt(at, edge === 'start' ? 0 : at.total - 1)), true),
      follow: (on) => void (following.current = on),
      find,
    }),
    [w, load, find],
  );
  return {lines: w.lines, source, window: w, error: error ?? tail.error ?? undefined};
}
