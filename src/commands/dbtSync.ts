// `svc dbt sync` and `svc dbt status`: starting a sync and following one. Rules of the seed's command table:
// --ref takes a branch or tag, never a full commit SHA, and never an empty value (rule 1); `sync --wait --json`
// prints ONE document with the branch and the terminal result, also when the sync fails, and it holds
// syncJobId whenever a sync started (rule 3); a wait that ends FAILED (cancelled included) exits 1.
import {ApiError, type Api} from '../api/client.js';
import {getDbtSyncStatus, startDbtSync, type DbtSyncResult, type DbtSyncStarted, type DbtSyncStatus} from '../api/dbt.js';
import {refProblem} from '../contract/gitRef.js';
import {newBranchNameProblem} from '../contract/names.js';
import {syncFailureMessage, syncLabel, waitForSync, waitForSyncResult} from '../workflows/dbtWait.js';
import {parseDuration} from './buildStatus.js';
import {EXIT_USAGE, printJson, progress, success, UserError, say} from './output.js';
import {readJsonObject} from './session.js';

export interface WaitFlags {
  wait?: true;
  timeout?: string;
  poll?: string;
}

/** Usage errors for --ref, before any request: what cannot be a branch or tag (the value sent is trimmed). */
export function checkRef(ref: string | undefined): void {
  const problem = ref === undefined ? undefined : refProblem(ref.trim());
  if (problem !== undefined) throw new UserError(`--ref: ${problem}`, EXIT_USAGE);
}

/** --timeout and --poll only mean something with --wait; defaults 30m and 5s. */
export function waitTimes(flags: WaitFlags): {timeoutMs: number; intervalMs: number} {
  if (flags.wait !== true && (flags.timeout !== undefined || flags.poll !== undefined)) {
    throw new UserError('--timeout and --poll require --wait', EXIT_USAGE);
  }
  return {timeoutMs: parseDuration(flags.timeout ?? '30m'), intervalMs: parseDuration(flags.poll ?? '5s')};
}

/** `--manifest target/manifest.json` or `-` for stdin: the JSON object dbt wrote. */
export function readManifest(value: string): Promise<Record<string, unknown>> {
  if (value.trim() === '') throw new UserError('--manifest: an empty value names no file; pass target/manifest.json or - for stdin', EXIT_USAGE);
  return readJsonObject('--manifest', value === '-' ? '-' : `@${value}`);
}

const pruneHint = (deployment: string, branch: string) =>
  `The branch is not removed automatically — prune it with \`svc data-model delete-branch ${deployment} '${branch}'\` when you're done.`;

