// Feeds the Header from the query cache: the signed-in user, whether anything is fetching, and how old the
// newest data on screen is (a 1 s tick lives here only, so the table never re-renders for it).
import React from 'react';
import {useIsFetching, useQuery, useQueryClient} from '@tanstack/react-query';
import {accountQueries} from '../queries/account.js';
import {Header} from './components/Header.js';
import {useApi} from './hooks/useApi.js';
import {useNow} from './hooks/useNow.js';

export interface ShellHeaderProps {
  readonly width: number;
  readonly contextName?: string;
  readonly host?: string;
  readonly devBranch?: string;
  readonly paused: boolean;
}

export function ShellHeader(props: ShellHeaderProps) {
  const api = useApi();
  const me = useQuery({...accountQueries.me(api), staleTime: Infinity});
  const fetching = useIsFetching() > 0;
  const now = useNow(1000);
  const queryClient = useQueryClient();
  const updatedAt = Math.max(
    0,
    ...queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.isActive() && q.state.dataUpdatedAt > 0)
      .map((q) => q.state.dataUpdatedAt),
  );
  const agoSeconds = updatedAt > 0 ? Math.max(0, Math.floor((now - updatedAt) / 1000)) : undefined;
  return <Header {...props} user={me.data?.email} fetching={fetching} agoSeconds={agoSeconds} />;
}
