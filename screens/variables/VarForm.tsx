// "Set variable": a name and a value, checked before sending (varInput.ts); a problem is shown under its field and
// the form keeps everything typed. Secrecy is the name's (the API has no flag): a name containing PASS, SECRET,
// TOKEN, KEY or CREDENTIAL is a secret, its value is typed masked and never shown again.
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {SECRET_NAME_RULE} from '../../src/contract/secretNames.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color, glyph} from '../../src/ui/theme.js';
import {hints} from '../hints.js';
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

const FIELDS: VarField[] = ['name', 'value'];

export function VarForm({deployment, initial, existing, onSubmit, onCancel, serverError}: VarFormProps) {
  const [values, setValues] = useState<VarDraft>(initial);
  const [field, setField] = useState<VarField>(initial.name === '' ? 'name' : 'value');
  const [error, setError] = useState<{field: VarField; text: string} | undefined>();
  // Enter can arrive in the same chunk as the last typed character, before a re-render: read refs.
  const latest = useRef(values);
  latest.current = values;

  const submit = () => {
    const checked = checkVariable(latest.current, existing);
    if (!checked.ok) return (setError({field: checked.field, text: checked.text}), setField(checked.field));
    setError(undefined);
    onSubmit(checked.variable);
  };
  const step = () => setField((f) => FIELDS[(FIELDS.indexOf(f) + 1) % FIELDS.length]!);
  useKeys('dialog', {'form.next': step, 'form.prev': step, 'form.submit': submit, 'form.cancel': onCancel, '*': () => false});

  const secret = secretPart(values.name);
  const row = (id: VarField, label: string) => (
    <Box flexDirection="column">
      <Box>
        <Text color={field === id ? color.accent : color.muted}>
          {field === id ? glyph.selected : ' '} {label.padEnd(8)}
        </Text>
        <TextField
          value={values[id]}
          onChange={(v) => {
            latest.current = {...latest.current, [id]: v};
            setValues(latest.current);
            setError(undefined);
          }}
          focus={field === id}
          mask={id === 'value' && secret ? '•' : undefined}
          modal
        />
      </Box>
      {error?.field === id ? (
        <Text color={color.error}>
          {'  '}
          {glyph.fail} {error.text}
        </Text>
      ) : null}
    </Box>
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold>Set a variable on {deployment}</Text>
      {row('name', 'Name:')}
      {row('value', 'Value:')}
      <Text color={color.muted} wrap="truncate-end">
        {'  '}
        {secret
          ? `Secret: yes (the name contains ${secret}); the value is never shown back`
          : `Secret: no (${SECRET_NAME_RULE} are)`}
      </Text>
      {serverError ? <Text color={color.error}>{glyph.fail} {serverError}</Text> : null}
      <Text color={color.muted}>{hints([['form.next', 'switch field'], ['form.submit', 'review'], ['form.cancel', 'cancel']])}</Text>
    </Box>
  );
}
