// `dbt generate` from the run screen (`m`): cube files from a dbt manifest, written under a local directory, with
// no branch touched. A form asks for the manifest file and the directory, a confirm says what will happen, then
// the manifest sync is followed by the wait engine (its progress line shown) and the files are written. The same
// flow as `svc dbt generate` (workflows/dbtGenerate.ts).
import React, {useEffect, useRef, useState} from 'react';
import {resolve} from 'node:path';
import {Box, Text} from 'ink';
import {useQueryClient} from '@tanstack/react-query';
import {dbtKeys} from '../../src/queries/dbt.js';
import {useRunStarted} from '../../src/ui/activity/ActivityFeedProvider.js';
import {ConfirmDialog} from '../../src/ui/components/ConfirmDialog.js';
import {Spinner} from '../../src/ui/components/Spinner.js';
import {errorMessage} from '../../src/ui/components/StateView.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import type {KeyHandlers, KeyLabels} from '../../src/ui/dispatch/dispatch.js';
import {waitClockOn} from '../../src/ui/clock.js';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {useClock} from '../../src/ui/hooks/useClock.js';
import {color, glyph} from '../../src/ui/theme.js';
import {applyGeneratedFiles, generateFromManifest, readManifestFile} from '../../src/workflows/dbtGenerate.js';

/** A manifest sync takes seconds; a stuck one is given up after this long (it goes on on the service). */
const GENERATE_TIMEOUT_MS = 30 * 60_000;
const SHOWN_FILES = 4;

type Stage = 'form' | 'confirm' | 'running' | 'done';

export function GeneratePanel({deploymentId, intervalMs, onClose}: {readonly deploymentId: string; readonly intervalMs: number; readonly onClose: () => void}) {
  const api = useApi();
  const clock = useClock();
  const client = useQueryClient();
  const runStarted = useRunStarted();
  const [stage, setStage] = useState<Stage>('form');
  const [paths, setPaths] = useState({manifest: 'target/manifest.json', out: '.'});
  const [field, setField] = useState<'manifest' | 'out'>('manifest');
  const [error, setError] = useState<string | undefined>();
  const [line, setLine] = useState('starting the manifest sync');
  const [result, setResult] = useState<{ok: boolean; lines: string[]}>();
  const latest = useRef(paths);
  latest.current = paths;
  const manifest = useRef<Record<string, unknown>>({});
  const aborter = useRef(new AbortController());
  useEffect(() => () => aborter.current.abort(), []);

  const check = () =>
    readManifestFile(latest.current.manifest.trim())
      .then((m) => ((manifest.current = m), setError(undefined), setStage('confirm')))
      .catch((err: unknown) => setError(errorMessage(err)));

  const run = () => {
    setStage('running');
    const out = resolve(latest.current.out.trim() || '.');
    const {signal} = aborter.current;
    generateFromManifest(api, deploymentId, manifest.current, {
      timeoutMs: GENERATE_TIMEOUT_MS,
      intervalMs,
      ...waitClockOn(clock),
      signal,
      onStarted: (id) => {
        setLine(`dbt sync ${id} started (manifest → files)`);
        runStarted({kind: 'sync', deploymentId, id});
      },
      onProgress: setLine,
    })
      .then(async ({syncJobId, final, files}) => {
        void client.invalidateQueries({queryKey: dbtKeys.ofDeployment(deploymentId)});
        if (final.status !== 'COMPLETED') return setResult({ok: false, lines: [`dbt sync ${syncJobId} failed: ${final.error ?? 'no reason reported'}`]});
        const states = await applyGeneratedFiles(files, out, false);
        const wrote = states.filter((s) => s.state === 'written');
        const more = states.length > SHOWN_FILES ? [`… ${states.length - SHOWN_FILES} more`] : [];
        setResult({
          ok: true,
          lines: [
            `dbt sync ${syncJobId}: wrote ${wrote.length} file(s) to ${out}${states.length > wrote.length ? `; ${states.length - wrote.length} already up to date` : ''}`,
            ...states.slice(0, SHOWN_FILES).map((s) => `  ${s.state === 'written' ? 'wrote' : 'same '} ${s.path}`),
            ...more,
          ],
        });
      })
      .catch((err: unknown) => signal.aborted || setResult({ok: false, lines: [`generate failed: ${errorMessage(err)}`]}))
      .finally(() => signal.aborted || setStage('done'));
  };

  const other = () => setField((f) => (f === 'manifest' ? 'out' : 'manifest'));
  // Each stage's keys, named in the footer with what they do there.
  const keys: Record<Exclude<Stage, 'confirm'>, {handlers: KeyHandlers; labels: KeyLabels}> = {
    form: {handlers: {'form.next': other, 'form.prev': other, 'form.submit': () => void check(), 'form.cancel': onClose, '*': () => false}, labels: {'form.submit': 'continue'}},
    // Esc while running stops watching; the sync itself goes on on the service.
    running: {handlers: {'form.cancel': onClose, '*': () => true}, labels: {'form.cancel': 'stop watching (the sync goes on)'}},
    done: {handlers: {'form.submit': onClose, 'form.cancel': onClose, '*': () => true}, labels: {'form.submit': 'close', 'form.cancel': 'close'}},
  };
  const now = keys[stage === 'confirm' ? 'form' : stage];
  useKeys('dialog', now.handlers, {active: stage !== 'confirm', labels: now.labels});

  if (stage === 'confirm') {
    return (
      <ConfirmDialog
        title={`Generate cube files from ${latest.current.manifest.trim()}?`}
        message={`A manifest sync runs on the service (no branch is written); files that differ under ${resolve(latest.current.out.trim() || '.')} are overwritten.`}
        confirmLabel="Generate"
        onConfirm={run}
        onCancel={onClose}
      />
    );
  }
  const set = (f: 'manifest' | 'out') => (v: string) => ((latest.current = {...latest.current, [f]: v}), setPaths(latest.current), setError(undefined));
  const label = (f: 'manifest' | 'out', text: string) => (
    <Text color={field === f ? color.accent : color.muted}>{field === f ? glyph.selected : ' '} {text}</Text>
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold>dbt generate: cube files from a dbt manifest</Text>
      {stage === 'form' ? (
        <>
          <Box>
            {label('manifest', 'Manifest: ')}
            <TextField value={paths.manifest} onChange={set('manifest')} focus={field === 'manifest'} modal />
          </Box>
          <Box>
            {label('out', 'Write to: ')}
            <TextField value={paths.out} onChange={set('out')} focus={field === 'out'} modal />
          </Box>
          {error ? <Text color={color.error} wrap="wrap">{glyph.fail} {error}</Text> : null}
        </>
      ) : stage === 'running' ? (
        <>
          <Text wrap="truncate-end">
            <Spinner /> {line}
          </Text>
        </>
      ) : (
        <>
          {(result?.lines ?? []).map((l, i) => (
            <Text key={i} color={i === 0 ? (result?.ok ? color.success : color.error) : undefined} wrap="truncate-end">
              {i === 0 ? `${result?.ok ? glyph.ok : glyph.fail} ` : ''}
              {l}
            </Text>
          ))}
        </>
      )}
    </Box>
  );
}
