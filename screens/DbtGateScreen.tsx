// The dbt gate as a guided screen: s asks for a ref (and optionally a measure), then the shared workflow runs
// sync → dev mode on the generated branch → validate → query (through "Continue wait") → verdict, and this
// screen renders its steps. c cleans up (exit dev mode, delete the dev fork, then the sync branch), confirmed.
import React, {useEffect, useReducer, useRef, useState} from 'react';
import {Box, Text, useStdout} from 'ink';
import {useQueryClient} from '@tanstack/react-query';
import {dbtKeys, DBT_RUN_POLL_MS} from '../src/queries/dbt.js';
import {ConfirmDialog} from '../src/ui/components/ConfirmDialog.js';
import {Timeline} from '../src/ui/components/Timeline.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi, useAppInfo} from '../src/ui/hooks/useApi.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color, glyph} from '../src/ui/theme.js';
import {cleanupGate, GATE_STEPS, runGate, type GateEvent, type GateOutcome} from '../src/workflows/dbtGate.js';
import {finishedNotice} from './dbt/notify.js';
import {GATE_STEP_NAMES, gateRowsReducer, initialGateRows} from './dbt/gateSteps.js';
import {RefForm} from './dbt/RefForm.js';
import {hints} from './hints.js';
import {useLivePolicy} from './useLivePolicy.js';

/** A gate may take as long as a slow sync plus a cold dev-branch build. */
const GATE_TIMEOUT_MS = 30 * 60_000;

type Phase = 'idle' | 'form' | 'running' | 'verdict' | 'confirm' | 'cleaning' | 'done';

export function DbtGateScreen({params}: ScreenProps) {
  const api = useApi();
  const client = useQueryClient();
  const flash = useFlash();
  const {stdout} = useStdout();
  const {readonly} = useAppInfo();
  const deploymentId = params.deploymentId ?? '';
  // The shell's live scale (tests) sets how often the workflow looks; p does not pause a running gate.
  const live = useLivePolicy(DBT_RUN_POLL_MS);
  useTitle('dbt gate', params.deploymentName ?? deploymentId);
  const [phase, setPhase] = useState<Phase>('idle');
  const [rows, onStep] = useReducer(gateRowsReducer, undefined, initialGateRows);
  const [outcome, setOutcome] = useState<GateOutcome | undefined>();
  const abort = useRef(new AbortController());
  // What the gate created and nobody cleaned up yet: named in a warning if the screen is left before cleanup.
  const leftBehind = useRef<{syncBranch?: string; devBranch?: string}>({});
  const track = (event: GateEvent | 'reset') => {
    if (event !== 'reset' && event.created) leftBehind.current = {...leftBehind.current, ...event.created};
    onStep(event);
  };
  const onLeave = useRef(() => {});
  onLeave.current = () => {
    const {devBranch, syncBranch} = leftBehind.current;
    const names = [devBranch, syncBranch].filter((n): n is string => n !== undefined);
    if (names.length === 0) return;
    flash.warn(`gate left before cleanup: ${names.join(' and ')} remain${devBranch ? ', dev mode is still on' : ''}; delete with svc data-model delete-branch ${deploymentId} '<branch>'`);
  };
  useEffect(() => () => (abort.current.abort(), onLeave.current()), []);

  const start = ({ref, measure}: {ref: string; measure?: string}) => {
    track('reset');
    leftBehind.current = {};
    setOutcome(undefined);
    setPhase('running');
    runGate(api, {deploymentId, ref, measure, timeoutMs: GATE_TIMEOUT_MS, intervalMs: live.intervalMs, onStep: track, signal: abort.current.signal}).then(
      (result) => {
        if (abort.current.signal.aborted) return;
        setOutcome(result);
        setPhase('verdict');
        void client.invalidateQueries({queryKey: dbtKeys.ofDeployment(deploymentId)});
        const text = `dbt gate ${result.verdict}: ${result.reason}`;
        if (result.verdict === 'PASS') flash.success(text);
        else flash.error(text);
        stdout.write(finishedNotice(text));
      },
      (err: unknown) => {
        if (abort.current.signal.aborted) return;
        setPhase('idle');
        flash.error(err instanceof Error ? err.message : String(err));
      },
    );
  };

  const cleanup = () => {
    if (!outcome) return;
    setPhase('cleaning');
    void cleanupGate(api, deploymentId, outcome, {onStep, signal: abort.current.signal}).then((report) => {
      if (abort.current.signal.aborted) return;
      if (report.problems.length === 0) leftBehind.current = {};
      setPhase('done');
      if (report.problems.length > 0) flash.error(`cleanup incomplete: ${report.problems.join('; ')}`);
      else flash.success(report.removed.length > 0 ? `Cleaned up: exited dev mode, deleted ${report.removed.join(', ')}` : 'Nothing to clean up');
    });
  };

  const busy = phase === 'running' || phase === 'cleaning';
  useKeys('screen', {
    'gate.start': () => (busy || phase === 'verdict' ? false : setPhase('form')),
    'gate.cleanup': () => (phase === 'verdict' ? setPhase('confirm') : false),
  }, {active: phase !== 'form' && phase !== 'confirm'});

  const leftovers = [outcome?.devBranch ? `exit dev mode, delete ${outcome.devBranch}` : undefined, outcome?.syncBranch ? `delete ${outcome.syncBranch}` : undefined].filter(Boolean).join(', then ');
  return (
    <Box flexDirection="column">
      {phase === 'form' ? <RefForm title="Gate a dbt ref" submitLabel="run the gate" withMeasure onSubmit={start} onCancel={() => setPhase('idle')} /> : null}
      {phase === 'confirm' ? (
        <ConfirmDialog title="Clean up after the gate?" message={leftovers || 'Nothing was created.'} confirmLabel="Clean up" onConfirm={cleanup} onCancel={() => setPhase('verdict')} />
      ) : null}
      <Text color={color.muted}>sync a ref → dev mode on the generated branch → validate → query a measure → verdict → cleanup</Text>
      <Timeline steps={GATE_STEPS.map((step) => ({name: GATE_STEP_NAMES[step], status: rows[step].status, detail: rows[step].detail}))} />
      {outcome ? (
        <Text bold color={outcome.verdict === 'PASS' ? color.success : color.error} wrap="wrap">
          {outcome.verdict === 'PASS' ? glyph.ok : glyph.fail} {outcome.verdict}: {outcome.reason}
        </Text>
      ) : null}
      <Text color={color.muted}>
        {phase === 'idle' || phase === 'done' ? (readonly ? 'read-only: the gate creates branches, so it cannot run here' : hints([['gate.start', 'gates a ref']])) : phase === 'verdict' ? `${hints([['gate.cleanup', 'cleans up']])}: ${leftovers || 'nothing to remove'}` : phase === 'running' ? 'running…' : phase === 'cleaning' ? 'cleaning up…' : ''}
      </Text>
    </Box>
  );
}
