// What the activity watcher knows about one run (a build or a dbt sync), read from the answers the platform gives:
// the dbt runs list (newest first) and the build status of the deployment's default branch. THE one place those
// answers become an ActivityRun, so `svc watch` and `:activity` name statuses and phases alike.
import {isTerminalBuildStatus, buildBlock, type BuildStatus} from '../api/builds.js';
import type {DbtRun} from '../api/dbt.js';

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
