// Environments of a deployment, by type (t cycles all → production → staging → development), with the
// selected one's connection details; T issues a metadata token for it, K lists its environment tokens (n there
// issues one). A token's value is shown once, in the token view, and forgotten when that closes.
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query';
import type {Environment, MetaSyncToken} from '../src/api/environments.js';
import {ENVIRONMENTS_LIMIT, environmentMutations, environmentQueries} from '../src/queries/environments.js';
import {LIST_REFRESH_MS} from '../src/queries/poll.js';
import {DataTable, type Column} from '../src/ui/components/DataTable.js';
import {StateView, errorMessage} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useRemembered} from '../src/ui/hooks/useNav.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {TokenForm, type TokenFormInput} from './environments/TokenForm.js';
import {TokensPanel} from './environments/TokensPanel.js';
import {ENVIRONMENT_TOKEN_EXPIRES_IN} from './environments/tokenInput.js';
import {environmentKeys} from '../src/queries/keys.js';
import {TokenResult} from './environments/TokenResult.js';
import {useLivePolicy} from './useLivePolicy.js';
import {useDialogSlot} from './common/useDialogSlot.js';

export const ENVIRONMENT_TYPES = [undefined, 'production', 'staging', 'development'] as const;
type TypeFilter = (typeof ENVIRONMENT_TYPES)[number];

const hostPort = (e: Environment) => (e.sqlHost ? `${e.sqlHost}${e.sqlPort !== undefined ? `:${e.sqlPort}` : ''}` : '');
const columns: Column<Environment>[] = [
  {id: 'name', header: 'NAME', flex: 2, render: (e) => e.name},
  {id: 'type', header: 'TYPE', width: 11, render: (e) => e.type},
  {id: 'rest', header: 'REST URL', flex: 3, render: (e) => e.restUrl ?? ''},
  {id: 'sql', header: 'SQL HOST:PORT', flex: 2, render: hostPort},
];
/** Lines the details pane takes under the table. */
const DETAILS_HEIGHT = 4;

type Dialog =
  | {kind: 'none'}
  | {kind: 'form'; env: Environment}
  | {kind: 'token'; env: Environment; token: MetaSyncToken}
  | {kind: 'tokens'; env: Environment}
  | {kind: 'envForm'; env: Environment}
  | {kind: 'envToken'; env: Environment; token: MetaSyncToken};

function Details({env}: {env: Environment | undefined}) {
  if (!env) return null;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text wrap="truncate-end">
        <Text color={color.muted}>REST URL  </Text>
        {env.restUrl ?? '—'}
      </Text>
      <Text wrap="truncate-end">
        <Text color={color.muted}>SQL       </Text>
        {env.sqlHost ? `host ${env.sqlHost} port ${env.sqlPort ?? '—'}` : '—'}
        {env.branch ? <Text color={color.muted}>   branch {env.branch}</Text> : null}
      </Text>
    </Box>
  );
}

