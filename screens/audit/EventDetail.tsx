// One audit event in full (Enter on a row): its fields and the DATA column pretty-printed when it is JSON, in a
// pager (j/k PgUp/PgDn scroll, w wraps, / finds). Esc goes back to the list.
import React, {useMemo} from 'react';
import {Box, Text} from 'ink';
import type {AuditEvent} from '../../src/queries/audit.js';
import {LogPager} from '../../src/ui/components/LogPager.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {useBodySize} from '../../src/ui/hooks/useBodySize.js';
import {useKeyScope} from '../../src/ui/hooks/useKeyScope.js';
import {color} from '../../src/ui/theme.js';

// Callers' text may hold terminal escapes: control characters are shown as spaces (line breaks split lines).
const clean = (text: string) => text.replace(/[\x00-\x09\x0b-\x1f\x7f]/g, ' ');

/** The event as lines: fields first, then the data (indented JSON when it parses). */
export function eventLines(e: AuditEvent): {seq: number; text: string}[] {
  let data = e.data;
  try {
    data = JSON.stringify(JSON.parse(e.data), null, 2);
  } catch {
    // Not JSON: shown as it is.
  }
  const lines = [`ID       ${e.id}`, `Created  ${e.createdAt}`, `Event    ${e.eventName}`, `User     ${e.userEmail || '—'}`, 'Data', ...data.split('\n').map((l) => `  ${l}`)];
  return lines.map((text, seq) => ({seq, text: clean(text)}));
}

const text = (l: {text: string}) => l.text;

export function EventDetail({event, onClose}: {readonly event: AuditEvent; readonly onClose: () => void}) {
  const body = useBodySize();
  const lines = useMemo(() => eventLines(event), [event]);
  // Esc closes the view before the shell pops the screen.
  useKeys('dialog', {'dialog.cancel': () => onClose()});
  // The list's keys (filters, range, export) do not act here: the footer and help show the pager's.
  useKeyScope('auditEvent');
  return (
    <Box flexDirection="column">
      <Text bold color={color.accent} wrap="truncate-end">
        Audit event {event.id} · {clean(event.eventName)} <Text color={color.muted}>(Esc back to the list)</Text>
      </Text>
      <LogPager lines={lines} text={text} height={Math.max(2, body.height - 1)} start="top" following="end" noun="lines" memory={`event ${event.id}`} />
    </Box>
  );
}
