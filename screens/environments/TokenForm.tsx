// "Issue metadata token" / "Issue environment token": a security-context JSON editor, an expiry in seconds and,
// for environment tokens, the scopes; validated before sending, problems (and the service's answer) are shown
// inline and the form stays open.
import React from 'react';
import type {Json} from '../../src/api/read.js';
import {FormField, FormFrame} from '../common/FormField.js';
import {useForm} from '../common/useForm.js';
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
const LABEL_WIDTH = 18;

export function TokenForm(props: TokenFormProps) {
  const {environment, onSubmit, onCancel, busy, serverError, withScopes} = props;
  const defaultExpiresIn = props.defaultExpiresIn ?? DEFAULT_EXPIRES_IN;
  const form = useForm<Field>({
    initial: {context: '{}', expires: String(defaultExpiresIn), scopes: 'data,meta'},
    fields: withScopes ? ['context', 'expires', 'scopes'] : ['context', 'expires'],
    onSubmit: (values) => {
      const sc = parseSecurityContext(values.context);
      if (!sc.ok) return {field: 'context', text: sc.error};
      const ttl = parseExpiresIn(values.expires, defaultExpiresIn, props.maxExpiresIn);
      if (!ttl.ok) return {field: 'expires', text: ttl.error};
      const scopes = withScopes ? parseScopes(values.scopes) : undefined;
      if (scopes && !scopes.ok) return {field: 'scopes', text: scopes.error};
      // The default is the service's own: it is not sent as if someone had set it (send only what the user set; the
      // platform's description caps a sent `expires_in` lower than the spec's default lifetime of a metadata token).
      onSubmit({securityContext: sc.value, ...(ttl.value !== defaultExpiresIn && {expiresIn: ttl.value}), ...(scopes?.ok && {scopes: scopes.value})});
    },
    onCancel,
    busy,
    submitLabel: 'issue',
  });
  return (
    <FormFrame title={`Issue ${props.what ?? 'metadata token'} for ${environment}`} busy={busy ? 'Issuing' : undefined} serverError={serverError}>
      <FormField label="Security context:" width={LABEL_WIDTH} state={form.field('context')} />
      <FormField label="Expires in (s):" width={LABEL_WIDTH} state={form.field('expires')} />
      {withScopes ? <FormField label="Scopes:" width={LABEL_WIDTH} state={form.field('scopes')} /> : null}
    </FormFrame>
  );
}
