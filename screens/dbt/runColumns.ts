// The history table's columns and filter cycling. A RUNNING row shows how long it has run (from its start to
// `now`, ticking) and the stage it is in; a finished one its duration and, when it failed, the failed phase.
import type {DbtRun} from '../../src/api/dbt.js';
import type {Column} from '../../src/ui/components/DataTable.js';
import {elapsedSince, runDuration} from '../../src/lib/time.js';
import {statusCell, syncStatusStyle, timeCell} from './format.js';

const isRunning = (r: DbtRun) => r.status === 'RUNNING';

export const runColumns = (now: number): Column<DbtRun>[] => [
  {id: 'id', header: 'SYNC JOB ID', width: 12, render: (r) => (r.syncJobId ?? '').slice(0, 8)},
  {id: 'status', header: 'STATUS', width: 11, render: (r) => statusCell(r.status), color: (r) => syncStatusStyle(r.status).color},
  {id: 'trigger', header: 'TRIGGER', width: 8, render: (r) => r.trigger ?? ''},
  {id: 'started', header: 'STARTED', width: 19, render: (r) => timeCell(r.startedAt)},
  {id: 'duration', header: 'DURATION', width: 8, align: 'right', render: (r) => (isRunning(r) ? elapsedSince(r.startedAt, now) : runDuration(r.durationMs))},
  {id: 'phase', header: 'PHASE', width: 16, render: (r) => (isRunning(r) ? (r.lastStage ?? '') : (r.failedPhase ?? ''))},
  {id: 'branch', header: 'BRANCH', flex: 1, render: (r) => r.branchName ?? ''},
];

/** all → first → … → last → all. */
export function nextFilter(values: readonly string[], current: string | undefined): string | undefined {
  if (current === undefined) return values[0];
  const i = values.indexOf(current);
  return i < 0 || i === values.length - 1 ? undefined : values[i + 1];
}

/** Durations of finished runs, oldest first, for the sparkline. */
export function recentDurations(runs: readonly DbtRun[], count: number): number[] {
  return runs
    .filter((r) => r.status === 'COMPLETED' && r.durationMs !== undefined)
    .slice(0, count)
    .map((r) => r.durationMs!)
    .reverse();
}
