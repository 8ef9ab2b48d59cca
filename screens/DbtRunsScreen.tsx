// dbt runs of a deployment: history newest first with status/trigger filters, duration and failed-phase
// columns, a sparkline of recent durations, paged through the service cursor as the cursor nears the end, and
// live while a loaded run is RUNNING; otherwise it asks for the newest run alone and reads the list again when that
// is new. Enter opens a run; s starts a sync; v opens the gate flow.
import React, {useEffect, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import {useInfiniteQuery, useMutation, useQuery, useQueryClient} from '@tanstack/react-query';
import type {DbtRun} from '../src/api/dbt.js';
import {
  anyRunning, DBT_HISTORY_PAGE, DBT_HISTORY_POLL_MS, DBT_STATUS_FILTERS, DBT_TRIGGER_FILTERS, dbtMutations, dbtQueries, historyBehind,
} from '../src/queries/dbt.js';
import {useRunStarted} from '../src/ui/activity/ActivityFeedProvider.js';
import {DataTable} from '../src/ui/components/DataTable.js';
import {Sparkline} from '../src/ui/components/Sparkline.js';
import {StateView, errorMessage} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useNavActions, useRemembered} from '../src/ui/hooks/useNav.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {runDuration} from '../src/lib/time.js';
import {RefForm} from './dbt/RefForm.js';
import {nextFilter, recentDurations, runColumns} from './dbt/runColumns.js';
import {useNow} from '../src/ui/hooks/useNow.js';
import {useLivePolicy} from './useLivePolicy.js';
import {useNextPage} from './usePaging.js';
import {useDialogSlot} from './common/useDialogSlot.js';

const SPARK_RUNS = 30;
const runId = (r: DbtRun) => r.syncJobId;

export interface DbtRunsScreenProps extends Partial<ScreenProps> {
  /** Runs per API page. @default DBT_HISTORY_PAGE */
  readonly pageSize?: number;
}

export function DbtRunsScreen({params = {}, pageSize = DBT_HISTORY_PAGE}: DbtRunsScreenProps) {
  const api = useApi();
  const client = useQueryClient();
  const nav = useNavActions();
  const flash = useFlash();
  const body = useBodySize();
  const deploymentId = params.deploymentId ?? '';
  const live = useLivePolicy(DBT_HISTORY_POLL_MS);
  useTitle('dbt runs', params.deploymentName ?? deploymentId);
  const [status, setStatus] = useRemembered<string | undefined>('status', undefined);
  const [trigger, setTrigger] = useRemembered<string | undefined>('trigger', undefined);
  const [dialog, setDialog] = useState<{kind: 'none' | 'start'}>({kind: 'none'});
  const query = useInfiniteQuery(dbtQueries.history(api, deploymentId, {status, trigger, first: pageSize}, live));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.runs) ?? [], [query.data]);
  const running = anyRunning(query.data);
  // With no run RUNNING, only the newest run is asked for at the RUNNING pace; the list is read again when it changed.
  const newest = useQuery({...dbtQueries.newest(api, deploymentId, {status, trigger}, live), enabled: !running && query.isSuccess && !query.isPlaceholderData});
  const behind = historyBehind(query.data, newest.data);
  const {refetch, isFetching} = query;
  useEffect(() => {
    if (behind && !isFetching) void refetch();
  }, [behind, isFetching, refetch]);
  // Running rows tick: their elapsed time is re-read every second while one is on the list.
  const now = useNow(running ? 1000 : 60_000);
  const columns = useMemo(() => runColumns(now), [now]);
  const start = useMutation(dbtMutations.start(api, client, deploymentId));
  const runStarted = useRunStarted();

  const onSelect = useNextPage(rows, query, pageSize, runId);
  const open = (run: {syncJobId: string; branchName?: string}) =>
    nav.push({screen: 'dbtRun', params: {syncJobId: run.syncJobId, ...(run.branchName ? {syncBranch: run.branchName} : {})}, label: run.syncJobId.slice(0, 8)});

  useKeys('screen', {
    'dbt.sync': () => (start.reset(), setDialog({kind: 'start'})),
    'dbt.status': () => setStatus((s) => nextFilter(DBT_STATUS_FILTERS, s)),
    'dbt.trigger': () => setTrigger((t) => nextFilter(DBT_TRIGGER_FILTERS, t)),
    'dbt.gate': () => nav.push({screen: 'gate', params: {}, label: 'gate'}),
  }, {active: dialog.kind === 'none'});

  const submit = ({ref}: {ref: string}) =>
    start.mutate(ref, {
      onSuccess: (started) => {
        setDialog({kind: 'none'});
        flash.success(`Started dbt sync ${started.syncJobId} on ${started.branchName}`);
        runStarted({kind: 'sync', deploymentId, id: started.syncJobId, deploymentName: params.deploymentName, ref});
        open(started);
      },
    });

  const durations = recentDurations(rows, SPARK_RUNS);
  const filters = `status: ${status ?? 'all'} · trigger: ${trigger ?? 'all'}`;
  const liveText = live.paused ? 'live updates paused' : running ? `live: every ${Math.round(DBT_HISTORY_POLL_MS / 1000)}s while a run is RUNNING` : `no run RUNNING: new runs show within ${Math.round(DBT_HISTORY_POLL_MS / 1000)}s`;
  const form = useDialogSlot(
    dialog.kind === 'start' ? (
      <RefForm
        title="Start a dbt sync"
        submitLabel="start"
        onSubmit={submit}
        onCancel={() => setDialog({kind: 'none'})}
        busy={start.isPending}
        serverError={start.error ? errorMessage(start.error) : undefined}
      />
    ) : null,
    dialog.kind,
  );
  return (
    <Box flexDirection="column">
      {form.slot}
      <Text wrap="truncate-end">
        <Text color={color.muted}>{filters}</Text>
        {durations.length > 0 ? (
          <Text>
            {'  '}durations <Sparkline values={durations} /> <Text color={color.muted}>last {runDuration(durations.at(-1))}</Text>
          </Text>
        ) : null}
      </Text>
      <Text color={color.muted}>
        {liveText}
        {query.isPlaceholderData ? ' · loading the filtered runs…' : query.hasNextPage ? ' · more runs load as you scroll' : ''}
      </Text>
      <StateView query={query} noun="dbt runs" empty={rows.length === 0} emptyText={status || trigger ? `No dbt runs match ${filters}` : 'No dbt runs yet'}>
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(r) => r.syncJobId ?? ''}
          noun="dbt runs"
          height={Math.max(3, body.height - 2 - form.rows)}
          active={dialog.kind === 'none'}
          onSelect={onSelect}
          onActivate={(r) => (r.syncJobId ? open({syncJobId: r.syncJobId, branchName: r.branchName}) : undefined)}
        />
      </StateView>
    </Box>
  );
}
