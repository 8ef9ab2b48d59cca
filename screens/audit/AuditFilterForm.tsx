// Range and filters of the audit preview and export: five text fields, dates checked on Enter; a bad value
// is named under its field and the form stays open.
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {AuditExportFilters} from '../../src/api/audit.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color, glyph} from '../../src/ui/theme.js';
import {hints} from '../hints.js';
import {checkForm, FIELDS, formOf, type AuditForm} from './auditInput.js';

export const FILTER_FORM_ROWS = FIELDS.length + 4;

export interface AuditFilterFormProps {
  readonly initial: AuditExportFilters;
  readonly onApply: (filters: AuditExportFilters) => void;
  readonly onCancel: () => void;
}

export function AuditFilterForm({initial, onApply, onCancel}: AuditFilterFormProps) {
  const [form, setForm] = useState<AuditForm>(() => formOf(initial));
  const [at, setAt] = useState(0);
  const [error, setError] = useState<{field: keyof AuditForm; text: string} | undefined>();
  // Enter can arrive in the same chunk as the last typed character, before a re-render: read the ref.
  const latest = useRef(form);
  latest.current = form;
  const step = (d: number) => () => setAt((i) => (i + d + FIELDS.length) % FIELDS.length);
  useKeys('dialog', {
    'form.next': step(1),
    'form.prev': step(-1),
    'form.down': step(1),
    'form.up': step(-1),
    'form.submit': () => {
      const checked = checkForm(latest.current);
      if (checked.ok) return onApply(checked.filters);
      setError({field: checked.field, text: checked.error});
      setAt(FIELDS.findIndex((f) => f.id === checked.field));
    },
    'form.cancel': () => onCancel(),
    // Typed text goes to the focused field below this layer.
    '*': () => false,
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold>Audit log range and filters</Text>
      {FIELDS.map((f, i) => (
        <Box key={f.id}>
          <Text color={i === at ? color.accent : color.muted}>
            {i === at ? glyph.selected : ' '} {f.label.padEnd(11)}
          </Text>
          <TextField
            value={form[f.id]}
            placeholder={f.hint}
            onChange={(v) => {
              latest.current = {...latest.current, [f.id]: v};
              setForm(latest.current);
              setError(undefined);
            }}
            focus={i === at}
            modal
          />
        </Box>
      ))}
      {error ? (
        <Text color={color.error}>
          {glyph.fail} {error.text}
        </Text>
      ) : (
        <Text color={color.muted}>{hints([['form.next', 'next field'], ['form.submit', 'apply'], ['form.cancel', 'cancel']])}</Text>
      )}
    </Box>
  );
}
