// Deployment logs as a live tail: the first fetch reads the newest lines, every later one (a poll, or `r`) asks
// the service only for the lines after the cursor it handed out last time and appends them, the way
// `svc logs --follow` does. The tail lives in the query cache, so react-query owns polling, pausing and
// keeping the lines when a poll fails.
import type {Api} from '../api/client.js';
import {listLogs, listPods} from '../api/logs.js';
import {listRows, readRows, str} from '../api/read.js';
import {pollUntil, type LivePolicy} from './poll.js';

/** New lines are asked for this often while following. */
export const LOGS_POLL_MS = 2_000;
/** Lines read on the first look. */
export const LOGS_FIRST = 200;
/** Lines kept in memory; older ones fall off the top. */
export const LOGS_KEEP = 2_000;

export type LogSourceFilter = 'production' | 'dev';

export interface LogFilter {
  source?: LogSourceFilter;
  pod?: string;
  container?: string;
}

export interface TailLine {
  /** Position since the tail started; stays with the line when older lines are dropped. */
  seq: number;
  date: string;
  pod: string;
  container: string;
  level: string;
  message: string;
}

export interface LogTail {
  lines: TailLine[];
  /** Pass as `after` for the lines written since. */
  cursor?: string;
  /** Lines numbered so far (the next line's seq). */
  next: number;
}

// The shared fetcher keeps date, pod and message; level and container are read here from the same page.
function readLines(raw: unknown, from: number): TailLine[] {
  const rows = readRows(listRows(raw), (r) => ({
    date: str(r.date) ?? '',
    pod: str(r.pod) ?? '',
    container: str(r.container) ?? '',
    level: (str(r.level) ?? 'info').toLowerCase(),
    message: (str(r.message) ?? '').trimEnd(),
  }));
  return rows.map((l, i) => ({...l, seq: from + i}));
}

export const logKeys = {
  all: ['logs'] as const,
  ofDeployment: (deploymentId: string) => [...logKeys.all, deploymentId] as const,
  tail: (deploymentId: string, filter: LogFilter) => [...logKeys.ofDeployment(deploymentId), 'tail', filter] as const,
  pods: (deploymentId: string) => [...logKeys.ofDeployment(deploymentId), 'pods'] as const,
};

export const logQueries = {
  tail: (api: Api, deploymentId: string, filter: LogFilter, live?: LivePolicy) => {
    const queryKey = logKeys.tail(deploymentId, filter);
    return {
      queryKey,
      queryFn: async ({signal, client}: {signal: AbortSignal; client: {getQueryData(key: typeof queryKey): LogTail | undefined}}): Promise<LogTail> => {
        const prev = client.getQueryData(queryKey);
        const page = await listLogs(api, deploymentId, {...filter, ...(prev?.cursor ? {after: prev.cursor} : {first: LOGS_FIRST})}, signal);
        const start = prev?.next ?? 0;
        const fresh = readLines(page.raw, start);
        if (prev && fresh.length === 0 && page.endCursor === prev.cursor) return prev;
        const lines = [...(prev?.lines ?? []), ...fresh].slice(-LOGS_KEEP);
        const cursor = page.endCursor ?? prev?.cursor;
        return {lines, next: start + fresh.length, ...(cursor !== undefined ? {cursor} : {})};
      },
      refetchInterval: pollUntil<LogTail>(live),
    };
  },
  pods: (api: Api, deploymentId: string) => ({
    queryKey: logKeys.pods(deploymentId),
    queryFn: ({signal}: {signal: AbortSignal}) => listPods(api, deploymentId, {}, signal).then((r) => r.pods),
  }),
};
