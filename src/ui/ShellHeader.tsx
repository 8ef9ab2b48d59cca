// Feeds the Header from the query cache: the signed-in user, whether anything is fetching, and how old the
// newest data on screen is (a 1 s tick lives here only, so the table never re-renders for it; a second that changes
// none of it draws nothing).
import React, {useEffect, useRef} from 'react';
import {useIsFetching, useQuery, useQueryClient, type QueryClient} from '@tanstack/react-query';
import {failureSummary} from '../api/client.js';
import {accountQueries} from '../queries/account.js';
import {isBackgroundQuery} from '../queries/background.js';
import {Header} from './components/Header.js';
import {useApi} from './hooks/useApi.js';
import {TICK_MS, useNow} from './hooks/useNow.js';
import {maxOf} from '../lib/lists.js';
import {shortDuration} from '../lib/time.js';

export interface ShellHeaderProps {
  readonly width: number;
  readonly contextName?: string;
  readonly host?: string;
  readonly devBranch?: string;
  readonly paused: boolean;
  readonly readonly?: boolean;
}

/**
 * What the header shows of the query cache at `now`: how old the newest data on screen is, and the problem of a query
 * that is failing. Read at each render and at each tick (useNow's `shows`): a second that changes neither is not drawn.
 */
function freshness(queryClient: QueryClient, now: number): {agoSeconds?: number; problem?: string} {
  const active = queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.isActive());
  const updatedAt = maxOf(active.filter((q) => q.state.dataUpdatedAt > 0 && !isBackgroundQuery(q)).map((q) => q.state.dataUpdatedAt), 0);
  // A live query failing for a transient reason (service down, 5xx, a name that does not resolve) keeps its data
  // and keeps polling: say what failed (errors.ts failureSummary) — until an answer arrives that is newer than the
  // last failure. A query that does not poll keeps its old error after the service is back; that error is history,
  // not the state of the connection.
  const failures = active.map((q) => {
    const retrying = q.state.fetchFailureCount > 0 && q.state.fetchStatus === 'fetching' ? failureSummary(q.state.fetchFailureReason) : undefined;
    if (retrying !== undefined) return {at: now, problem: retrying};
    const failed = q.state.status === 'error' ? failureSummary(q.state.error) : undefined;
    return {at: failed === undefined ? 0 : q.state.errorUpdatedAt, problem: failed};
  });
  const lastFailure = maxOf(failures.map((f) => f.at), 0);
  const problem = lastFailure > 0 && lastFailure >= updatedAt ? failures.find((f) => f.at === lastFailure)?.problem : undefined;
  return {agoSeconds: updatedAt > 0 ? Math.max(0, Math.floor((now - updatedAt) / 1000)) : undefined, problem};
}

/** The header's words for `freshness`: `updated 3m ago` stays the same for a minute of ticks. */
const freshnessText = ({agoSeconds, problem}: {agoSeconds?: number; problem?: string}) =>
  `${agoSeconds === undefined ? '' : shortDuration(agoSeconds)} ${problem ?? ''}`;

export function ShellHeader(props: ShellHeaderProps) {
  const api = useApi();
  const me = useQuery({...accountQueries.me(api), staleTime: Infinity});
  // A background query (a list's row states, queries/background.ts) turns no spinner and dates nothing.
  const fetching = useIsFetching({predicate: (q) => !isBackgroundQuery(q)}) > 0;
  const queryClient = useQueryClient();
  const now = useNow(TICK_MS, (t) => freshnessText(freshness(queryClient, t)));
  const {agoSeconds, problem} = freshness(queryClient, now);
  const connectionLost = problem !== undefined;
  // Back: the queries that failed meanwhile and do not poll (the signed-in user, a one-off lookup) load again.
  const wasLost = useRef(false);
  useEffect(() => {
    if (wasLost.current && !connectionLost) void queryClient.refetchQueries({type: 'active', predicate: (q) => q.state.status === 'error'});
    wasLost.current = connectionLost;
  }, [connectionLost, queryClient]);
  return <Header {...props} user={me.data?.email} fetching={fetching} agoSeconds={agoSeconds} problem={problem} />;
}
