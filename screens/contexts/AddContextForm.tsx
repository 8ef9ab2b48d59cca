// "Add context": name, URL and API key (masked, never echoed). Checked on Enter; a bad value is named under the
// field it belongs to, which gets the focus. Saving is the screen's job (the config layer's saveContext).
import React from 'react';
import {checkNewContext, type NewContext} from '../../src/workflows/contexts.js';
import {FormField, FormFrame} from '../common/FormField.js';
import {useForm} from '../common/useForm.js';

const FIELDS = [
  {id: 'name', label: 'Name', hint: 'e.g. staging'},
  {id: 'url', label: 'URL', hint: 'https://acme.example.com'},
  {id: 'credential', label: 'API key', hint: 'pasted, shown as •'},
] as const satisfies readonly {id: keyof NewContext; label: string; hint: string}[];
const LABEL_WIDTH = 8;

export interface AddContextFormProps {
  /** Names already saved (a second one of the same name is refused). */
  readonly existing: readonly string[];
  readonly onSubmit: (input: NewContext) => void;
  readonly onCancel: () => void;
  /** Shown while saving; keys are ignored meanwhile. */
  readonly busy?: boolean;
  readonly serverError?: string;
}

export function AddContextForm({existing, onSubmit, onCancel, busy, serverError}: AddContextFormProps) {
  const form = useForm<keyof NewContext>({
    initial: {name: '', url: '', credential: ''},
    fields: FIELDS.map((f) => f.id),
    arrows: true,
    onSubmit: (values) => {
      const checked = checkNewContext(values, existing);
      if (!checked.ok) return {field: checked.field, text: checked.error};
      onSubmit(checked.value);
    },
    onCancel,
    busy,
    submitLabel: 'save',
  });
  return (
    <FormFrame title="Add context" busy={busy ? 'Saving' : undefined} serverError={busy ? undefined : serverError}>
      {FIELDS.map((f) => (
        <FormField key={f.id} label={f.label} width={LABEL_WIDTH} state={form.field(f.id)} placeholder={f.hint} mask={f.id === 'credential' ? '•' : undefined} />
      ))}
    </FormFrame>
  );
}
