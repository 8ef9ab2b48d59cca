// The dbt gate: sync a ref → enter dev mode on the generated branch → validate the dev fork → query a measure
// through the data API (waiting out "Continue wait") → verdict; then clean up: exit dev mode, delete the dev
// fork, then the sync branch. Shared by the UI's gate screen and command mode: progress goes to callbacks,
// nothing is printed. runGate never throws for a failing gate (that is a FAIL verdict), only when aborted.
import {ApiError, type Api} from '../api/client.js';
import {startDbtSync} from '../api/dbt.js';
import {oneLine} from '../api/errors.js';
import {branchMeasures} from '../api/dataApi.js';
import {deleteBranch, startDevMode, stopDevMode, validateModel} from '../api/dataModel.js';
import {syncLabel, waitForSync} from './dbtWait.js';
import {refProblem} from '../contract/gitRef.js';
import {waitFor, type WaitOptions} from './wait.js';
import {dataTarget, runQuery, type DataTarget} from './query.js';

export const GATE_STEPS = ['sync', 'devMode', 'validate', 'query', 'verdict', 'cleanup'] as const;
export type GateStep = (typeof GATE_STEPS)[number];
export type GateStepStatus = 'pending' | 'running' | 'completed' | 'failed' | 'skipped';

export interface GateEvent {
  step: GateStep;
  status: GateStepStatus;
  detail?: string;
  /** Set when a step created something cleanup must remove, so a caller that stops early can say what is left. */
  created?: {syncBranch?: string; devBranch?: string};
}

export interface GateOutcome {
  verdict: 'PASS' | 'FAIL';
  /** One line a person can act on: what passed, or which step failed and why. */
  reason: string;
  syncJobId?: string;
  syncBranch?: string;
  devBranch?: string;
  measure?: string;
  /** The measure summed over the answered rows. */
  total?: number;
}

export interface GateOptions extends Pick<WaitOptions<unknown>, 'sleep' | 'now' | 'signal'> {
  deploymentId: string;
  ref: string;
  /** `cube.measure` to query; default the first measure of the generated model. */
  measure?: string;
  timeoutMs: number;
  intervalMs: number;
  onStep?: (event: GateEvent) => void;
  /** The gate's dbt sync was started (the console watches it like any sync it started). */
  onSyncStarted?: (syncJobId: string) => void;
}

/** A step's own verdict (not a transport problem): its message becomes the FAIL reason as it is. */
class StepFailure extends Error {}

const BUILDING = 'Continue wait (the branch is still building)';

const messageOf = (err: unknown) => oneLine(err instanceof Error ? err.message : String(err));

/** Runs the gate up to its verdict; the outcome names what was created so cleanupGate can remove it. */
export async function runGate(api: Api, opts: GateOptions): Promise<GateOutcome> {
  const emit = opts.onStep ?? (() => {});
  const problem = refProblem(opts.ref.trim());
  if (problem !== undefined) throw new Error(`ref: ${problem}`);
  const waits = {timeoutMs: opts.timeoutMs, intervalMs: opts.intervalMs, sleep: opts.sleep, now: opts.now, signal: opts.signal};
  const out: Omit<GateOutcome, 'verdict' | 'reason'> = {};
  let step: GateStep = 'sync';
  const begin = (s: GateStep, detail?: string) => {
    step = s;
    emit({step: s, status: 'running', ...(detail ? {detail} : {})});
  };
  try {
    begin('sync', `starting a sync of ${opts.ref.trim()}`);
    const started = await startDbtSync(api, opts.deploymentId, {ref: opts.ref.trim()}, opts.signal);
    out.syncJobId = started.syncJobId;
    out.syncBranch = started.branchName;
    opts.onSyncStarted?.(started.syncJobId);
    const target = `${started.syncJobId} → ${started.branchName}`;
    emit({step: 'sync', status: 'running', detail: target, created: {syncBranch: started.branchName}});
    // The branch the sync writes (the gate's to clean up) stays in sight beside its progress.
    const final = await waitForSync(api, opts.deploymentId, started.syncJobId, {
      ...waits,
      onProgress: (line) => emit({step: 'sync', status: 'running', detail: `${target} · ${line}`}),
    });
    if (final.status !== 'COMPLETED') throw new StepFailure(`dbt sync ${started.syncJobId} failed: ${final.error ? oneLine(final.error) : syncLabel(final)}`);
    emit({step: 'sync', status: 'completed', detail: target});

    begin('devMode', `entering dev mode on ${started.branchName}`);
    const session = await startDevMode(api, opts.deploymentId, started.branchName, opts.signal);
    if (!session.branchName) throw new StepFailure('the service entered no dev mode: its answer names no branch');
    const dev = {branchName: session.branchName};
    out.devBranch = dev.branchName;
    emit({step: 'devMode', status: 'completed', detail: dev.branchName, created: {devBranch: dev.branchName}});

    begin('validate', `compiling ${dev.branchName}`);
    const validation = await validateModel(api, opts.deploymentId, {devMode: true}, opts.signal);
    if (!validation.valid) {
      const first = validation.errors[0];
      throw new StepFailure(`the model does not compile (${validation.errors.length} error${validation.errors.length === 1 ? '' : 's'})${first ? `: ${first.fileName ? `${first.fileName}: ` : ''}${first.message}` : ''}`);
    }
    emit({step: 'validate', status: 'completed', detail: `valid, ${validation.cubesCount ?? '?'} cubes`});

    begin('query', 'waiting for the dev branch to answer');
    const data = await dataTarget(api, opts.deploymentId, opts.signal);
    const measure = opts.measure?.trim() || (await firstMeasure(data, dev.branchName, waits, (d) => begin('query', d)));
    out.measure = measure;
    begin('query', `querying ${measure}`);
    const {rows} = await runQuery(data, {measures: [measure]}, {
      ...waits,
      branch: dev.branchName,
      what: `a query of ${measure} on ${dev.branchName}`,
      waitLabel: BUILDING,
      // The gate's rule for a failed look is the API client's (5xx, 408, 429, network), as for every other step.
      isTransient: undefined,
      onProgress: (line) => emit({step: 'query', status: 'running', detail: line}),
    });
    if (rows.length === 0) throw new StepFailure(`the query of ${measure} answered no rows`);
    out.total = rows.reduce((sum, r) => sum + (Number(r[measure]) || 0), 0);
    emit({step: 'query', status: 'completed', detail: `${measure} = ${out.total} (${rows.length} row${rows.length === 1 ? '' : 's'})`});
    const reason = `${opts.ref.trim()} syncs, compiles (${validation.cubesCount ?? '?'} cubes) and answers ${measure} = ${out.total}`;
    emit({step: 'verdict', status: 'completed', detail: `PASS: ${reason}`});
    return {verdict: 'PASS', reason, ...out};
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    const reason = `${step}: ${messageOf(err)}`;
    emit({step, status: 'failed', detail: messageOf(err)});
    emit({step: 'verdict', status: 'failed', detail: `FAIL: ${reason}`});
    return {verdict: 'FAIL', reason, ...out};
  }
}

