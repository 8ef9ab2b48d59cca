// The environment tokens of one environment: the newest issued (values redacted by the service, so nothing here is
// a usable credential), and n to issue another (the value is then shown once in the token view).
import React from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {errorMessage} from '../../src/ui/components/StateView.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {ENVIRONMENT_TOKENS_SHOWN, environmentQueries} from '../../src/queries/environments.js';
import {color, glyph} from '../../src/ui/theme.js';
import {useHints} from '../hints.js';

export interface TokensPanelProps {
  readonly deploymentId: string;
  readonly environmentId: string;
  readonly environment: string;
  readonly onCreate: () => void;
  readonly onClose: () => void;
}

const when = (iso: string | undefined) => (iso ? iso.replace('T', ' ').slice(0, 16) : '?');

export function TokensPanel({deploymentId, environmentId, environment, onCreate, onClose}: TokensPanelProps) {
  const api = useApi();
  const hint = useHints();
  const query = useQuery(environmentQueries.tokens(api, deploymentId, environmentId));
  useKeys('dialog', {
    'tokens.create': onCreate,
    'form.cancel': onClose,
    // Modal: the list below does not move while the panel is open.
    '*': () => true,
  });
  const tokens = query.data?.tokens ?? [];
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold>
        Environment tokens of {environment} {query.data ? <Text color={color.muted}>[{query.data.total}]</Text> : null}
      </Text>
      {query.isPending ? <Text color={color.muted}>Loading tokens…</Text> : null}
      {query.isError ? <Text color={color.error}>{glyph.fail} {errorMessage(query.error)}</Text> : null}
      {query.data && tokens.length === 0 ? <Text color={color.muted}>No tokens issued for {environment} yet.</Text> : null}
      {tokens.length > 0 ? (
        <Text color={color.muted}>{'TOKEN'.padEnd(12)}{'SCOPES'.padEnd(11)}{'CREATED'.padEnd(18)}{'EXPIRES'.padEnd(18)}SECURITY CONTEXT</Text>
      ) : null}
      {tokens.map((t, i) => (
        <Text key={i} wrap="truncate-end">
          {t.token.padEnd(12)}
          {(t.scopes ?? []).join(',').padEnd(11)}
          {when(t.created_at).padEnd(18)}
          {when(t.expires_at).padEnd(18)}
          {JSON.stringify(t.security_context ?? {})}
        </Text>
      ))}
      {query.data && query.data.total > ENVIRONMENT_TOKENS_SHOWN ? (
        <Text color={color.muted}>the newest {ENVIRONMENT_TOKENS_SHOWN}; `svc environments tokens` lists them all</Text>
      ) : null}
      <Text color={color.muted}>{hint([['tokens.create', 'issue a token'], ['form.cancel', 'close']])}</Text>
    </Box>
  );
}
