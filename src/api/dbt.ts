// dbt sync fetchers (/api/v1/deployments/{D}/dbt-sync…). Tolerant: a status value this client does not know is
// kept as it is (and counts as running), log entries also read the older `createdAt`/`severity`/`stage`/`text`
// names, and a result that is `null` or `{}` means "not yet" rather than an empty result.
import type {Api} from './client.js';
import {asRecord, num, pageInfoOf, readRows, listRows, str, unwrap, type Json} from './read.js';
import type {PageInfo} from '../lib/lists.js';

const base = (deploymentId: string) => `/api/v1/deployments/${encodeURIComponent(deploymentId)}/dbt-sync`;
const run = (deploymentId: string, id: string) => `${base(deploymentId)}/${encodeURIComponent(id)}`;

export interface DbtSyncStarted {
  syncJobId: string;
  workflowId?: string;
  branchName: string;
  raw: unknown;
}

export interface DbtSyncStatus {
  syncJobId: string;
  /** The current stage while running; COMPLETED and FAILED end a sync; unknown values are kept. */
  status: string;
  stage?: string;
  percentComplete?: number;
  message?: string;
  error?: string;
  updatedAt?: string;
  raw: unknown;
}

export interface DbtSyncResult {
  syncJobId: string;
  generatedFiles: string[];
  cubeCount?: number;
  durationMs?: number;
  completedAt?: string;
  manifestStats?: {models?: number; sources?: number; macros?: number};
  raw: unknown;
}

export interface DbtLogEntry {
  timestamp?: string;
  level: string;
  phase?: string;
  message?: string;
  durationMs?: number;
  raw: Json;
}

export interface DbtRun {
  syncJobId?: string;
  status: string;
  trigger?: string;
  branchName?: string;
  startedAt?: string;
  durationMs?: number;
  failedPhase?: string;
  /** The stage a RUNNING run is in (the one it ended in otherwise). */
  lastStage?: string;
  gitRef?: string;
  errorMessage?: string;
  raw: Json;
}

function optional<T extends object>(target: T, key: keyof T, value: unknown): void {
  if (value !== undefined && value !== null && value !== '') (target as Record<keyof T, unknown>)[key] = value;
}

export async function startDbtSync(
  api: Api,
  deploymentId: string,
  body: {ref?: string; branchName?: string; source?: 'git' | 'manifest'; manifest?: Json; output?: 'branch' | 'files'},
  signal?: AbortSignal,
): Promise<DbtSyncStarted> {
  const raw = await api.post(base(deploymentId), {json: body, signal});
  const b = unwrap(raw);
  const syncJobId = str(b.syncJobId) ?? str(b.id) ?? '';
  if (syncJobId === '') throw new Error('the service started no dbt sync: its answer holds no syncJobId');
  const started: DbtSyncStarted = {syncJobId, branchName: str(b.branchName) ?? '', raw};
  optional(started, 'workflowId', str(b.workflowId));
  return started;
}

export async function getDbtSyncStatus(api: Api, deploymentId: string, syncJobId: string, signal?: AbortSignal): Promise<DbtSyncStatus> {
  const raw = await api.get(run(deploymentId, syncJobId), {signal});
  const b = unwrap(raw);
  const progress = asRecord(b.progress) ?? {};
  const status: DbtSyncStatus = {syncJobId: str(b.syncJobId) ?? syncJobId, status: (str(b.status) ?? '').trim(), raw};
  optional(status, 'stage', str(progress.stage));
  optional(status, 'percentComplete', num(progress.percentComplete));
  optional(status, 'message', str(progress.message));
  optional(status, 'error', str(b.error) ?? str(b.errorMessage));
  optional(status, 'updatedAt', str(b.updatedAt));
  return status;
}

