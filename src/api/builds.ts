// Build status fetcher. Tolerant: reads the current API's fields, with or without a `data` wrapper, and keeps
// unknown status values as they are (a new server stage must not break the client or end a wait early).
import type {Api} from './client.js';
import {idString, num, str, unwrap} from './read.js';

const TERMINAL: ReadonlySet<string> = new Set(['built', 'failed', 'cancelled']);

/** built, failed and cancelled end a build; every other value (unknown ones too) means it is still going. */
export function isTerminalBuildStatus(status: string | undefined): boolean {
  return status !== undefined && TERMINAL.has(status.trim().toLowerCase());
}

/** A finished build that did not succeed. */
export function isFailedBuildStatus(status: string | undefined): boolean {
  return isTerminalBuildStatus(status) && status!.trim().toLowerCase() !== 'built';
}

/**
 * Why nothing builds the branch, when the answer says so: the API reports a branch that does not exist as
 * `building` with errorText `Bad branch`, and a shared branch nobody opened in dev mode (no staging environment)
 * as `building` with `Branch is not active`. THE one place those texts are read (the Build screen, its poll and
 * `build-status --wait` ask here).
 */
export type BuildBlock = 'bad-branch' | 'not-active';

export function buildBlock(status: Pick<BuildStatus, 'errorText'>): BuildBlock | undefined {
  const text = status.errorText ?? '';
  if (text.includes('Bad branch')) return 'bad-branch';
  if (text.includes('Branch is not active')) return 'not-active';
  return undefined;
}

/** Nothing more will happen without the user: the build finished, or nothing builds the branch. */
export function isSettledBuildStatus(status: Pick<BuildStatus, 'status' | 'errorText'>): boolean {
  return isTerminalBuildStatus(status.status) || buildBlock(status) !== undefined;
}

export interface BuildStatus {
  deploymentId: string;
  branchName: string;
  mode: string;
  /** building | warmup | built | failed | cancelled | none | stopped, or a value this client does not know. */
  status: string;
  buildJobId?: number;
  deploymentStatus?: string;
  errorText?: string;
  filesHash?: string;
  lastHash?: string;
  updatedAt?: string;
  /** The document as the service sent it (`--json` prints this). */
  raw: unknown;
}

/** `branchName` undefined or '' lets the service pick: the caller's dev-mode branch, else the deploy branch. */
export async function getBuildStatus(api: Api, deploymentId: string, branchName?: string, signal?: AbortSignal): Promise<BuildStatus> {
  const raw = await api.get(`/api/v1/deployments/${encodeURIComponent(deploymentId)}/build-status`, {
    searchParams: {branchName},
    signal,
  });
  const body = unwrap(raw);
  const result: BuildStatus = {
    deploymentId: idString(body.deploymentId) ?? deploymentId,
    branchName: str(body.branchName) ?? branchName ?? '',
    mode: str(body.mode) ?? '',
    status: (str(body.status) ?? '').trim().toLowerCase(),
    raw,
  };
  const jobId = num(body.buildJobId);
  if (jobId !== undefined) result.buildJobId = jobId;
  for (const key of ['deploymentStatus', 'errorText', 'filesHash', 'lastHash', 'updatedAt'] as const) {
    const value = str(body[key]);
    if (value !== undefined && value !== '') result[key] = value;
  }
  return result;
}

/**
 * The caller's open dev-mode branch on a deployment, if any: the branch build-status picks when none is named,
 * when it runs in dev mode. THE one place a command that omits a branch learns the session (spec: while a session
 * is open, every command that omits a branch targets the dev branch); commands whose operation already defaults
 * to the session (put, commit, deploy, build-status) need not ask.
 */
export async function activeSessionBranch(api: Api, deploymentId: string, signal?: AbortSignal): Promise<string | undefined> {
  const status = await getBuildStatus(api, deploymentId, undefined, signal);
  return status.mode === 'dev_mode' && status.branchName !== '' ? status.branchName : undefined;
}
