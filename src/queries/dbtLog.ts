// A dbt run's whole log through the API's forward-only cursor, in bounded memory. The log is cut into stretches
// of at most DBT_LOG_PAGE lines, each starting at a mark (a line number and the cursor that reads from it), so any
// stretch can be read again later. Memory keeps at most DBT_LOG_KEEP lines: a contiguous window of stretches; the
// marks (one per stretch) are all that is kept of the rest. Pure functions, no React.
import type {Api} from '../api/client.js';
import {getDbtSyncLogs, type DbtLogEntry} from '../api/dbt.js';
import {appendAll} from '../lib/lists.js';
import {dbtKeys, DBT_LOG_PAGE} from './dbt.js';
import {pollUntil, type LivePolicy} from './poll.js';

/** Lines kept in memory; older (or newer) ones are read again from their mark when the reader gets there. */
export const DBT_LOG_KEEP = 5_000;
/** Reads one search may make before it stops and says so (a whole 1,000,000-line log). */
export const DBT_LOG_SEARCH_READS = 1_000;

/** Reading after `after` (undefined: from the start) returns line `seq` first. */
export interface LogMark {
  readonly seq: number;
  readonly after?: string;
}

export interface LogLine {
  readonly seq: number;
  readonly entry: DbtLogEntry;
}

export interface LogWindow {
  /** Sorted by seq; marks[0] is the start of the log. */
  readonly marks: readonly LogMark[];
  /** Lines known to exist. */
  readonly total: number;
  /** The cursor after the last known line (undefined: nothing read yet). */
  readonly tail?: string;
  /** The tail was read up to "no next page" at least once. */
  readonly reachedEnd: boolean;
  /** The lines in memory, contiguous, starting at a mark. */
  readonly lines: readonly LogLine[];
  /**
   * Of every line read at the tail, those a phase timeline needs: each phase's first line, its error lines and
   * the lines carrying a durationMs (at most DIGEST_MAX).
   */
  readonly digest: readonly DbtLogEntry[];
}

const DIGEST_MAX = 2_000;

export const emptyLogWindow: LogWindow = {marks: [{seq: 0}], total: 0, reachedEnd: false, lines: [], digest: []};

function digested(digest: readonly DbtLogEntry[], entries: readonly DbtLogEntry[]): readonly DbtLogEntry[] {
  let out: DbtLogEntry[] | undefined;
  const seen = new Set(digest.map((e) => e.phase));
  for (const e of entries) {
    if (!e.phase || (seen.has(e.phase) && e.durationMs === undefined && e.level !== 'error')) continue;
    seen.add(e.phase);
    out ??= [...digest];
    if (out.length < DIGEST_MAX) out.push(e);
  }
  return out ?? digest;
}

export const windowStart = (w: LogWindow) => w.lines[0]?.seq ?? 0;
export const windowEnd = (w: LogWindow) => (w.lines.length === 0 ? windowStart(w) : w.lines.at(-1)!.seq + 1);

/** A read of one stretch: `first` lines after `after`, which start at line `seq`. */
export interface LogRead {
  readonly seq: number;
  readonly after?: string;
  readonly first: number;
}

function markIndex(w: LogWindow, seq: number): number {
  let i = w.marks.length - 1;
  while (i > 0 && w.marks[i]!.seq > seq) i--;
  return i;
}

const stretchEnd = (w: LogWindow, i: number) => (i + 1 < w.marks.length ? w.marks[i + 1]!.seq : w.total);

/** The stretch holding line `seq`. */
export function stretchAt(w: LogWindow, seq: number): LogRead {
  const i = markIndex(w, seq);
  const m = w.marks[i]!;
  return {seq: m.seq, ...(m.after !== undefined && {after: m.after}), first: Math.max(1, stretchEnd(w, i) - m.seq)};
}

/** The stretch just before the window, if any. */
export function olderRead(w: LogWindow): LogRead | undefined {
  const start = windowStart(w);
  return start > 0 ? stretchAt(w, start - 1) : undefined;
}

/** The stretch just after the window (re-read whole when the window ends inside it), if any. */
export function newerRead(w: LogWindow): LogRead | undefined {
  const end = windowEnd(w);
  return end < w.total ? stretchAt(w, end) : undefined;
}

const numbered = (seq: number, entries: readonly DbtLogEntry[]): LogLine[] => entries.map((entry, i) => ({seq: seq + i, entry}));

