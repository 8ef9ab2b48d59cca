// Export to a file: asks for the path (a dated name in the working directory by default), then streams the
// export through the shared workflow with a live progress line (events and bytes).
import React, {useEffect, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {resolve} from 'node:path';
import type {AuditExportFilters} from '../../src/api/audit.js';
import type {Api} from '../../src/api/client.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color, glyph} from '../../src/ui/theme.js';
import {exportAuditLogTo, type AuditExportProgress} from '../../src/workflows/auditExport.js';
import {hints} from '../hints.js';
import {formatBytes, groupDigits} from '../../src/lib/format.js';
import {ForbiddenHelp, isForbidden} from './ForbiddenHelp.js';

/** Progress repaints at most this often: every chunk would repaint the whole screen. */
const PROGRESS_MS = 100;

export type ExportState =
  | {kind: 'asking'}
  | {kind: 'running'; path: string; progress: AuditExportProgress}
  | {kind: 'done'; path: string; progress: AuditExportProgress}
  | {kind: 'failed'; path: string; error: unknown};

const events = (p: AuditExportProgress) =>
  `${groupDigits(p.events)}${p.total !== undefined ? ` of ${groupDigits(p.total)}` : ''} events (${formatBytes(p.bytes)})`;

export function ExportPanel({api, filters, onClose, today}: {api: Api; filters: AuditExportFilters; onClose: () => void; today: string}) {
  const [path, setPath] = useState(`audit-log-${today}.csv`);
  const [state, setState] = useState<ExportState>({kind: 'asking'});
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  const start = (typed: string) => {
    const target = resolve(typed.trim() || path);
    const ctl = new AbortController();
    abort.current = ctl;
    let last = 0;
    setState({kind: 'running', path: target, progress: {events: 0, bytes: 0}});
    exportAuditLogTo(api, {
      filters,
      to: target,
      signal: ctl.signal,
      onProgress: (p) => {
        if (Date.now() - last < PROGRESS_MS) return;
        last = Date.now();
        setState({kind: 'running', path: target, progress: p});
      },
    }).then(
      (result) => setState({kind: 'done', path: target, progress: result}),
      (error: unknown) => ctl.signal.aborted || setState({kind: 'failed', path: target, error}),
    );
  };
  useKeys('dialog', {
    'form.submit': () => (state.kind === 'asking' ? start(path) : state.kind === 'running' ? undefined : onClose()),
    'form.cancel': () => {
      abort.current?.abort();
      onClose();
    },
    // While asking, typed text goes to the path field; afterwards nothing behind the panel may see keys.
    '*': () => state.kind !== 'asking',
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold>Export the audit log to a CSV file</Text>
      {state.kind === 'asking' ? (
        <>
          <Box>
            <Text color={color.muted}>File: </Text>
            <TextField value={path} onChange={setPath} onSubmit={start} modal />
          </Box>
          <Text color={color.muted}>{hints([['form.submit', 'export'], ['form.cancel', 'cancel']])}</Text>
        </>
      ) : state.kind === 'running' ? (
        <Text color={color.running}>
          {glyph.running} Exporting… {events(state.progress)} → {state.path}
        </Text>
      ) : state.kind === 'done' ? (
        <Text color={color.success}>
          {glyph.ok} Exported {events(state.progress)} to {state.path}
        </Text>
      ) : isForbidden(state.error) ? (
        <ForbiddenHelp error={state.error} retry="Then export again (x)." />
      ) : (
        <Text color={color.error}>
          {glyph.fail} export failed: {state.error instanceof Error ? state.error.message : String(state.error)}
        </Text>
      )}
      {state.kind === 'done' || state.kind === 'failed' ? <Text color={color.muted}>{hints([['form.submit', 'close']])}</Text> : null}
    </Box>
  );
}
