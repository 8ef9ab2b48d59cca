// Saved contexts: name, URL and ★ on the default one (credentials are never shown). Enter (or `:ctx <name>`)
// switches this console to the highlighted one in place; u makes it the default for new sessions; a adds one,
// D deletes one after a question that says what happens to this session. Under `svc ui --local` it also says how a
// second shell reaches the console's own service (the env file with its URL and key) and that its data is temporary.
import React, {useEffect, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query';
import {ConfirmDialog} from '../src/ui/components/ConfirmDialog.js';
import {DataTable, type Column} from '../src/ui/components/DataTable.js';
import {StateView, errorMessage} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useAppInfo} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color, glyph} from '../src/ui/theme.js';
import {
  addSavedContext,
  defaultAfterDeleting,
  deleteSavedContext,
  listSavedContexts,
  switchDefaultContext,
  type NewContext,
  type SavedContext,
} from '../src/workflows/contexts.js';
import {AddContextForm} from './contexts/AddContextForm.js';
import {useDialogSlot} from './common/useDialogSlot.js';

const contextKeys = {list: ['contexts', 'list'] as const};

export function ContextsScreen({params}: ScreenProps) {
  const flash = useFlash();
  const body = useBodySize();
  const client = useQueryClient();
  const {session, contextName, switchContext, readonly, leaving, embedded, host} = useAppInfo();
  useTitle('Contexts');
  const query = useQuery({queryKey: contextKeys.list, queryFn: async () => listSavedContexts(session)});
  const rows = query.data ?? [];
  const selected = useRef<SavedContext | undefined>(undefined);
  const [dialog, setDialog] = useState<{kind: 'add'} | {kind: 'delete'; row: SavedContext} | {kind: 'switch'; name: string} | undefined>();
  const [connecting, setConnecting] = useState<string | undefined>();
  const mine = rows.find((r) => r.isSession);
  const here = mine ? `\`${mine.name}\`` : contextName ? `\`${contextName}\`` : 'the current connection';
  const reload = () => void client.invalidateQueries({queryKey: contextKeys.list});

  const makeDefault = useMutation({
    mutationFn: (name: string) => switchDefaultContext(name),
    onSuccess: (_v, name) => {
      reload();
      flash.success(
        mine?.name === name
          ? `Default context is now \`${name}\``
          : `Default context is now \`${name}\`; new svc sessions use it (Enter switches this one)`,
      );
    },
    onError: (err) => flash.error(`could not change the default context: ${errorMessage(err)}`),
  });
  const add = useMutation({
    mutationFn: (input: NewContext) => addSavedContext(input),
    onSuccess: ({isDefault}, input) => {
      setDialog(undefined);
      reload();
      const first = isDefault ? ', the default (there was none)' : '';
      flash.success(`Saved context \`${input.name}\` (${input.url})${first}; Enter switches to it and checks the key`);
    },
  });
  const remove = useMutation({
    mutationFn: (name: string) => deleteSavedContext(name),
    onSuccess: (result, name) => {
      setDialog(undefined);
      reload();
      const next = result.newDefault ? ` (default now \`${result.newDefault}\`)` : '';
      flash.success(`Deleted context \`${name}\`${next}${mine?.name === name ? '; this console stays on it until you switch or quit' : ''}`);
    },
    onError: (err) => {
      setDialog(undefined);
      reload();
      flash.error(`could not delete the context: ${errorMessage(err)}`);
    },
  });

  /** `confirmed`: the user agreed to lose what leaving this connection loses (the --local service's data). */
  const switchTo = async (name: string, confirmed = false) => {
    if (!switchContext) return void flash.warn('this console cannot switch contexts');
    if (connecting) return;
    if (leaving && !confirmed) return setDialog({kind: 'switch', name});
    setDialog(undefined);
    setConnecting(name);
    flash.info(`connecting to \`${name}\`…`);
    try {
      await switchContext(name);
      // The console starts over on the new context; this screen is gone, the flash stays.
      flash.success(`Switched to context \`${name}\``);
    } catch (err) {
      setConnecting(undefined);
      flash.error(`could not switch to \`${name}\`: ${errorMessage(err)} — still on ${here}`);
    }
  };
  const activate = (row: SavedContext | undefined) => {
    if (!row) return;
    if (row.isSession) return void flash.info(`this console already uses \`${row.name}\``);
    void switchTo(row.name);
  };
  // `:ctx <name>` opens this screen with the name: switch once, as soon as the screen is up.
  const asked = params.switchTo;
  const tried = useRef(false);
  useEffect(() => {
    if (asked === undefined || tried.current) return;
    tried.current = true;
    void switchTo(asked);
    // Once per visit, whatever re-renders follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  useKeys(
    'screen',
    {
      'contexts.use': () => {
        const row = selected.current;
        if (!row || makeDefault.isPending) return;
        if (row.isDefault) return void flash.info(`\`${row.name}\` is already the default context`);
        makeDefault.mutate(row.name);
      },
      'contexts.add': () => {
        add.reset();
        setDialog({kind: 'add'});
      },
      'contexts.delete': () => {
        if (selected.current) setDialog({kind: 'delete', row: selected.current});
      },
    },
    {active: dialog === undefined && connecting === undefined},
  );

  const columns: Column<SavedContext>[] = [
    {id: 'default', header: ' ', width: 1, render: (c) => (c.isDefault ? glyph.star : ' '), color: (c) => (c.isDefault ? color.accent : undefined)},
    {id: 'name', header: 'NAME', flex: 1, render: (c) => (c.isSession ? `${c.name} (this session)` : c.name)},
    {id: 'url', header: 'URL', flex: 2, render: (c) => c.url},
  ];
  const over = useDialogSlot(
    dialog?.kind === 'add' ? (
      <AddContextForm
        existing={rows.map((r) => r.name)}
        onSubmit={(input) => add.mutate(input)}
        onCancel={() => setDialog(undefined)}
        busy={add.isPending}
        {...(add.error ? {serverError: errorMessage(add.error)} : {})}
      />
    ) : dialog?.kind === 'delete' ? (
      <ConfirmDialog
        title={`Delete context ${dialog.row.name}?`}
        message={deleteMessage(dialog.row, rows)}
        confirmLabel="Delete"
        onConfirm={() => remove.mutate(dialog.row.name)}
        onCancel={() => setDialog(undefined)}
        busy={remove.isPending ? 'Deleting' : undefined}
      />
    ) : dialog?.kind === 'switch' ? (
      <ConfirmDialog
        title={`Switch to context ${dialog.name}?`}
        message={`Leaving ${here}: ${leaving ?? ''}.`}
        confirmLabel="Switch"
        onConfirm={() => void switchTo(dialog.name, true)}
        onCancel={() => setDialog(undefined)}
      />
    ) : null,
    dialog?.kind ?? 'none',
  );
  return (
    <Box flexDirection="column">
      {over.slot}
      {connecting ? <Text color={color.muted}>{glyph.pending} connecting to `{connecting}`…</Text> : null}
      {embedded ? (
        <>
          <Text wrap="truncate-end">
            This console runs its own local service at http://{host}; its demo data is temporary (deleted when the console quits).
          </Text>
          <Text wrap="truncate-end">
            From another shell: <Text bold>. {embedded.envFile}</Text> <Text color={color.muted}>(sets SVC_API_URL and SVC_API_KEY for svc)</Text>
          </Text>
        </>
      ) : null}
      <StateView query={query} noun="contexts" empty={rows.length === 0} emptyText={`No saved contexts yet (${readonly ? '' : 'a adds one; '}svc login --name <name> saves one)`}>
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(c) => c.name}
          noun="contexts"
          height={Math.max(2, body.height - 1 - (embedded ? 2 : 0) - over.rows)}
          onSelect={(c) => (selected.current = c)}
          onActivate={activate}
          activateLabel="switch to"
          active={dialog === undefined && connecting === undefined}
        />
      </StateView>
      <Text color={color.muted} wrap="truncate-end">
        {glyph.star} default context · credentials are never shown here
      </Text>
    </Box>
  );
}

/** What deleting a context does: its credentials leave this machine's config; the default and this session. */
function deleteMessage(row: SavedContext, rows: readonly SavedContext[]): string {
  const lines = ['Its URL and credentials are removed from the config file (nothing is sent to the service).'];
  if (row.isDefault) {
    const next = defaultAfterDeleting(rows, row.name);
    lines.push(next ? `It is the default: \`${next}\` becomes the default.` : 'It is the default: no default context is left.');
  }
  if (row.isSession) lines.push('This console uses it: it stays connected until you switch or quit, and cannot come back to it.');
  return lines.join('\n');
}
