// "Issue metadata token" / "Issue environment token": a security-context JSON editor, an expiry in seconds and,
// for environment tokens, the scopes; validated before sending, problems (and the service's answer) are shown
// inline and the form stays open.
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {Json} from '../../src/api/read.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color, glyph} from '../../src/ui/theme.js';
import {hints} from '../hints.js';
import {DEFAULT_EXPIRES_IN, parseExpiresIn, parseScopes, parseSecurityContext} from './tokenInput.js';

export interface TokenFormInput {
  securityContext: Json;
  /** Absent when the user left the default lifetime. */
  expiresIn?: number;
  scopes?: string[];
}

export interface TokenFormProps {
  /** Environment the token is for (shown in the title). */
  readonly environment: string;
  /** What is issued, for the title ("metadata token" by default). */
  readonly what?: string;
  /** The service's default lifetime: pre-filled, and not sent when kept. */
  readonly defaultExpiresIn?: number;
  readonly maxExpiresIn?: number;
  /** Environment tokens: ask for the scopes too. */
  readonly withScopes?: boolean;
  readonly onSubmit: (input: TokenFormInput) => void;
  readonly onCancel: () => void;
  readonly busy?: boolean;
  readonly serverError?: string;
}

type Field = 'context' | 'expires' | 'scopes';

export function TokenForm(props: TokenFormProps) {
  const {environment, onSubmit, onCancel, busy, serverError, withScopes} = props;
  const defaultExpiresIn = props.defaultExpiresIn ?? DEFAULT_EXPIRES_IN;
  const [values, setValues] = useState<Record<Field, string>>({context: '{}', expires: String(defaultExpiresIn), scopes: 'data,meta'});
  const [field, setField] = useState<Field>('context');
  const [error, setError] = useState<{field: Field; text: string} | undefined>();
  // Enter can arrive in the same chunk as the last typed character, before a re-render: read refs.
  const latest = useRef(values);
  latest.current = values;
  const fields: Field[] = withScopes ? ['context', 'expires', 'scopes'] : ['context', 'expires'];

  const submit = () => {
    const sc = parseSecurityContext(latest.current.context);
    if (!sc.ok) return (setError({field: 'context', text: sc.error}), setField('context'));
    const ttl = parseExpiresIn(latest.current.expires, defaultExpiresIn, props.maxExpiresIn);
    if (!ttl.ok) return (setError({field: 'expires', text: ttl.error}), setField('expires'));
    const scopes = withScopes ? parseScopes(latest.current.scopes) : undefined;
    if (scopes && !scopes.ok) return (setError({field: 'scopes', text: scopes.error}), setField('scopes'));
    setError(undefined);
    // The default is the service's own: it is not sent as if someone had set it (send only what the user set; the
    // platform's description caps a sent `expires_in` lower than the spec's default lifetime of a metadata token).
    onSubmit({securityContext: sc.value, ...(ttl.value !== defaultExpiresIn && {expiresIn: ttl.value}), ...(scopes?.ok && {scopes: scopes.value})});
  };
  const step = (by: number) => setField((f) => fields[(fields.indexOf(f) + by + fields.length) % fields.length]!);
  const other = () => step(1);
  useKeys('dialog', {
    'form.next': other,
    'form.prev': () => step(-1),
    'form.submit': () => void (busy || submit()),
    'form.cancel': () => void (busy || onCancel()),
    // Text goes to the focused field (the layer below); while busy nothing may reach the screen.
    '*': () => !!busy,
  });

  const row = (id: Field, label: string) => (
    <Box flexDirection="column">
      <Box>
        <Text color={field === id ? color.accent : color.muted}>
          {field === id ? glyph.selected : ' '} {label.padEnd(18)}
        </Text>
        <TextField
          value={values[id]}
          onChange={(v) => {
            latest.current = {...latest.current, [id]: v};
            setValues((old) => ({...old, [id]: v}));
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
      <Text bold>Issue {props.what ?? 'metadata token'} for {environment}</Text>
      {row('context', 'Security context:')}
      {row('expires', 'Expires in (s):')}
      {withScopes ? row('scopes', 'Scopes:') : null}
      {busy ? <Text color={color.muted}>Issuing…</Text> : null}
      {serverError ? <Text color={color.error}>{glyph.fail} {serverError}</Text> : null}
      <Text color={color.muted}>{hints([['form.next', 'switch field'], ['form.submit', 'issue'], ['form.cancel', 'cancel']])}</Text>
    </Box>
  );
}
