// "Add context": name, URL and API key (masked, never echoed). Checked on Enter; a bad value is named under the
// form and the field it belongs to gets the focus. Saving is the screen's job (the config layer's saveContext).
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color, glyph} from '../../src/ui/theme.js';
import {checkNewContext, type NewContext} from '../../src/workflows/contexts.js';
import {hints} from '../hints.js';

const FIELDS = [
  {id: 'name', label: 'Name', hint: 'e.g. staging'},
  {id: 'url', label: 'URL', hint: 'https://acme.example.com'},
  {id: 'credential', label: 'API key', hint: 'pasted, shown as •'},
] as const satisfies readonly {id: keyof NewContext; label: string; hint: string}[];

/** Rows the form takes: border, title, fields, the hint or error line. */
export const ADD_FORM_ROWS = FIELDS.length + 4;

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
  const [form, setForm] = useState<NewContext>({name: '', url: '', credential: ''});
  const [at, setAt] = useState(0);
  const [error, setError] = useState<string | undefined>();
  // Enter can arrive in the same read as the last typed character, before a re-render: read the ref.
  const latest = useRef(form);
  latest.current = form;
  const step = (d: number) => () => setAt((i) => (i + d + FIELDS.length) % FIELDS.length);
  useKeys('dialog', {
    'form.next': step(1),
    'form.prev': step(-1),
    'form.down': step(1),
    'form.up': step(-1),
    'form.submit': () => {
      if (busy) return;
      const checked = checkNewContext(latest.current, existing);
      if (!checked.ok) {
        setError(checked.error);
        setAt(FIELDS.findIndex((f) => f.id === checked.field));
        return;
      }
      setError(undefined);
      onSubmit(checked.value);
    },
    'form.cancel': () => void (busy || onCancel()),
    // Typed text goes to the focused field below this layer; nothing reaches the screen.
    '*': () => false,
  });
  const problem = error ?? serverError;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold wrap="truncate-end">Add context</Text>
      {FIELDS.map((f, i) => (
        <Box key={f.id}>
          <Box flexShrink={0}>
            <Text color={i === at ? color.accent : color.muted}>
              {i === at ? glyph.selected : ' '} {f.label.padEnd(8)}
            </Text>
          </Box>
          <TextField
            value={form[f.id]}
            placeholder={f.hint}
            {...(f.id === 'credential' ? {mask: '•'} : {})}
            onChange={(v) => {
              latest.current = {...latest.current, [f.id]: v};
              setForm(latest.current);
              setError(undefined);
            }}
            focus={i === at && !busy}
            modal
          />
        </Box>
      ))}
      {busy ? (
        <Text color={color.muted}>Saving…</Text>
      ) : problem ? (
        <Text color={color.error} wrap="wrap">
          {glyph.fail} {problem}
        </Text>
      ) : (
        <Text color={color.muted} wrap="truncate-end">
          {hints([['form.next', 'next field'], ['form.submit', 'save'], ['form.cancel', 'cancel']])}
        </Text>
      )}
    </Box>
  );
}
