// :activity (alias :pulse): every queued or running build and dbt sync on every deployment the credential sees,
// and those that ended in the last hour, newest first, updating by itself (the activity watcher and its request
// budget). Enter opens the run's own screen (the build timeline, the dbt run); f shows failed runs only; / filters.
import React, {useMemo} from 'react';
import {Box, Text} from 'ink';
import {DataTable} from '../src/ui/components/DataTable.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {runTarget, useActivityFeed} from '../src/ui/activity/ActivityFeedProvider.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useNavActions, useRemembered} from '../src/ui/hooks/useNav.js';
import {useNow} from '../src/ui/hooks/useNow.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import {color} from '../src/ui/theme.js';
import {isRunActive, type ActivityRun} from '../src/workflows/activity.js';
import {activityColumns} from './activity/columns.js';

/** A row's id; one function for the screen's life, so a tick of the clock does not make the table re-read 500 ids. */
const runKey = (run: ActivityRun) => run.key;

export function ActivityScreen() {
  const nav = useNavActions();
  const body = useBodySize();
  useTitle('Activity');
  const [failedOnly, setFailedOnly] = useRemembered('failedOnly', false);
  // The console's one watcher (shared with the notices), widened to every deployment while this screen shows.
  const {runs, error, paused} = useActivityFeed();
  const going = runs?.some(isRunActive) ?? false;
  const now = useNow(going ? 1000 : 60_000);
  const columns = useMemo(() => activityColumns(now, body.width), [now, body.width]);
  const rows = useMemo(() => (runs ?? []).filter((r) => !failedOnly || r.status === 'failed'), [runs, failedOnly]);
  useKeys('screen', {'activity.failed': () => setFailedOnly((f) => !f)});

  // What is shown first: on a narrow terminal the end of the line is cut.
  const status = `${failedOnly ? 'failed only' : 'all runs'} · ${paused ? 'live updates paused' : 'live: a deployment every 30s while idle, every 5s while a run goes'}`;
  return (
    <Box flexDirection="column">
      <Text color={color.muted} wrap="truncate-end">{status}</Text>
      {error !== undefined ? (
        <Text color={color.error}>{error}</Text>
      ) : runs === undefined ? (
        <Text color={color.muted}>Watching the deployments…</Text>
      ) : rows.length === 0 ? (
        <Text color={color.muted}>{failedOnly ? 'No run failed in the last hour' : 'Nothing queued or running, and nothing ended in the last hour'}</Text>
      ) : (
        <DataTable rows={rows} columns={columns} getRowId={runKey} noun="runs" height={Math.max(3, body.height - 1)} onActivate={(run) => nav.push(runTarget(run))} />
      )}
    </Box>
  );
}
