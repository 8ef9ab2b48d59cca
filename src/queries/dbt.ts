// dbt sync queries and mutations: history (cursor pages, filters, live while any run is RUNNING), one run's
// status (live until COMPLETED or FAILED), its log and result. Plain option objects, no React.
import {keepPreviousData, type InfiniteData, type QueryClient} from '@tanstack/query-core';
import type {Api} from '../api/client.js';
import {cancelDbtSync, getDbtSyncResult, getDbtSyncStatus, listDbtSyncs, startDbtSync} from '../api/dbt.js';
import {isTerminalSyncStatus} from '../workflows/dbtWait.js';
import {pollUntil, type LivePolicy} from './poll.js';

/** Runs per history page (the service caps a page at 100). */
export const DBT_HISTORY_PAGE = 50;
/** The history is watched while a run in it is RUNNING. */
export const DBT_HISTORY_POLL_MS = 5_000;
/**
 * With no run RUNNING the list still refreshes, slowly; the first RUNNING row switches to DBT_HISTORY_POLL_MS.
 * Meanwhile `dbtQueries.newest` asks every DBT_HISTORY_POLL_MS for the newest run alone, so a sync started
 * elsewhere (another user, a webhook, the CLI) shows while it runs, and the whole list is read only when it is new.
 */
export const DBT_HISTORY_IDLE_MS = 30_000;
/** A running sync is watched closely. */
export const DBT_RUN_POLL_MS = 2_000;
/** Log entries read per look: the service's largest page, enough for every phase of a run. */
export const DBT_LOG_PAGE = 1_000;

export const DBT_STATUS_FILTERS = ['RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'UNKNOWN'] as const;
export const DBT_TRIGGER_FILTERS = ['manual', 'api', 'webhook', 'agent', 'unknown'] as const;

export interface DbtHistoryParams {
  status?: string;
  trigger?: string;
  first: number;
}

export const dbtKeys = {
  all: ['dbt'] as const,
  ofDeployment: (deploymentId: string) => [...dbtKeys.all, deploymentId] as const,
  history: (deploymentId: string, params: DbtHistoryParams) => [...dbtKeys.ofDeployment(deploymentId), 'history', params] as const,
  run: (deploymentId: string, syncJobId: string) => [...dbtKeys.ofDeployment(deploymentId), 'run', syncJobId] as const,
  status: (deploymentId: string, syncJobId: string) => [...dbtKeys.run(deploymentId, syncJobId), 'status'] as const,
  logs: (deploymentId: string, syncJobId: string) => [...dbtKeys.run(deploymentId, syncJobId), 'logs'] as const,
  result: (deploymentId: string, syncJobId: string) => [...dbtKeys.run(deploymentId, syncJobId), 'result'] as const,
};

type HistoryPage = Awaited<ReturnType<typeof listDbtSyncs>>;

/** Whether any loaded history run is still RUNNING (only then is the history watched). */
export function anyRunning(data: InfiniteData<HistoryPage> | undefined): boolean {
  return data?.pages.some((p) => p.runs.some((r) => r.status === 'RUNNING')) ?? false;
}

type NewestRun = HistoryPage['runs'][number] | null;

/** The newest run (`dbtQueries.newest`) is not the first loaded row, or is there with another status: read the list again. */
export function historyBehind(data: InfiniteData<HistoryPage> | undefined, newest: NewestRun | undefined): boolean {
  if (newest === undefined || data === undefined) return false;
  const first = data.pages[0]?.runs[0];
  if (newest === null) return first !== undefined;
  return first === undefined || first.syncJobId !== newest.syncJobId || first.status !== newest.status;
}

export const dbtQueries = {
  history: (api: Api, deploymentId: string, params: DbtHistoryParams, live?: LivePolicy) => ({
    queryKey: dbtKeys.history(deploymentId, params),
    queryFn: ({pageParam, signal}: {pageParam: string | undefined; signal: AbortSignal}) =>
      listDbtSyncs(api, deploymentId, {status: params.status, trigger: params.trigger, first: params.first, after: pageParam}, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: HistoryPage) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: (query: {state: {data: InfiniteData<HistoryPage> | undefined}}): number | false => {
      if (!live || live.paused) return false;
      // live.intervalMs is DBT_HISTORY_POLL_MS as the screen scaled it (tests run faster): idle keeps the ratio.
      return anyRunning(query.state.data) ? live.intervalMs : live.intervalMs * (DBT_HISTORY_IDLE_MS / DBT_HISTORY_POLL_MS);
    },
  }),
  /**
   * "Anything new?": the newest run of the same filters alone (`first=1`), polled at the RUNNING pace while the
   * history itself refreshes slowly; `historyBehind` says when the list must be read again.
   */
  newest: (api: Api, deploymentId: string, params: Omit<DbtHistoryParams, 'first'>, live?: LivePolicy) => ({
    queryKey: [...dbtKeys.ofDeployment(deploymentId), 'newest', params] as const,
    queryFn: async ({signal}: {signal: AbortSignal}): Promise<NewestRun> =>
      (await listDbtSyncs(api, deploymentId, {status: params.status, trigger: params.trigger, first: 1}, signal)).runs[0] ?? null,
    refetchInterval: pollUntil<NewestRun>(live),
  }),
  status: (api: Api, deploymentId: string, syncJobId: string, live?: LivePolicy) => ({
    queryKey: dbtKeys.status(deploymentId, syncJobId),
    queryFn: ({signal}: {signal: AbortSignal}) => getDbtSyncStatus(api, deploymentId, syncJobId, signal),
    refetchInterval: pollUntil<Awaited<ReturnType<typeof getDbtSyncStatus>>>(live, (s) => isTerminalSyncStatus(s.status)),
  }),
  result: (api: Api, deploymentId: string, syncJobId: string, completed: boolean) => ({
    queryKey: dbtKeys.result(deploymentId, syncJobId),
    queryFn: ({signal}: {signal: AbortSignal}) => getDbtSyncResult(api, deploymentId, syncJobId, signal),
    enabled: completed,
  }),
};

export const dbtMutations = {
  start: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (ref: string) => startDbtSync(api, deploymentId, {ref: ref.trim()}),
    onSuccess: () => client.invalidateQueries({queryKey: dbtKeys.ofDeployment(deploymentId)}),
  }),
  cancel: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (syncJobId: string) => cancelDbtSync(api, deploymentId, syncJobId),
    onSuccess: () => client.invalidateQueries({queryKey: dbtKeys.ofDeployment(deploymentId)}),
  }),
};
