// Bridges the shell's live toggle (`p`, test scaling) to the queries' poll policy.
import {useMemo} from 'react';
import {useLive} from '../src/ui/hooks/useLive.js';
import type {LivePolicy} from '../src/queries/poll.js';

/** The interval the shell allows for `intervalMs` (scaled in tests), or paused. */
export function useLivePolicy(intervalMs: number): LivePolicy {
  const live = useLive();
  const scaled = live.refetchInterval(intervalMs);
  return useMemo(
    () => (typeof scaled === 'number' ? {paused: false, intervalMs: scaled} : {paused: true, intervalMs}),
    [scaled, intervalMs],
  );
}
