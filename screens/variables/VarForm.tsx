// "Set variable": a name and a value, checked before sending (varInput.ts); a problem is shown under its field and
// the form keeps everything typed. Secrecy is the name's (the API has no flag): a name containing PASS, SECRET,
// TOKEN, KEY or CREDENTIAL is a secret, its value is typed masked and never shown again.
import React from 'react';
import {Text} from 'ink';
import {SECRET_NAME_RULE} from '../../src/contract/secretNames.js';
import {color} from '../../src/ui/theme.js';
import {FormField, FormFrame} from '../common/FormField.js';
import {useForm} from '../common/useForm.js';
import {checkVariable, secretPart, type VarDraft, type VarField} from './varInput.js';

export interface VarFormProps {
  readonly deployment: string;
  /** What the form starts with: a changed row's name, or what was typed before a refusal. */
  readonly initial: VarDraft;
  /** Names already stored (they may be resent even when they break today's name rule). */
  readonly existing: ReadonlySet<string>;
  readonly onSubmit: (variable: VarDraft) => void;
  readonly onCancel: () => void;
  /** The service's refusal of the last attempt. */
  readonly serverError?: string;
}

const LABEL_WIDTH = 8;

export function VarForm({deployment, initial, existing, onSubmit, onCancel, serverError}: VarFormProps) {
  const form = useForm<VarField>({
    initial,
    fields: ['name', 'value'],
    focus: initial.name === '' ? 'name' : 'value',
    onSubmit: (values) => {
      const checked = checkVariable(values, existing);
      if (!checked.ok) return {field: checked.field, text: checked.text};
      onSubmit(checked.variable);
    },
    onCancel,
    submitLabel: 'review',
  });
  const secret = secretPart(form.values.name);
  return (
    <FormFrame title={`Set a variable on ${deployment}`} serverError={serverError}>
      <FormField label="Name:" width={LABEL_WIDTH} state={form.field('name')} />
      <FormField label="Value:" width={LABEL_WIDTH} state={form.field('value')} mask={secret ? '•' : undefined} />
      <Text color={color.muted} wrap="truncate-end">
        {'  '}
        {secret
          ? `Secret: yes (the name contains ${secret}); the value is never shown back`
          : `Secret: no (${SECRET_NAME_RULE} are)`}
      </Text>
    </FormFrame>
  );
}