/** undefined while there is no result yet (`null`, `{}` or a body without files). */
export async function getDbtSyncResult(api: Api, deploymentId: string, syncJobId: string, signal?: AbortSignal): Promise<DbtSyncResult | undefined> {
  const raw = await api.get(`${run(deploymentId, syncJobId)}/result`, {signal});
  const b = asRecord(raw);
  if (!b || Object.keys(b).length === 0) return undefined;
  const body = unwrap(raw);
  const files = Array.isArray(body.generatedFiles) ? body.generatedFiles : [];
  const result: DbtSyncResult = {
    syncJobId: str(body.syncJobId) ?? syncJobId,
    generatedFiles: files.map((f) => (typeof f === 'string' ? f : str(asRecord(f)?.path))).filter((p): p is string => p !== undefined),
    raw,
  };
  optional(result, 'cubeCount', num(body.cubeCount));
  optional(result, 'durationMs', num(body.durationMs));
  optional(result, 'completedAt', str(body.completedAt));
  const stats = asRecord(body.manifestStats);
  if (stats) result.manifestStats = {models: num(stats.models), sources: num(stats.sources), macros: num(stats.macros)};
  return result;
}

export async function getDbtSyncLogs(
  api: Api,
  deploymentId: string,
  syncJobId: string,
  page: {first?: number; after?: string} = {},
  signal?: AbortSignal,
): Promise<{entries: DbtLogEntry[]; pageInfo: PageInfo; raw: unknown}> {
  const raw = await api.get(`${run(deploymentId, syncJobId)}/logs`, {searchParams: {first: page.first, after: page.after}, signal});
  const entries = readRows(listRows(raw), (r): DbtLogEntry => {
    const entry: DbtLogEntry = {level: (str(r.level) ?? str(r.severity) ?? 'info').toLowerCase(), raw: r};
    optional(entry, 'timestamp', str(r.timestamp) ?? str(r.createdAt));
    optional(entry, 'phase', str(r.phase) ?? str(r.stage));
    optional(entry, 'message', str(r.message) ?? str(r.text));
    optional(entry, 'durationMs', num(r.durationMs));
    return entry;
  });
  return {entries, pageInfo: pageInfoOf(raw), raw};
}

export async function listDbtSyncs(
  api: Api,
  deploymentId: string,
  q: {status?: string; trigger?: string; first?: number; after?: string} = {},
  signal?: AbortSignal,
): Promise<{runs: DbtRun[]; pageInfo: PageInfo; raw: unknown}> {
  const raw = await api.get(base(deploymentId), {searchParams: {status: q.status, trigger: q.trigger, first: q.first, after: q.after}, signal});
  const runs = readRows(listRows(raw), (r): DbtRun => {
    const row: DbtRun = {status: (str(r.status) ?? '').trim(), raw: r};
    for (const key of ['syncJobId', 'trigger', 'branchName', 'startedAt', 'failedPhase', 'lastStage', 'gitRef', 'errorMessage'] as const) optional(row, key, str(r[key]));
    optional(row, 'durationMs', num(r.durationMs));
    return row;
  });
  return {runs, pageInfo: pageInfoOf(raw), raw};
}

export async function cancelDbtSync(api: Api, deploymentId: string, syncJobId: string, signal?: AbortSignal): Promise<{message?: string; raw: unknown}> {
  const raw = await api.delete(run(deploymentId, syncJobId), {signal});
  return {message: str(asRecord(raw)?.message), raw};
}

export interface GeneratedFile {
  path: string;
  content: string;
}

/** One page of the files a sync with `output: files` generated (held by the service only for a while). */
export async function listDbtGeneratedFiles(
  api: Api,
  deploymentId: string,
  syncJobId: string,
  page: {first?: number; after?: string} = {},
  signal?: AbortSignal,
): Promise<{files: GeneratedFile[]; pageInfo: PageInfo}> {
  const raw = await api.get(`${run(deploymentId, syncJobId)}/generated-files`, {searchParams: {first: page.first, after: page.after}, signal});
  const files = readRows(listRows(raw), (r) => ({path: str(r.path) ?? '', content: typeof r.content === 'string' ? r.content : ''})).filter((f) => f.path !== '');
  return {files, pageInfo: pageInfoOf(raw)};
}
