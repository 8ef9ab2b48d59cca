// Range and filters of the audit preview and export: five text fields, dates checked on Enter; a bad value
// is named under its field and the form stays open.
import React from 'react';
import type {AuditExportFilters} from '../../src/api/audit.js';
import {FormField, FormFrame} from '../common/FormField.js';
import {useForm} from '../common/useForm.js';
import {checkForm, FIELDS, formOf, type AuditForm} from './auditInput.js';

const LABEL_WIDTH = 11;

export interface AuditFilterFormProps {
  readonly initial: AuditExportFilters;
  readonly onApply: (filters: AuditExportFilters) => void;
  readonly onCancel: () => void;
}

export function AuditFilterForm({initial, onApply, onCancel}: AuditFilterFormProps) {
  const form = useForm<keyof AuditForm>({
    initial: formOf(initial),
    fields: FIELDS.map((f) => f.id),
    arrows: true,
    onSubmit: (values) => {
      const checked = checkForm(values);
      if (!checked.ok) return {field: checked.field, text: checked.error};
      onApply(checked.filters);
    },
    onCancel,
    submitLabel: 'apply',
  });
  return (
    <FormFrame title="Audit log range and filters">
      {FIELDS.map((f) => (
        <FormField key={f.id} label={f.label} width={LABEL_WIDTH} state={form.field(f.id)} placeholder={f.hint} />
      ))}
    </FormFrame>
  );
}
