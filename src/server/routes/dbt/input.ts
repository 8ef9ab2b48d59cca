// Input rules of the dbt sync endpoints, each refusal saying what to send instead: refs are branches or tags
// (the shared rule of contract/gitRef.ts; anything else is resolved against the repository's refs), the branch a
// sync writes follows the shared branch-name rule (contract/names.ts), history filters are case-sensitive enums,
// pages are capped, cursors opaque.
import {DBT_RUN_STATUSES, DBT_TRIGGERS, type DbtRunStatus, type DbtTrigger, type StartDbtSyncInput} from '../../../contract/dbt.js';
import {refProblem} from '../../../contract/gitRef.js';
import {newBranchNameProblem} from '../../../contract/names.js';
import {badRequest} from '../../errors.js';
import type {DeploymentRow} from '../../store/deployments.js';

export interface ValidStart {
  source: 'git' | 'manifest';
  output: 'branch' | 'files';
  ref: string | null;
  manifest?: Record<string, unknown>;
  branchName: string | null;
}

export function validateStart(body: StartDbtSyncInput, deployment: DeploymentRow): ValidStart {
  const source = body.source ?? 'git';
  const output = body.output ?? 'branch';
  const ref = body.ref ?? null;
  if (ref !== null) {
    const problem = refProblem(ref);
    if (problem !== undefined) throw badRequest(`ref: ${problem.replace(/, or omit --ref/, ', or omit ref')}`);
    if (source === 'manifest') throw badRequest('ref cannot be combined with source manifest: an uploaded manifest is converted as it is, without the repository');
  }
  if (source === 'manifest' && !body.manifest) {
    throw badRequest('manifest: required when source is manifest (the JSON of target/manifest.json)');
  }
  const branchName = body.branchName ?? null;
  if (branchName !== null) {
    if (output === 'files') throw badRequest('branchName cannot be combined with output files: that output writes no branch');
    if (branchName.trim() === '') throw badRequest('branchName: an empty value names no branch; omit it to let the sync create a dbt-sync/… branch');
    if (branchName === deployment.deploy_branch_name) throw badRequest(`branchName: ${branchName} is the deploy branch; a sync writes a shared branch`);
    const problem = newBranchNameProblem(branchName);
    if (problem !== undefined) throw badRequest(`branchName: ${problem}; a sync writes a shared branch`);
  }
  return {source, output, ref, branchName, ...(source === 'manifest' && {manifest: body.manifest!})};
}

export function historyFilter(q: {status?: string; trigger?: string}): {status?: DbtRunStatus; trigger?: DbtTrigger} {
  const out: {status?: DbtRunStatus; trigger?: DbtTrigger} = {};
  if (q.status !== undefined && q.status !== '') {
    if (!(DBT_RUN_STATUSES as readonly string[]).includes(q.status)) {
      throw badRequest(`status: "${q.status}" is not a dbt sync status; use one of ${DBT_RUN_STATUSES.join(', ')} (case-sensitive)`);
    }
    out.status = q.status as DbtRunStatus;
  }
  if (q.trigger !== undefined && q.trigger !== '') {
    if (!(DBT_TRIGGERS as readonly string[]).includes(q.trigger)) {
      throw badRequest(`trigger: "${q.trigger}" is not a dbt sync trigger; use one of ${DBT_TRIGGERS.join(', ')} (case-sensitive)`);
    }
    out.trigger = q.trigger as DbtTrigger;
  }
  return out;
}

/** `first` as a page size: default when absent, capped (not refused) above the maximum. */
export function pageSize(first: string | undefined, byDefault: number, max: number): number {
  return first === undefined ? byDefault : Math.min(Number(first), max);
}

export function encodeCursor(kind: string, n: number): string {
  return Buffer.from(`${kind}:${n}`).toString('base64url');
}

/** The position a cursor of this kind holds; undefined for none; a 400 for anything this endpoint did not issue. */
export function decodeCursor(kind: string, after: string | undefined): number | undefined {
  if (after === undefined || after === '') return undefined;
  const match = new RegExp(`^${kind}:(\\d{1,15})$`).exec(Buffer.from(after, 'base64url').toString());
  if (!match) throw badRequest('after: not a cursor returned by this endpoint; pass pageInfo.endCursor of the previous page');
  return Number(match[1]);
}
