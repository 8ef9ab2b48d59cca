// The :activity table: one row per build or dbt sync, newest first. A run going shows how long it has run (ticking),
// an ended one its duration.
import type {Column} from '../../src/ui/components/DataTable.js';
import {statusStyle} from '../../src/ui/theme.js';
import {isRunActive, runDuration, type ActivityRun} from '../../src/workflows/activity.js';

export const activityColumns = (now: number): Column<ActivityRun>[] => [
  {id: 'deployment', header: 'DEPLOYMENT', width: 18, render: (r) => r.deploymentName || r.deploymentId},
  {id: 'kind', header: 'KIND', width: 5, render: (r) => r.kind},
  {id: 'ref', header: 'BRANCH/REF', width: 18, render: (r) => r.ref},
  {id: 'trigger', header: 'TRIGGER', width: 8, render: (r) => r.trigger ?? ''},
  {id: 'status', header: 'STATUS', width: 10, render: (r) => r.status, color: (r) => (isRunActive(r) ? statusStyle('running').color : statusStyle(r.status).color)},
  {id: 'phase', header: 'PHASE', width: 16, render: (r) => r.phase ?? ''},
  {
    id: 'elapsed',
    header: 'ELAPSED',
    width: 8,
    align: 'right',
    render: (r) => (isRunActive(r) ? (r.startedAt === undefined ? '' : runDuration(now - r.startedAt)) : r.durationMs === undefined ? '' : runDuration(r.durationMs)),
  },
  {id: 'id', header: 'RUN', flex: 1, render: (r) => r.id},
];
