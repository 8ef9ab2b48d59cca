// The UI's QueryClient. react-query is the ONE retry layer in the UI (ky runs with retry 0).
// query-core, not react-query: `svc ui` creates the client before it loads React (commands/ui.ts).
import {environmentManager, QueryClient, type DefaultOptions} from '@tanstack/query-core';

/**
 * Without a `window`, query-core treats Node as a server and schedules no refetchInterval or stale timers;
 * this must run before any query does.
 */
export function enableClientMode(): void {
  environmentManager.setIsServer(() => false);
}

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  enableClientMode();
  return new QueryClient({
    defaultOptions: {
      queries: {retry: 2, refetchOnWindowFocus: false, staleTime: 5_000, ...overrides.queries},
      // A retried mutation could apply twice.
      mutations: {retry: 0, ...overrides.mutations},
    },
  });
}