async function firstMeasure(data: DataTarget, branch: string, waits: Omit<WaitOptions<string>, 'what' | 'poll'>, say: (detail: string) => void): Promise<string> {
  say(`reading the model of ${branch}`);
  const measures = await waitFor<string[]>({
    ...waits,
    what: `the model of ${branch}`,
    onProgress: say,
    poll: async (signal) => {
      const answer = await branchMeasures(data, branch, signal);
      return answer.wait ? {done: false, label: BUILDING} : {done: true, value: answer.measures};
    },
  });
  const first = measures[0];
  if (first === undefined) throw new StepFailure(`the generated model of ${branch} has no measure to query`);
  return first;
}

export interface CleanupReport {
  removed: string[];
  problems: string[];
}

/** Exits dev mode, deletes the dev fork, then the sync branch; a branch already gone is not a problem. */
export async function cleanupGate(
  api: Api,
  deploymentId: string,
  outcome: Pick<GateOutcome, 'devBranch' | 'syncBranch'>,
  opts: {onStep?: (event: GateEvent) => void; signal?: AbortSignal} = {},
): Promise<CleanupReport> {
  const emit = opts.onStep ?? (() => {});
  const report: CleanupReport = {removed: [], problems: []};
  const attempt = async (what: string, action: () => Promise<void>) => {
    emit({step: 'cleanup', status: 'running', detail: what});
    try {
      await action();
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) report.problems.push(`${what}: ${messageOf(err)}`);
    }
  };
  if (outcome.devBranch) {
    await attempt('exiting dev mode', () => stopDevMode(api, deploymentId, opts.signal));
    const dev = outcome.devBranch;
    await attempt(`deleting ${dev}`, async () => (await deleteBranch(api, deploymentId, dev, {}, opts.signal), void report.removed.push(dev)));
  }
  if (outcome.syncBranch) {
    const sync = outcome.syncBranch;
    await attempt(`deleting ${sync}`, async () => (await deleteBranch(api, deploymentId, sync, {}, opts.signal), void report.removed.push(sync)));
  }
  const detail = report.problems.length > 0 ? report.problems.join('; ') : report.removed.length > 0 ? `removed ${report.removed.join(', ')}` : 'nothing to remove';
  emit({step: 'cleanup', status: report.problems.length > 0 ? 'failed' : 'completed', detail});
  return report;
}

/** The whole gate for command mode: run to a verdict, then always clean up. */
export async function gate(api: Api, opts: GateOptions): Promise<GateOutcome & {cleanup: CleanupReport}> {
  const outcome = await runGate(api, opts);
  const cleanup = await cleanupGate(api, opts.deploymentId, outcome, {onStep: opts.onStep, signal: opts.signal});
  return {...outcome, cleanup};
}
