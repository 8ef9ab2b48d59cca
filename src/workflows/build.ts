// Waiting for a branch's build (build-status --wait, the UI's Build view, and any flow that deploys then waits).
// The rules are the real client's: terminal on built/failed/cancelled; a bad or
// inactive branch fails at once instead of hanging for the whole timeout; `none`/`stopped` held longer than a
// minute means nothing will ever build it; anything else, unknown values included, is progress.
import type {Api} from '../api/client.js';
import {oneLine} from '../api/errors.js';
import {buildBlock, getBuildStatus, isTerminalBuildStatus, type BuildStatus} from '../api/builds.js';
import {waitFor, type WaitOptions} from './wait.js';

const IDLE: ReadonlySet<string> = new Set(['none', 'stopped']);

/** How long `none`/`stopped` may last before the wait concludes nothing is going to build the branch. */
export const IDLE_GRACE_MS = 60_000;

/** POSIX single-quoting for commands suggested in messages; a blank branch shows as `<branch>`. */
export function shellQuote(value: string): string {
  if (value.trim() === '') return '<branch>';
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The progress label: the status, plus the server's text when it says something. */
export function buildLabel(status: BuildStatus): string {
  const text = status.errorText === undefined ? '' : oneLine(status.errorText, 120);
  const name = status.status === '' ? 'unknown' : status.status;
  return text === '' ? name : `${name} (${text})`;
}

/** A wait that ended because the branch cannot build; carries the last status seen. */
export class BuildWaitError extends Error {
  constructor(
    message: string,
    readonly status: BuildStatus,
  ) {
    super(message);
    this.name = 'BuildWaitError';
  }
}

/** "build failed for branch main: <text>" — the error a caller raises after a wait ends in failed/cancelled. */
export function buildFailureMessage(status: BuildStatus): string {
  const text = status.errorText === undefined ? '' : `: ${oneLine(status.errorText)}`;
  return `build ${status.status} for branch ${status.branchName}${text}`;
}

function devModeHint(deploymentId: string, branch: string): string {
  return `run \`svc data-model dev-mode ${deploymentId} ${shellQuote(branch)}\` and wait on the dev-… branch it prints`;
}

/** Turns a status that can never finish into the error that says why; undefined while it still may. */
export function unbuildableReason(deploymentId: string, status: BuildStatus, idleForMs: number): string | undefined {
  const branch = status.branchName;
  const text = status.errorText ?? '';
  const extra = (known: string) => (text.trim() === known ? '' : `: ${oneLine(text)}`);
  const block = buildBlock(status);
  if (block === 'bad-branch') {
    return `branch ${branch} is not building (Bad branch)${extra('Bad branch')}. There is no such branch — check the name with \`svc data-model branches ${deploymentId}\``;
  }
  if (block === 'not-active') {
    return `branch ${branch} is not building (Branch is not active)${extra('Branch is not active')}. A branch only compiles once it is opened in dev mode — ${devModeHint(deploymentId, branch)}`;
  }
  if (IDLE.has(status.status) && idleForMs > IDLE_GRACE_MS) {
    const detail = text.trim() === '' ? '' : `: ${oneLine(text)}`;
    return `nothing is building branch ${branch} (status ${status.status}${detail}). If the branch exists, it only compiles once it is opened in dev mode — ${devModeHint(deploymentId, branch)}`;
  }
  return undefined;
}

export interface BuildWaitOptions extends Pick<WaitOptions<BuildStatus>, 'onProgress' | 'sleep' | 'now' | 'signal'> {
  timeoutMs: number;
  intervalMs: number;
}

/**
 * Polls the branch's build status until it is built, failed or cancelled, and resolves to that last status
 * (failure is the caller's to report, after it printed the document). Rejects with a BuildWaitError when the
 * branch cannot build, a WaitTimeoutError at the deadline, or the API error that ended the wait.
 */
export function waitForBuild(api: Api, deploymentId: string, branchName: string | undefined, opts: BuildWaitOptions): Promise<BuildStatus> {
  const now = opts.now ?? Date.now;
  let idleSince: number | undefined;
  const branchShown = branchName === undefined || branchName === '' ? '' : ` --branch ${shellQuote(branchName)}`;
  return waitFor<BuildStatus>({
    what: 'build',
    timeoutMs: opts.timeoutMs,
    intervalMs: opts.intervalMs,
    advice: `It may still be running — check it with \`svc deployments build-status ${deploymentId}${branchShown}\`, or raise --timeout`,
    ...(opts.onProgress && {onProgress: opts.onProgress}),
    ...(opts.sleep && {sleep: opts.sleep}),
    ...(opts.signal && {signal: opts.signal}),
    now,
    poll: async (signal) => {
      const status = await getBuildStatus(api, deploymentId, branchName, signal);
      if (isTerminalBuildStatus(status.status)) return {done: true, value: status};
      if (IDLE.has(status.status)) idleSince ??= now();
      else idleSince = undefined;
      const reason = unbuildableReason(deploymentId, status, idleSince === undefined ? 0 : now() - idleSince);
      if (reason !== undefined) throw new BuildWaitError(reason, status);
      return {done: false, label: buildLabel(status)};
    },
  });
}
