// Saved contexts: name, URL and ★ on the default one (credentials are never shown). Enter or u makes the
// highlighted one the default; this session keeps the connection it started with.
import React from 'react';
import {Box, Text} from 'ink';
import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query';
import {DataTable, type Column} from '../src/ui/components/DataTable.js';
import {StateView, errorMessage} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useAppInfo} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color, glyph} from '../src/ui/theme.js';
import {listSavedContexts, switchDefaultContext, type SavedContext} from '../src/workflows/contexts.js';

const contextKeys = {list: ['contexts', 'list'] as const};

export function ContextsScreen(_props: ScreenProps) {
  const flash = useFlash();
  const body = useBodySize();
  const client = useQueryClient();
  const {session} = useAppInfo();
  useTitle('Contexts');
  const query = useQuery({queryKey: contextKeys.list, queryFn: async () => listSavedContexts(session)});
  const rows = query.data ?? [];
  const selected = React.useRef<SavedContext | undefined>(undefined);
  const use = useMutation({
    mutationFn: (name: string) => switchDefaultContext(name),
    onSuccess: (_v, name) => {
      void client.invalidateQueries({queryKey: contextKeys.list});
      const mine = rows.find((r) => r.isSession);
      flash.success(
        mine?.name === name
          ? `Default context is now \`${name}\``
          : `Default context is now \`${name}\`; new svc sessions use it (this one stays on ${mine ? `\`${mine.name}\`` : 'its own connection'})`,
      );
    },
    onError: (err) => flash.error(`could not switch the default context: ${errorMessage(err)}`),
  });
  const choose = (row: SavedContext | undefined) => {
    if (!row || use.isPending) return;
    if (row.isDefault) return flash.info(`\`${row.name}\` is already the default context`);
    use.mutate(row.name);
  };
  useKeys('screen', {'contexts.use': () => choose(selected.current)});

  const columns: Column<SavedContext>[] = [
    {id: 'default', header: ' ', width: 1, render: (c) => (c.isDefault ? glyph.star : ' '), color: (c) => (c.isDefault ? color.accent : undefined)},
    {id: 'name', header: 'NAME', flex: 1, render: (c) => (c.isSession ? `${c.name} (this session)` : c.name)},
    {id: 'url', header: 'URL', flex: 2, render: (c) => c.url},
  ];
  return (
    <Box flexDirection="column">
      <StateView query={query} noun="contexts" empty={rows.length === 0} emptyText="No saved contexts yet (svc login --name <name> saves one)">
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(c) => c.name}
          noun="contexts"
          height={Math.max(2, body.height - 1)}
          onSelect={(c) => (selected.current = c)}
          onActivate={choose}
        />
      </StateView>
      <Text color={color.muted}>{glyph.star} default context · credentials are never shown here</Text>
    </Box>
  );
}
