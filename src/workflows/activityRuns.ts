// What the activity watcher knows about one run (a build or a dbt sync), read from the answers the platform gives:
// the dbt runs list (newest first) and the build status of the deployment's default branch. THE one place those
// answers become an ActivityRun, so `svc watch` and `:activity` name statuses and phases alike.
import {isTerminalBuildStatus, buildBlock, type BuildStatus} from '../api/builds.js';
import type {DbtRun} from '../api/dbt.js';
import {runDuration} from '../lib/time.js';

export type RunKind = 'build' | 'sync';
export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'unknown';

export interface ActivityRun {
  /** `<kind>:<deploymentId>:<id>`, unique across the account. */
  key: string;
  kind: RunKind;
  deploymentId: string;
  deploymentName: string;
  /** The sync job id, or the build job id. */
  id: string;
  /** The branch built, or the dbt ref synced (else the branch the sync wrote). */
  ref: string;
  /** What started it, where the API says (dbt: manual, api, webhook, agent). */
  trigger?: string;
  status: RunStatus;
  /** The stage it is in while running (the one it failed in once failed). */
  phase?: string;
  /** Milliseconds since the epoch, server time, when the API says. */
  startedAt?: number;
  endedAt?: number;
  durationMs?: number;
  error?: string;
  /**
   * Only on the console's own row of a run it started, shown until the watcher lists the run: 'waiting' for the
   * listing, 'unseen' when its deployment's runs never listed it (feed.ts).
   */
  startedHere?: 'waiting' | 'unseen';
}

export function isRunActive(run: Pick<ActivityRun, 'status'>): boolean {
  return run.status === 'queued' || run.status === 'running';
}

function time(iso: string | undefined): number | undefined {
  if (iso === undefined) return undefined;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : undefined;
}

const SYNC_ENDED: Record<string, RunStatus> = {COMPLETED: 'succeeded', FAILED: 'failed', CANCELLED: 'cancelled', UNKNOWN: 'unknown'};

/** A dbt run of the history list. Any status the client does not know counts as running (a new stage name). */
export function syncRun(deployment: {id: string; name: string}, run: DbtRun): ActivityRun | undefined {
  if (run.syncJobId === undefined) return undefined;
  const status = SYNC_ENDED[run.status.toUpperCase()] ?? 'running';
  const startedAt = time(run.startedAt);
  const result: ActivityRun = {
    key: `sync:${deployment.id}:${run.syncJobId}`,
    kind: 'sync',
    deploymentId: deployment.id,
    deploymentName: deployment.name,
    id: run.syncJobId,
    ref: run.gitRef ?? run.branchName ?? '',
    status,
  };
  if (run.trigger !== undefined) result.trigger = run.trigger;
  const phase = status === 'running' ? run.lastStage ?? (run.status === 'RUNNING' ? undefined : run.status) : run.failedPhase;
  if (phase !== undefined) result.phase = phase;
  if (startedAt !== undefined) result.startedAt = startedAt;
  if (!isRunActive(result) && run.durationMs !== undefined) {
    result.durationMs = run.durationMs;
    if (startedAt !== undefined) result.endedAt = startedAt + run.durationMs;
  }
  if (run.errorMessage !== undefined) result.error = run.errorMessage;
  return result;
}

const BUILD_ENDED: Record<string, RunStatus> = {built: 'succeeded', failed: 'failed', cancelled: 'cancelled'};

/**
 * The newest build of the default branch, when there is one (`none`, `stopped`, a bad or inactive branch: none).
 * The API gives no start time: `startedAt` is carried over from the sight of the same build before (`seen`).
 */
export function buildRun(deployment: {id: string; name: string}, status: BuildStatus, seen?: ActivityRun): ActivityRun | undefined {
  if (status.buildJobId === undefined || buildBlock(status) !== undefined) return undefined;
  const ended = isTerminalBuildStatus(status.status);
  if (!ended && status.status !== 'building' && status.status !== 'warmup') return undefined;
  const updatedAt = time(status.updatedAt);
  const step = status.deploymentStatus ?? status.status;
  const result: ActivityRun = {
    key: `build:${deployment.id}:${status.buildJobId}`,
    kind: 'build',
    deploymentId: deployment.id,
    deploymentName: deployment.name,
    id: String(status.buildJobId),
    ref: status.branchName,
    status: ended ? BUILD_ENDED[status.status]! : step === 'queued' ? 'queued' : 'running',
  };
  const startedAt = seen?.startedAt ?? (ended ? undefined : updatedAt);
  if (startedAt !== undefined) result.startedAt = startedAt;
  if (ended) {
    if (seen?.phase !== undefined && status.status === 'failed') result.phase = seen.phase;
    if (updatedAt !== undefined) result.endedAt = updatedAt;
    if (startedAt !== undefined && updatedAt !== undefined) result.durationMs = Math.max(0, updatedAt - startedAt);
    if (status.errorText !== undefined) result.error = status.errorText;
  } else {
    result.phase = step;
  }
  return result;
}

/** One change as a line: `finished sync on analytics-prod (1) failed in dbt-compile after 16s · ref main · webhook`. */
export function eventText(type: 'started' | 'phase' | 'finished', run: ActivityRun): string {
  const where = `${run.kind} ${run.id} on ${run.deploymentName === '' ? run.deploymentId : `${run.deploymentName} (${run.deploymentId})`}`;
  let what: string;
  if (type === 'finished') {
    what = run.status === 'failed' && run.phase !== undefined ? `failed in ${run.phase}` : run.status;
    if (run.durationMs !== undefined) what += ` after ${runDuration(run.durationMs)}`;
  } else {
    what = type === 'started' ? run.status : 'now';
    if (run.phase !== undefined) what += ` ${run.phase}`;
  }
  const extra = [run.ref === '' ? undefined : `ref ${run.ref}`, run.trigger, type === 'finished' ? run.error : undefined].filter((x) => x !== undefined);
  return `${type} ${where}: ${what}${extra.length > 0 ? ` · ${extra.join(' · ')}` : ''}`;
}

/** One change as `svc watch --json` prints it: flat fields, times as ISO strings. */
export function eventRecord(type: 'started' | 'phase' | 'finished', run: ActivityRun, at: number): Record<string, unknown> {
  const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
  return {
    event: type,
    at: iso(at),
    kind: run.kind,
    deploymentId: run.deploymentId,
    deployment: run.deploymentName,
    id: run.id,
    ref: run.ref,
    trigger: run.trigger,
    status: run.status,
    phase: run.phase,
    startedAt: iso(run.startedAt),
    endedAt: iso(run.endedAt),
    durationMs: run.durationMs,
    error: run.error,
  };
}