export function EnvironmentsScreen({params}: ScreenProps) {
  const api = useApi();
  const body = useBodySize();
  const id = params.deploymentId ?? '';
  const [type, setType] = useRemembered<TypeFilter>('type', undefined);
  const live = useLivePolicy(LIST_REFRESH_MS);
  useTitle('Environments', [params.deploymentName ?? id, type ? `type:${type}` : ''].filter(Boolean).join(' · '));
  const query = useQuery(environmentQueries.list(api, id, {...(type && {type}), limit: ENVIRONMENTS_LIMIT}, live));
  const rows = query.data?.environments ?? [];
  const [selected, setSelected] = useState<Environment | undefined>();
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const [dialog, setDialog] = useState<Dialog>({kind: 'none'});
  const issue = useMutation(environmentMutations.metaSyncToken(api, id));
  const flash = useFlash();
  const issueEnv = useMutation(environmentMutations.environmentToken(api, id));
  const client = useQueryClient();

  useKeys(
    'screen',
    {
      'environments.type': () => setType((t) => ENVIRONMENT_TYPES[(ENVIRONMENT_TYPES.indexOf(t) + 1) % ENVIRONMENT_TYPES.length]),
      'environments.token': () => (selectedRef.current ? (issue.reset(), setDialog({kind: 'form', env: selectedRef.current})) : false),
      // y and w act on an issued token; before there is one, say how to get one rather than do nothing.
      'token.copy': () => flash.info('No token to copy yet: T issues a metadata token for the selected environment'),
      'token.write': () => flash.info('No token to write yet: T issues a metadata token for the selected environment'),
      'environments.tokens': () => (selectedRef.current ? setDialog({kind: 'tokens', env: selectedRef.current}) : false),
    },
    {active: dialog.kind === 'none'},
  );

  // Both kinds of token are listed under K: the listing read before is dropped once either is issued, so K never
  // shows it (no "No tokens issued" next to the token just issued) and reads it again.
  const issued = (env: Environment, next: Dialog) => {
    client.removeQueries({queryKey: environmentKeys.tokens(id, env.id)});
    setDialog(next);
  };
  const submit = (env: Environment, input: TokenFormInput) =>
    issue.mutate({environmentId: env.id, ...input}, {onSuccess: (token) => issued(env, {kind: 'token', env, token})});
  const submitEnv = (env: Environment, input: TokenFormInput) =>
    issueEnv.mutate({environmentId: env.id, ...input}, {onSuccess: (token) => issued(env, {kind: 'envToken', env, token})});
  const close = () => setDialog({kind: 'none'});
  const form = useDialogSlot(
    dialog.kind === 'form' ? (
      <TokenForm
        environment={dialog.env.name}
        onSubmit={(input) => submit(dialog.env, input)}
        onCancel={close}
        busy={issue.isPending}
        serverError={issue.error ? errorMessage(issue.error) : undefined}
      />
    ) : null,
    dialog.kind,
  );

  if (dialog.kind === 'token') return <TokenResult environment={dialog.env.name} token={dialog.token} onClose={close} />;
  if (dialog.kind === 'envToken') {
    const env = dialog.env;
    return <TokenResult environment={env.name} token={dialog.token} what="Environment token" onClose={() => setDialog({kind: 'tokens', env})} />;
  }
  if (dialog.kind === 'tokens') {
    const env = dialog.env;
    return (
      <TokensPanel
        deploymentId={id}
        environmentId={env.id}
        environment={env.name}
        onCreate={() => (issueEnv.reset(), setDialog({kind: 'envForm', env}))}
        onClose={close}
      />
    );
  }
  if (dialog.kind === 'envForm') {
    const env = dialog.env;
    return (
      <TokenForm
        environment={env.name}
        what="environment token"
        defaultExpiresIn={ENVIRONMENT_TOKEN_EXPIRES_IN}
        maxExpiresIn={ENVIRONMENT_TOKEN_EXPIRES_IN}
        withScopes
        onSubmit={(input) => submitEnv(env, input)}
        onCancel={() => setDialog({kind: 'tokens', env})}
        busy={issueEnv.isPending}
        serverError={issueEnv.error ? errorMessage(issueEnv.error) : undefined}
      />
    );
  }
  return (
    <Box flexDirection="column">
      {form.slot}
      <StateView
        query={query}
        noun={type ? `${type} environments` : 'environments'}
        empty={rows.length === 0}
      >
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(e) => e.id}
          noun="environments"
          height={Math.max(3, body.height - DETAILS_HEIGHT - form.rows)}
          active={dialog.kind === 'none'}
          onSelect={setSelected}
        />
        {/* Resolved by id, so a refresh shows the row's new details and a vanished row shows none. */}
        <Details env={rows.find((e) => e.id === selected?.id)} />
      </StateView>
    </Box>
  );
}