export async function sync(deployment: string, flags: WaitFlags & {ref?: string; branch?: string; manifest?: string}, json: boolean, api: () => Api): Promise<void> {
  checkRef(flags.ref);
  if (flags.manifest !== undefined && flags.ref !== undefined) {
    throw new UserError('--manifest and --ref cannot be combined: an uploaded manifest is converted as it is, without the repository', EXIT_USAGE);
  }
  if (flags.branch !== undefined && flags.branch.trim() === '') throw new UserError('--branch: an empty value names no branch; omit it to let the sync create one', EXIT_USAGE);
  const branchProblem = flags.branch === undefined ? undefined : newBranchNameProblem(flags.branch);
  if (branchProblem !== undefined) throw new UserError(`--branch: ${branchProblem}`, EXIT_USAGE);
  const times = waitTimes(flags);
  if (flags.ref !== undefined && /^[#@]/.test(flags.ref.trim())) {
    progress(`warning: --ref \`${flags.ref}\` starts with ${flags.ref.trim()[0]}; branches and tags rarely do — pass the branch name (for a pull request, its head branch)`);
  }
  const manifest = flags.manifest === undefined ? undefined : await readManifest(flags.manifest);
  const client = api();
  const started = await startDbtSync(client, deployment, {
    ...(flags.ref !== undefined && {ref: flags.ref.trim()}),
    ...(flags.branch !== undefined && {branchName: flags.branch}),
    ...(manifest !== undefined && {source: 'manifest' as const, manifest}),
  });
  if (flags.wait !== true) {
    if (json) return printJson(started.raw);
    success(`Started dbt sync ${started.syncJobId} on ${started.branchName}`);
    say(`Watch it with \`svc dbt status ${deployment} '${started.syncJobId}' --wait\`, or re-run sync with --wait.\n`);
    if (flags.branch === undefined && started.branchName !== '') say(`${pruneHint(deployment, started.branchName)}\n`);
    return;
  }
  progress(`dbt sync ${started.syncJobId} started on ${started.branchName}`);
  const refVerified = verifyRef(flags.ref, flags.branch, started.branchName);
  if (refVerified === false) progress(`warning: branch ${started.branchName} does not name ref ${flags.ref}; the service may be syncing a different ref`);
  let final: DbtSyncStatus;
  try {
    final = await waitForSync(client, deployment, started.syncJobId, {...times, onProgress: progress});
  } catch (err) {
    // The sync started: the document still says which one, so a script can follow up on it.
    if (json) printJson(waitDocument(started, refVerified, undefined, null, err instanceof Error ? err.message : String(err)));
    throw err;
  }
  if (final.status !== 'COMPLETED') {
    if (json) printJson(waitDocument(started, refVerified, final, null));
    throw new UserError(syncFailureMessage(deployment, final));
  }
  let result: DbtSyncResult;
  try {
    result = await waitForSyncResult(client, deployment, started.syncJobId, times);
  } catch {
    if (json) printJson(waitDocument(started, refVerified, final, null));
    throw new UserError(
      `dbt sync ${started.syncJobId} completed on ${started.branchName}, but its result could not be read. The sync itself succeeded — read the result with \`svc dbt result ${deployment} '${started.syncJobId}'\``,
    );
  }
  if (json) return printJson(waitDocument(started, refVerified, final, result));
  success(`dbt sync ${started.syncJobId} completed on ${started.branchName}`);
  printResultLines(result);
  if (flags.branch === undefined) say(`${pruneHint(deployment, started.branchName)}\n`);
}

/**
 * Whether the generated branch is named after the ref asked for (its first 12 characters, lowercased, `/` as
 * `-`), which shows the service honoured --ref; null when there is nothing to check (no --ref, or --branch).
 */
export function verifyRef(ref: string | undefined, branch: string | undefined, branchName: string): boolean | null {
  if (ref === undefined || branch !== undefined) return null;
  return branchName.toLowerCase().includes(ref.trim().slice(0, 12).toLowerCase().replace(/\//g, '-'));
}

function waitDocument(started: DbtSyncStarted, refVerified: boolean | null, final: DbtSyncStatus | undefined, result: DbtSyncResult | null, waitError?: string) {
  return {
    syncJobId: started.syncJobId,
    refVerified,
    workflowId: started.workflowId ?? null,
    branchName: started.branchName,
    status: final?.status ?? 'UNKNOWN',
    error: final?.error ?? waitError ?? null,
    result: result?.raw ?? null,
  };
}

export function printResultLines(result: DbtSyncResult): void {
  const cubes = result.cubeCount ?? 0;
  const files = result.generatedFiles.length;
  const took = result.durationMs === undefined ? '' : ` in ${result.durationMs}ms`;
  success(`Generated ${cubes} cube${cubes === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}${took}`);
  for (const path of result.generatedFiles) say(`  ${path}\n`);
}

export async function status(deployment: string, syncJobId: string, flags: WaitFlags, json: boolean, api: () => Api): Promise<void> {
  const times = waitTimes(flags);
  const client = api();
  if (flags.wait !== true) {
    let current: DbtSyncStatus;
    try {
      current = await getDbtSyncStatus(client, deployment, syncJobId);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        throw new UserError(`no dbt sync ${syncJobId} on deployment ${deployment} (it may not be visible yet, belong to another deployment, or have aged out)`);
      }
      throw err;
    }
    if (json) return printJson(current.raw);
    say(`${syncLabel(current)}${current.error ? `: ${current.error}` : ''}\n`);
    return;
  }
  const final = await waitForSync(client, deployment, syncJobId, {...times, onProgress: progress});
  if (json) printJson(final.raw);
  else say(`${syncLabel(final)}\n`);
  if (final.status !== 'COMPLETED') throw new UserError(syncFailureMessage(deployment, final));
}
