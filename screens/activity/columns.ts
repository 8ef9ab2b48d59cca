// The :activity table: one row per build or dbt sync, newest first. A run going shows how long it has run (ticking),
// an ended one its duration. Below NARROW columns the table keeps what a glance needs (where, what, how it stands,
// how long, the phase) and leaves out the ref, the trigger and the run id.
import type {Column} from '../../src/ui/components/DataTable.js';
import {statusStyle} from '../../src/ui/theme.js';
import {elapsedSince, runDuration} from '../../src/lib/time.js';
import {isRunActive, type ActivityRun} from '../../src/workflows/activity.js';

/** Body width below which the table drops BRANCH/REF, TRIGGER and RUN. */
export const NARROW = 100;

export function activityColumns(now: number, width: number): Column<ActivityRun>[] {
  const deployment: Column<ActivityRun> = {id: 'deployment', header: 'DEPLOYMENT', width: width < NARROW ? 16 : 18, render: (r) => r.deploymentName || r.deploymentId};
  const kind: Column<ActivityRun> = {id: 'kind', header: 'KIND', width: 5, render: (r) => r.kind};
  const status: Column<ActivityRun> = {id: 'status', header: 'STATUS', width: 10, render: (r) => r.status, color: (r) => (isRunActive(r) ? statusStyle('running').color : statusStyle(r.status).color)};
  const elapsed: Column<ActivityRun> = {
    id: 'elapsed',
    header: 'ELAPSED',
    width: 8,
    align: 'right',
    render: (r) => (isRunActive(r) ? elapsedSince(r.startedAt, now) : runDuration(r.durationMs)),
  };
  const phase = (fit: Partial<Column<ActivityRun>>): Column<ActivityRun> => ({id: 'phase', header: 'PHASE', render: (r) => r.phase ?? '', ...fit});
  if (width < NARROW) return [deployment, kind, status, elapsed, phase({flex: 1})];
  return [
    deployment,
    kind,
    {id: 'ref', header: 'BRANCH/REF', width: 18, render: (r) => r.ref},
    {id: 'trigger', header: 'TRIGGER', width: 8, render: (r) => r.trigger ?? ''},
    status,
    phase({width: 16}),
    elapsed,
    {id: 'id', header: 'RUN', flex: 1, render: (r) => r.id},
  ];
}
