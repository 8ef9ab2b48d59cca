// What one look at a deployment changes in what the activity watcher (activity.ts) knows of it: the runs the look
// found are compared with those known, the events follow from the difference (started, phase, finished; a build the
// status no longer names was superseded), and ended runs leave the snapshot `recentMs` after they ended. The watcher
// decides when to look; this decides what a look means.
import {isRunActive, type ActivityRun} from './activityRuns.js';

export type ActivityEventType = 'started' | 'phase' | 'finished';

export interface ActivityEvent {
  type: ActivityEventType;
  run: ActivityRun;
}

/** What the watcher knows of one deployment it watches. */
export interface Watched {
  id: string;
  name: string;
  due: number;
  looked: boolean;
  runs: Map<string, ActivityRun>;
  /** When each ended run leaves the snapshot (watcher clock). */
  keepUntil: Map<string, number>;
}

/** Where a merge tells what it found (the watcher's options). */
export interface MergeHooks {
  onEvent?: (event: ActivityEvent) => void;
  /** A run already ended when its deployment was first looked at: no event (it is history). */
  onEarlier?: (run: ActivityRun) => void;
}

/**
 * Compares what one look found at `now` with what was known, emits the events, and forgets runs ended more than
 * `recentMs` ago. True when anything known changed.
 */
export function mergeLook(w: Watched, found: ActivityRun[], now: number, recentMs: number, hooks: MergeHooks): boolean {
  const first = !w.looked;
  let changed = false;
  for (const run of found) {
    const before = w.runs.get(run.key);
    if (before && sameRun(before, run)) continue;
    changed = true;
    w.runs.set(run.key, run);
    const active = isRunActive(run);
    if (!before) {
      if (first && !active) {
        // Ended before the watch began: shown while recent by its own end time, no event.
        const endedAgo = run.endedAt === undefined ? Infinity : Math.max(0, now - run.endedAt);
        w.keepUntil.set(run.key, now + recentMs - endedAgo);
        hooks.onEarlier?.(run);
        continue;
      }
      emit(hooks, 'started', run);
      if (!active) finish(w, run, now + recentMs, hooks);
      continue;
    }
    if (active && run.phase !== before.phase) emit(hooks, 'phase', run);
    if (!active && isRunActive(before)) finish(w, run, now + recentMs, hooks);
  }
  // The build status names only the newest build: a build still going that it no longer names was superseded.
  const keys = new Set(found.map((r) => r.key));
  for (const run of w.runs.values()) {
    if (run.kind !== 'build' || !isRunActive(run) || keys.has(run.key)) continue;
    const cancelled: ActivityRun = {...run, status: 'cancelled', error: 'superseded by a newer build'};
    w.runs.set(run.key, cancelled);
    finish(w, cancelled, now + recentMs, hooks);
    changed = true;
  }
  // An ended run out of the window leaves the snapshot; it is forgotten once the look no longer lists it either
  // (kept until then, so the next look does not take it for a new run).
  for (const [key, until] of w.keepUntil) if (until <= now) w.keepUntil.delete(key);
  for (const [key, run] of w.runs) if (!isRunActive(run) && !w.keepUntil.has(key) && !keys.has(key)) w.runs.delete(key);
  return changed;
}

/** The runs of `w` in the snapshot at `now`: every one queued or running, and those ended within the window. */
export function shownRuns(w: Watched, now: number): ActivityRun[] {
  return [...w.runs.values()].filter((run) => isRunActive(run) || (w.keepUntil.get(run.key) ?? -Infinity) > now);
}

/** The order of the activity list: newest first by start (else end), then by key. */
export function newestFirst(a: ActivityRun, b: ActivityRun): number {
  return (b.startedAt ?? b.endedAt ?? 0) - (a.startedAt ?? a.endedAt ?? 0) || b.key.localeCompare(a.key);
}

/** A run is queued or running on the deployment, as last looked at. */
export function hasActive(w: Watched): boolean {
  for (const run of w.runs.values()) if (isRunActive(run)) return true;
  return false;
}

/** An ended run: shown until `keepUntil`, and told. */
function finish(w: Watched, run: ActivityRun, keepUntil: number, hooks: MergeHooks): void {
  w.keepUntil.set(run.key, keepUntil);
  emit(hooks, 'finished', run);
}

function emit(hooks: MergeHooks, type: ActivityEventType, run: ActivityRun): void {
  hooks.onEvent?.({type, run});
}

function sameRun(a: ActivityRun, b: ActivityRun): boolean {
  return a.status === b.status && a.phase === b.phase && a.durationMs === b.durationMs && a.deploymentName === b.deploymentName;
}
