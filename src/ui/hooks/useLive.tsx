// Live updates: `p` pauses every screen's polling. Screens pass their interval through refetchInterval so
// that a paused UI schedules no refetches at all (manual `r` still works).
import React, {createContext, useCallback, useContext, useMemo, useState} from 'react';
import type {Query} from '@tanstack/react-query';

// react-query's Query is invariant in its data types; the wrapper serves every query, whatever it holds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = Query<any, any, any, any>;
export type Interval = number | false | ((query: AnyQuery) => number | false | undefined);

export interface LiveApi {
  readonly paused: boolean;
  setPaused(paused: boolean): void;
  toggle(): void;
  /**
   * Wraps a refetchInterval (a number or react-query's function form) so that it is `false` while paused.
   * `scale` (a LiveProvider prop) shortens intervals in tests.
   */
  refetchInterval(interval: Interval): number | false | ((query: AnyQuery) => number | false);
}

const LiveContext = createContext<LiveApi | null>(null);

/**
 * @param scale multiplies every interval (tests use 0.01 to poll every few ms). @default 1
 * @param initiallyPaused @default false
 */
export function LiveProvider(props: {scale?: number; initiallyPaused?: boolean; children: React.ReactNode}) {
  const {scale = 1, initiallyPaused = false, children} = props;
  const [paused, setPaused] = useState(initiallyPaused);
  const toggle = useCallback(() => setPaused((p) => !p), []);
  const api = useMemo<LiveApi>(() => {
    const scaled = (ms: number | false | undefined): number | false =>
      paused || ms === false || ms === undefined ? false : Math.max(1, Math.round(ms * scale));
    return {
      paused,
      setPaused,
      toggle,
      refetchInterval: (interval) => (typeof interval === 'function' ? (q: AnyQuery) => scaled(interval(q)) : scaled(interval)),
    };
  }, [paused, scale, toggle]);
  return <LiveContext.Provider value={api}>{children}</LiveContext.Provider>;
}

export function useLive(): LiveApi {
  const api = useContext(LiveContext);
  if (!api) throw new Error('useLive outside LiveProvider');
  return api;
}
