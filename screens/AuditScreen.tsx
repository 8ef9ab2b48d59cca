// Audit log: a range (typed ISO dates or the 24h/7d/30d presets) and filters, a preview of the newest events
// they select, and an export of all of them to a CSV file with a progress line. A 403 (feature off, or a key
// without AuditLogManage) is explained with what to do.
import React, {useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import type {AuditExportFilters} from '../src/api/audit.js';
import {AUDIT_PREVIEW_ROWS, auditQueries, type AuditEvent} from '../src/queries/audit.js';
import {DataTable, type Column} from '../src/ui/components/DataTable.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useRemembered} from '../src/ui/hooks/useNav.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {AuditFilterForm} from './audit/AuditFilterForm.js';
import {describeFilters, nextPreset} from './audit/auditInput.js';
import {EventDetail} from './audit/EventDetail.js';
import {ExportPanel} from './audit/ExportPanel.js';
import {ForbiddenHelp, isForbidden} from './audit/ForbiddenHelp.js';
import {groupDigits} from '../src/lib/format.js';
import {useDialogSlot} from './common/useDialogSlot.js';

// Events carry what callers sent: line breaks and control characters (terminal escapes) are shown as spaces.
const clean = (text: string) => text.replace(/[\x00-\x1f\x7f\s]+/g, ' ');
const columns: Column<AuditEvent>[] = [
  {id: 'id', header: 'ID', width: 6, align: 'right', render: (e) => clean(e.id)},
  {id: 'at', header: 'CREATED', width: 20, render: (e) => clean(e.createdAt.replace(/\.\d{3}Z$/, 'Z'))},
  {id: 'event', header: 'EVENT', flex: 2, render: (e) => clean(e.eventName)},
  {id: 'user', header: 'USER', flex: 2, render: (e) => clean(e.userEmail) || '—'},
  {id: 'data', header: 'DATA', flex: 3, render: (e) => clean(e.data)},
];

type Dialog = {readonly kind: 'none' | 'filters' | 'export'} | {readonly kind: 'detail'; readonly event: AuditEvent};

export function AuditScreen(_props: ScreenProps) {
  const api = useApi();
  const body = useBodySize();
  const [filters, setFilters] = useRemembered<AuditExportFilters>('filters', {});
  const [preset, setPreset] = useRemembered<string | undefined>('preset', undefined);
  const [dialog, setDialog] = useState<Dialog>({kind: 'none'});
  useTitle('Audit log', preset && preset !== 'all' ? `last ${preset}` : undefined);
  const query = useQuery(auditQueries.preview(api, filters));
  const preview = query.data;

  useKeys(
    'screen',
    {
      'audit.filters': () => setDialog({kind: 'filters'}),
      'audit.preset': () => {
        const next = nextPreset(preset, Date.now());
        setPreset(next.label);
        setFilters(({start: _start, end: _end, ...rest}) => ({...rest, ...(next.start !== undefined ? {start: next.start} : {})}));
      },
      'audit.export': () => setDialog({kind: 'export'}),
    },
    {active: dialog.kind === 'none'},
  );

  const close = () => setDialog({kind: 'none'});
  const panel = useDialogSlot(
    dialog.kind === 'filters' ? (
      <AuditFilterForm
        initial={filters}
        onApply={(f) => {
          // Typed dates replace a preset.
          if (f.start !== filters.start || f.end !== filters.end) setPreset(undefined);
          setFilters(f);
          close();
        }}
        onCancel={close}
      />
    ) : dialog.kind === 'export' ? (
      <ExportPanel api={api} filters={filters} onClose={close} today={new Date().toISOString().slice(0, 10)} />
    ) : null,
    dialog.kind,
  );
  const forbidden = isForbidden(query.error) ? query.error : undefined;
  return (
    <>
    {dialog.kind === 'detail' ? <EventDetail event={dialog.event} onClose={close} /> : null}
    {/* Hidden, not unmounted, under the detail view: the list keeps its cursor. */}
    <Box flexDirection="column" display={dialog.kind === 'detail' ? 'none' : 'flex'}>
      <Text color={color.muted} wrap="truncate-end">
        {describeFilters(filters, preset)}
      </Text>
      {panel.slot}
      {forbidden && !preview ? (
        <ForbiddenHelp error={forbidden} />
      ) : (
        <StateView query={query} noun="audit events" empty={preview?.events.length === 0} emptyText="No audit events in this range and filters">
          {preview ? (
            <Text color={color.muted}>
              newest {Math.min(preview.events.length, AUDIT_PREVIEW_ROWS)} of {groupDigits(preview.total)} events
            </Text>
          ) : null}
          <DataTable
            rows={preview?.events ?? []}
            columns={columns}
            getRowId={(e) => e.id}
            noun="audit events"
            total={preview?.total}
            height={Math.max(3, body.height - 3 - panel.rows)}
            active={dialog.kind === 'none'}
            onActivate={(event) => setDialog({kind: 'detail', event})}
            activateLabel="event details"
          />
        </StateView>
      )}
    </Box>
    </>
  );
}
