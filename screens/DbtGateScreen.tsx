// The dbt gate as a guided screen: s asks for a ref (and optionally a measure), then the shared workflow runs
// sync → dev mode on the generated branch → validate → query (through "Continue wait") → verdict, and this
// screen renders its steps. c cleans up (exit dev mode, delete the dev fork, then the sync branch), confirmed.
// The run is src/workflows/gateRun.ts's, not this screen's: it goes on to its verdict when the screen is left.
import React, {useEffect, useRef, useState, useSyncExternalStore} from 'react';
import {Box, Text} from 'ink';
import {useQueryClient} from '@tanstack/react-query';
import {dbtKeys, DBT_RUN_POLL_MS} from '../src/queries/dbt.js';
import {ConfirmDialog} from '../src/ui/components/ConfirmDialog.js';
import {Timeline} from '../src/ui/components/Timeline.js';
import {useRunStarted, useTerminalNotice} from '../src/ui/activity/ActivityFeedProvider.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {waitClockOn} from '../src/ui/clock.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useClock} from '../src/ui/hooks/useClock.js';
import {useWithheld} from '../src/ui/hooks/usePolicy.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color, glyph} from '../src/ui/theme.js';
import {GATE_STEPS} from '../src/workflows/dbtGate.js';
import {gateRunFor} from '../src/workflows/gateRun.js';
import {GATE_STEP_NAMES} from './dbt/gateSteps.js';
import {RefForm} from './dbt/RefForm.js';
import {hints} from './hints.js';
import {useLivePolicy} from './useLivePolicy.js';

/** A gate may take as long as a slow sync plus a cold dev-branch build. */
const GATE_TIMEOUT_MS = 30 * 60_000;

/** What the screen has open over the run: the ref form or the cleanup question. */
type Asking = 'form' | 'confirm' | undefined;

export function DbtGateScreen({params}: ScreenProps) {
  const api = useApi();
  const client = useQueryClient();
  const flash = useFlash();
  const ring = useTerminalNotice();
  const withheld = useWithheld();
  const refused = withheld('gate.start');
  const deploymentId = params.deploymentId ?? '';
  // The shell's live scale (tests) sets how often the workflow looks; p does not pause a running gate.
  const live = useLivePolicy(DBT_RUN_POLL_MS);
  const clock = useClock();
  useTitle('dbt gate', params.deploymentName ?? deploymentId);
  // The run lives outside this screen: leaving does not stop it, coming back shows where it is.
  const run = gateRunFor(api, deploymentId);
  const {phase, rows, outcome} = useSyncExternalStore(run.subscribe, run.get);
  const [asking, setAsking] = useState<Asking>();
  const runStarted = useRunStarted();
  const onLeave = useRef(() => {});
  onLeave.current = () => {
    const now = run.get();
    if (now.phase === 'running') return void flash.info('the dbt gate goes on; :gate shows where it is, and its verdict flashes here');
    if (now.phase !== 'verdict') return;
    const {devBranch, syncBranch} = now.leftBehind;
    const names = [devBranch, syncBranch].filter((n): n is string => n !== undefined);
    if (names.length === 0) return;
    flash.warn(`gate left before cleanup: ${names.join(' and ')} remain${devBranch ? ', dev mode is still on' : ''}; :gate cleans up (c)`);
  };
  useEffect(() => () => onLeave.current(), []);

  const start = ({ref, measure}: {ref: string; measure?: string}) => {
    setAsking(undefined);
    run.start({
      ref,
      measure,
      timeoutMs: GATE_TIMEOUT_MS,
      intervalMs: live.intervalMs,
      ...waitClockOn(clock),
      // Its sync is one this console started: noticed when it ends, from any screen.
      onSyncStarted: (id) => runStarted({kind: 'sync', deploymentId, id, deploymentName: params.deploymentName, ref}),
      onVerdict: (result) => {
        void client.invalidateQueries({queryKey: dbtKeys.ofDeployment(deploymentId)});
        const text = `dbt gate ${result.verdict}: ${result.reason}`;
        if (result.verdict === 'PASS') flash.success(text);
        else flash.error(text);
        ring({level: result.verdict === 'PASS' ? 'success' : 'error', text});
      },
      onError: (message) => flash.error(message),
    });
  };

  const cleanup = () => {
    setAsking(undefined);
    run.cleanup({
      onDone: (report) => {
        if (report.problems.length > 0) flash.error(`cleanup incomplete: ${report.problems.join('; ')}`);
        else flash.success(report.removed.length > 0 ? `Cleaned up: exited dev mode, deleted ${report.removed.join(', ')}` : 'Nothing to clean up');
      },
    });
  };

  const busy = phase === 'running' || phase === 'cleaning';
  useKeys('screen', {
    'gate.start': () => (busy || phase === 'verdict' ? false : setAsking('form')),
    'gate.cleanup': () => (phase === 'verdict' ? setAsking('confirm') : false),
  }, {active: asking === undefined});

  const leftovers = [outcome?.devBranch ? `exit dev mode, delete ${outcome.devBranch}` : undefined, outcome?.syncBranch ? `delete ${outcome.syncBranch}` : undefined].filter(Boolean).join(', then ');
  return (
    <Box flexDirection="column">
      {asking === 'form' ? <RefForm title="Gate a dbt ref" submitLabel="run the gate" withMeasure onSubmit={start} onCancel={() => setAsking(undefined)} /> : null}
      {asking === 'confirm' ? (
        <ConfirmDialog title="Clean up after the gate?" message={leftovers || 'Nothing was created.'} confirmLabel="Clean up" onConfirm={cleanup} onCancel={() => setAsking(undefined)} />
      ) : null}
      <Text color={color.muted}>sync a ref → dev mode on the generated branch → validate → query a measure → verdict → cleanup</Text>
      <Timeline steps={GATE_STEPS.map((step) => ({name: GATE_STEP_NAMES[step], status: rows[step].status, detail: rows[step].detail}))} />
      {outcome ? (
        <Text bold color={outcome.verdict === 'PASS' ? color.success : color.error} wrap="wrap">
          {outcome.verdict === 'PASS' ? glyph.ok : glyph.fail} {outcome.verdict}: {outcome.reason}
        </Text>
      ) : null}
      <Text color={color.muted}>
        {phase === 'idle' || phase === 'done' ? (refused ? `${refused}: the gate creates branches, so it cannot run here` : hints([['gate.start', 'gates a ref']])) : phase === 'verdict' ? `${hints([['gate.cleanup', 'cleans up']])}: ${leftovers || 'nothing to remove'}` : phase === 'running' ? 'running…' : phase === 'cleaning' ? 'cleaning up…' : ''}
      </Text>
    </Box>
  );
}
