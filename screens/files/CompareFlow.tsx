// `d` on a file: pick the branch to compare with, then the file on the browsed branch against the same path on
// that branch as a unified diff (the dev-mode diff view: - only on the browsed branch, + only on the other).
// Modal while open; Esc steps back out. A file missing on either side shows as new/deleted, a binary one says so.
import React, {useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {safeLine, safeText} from '../../src/lib/safeText.js';
import {dataModelQueries} from '../../src/queries/dataModel.js';
import {errorMessage} from '../../src/ui/components/StateView.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {useKeyScope} from '../../src/ui/hooks/useKeyScope.js';
import {color, glyph} from '../../src/ui/theme.js';
import {hints} from '../hints.js';
import {BranchPicker} from '../common/BranchPicker.js';
import type {FileChange} from '../common/diff.js';
import {DiffView} from '../common/DiffView.js';
import {browsable} from './branches.js';
import {isBinary} from './fileView.js';

export interface CompareFlowProps {
  readonly deploymentId: string;
  readonly deployBranch: string | undefined;
  /** The browsed branch: the diff's `-` side. */
  readonly branch: string;
  readonly path: string;
  readonly height: number;
  readonly onClose: () => void;
}

/** Text for the diff: what a terminal would act on made visible, tabs as spaces. */
const inert = (content: string | undefined) => (content === undefined ? undefined : safeText(content.replace(/\t/g, '  ')));

export type Comparison = {readonly kind: 'message'; readonly text: string} | {readonly kind: 'diff'; readonly changes: FileChange[]};

/** The file on `branch` (before) against `other` (after). */
export function compare(path: string, branch: string, other: string, before: string | undefined, after: string | undefined): Comparison {
  if (before === undefined && after === undefined) return {kind: 'message', text: `${path} is on neither ${branch} nor ${other}`};
  if ((before !== undefined && isBinary(before)) || (after !== undefined && isBinary(after))) {
    return {kind: 'message', text: `${path} is a binary file: no line diff (${before === after ? 'identical' : 'it differs'} on ${branch} and ${other})`};
  }
  if (before === after) return {kind: 'diff', changes: []};
  const kind = before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified';
  return {kind: 'diff', changes: [{path: safeLine(path), kind, ...(before !== undefined && {before: inert(before)}), ...(after !== undefined && {after: inert(after)})}]};
}

export function CompareFlow({deploymentId, deployBranch, branch, path, height, onClose}: CompareFlowProps) {
  const api = useApi();
  // It covers the screen: the footer and help show no screen keys (they do not act under it), only its hints.
  useKeyScope('filesCompare');
  // Names from the server, as drawn: made inert.
  const [b, p] = [safeLine(branch), safeLine(path)];
  const [other, setOther] = useState<string | undefined>();
  const branches = useQuery(dataModelQueries.branches(api, deploymentId));
  const mine = useQuery(dataModelQueries.files(api, deploymentId, branch));
  const theirs = useQuery({...dataModelQueries.files(api, deploymentId, other ?? ''), enabled: other !== undefined});
  const rows = browsable(branches.data ?? [], deployBranch, branch);
  const diffing = other !== undefined;
  // The picker starts on its first branch (the deploy branch when it is not the one read).
  const first = rows[0]?.name;
  const focus = useMemo(() => (first === undefined ? undefined : {id: first}), [first]);
  const result =
    other !== undefined && mine.data && theirs.data
      ? compare(path, branch, other, mine.data.find((f) => f.path === path)?.content, theirs.data.find((f) => f.path === path)?.content)
      : undefined;
  // The picker's Esc, and Esc while the other branch loads or a message shows; the diff view has its own.
  useKeys('dialog', {'dialog.cancel': onClose}, {active: result?.kind !== 'diff'});

  if (!diffing) {
    return (
      <Box flexDirection="column">
        <Text bold wrap="truncate-end">
          Diff {p} on {b} against which branch? <Text color={color.muted}>{hints([['list.open', 'diff'], ['dialog.cancel', 'cancel']])}</Text>
        </Text>
        {branches.error ? <Text color={color.error}>{glyph.fail} could not list the branches: {errorMessage(branches.error)}</Text> : null}
        {branches.data && rows.length === 0 ? (
          <Text color={color.muted}>{b} is the only branch to read: nothing to compare with</Text>
        ) : (
          <BranchPicker rows={rows} deployBranch={deployBranch} height={Math.max(3, height - 2)} active filter="" publishCount={false} focus={focus} onSelect={() => undefined} onActivate={(b) => setOther(b.name)} />
        )}
      </Box>
    );
  }
  const failed = mine.error ?? theirs.error;
  if (!result) {
    return failed ? (
      <Text color={color.error}>
        {glyph.fail} could not read {p} on {safeLine(theirs.error ? (other ?? '') : branch)}: {errorMessage(failed)} <Text color={color.muted}>{hints([['dialog.cancel', 'close']])}</Text>
      </Text>
    ) : (
      <Text color={color.muted}>
        {glyph.pending} Reading {p} on {safeLine(other ?? '')}…
      </Text>
    );
  }
  if (result.kind === 'message') {
    return (
      <Text color={color.warn} wrap="wrap">
        {glyph.warn} {safeLine(result.text)} <Text color={color.muted}>{hints([['dialog.cancel', 'close']])}</Text>
      </Text>
    );
  }
  return (
    <DiffView
      title={`${p}: ${b} → ${safeLine(other ?? '')} (- only on ${b}, + only on ${safeLine(other ?? '')})`}
      changes={result.changes}
      height={height}
      onClose={onClose}
      emptyText={`no differences: ${p} is the same on ${b} and ${safeLine(other ?? '')}`}
    />
  );
}
