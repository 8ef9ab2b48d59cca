// Queries of the generic resource view: one key space per object type and scope; the fetcher comes from the
// screen's type table, so this module stays free of any one type.
import type {Json} from '../api/read.js';
import {pollUntil, type LivePolicy} from './poll.js';

export const resourceKeys = {
  all: ['resources'] as const,
  ofType: (type: string) => [...resourceKeys.all, type] as const,
  list: (type: string, scope: string | undefined) => [...resourceKeys.ofType(type), 'list', scope ?? ''] as const,
  detail: (type: string, scope: string | undefined, id: string) => [...resourceKeys.ofType(type), 'detail', scope ?? '', id] as const,
};

export const resourceQueries = {
  list: (type: string, scope: string | undefined, fetch: (signal: AbortSignal) => Promise<Json[]>, live?: LivePolicy) => ({
    queryKey: resourceKeys.list(type, scope),
    queryFn: ({signal}: {signal: AbortSignal}) => fetch(signal),
    refetchInterval: pollUntil(live),
  }),
  detail: (type: string, scope: string | undefined, id: string, fetch: (signal: AbortSignal) => Promise<Json>) => ({
    queryKey: resourceKeys.detail(type, scope, id),
    queryFn: ({signal}: {signal: AbortSignal}) => fetch(signal),
  }),
};
