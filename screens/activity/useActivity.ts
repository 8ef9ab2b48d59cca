// The activity watcher (src/workflows/activity.ts) for a screen: started on mount, stopped on unmount or when the
// shell pauses live updates. Its intervals follow the shell's live policy (scaled in tests), its request rate with
// them, so the budget keeps its proportions.
import {useEffect, useState} from 'react';
import type {Api} from '../../src/api/client.js';
import {ACTIVITY_BUDGET, ActivityWatcher, apiSource, type ActivityRun} from '../../src/workflows/activity.js';
import {useLivePolicy} from '../useLivePolicy.js';

export interface ActivityState {
  runs: ActivityRun[] | undefined;
  error: string | undefined;
  paused: boolean;
}

export function useActivity(api: Api): ActivityState {
  const idle = useLivePolicy(ACTIVITY_BUDGET.idleMs);
  const active = useLivePolicy(ACTIVITY_BUDGET.activeMs);
  const [runs, setRuns] = useState<ActivityRun[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (idle.paused) return;
    const stop = new AbortController();
    const scale = active.intervalMs / ACTIVITY_BUDGET.activeMs;
    const watcher = new ActivityWatcher(apiSource(api), {
      budget: {idleMs: idle.intervalMs, activeMs: active.intervalMs, perSecond: ACTIVITY_BUDGET.perSecond / scale, deploymentsMs: ACTIVITY_BUDGET.deploymentsMs * scale},
      onChange: () => setRuns(watcher.snapshot()),
      onLook: () => setRuns((before) => before ?? watcher.snapshot()),
    });
    watcher.run(stop.signal).catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
    return () => stop.abort();
  }, [api, idle.paused, idle.intervalMs, active.intervalMs]);
  return {runs, error, paused: idle.paused};
}