/** Keeps at most DBT_LOG_KEEP lines, dropping whole stretches from the side away from `keep`. */
function capped(w: LogWindow, lines: LogLine[], keep: 'start' | 'end'): LogLine[] {
  if (lines.length <= DBT_LOG_KEEP) return lines;
  if (keep === 'end') {
    // First mark at or after the line that leaves DBT_LOG_KEEP lines.
    const cut = w.marks.find((m) => m.seq >= lines.at(-1)!.seq + 1 - DBT_LOG_KEEP && m.seq > lines[0]!.seq)?.seq;
    return cut === undefined ? lines : lines.slice(cut - lines[0]!.seq);
  }
  const limit = lines[0]!.seq + DBT_LOG_KEEP;
  const cut = [...w.marks].reverse().find((m) => m.seq <= limit && m.seq > lines[0]!.seq)?.seq;
  return cut === undefined ? lines : lines.slice(0, cut - lines[0]!.seq);
}

/**
 * A read after the tail: its lines are counted, a new mark starts when the last stretch would pass DBT_LOG_PAGE
 * lines, and the lines join the window when it reaches the tail and `take` allows it (a reader scrolled back
 * keeps their lines; the newer ones are counted "below").
 */
export function applyTail(w: LogWindow, read: {after?: string; entries: readonly DbtLogEntry[]; endCursor?: string; hasNextPage: boolean}, take: boolean): LogWindow {
  if (read.after !== w.tail) return w; // a stale answer: the tail moved on
  const n = read.entries.length;
  const last = w.marks.at(-1)!;
  const marks = n > 0 && w.total > last.seq && w.total + n - last.seq > DBT_LOG_PAGE ? [...w.marks, {seq: w.total, ...(w.tail !== undefined && {after: w.tail})}] : w.marks;
  const atTail = windowEnd(w) === w.total;
  const next: LogWindow = {...w, marks, digest: digested(w.digest, read.entries), total: w.total + n, tail: read.endCursor ?? w.tail, reachedEnd: w.reachedEnd || !read.hasNextPage};
  if (n === 0) return next.reachedEnd === w.reachedEnd ? w : {...w, reachedEnd: true};
  if (!atTail || (!take && w.lines.length + n > DBT_LOG_KEEP)) return next;
  return {...next, lines: capped(next, appendAll([...w.lines], numbered(w.total, read.entries)), 'end')};
}

/**
 * A stretch read again: placed next to the window, or with `replace` instead of it (a jump, a search hit). A
 * stretch that no longer touches the window (it moved while the read was under way) is dropped.
 */
export function applyStretch(w: LogWindow, read: LogRead, entries: readonly DbtLogEntry[], replace = false): LogWindow {
  const got = numbered(read.seq, entries);
  if (replace) return {...w, lines: got};
  const start = windowStart(w);
  const end = windowEnd(w);
  if (w.lines.length > 0 && read.seq + got.length === start) return {...w, lines: capped(w, appendAll(got, w.lines), 'start')};
  if (w.lines.length > 0 && read.seq <= end && read.seq >= start) {
    // No progress (a service answering fewer lines than it counted before): keep what is there, read no more.
    if (read.seq + got.length <= end) return w;
    const kept = w.lines.slice(0, read.seq - start);
    return {...w, lines: capped(w, appendAll(kept, got), 'end')};
  }
  return w.lines.length === 0 ? {...w, lines: got} : w;
}

export interface LogPage {
  entries: DbtLogEntry[];
  endCursor?: string;
  hasNextPage: boolean;
}

/** One read of the log. */
export async function readLog(api: Api, deploymentId: string, syncJobId: string, after: string | undefined, first: number, signal?: AbortSignal): Promise<LogPage> {
  const page = await getDbtSyncLogs(api, deploymentId, syncJobId, {first: Math.min(first, DBT_LOG_PAGE), ...(after !== undefined && {after})}, signal);
  return {entries: page.entries, hasNextPage: page.pageInfo.hasNextPage, ...(page.pageInfo.endCursor !== undefined && {endCursor: page.pageInfo.endCursor})};
}

export const dbtLogQueries = {
  /**
   * The next read after the tail cursor. The key holds the cursor, so each answer is a new key: the log is read
   * page after page until a read comes back empty, then that read is polled while the run lasts. gcTime 0: a
   * read nobody watches any more is dropped at once (memory stays bounded).
   */
  tail: (api: Api, deploymentId: string, syncJobId: string, after: string | undefined, running: boolean, live?: LivePolicy) => ({
    queryKey: [...dbtKeys.logs(deploymentId, syncJobId), 'after', after ?? ''] as const,
    queryFn: ({signal}: {signal: AbortSignal}) => readLog(api, deploymentId, syncJobId, after, DBT_LOG_PAGE, signal),
    gcTime: 0,
    refetchInterval: running ? pollUntil<LogPage>(live, (p) => p.hasNextPage) : (false as const),
  }),
};
