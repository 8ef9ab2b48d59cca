// "Issue metadata token": a security-context JSON editor and an expiry in seconds, validated before sending;
// problems (and the service's answer) are shown inline and the form stays open.
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {Json} from '../../src/api/read.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color, glyph} from '../../src/ui/theme.js';
import {hints} from '../hints.js';
import {DEFAULT_EXPIRES_IN, parseExpiresIn, parseSecurityContext} from './tokenInput.js';

export interface TokenFormProps {
  /** Environment the token is for (shown in the title). */
  readonly environment: string;
  readonly onSubmit: (input: {securityContext: Json; expiresIn: number}) => void;
  readonly onCancel: () => void;
  readonly busy?: boolean;
  readonly serverError?: string;
}

type Field = 'context' | 'expires';

export function TokenForm({environment, onSubmit, onCancel, busy, serverError}: TokenFormProps) {
  const [context, setContext] = useState('{}');
  const [expires, setExpires] = useState(String(DEFAULT_EXPIRES_IN));
  const [field, setField] = useState<Field>('context');
  const [error, setError] = useState<{field: Field; text: string} | undefined>();
  // Enter can arrive in the same chunk as the last typed character, before a re-render: read refs.
  const latest = useRef({context, expires});
  latest.current = {context, expires};

  const submit = () => {
    const sc = parseSecurityContext(latest.current.context);
    if (!sc.ok) return (setError({field: 'context', text: sc.error}), setField('context'));
    const ttl = parseExpiresIn(latest.current.expires);
    if (!ttl.ok) return (setError({field: 'expires', text: ttl.error}), setField('expires'));
    setError(undefined);
    onSubmit({securityContext: sc.value, expiresIn: ttl.value});
  };
  const other = () => setField((f) => (f === 'context' ? 'expires' : 'context'));
  useKeys('dialog', {
    'form.next': other,
    'form.prev': other,
    'form.submit': () => void (busy || submit()),
    'form.cancel': () => void (busy || onCancel()),
    // Text goes to the focused field (the layer below); while busy nothing may reach the screen.
    '*': () => !!busy,
  });

  const row = (id: Field, label: string, value: string, set: (v: string) => void) => (
    <Box flexDirection="column">
      <Box>
        <Text color={field === id ? color.accent : color.muted}>
          {field === id ? glyph.selected : ' '} {label.padEnd(18)}
        </Text>
        <TextField
          value={value}
          onChange={(v) => {
            latest.current = {...latest.current, [id === 'context' ? 'context' : 'expires']: v};
            set(v);
            setError(undefined);
          }}
          focus={field === id && !busy}
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
      <Text bold>Issue metadata token for {environment}</Text>
      {row('context', 'Security context:', context, setContext)}
      {row('expires', 'Expires in (s):', expires, setExpires)}
      {busy ? <Text color={color.muted}>Issuing…</Text> : null}
      {serverError ? <Text color={color.error}>{glyph.fail} {serverError}</Text> : null}
      <Text color={color.muted}>{hints([['form.next', 'switch field'], ['form.submit', 'issue'], ['form.cancel', 'cancel']])}</Text>
    </Box>
  );
}
