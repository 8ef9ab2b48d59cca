// Waiting for a dbt sync (dbt sync --wait, dbt status --wait, the UI's live run view), with the real client's
// rules: COMPLETED and FAILED end it and every other value counts as running; a 404
// right after the start is "starting" for up to a minute; once COMPLETED, the result is read with its own short
// budget, since it can lag the status for a moment.
import {ApiError} from '../api/client.js';
import {getDbtSyncResult, getDbtSyncStatus, type DbtSyncResult, type DbtSyncStatus} from '../api/dbt.js';
import type {Api} from '../api/client.js';
import {oneLine} from '../api/errors.js';
import {waitFor, type WaitOptions} from './wait.js';

/** How long a sync may be invisible (404) after it was started before the wait gives up on it. */
export const MISSING_GRACE_MS = 60_000;
export const RESULT_BUDGET_MS = 30_000;

export function isTerminalSyncStatus(status: string | undefined): boolean {
  const s = status?.trim();
  return s === 'COMPLETED' || s === 'FAILED';
}

/** `STATUS[ (stage)][ pct%][ — message]`, each part on one line and at most 120 characters. */
export function syncLabel(s: DbtSyncStatus): string {
  const parts = [oneLine(s.status === '' ? 'UNKNOWN' : s.status, 120)];
  if (s.stage && s.stage !== s.status) parts.push(`(${oneLine(s.stage, 120)})`);
  if (s.percentComplete !== undefined) parts.push(`${s.percentComplete}%`);
  const text = s.message ? oneLine(s.message, 120) : '';
  return text === '' ? parts.join(' ') : `${parts.join(' ')} — ${text}`;
}

/** The error for a wait that ended FAILED; it names the command that shows which phase failed. */
export function syncFailureMessage(deploymentId: string, status: DbtSyncStatus): string {
  const reason = status.error ? oneLine(status.error) : '(no reason reported)';
  return `dbt sync ${status.syncJobId} failed: ${reason}. See which phase failed with \`svc dbt logs ${deploymentId} '${status.syncJobId}'\``;
}

export function missingSyncMessage(deploymentId: string, syncJobId: string): string {
  return `no dbt sync ${syncJobId} on deployment ${deploymentId}. It may belong to another deployment, have aged out, or this tenant may not serve the dbt-sync endpoints yet`;
}

export interface SyncWaitOptions extends Pick<WaitOptions<DbtSyncStatus>, 'onProgress' | 'sleep' | 'now' | 'signal'> {
  timeoutMs: number;
  intervalMs: number;
}

/** Polls the status until COMPLETED or FAILED; resolves to the terminal status (FAILED is not thrown). */
export async function waitForSync(api: Api, deploymentId: string, syncJobId: string, opts: SyncWaitOptions): Promise<DbtSyncStatus> {
  const now = opts.now ?? Date.now;
  const started = now();
  return waitFor<DbtSyncStatus>({
    ...opts,
    what: 'dbt sync',
    advice: `It may still be running — check it with \`svc dbt status ${deploymentId} '${syncJobId}' --wait\`, or raise --timeout`,
    poll: async (signal) => {
      try {
        const status = await getDbtSyncStatus(api, deploymentId, syncJobId, signal);
        return isTerminalSyncStatus(status.status) ? {done: true, value: status} : {done: false, label: syncLabel(status)};
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 404) throw err;
        if (now() - started > MISSING_GRACE_MS) throw new Error(missingSyncMessage(deploymentId, syncJobId));
        return {done: false, label: 'starting'};
      }
    },
  });
}

/** Reads the result of a COMPLETED sync, treating 404, `null` and `{}` as "not yet" within its budget. */
export async function waitForSyncResult(api: Api, deploymentId: string, syncJobId: string, opts: SyncWaitOptions): Promise<DbtSyncResult> {
  return waitFor<DbtSyncResult>({
    ...opts,
    onProgress: undefined,
    what: `the result of dbt sync ${syncJobId}`,
    timeoutMs: RESULT_BUDGET_MS,
    intervalMs: Math.min(opts.intervalMs, 5_000),
    poll: async (signal) => {
      try {
        const result = await getDbtSyncResult(api, deploymentId, syncJobId, signal);
        return result ? {done: true, value: result} : {done: false, label: 'not yet'};
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return {done: false, label: 'not yet'};
        throw err;
      }
    },
  });
}
