// One dbt sync: status with percent and stage message, the phase timeline (from the log, live while running),
// the whole log (paged through the API's cursor), and the result with its generated files once COMPLETED. x
// cancels a running sync (confirmed), m runs dbt generate (a manifest sync into local files);
// when a run this screen watched ends, it flashes the outcome and notifies the terminal (OSC 9 + bell).
import React, {useEffect, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query';
import {DBT_RUN_POLL_MS, dbtKeys, dbtMutations, dbtQueries} from '../src/queries/dbt.js';
import {ConfirmDialog} from '../src/ui/components/ConfirmDialog.js';
import {LogPager} from '../src/ui/components/LogPager.js';
import {StateView, errorMessage} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useNow} from '../src/ui/hooks/useNow.js';
import {useUnavailableActions} from '../src/ui/hooks/useKeyScope.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import {useTerminalNotice} from '../src/ui/activity/ActivityFeedProvider.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {isTerminalSyncStatus} from '../src/workflows/dbtWait.js';
import {bar, runStatus, syncStatusStyle} from './dbt/format.js';
import {elapsedSince} from '../src/lib/time.js';
import {GeneratePanel} from './dbt/GeneratePanel.js';
import {PhaseTimeline, ResultView, RunLogLineView, runLogText} from './dbt/RunDetails.js';
import {endedIn, phasesFromLog} from './dbt/runPhases.js';
import {useRunLog} from './dbt/useRunLog.js';
import {useLivePolicy} from './useLivePolicy.js';
import {useDialogSlot} from './common/useDialogSlot.js';

export function DbtRunScreen({params}: ScreenProps) {
  const api = useApi();
  const client = useQueryClient();
  const flash = useFlash();
  const body = useBodySize();
  const ring = useTerminalNotice();
  const deploymentId = params.deploymentId ?? '';
  const syncJobId = params.syncJobId ?? '';
  const live = useLivePolicy(DBT_RUN_POLL_MS);
  useTitle('dbt run', syncJobId);
  const status = useQuery(dbtQueries.status(api, deploymentId, syncJobId, live));
  const s = status.data;
  const ended = isTerminalSyncStatus(s?.status);
  // Only a running or queued sync can be cancelled: the footer and help offer x only then.
  useUnavailableActions(s !== undefined && !ended ? [] : ['dbtRun.cancel']);
  const shown = s ? runStatus(s) : undefined;
  const log = useRunLog(deploymentId, syncJobId, s !== undefined && !ended, live);
  const result = useQuery(dbtQueries.result(api, deploymentId, syncJobId, s?.status === 'COMPLETED'));
  const cancel = useMutation(dbtMutations.cancel(api, client, deploymentId));
  const [dialog, setDialog] = useState<{kind: 'none' | 'cancel' | 'generate'}>({kind: 'none'});
  const phases = phasesFromLog(log.window.digest, ended);
  // The running phase's time ticks; an ended run needs no clock.
  const now = useNow(ended ? 3_600_000 : 1000);

  // Once, when this screen saw the run end: the final log lines, a flash and a terminal notification.
  const watched = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (!s) return;
    if (watched.current === undefined) watched.current = !ended;
    if (!ended) return;
    void client.invalidateQueries({queryKey: dbtKeys.logs(deploymentId, syncJobId)});
    if (!watched.current) return;
    watched.current = false;
    const text = s.status === 'COMPLETED' ? `dbt sync ${syncJobId} completed` : `dbt sync ${syncJobId} ${shown === 'CANCELLED' ? 'was cancelled' : 'failed'}${s.error ? `: ${s.error.split('\n')[0]}` : ''}`;
    if (s.status === 'COMPLETED') flash.success(text);
    else flash.error(text);
    ring({level: s.status === 'COMPLETED' ? 'success' : 'error', text});
  }, [s, shown, ended, client, deploymentId, syncJobId, flash, ring]);

  useKeys('screen', {
    'dbtRun.cancel': () => {
      if (!s || ended) return void flash.warn(`dbt sync ${syncJobId} already ended; only a running sync can be cancelled`);
      setDialog({kind: 'cancel'});
    },
    'dbtRun.generate': () => setDialog({kind: 'generate'}),
  }, {active: dialog.kind === 'none'});

  const confirmCancel = () =>
    cancel.mutate(syncJobId, {
      onSuccess: () => flash.success(`Cancelled dbt sync ${syncJobId}`),
      onError: (err) => flash.error(`could not cancel: ${errorMessage(err)}`),
      onSettled: () => setDialog({kind: 'none'}),
    });

  const style = syncStatusStyle(ended ? shown : 'RUNNING');
  const percent = s?.percentComplete ?? 0;
  // Status, message, "Log" and the live line take 4 rows, the phases one each; the result (summary, files,
  // "… more") comes before the log once there is one. The log pager gets the rest, its status line included.
  const over = useDialogSlot(
    dialog.kind === 'cancel' ? (
      <ConfirmDialog
        title={`Cancel dbt sync ${syncJobId}?`}
        message="The sandbox is stopped and nothing is committed."
        confirmLabel="Cancel the sync"
        onConfirm={confirmCancel}
        onCancel={() => setDialog({kind: 'none'})}
        busy={cancel.isPending ? 'Cancelling' : undefined}
      />
    ) : dialog.kind === 'generate' ? (
      <GeneratePanel deploymentId={deploymentId} intervalMs={live.intervalMs} onClose={() => setDialog({kind: 'none'})} />
    ) : null,
    dialog.kind,
  );
  const room = body.height - phases.length - 4 - over.rows;
  const fileCount = result.data?.generatedFiles.length ?? 0;
  const files = Math.min(fileCount, Math.max(1, room - 6));
  const resultRows = result.data ? 1 + files + (fileCount > files ? 1 : 0) : 0;
  const logRows = Math.max(2, room - resultRows);
  return (
    <Box flexDirection="column">
      {over.slot}
      <StateView query={status} noun="dbt sync">
        {s ? (
          <Box flexDirection="column">
            <Text wrap="truncate-end">
              Status: <Text color={style.color}>{style.glyph} {shown || 'UNKNOWN'}</Text> {percent}% {bar(percent / 100, 20)}
              {!ended && log.window.digest[0]?.timestamp ? ` running for ${elapsedSince(log.window.digest[0].timestamp, now)}` : ''}
              {params.syncBranch ? <Text color={color.muted}> {params.syncBranch}</Text> : null}
            </Text>
            {s.status === 'FAILED' ? (
              <Text color={color.error} wrap="wrap">
                {style.glyph} {endedIn(phases)}: {(s.error ?? 'no reason reported').split('\n').join(' ')}
              </Text>
            ) : (
              <Text color={color.muted}>{s.message ?? ''}</Text>
            )}
            <PhaseTimeline phases={phases} now={now} />
            <Text bold>
              Log{log.error ? <Text color={color.error}> — could not read more of it: {errorMessage(log.error)}</Text> : null}
            </Text>
            <LogPager
              lines={log.lines}
              source={log.source}
              search
              text={runLogText}
              render={(l) => <RunLogLineView line={l} />}
              height={logRows}
              active={dialog.kind === 'none'}
              emptyText="No log entries yet"
              following={ended ? 'end of log' : 'following'}
            />
            {result.data ? <ResultView result={result.data} files={files} /> : null}
            <Text color={color.muted}>{ended ? 'finished: live updates stopped' : live.paused ? 'live updates paused' : `live: every ${Math.round(DBT_RUN_POLL_MS / 1000)}s`}</Text>
          </Box>
        ) : null}
      </StateView>
    </Box>
  );
}
