// The UI's QueryClient. react-query is the ONE retry layer in the UI (ky runs with retry 0).
// query-core, not react-query: `svc ui` creates the client before it loads React (commands/ui.ts).
import {environmentManager, notifyManager, QueryClient, type DefaultOptions} from '@tanstack/query-core';
import {isTransient} from '../api/errors.js';

/**
 * Query results reach the screens at most this often. A live refresh of a list answers dozens of per-row queries
 * one after another; delivered one by one each was a render and a full frame, and the frames kept Ink's throttle
 * window busy so that keys waited behind them. A lone update still goes out on the next tick.
 */
export const DATA_FRAME_MS = 33;

let pending: Array<() => void> = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let lastFlush = 0;
function flush(): void {
  const run = pending;
  pending = [];
  timer = undefined;
  lastFlush = performance.now();
  for (const notify of run) notify();
}
/** Leading-edge throttle of query notifications: all of one window run in one task, so React renders them once. */
function frameScheduler(notify: () => void): void {
  pending.push(notify);
  timer ??= setTimeout(flush, Math.max(0, lastFlush + DATA_FRAME_MS - performance.now()));
}

/** Whether query results wait for their data frame (tests wait until what they started is drawn). */
export function dataFramePending(): boolean {
  return timer !== undefined;
}

/**
 * Without a `window`, query-core treats Node as a server and schedules no refetchInterval or stale timers;
 * this must run before any query does.
 */
export function enableClientMode(): void {
  environmentManager.setIsServer(() => false);
  notifyManager.setScheduler(frameScheduler);
}

/** Failed reads asked again: only what retrying can mend (api/errors.ts isTransient), so a 401/403/404 shows at once. */
const QUERY_RETRIES = 2;

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  enableClientMode();
  return new QueryClient({
    defaultOptions: {
      queries: {retry: (failures, err) => failures < QUERY_RETRIES && isTransient(err), refetchOnWindowFocus: false, staleTime: 5_000, ...overrides.queries},
      // A retried mutation could apply twice.
      mutations: {retry: 0, ...overrides.mutations},
    },
  });
}
