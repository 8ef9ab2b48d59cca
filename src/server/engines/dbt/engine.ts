// The dbt sync engine. A run's work is prepared when it starts (prepare.ts); its stages then come due on the
// service clock. Every read advances the runs it touches to the clock's now, writing each transition it observes
// with the time it was due (log lines, the stage reached, the branch commit), so the stored state never depends
// on process memory: a service restarted mid-run resumes the plan and ends the run exactly as planned.
import {randomUUID} from 'node:crypto';
import type {DbtSyncRunTriggerContext, DbtTrigger} from '../../../contract/dbt.js';
import type {ServiceContext} from '../../context.js';
import {
  appendDbtLog,
  dbtSyncFiles,
  dbtSyncHistory,
  dbtSyncLogs,
  findDbtSync,
  insertDbtSync,
  runningDbtSyncs,
  saveDbtProgress,
  saveDbtSyncFiles,
  type DbtLogRow,
  type DbtSyncRow,
  type HistoryFilter,
} from '../../store/dbt.js';
import {writeSyncBranch} from './branchWriter.js';
import {STAGE_MESSAGE, STAGE_PHASE, type RunPlan} from './phases.js';
import {prepareRun, type Work} from './prepare.js';
import {DBT_REPOSITORY} from './project.js';

export interface StartSync {
  deploymentId: number;
  userId: number | null;
  trigger: DbtTrigger;
  triggerContext?: DbtSyncRunTriggerContext | null;
  source: 'git' | 'manifest';
  output: 'branch' | 'files';
  /** The ref the caller pinned; null syncs the integration's saved branch. */
  ref: string | null;
  manifest?: Record<string, unknown>;
  /** The branch to write; null names a new `dbt-sync/…` branch. */
  branchName: string | null;
  /** Seed only: when the run started (default: the clock's now). */
  at?: number;
}

export interface EngineOptions {
  /** The demo seed uploads one manifest many times; converting it once is enough. */
  reuseManifestWork?: boolean;
}

export class DbtSyncEngine {
  private readonly manifestWork: Map<string, Work> | undefined;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly options: EngineOptions = {},
  ) {
    this.manifestWork = options.reuseManifestWork ? new Map() : undefined;
  }

  start(input: StartSync): DbtSyncRow {
    const at = input.at ?? this.ctx.clock.now();
    const syncJobId = randomUUID();
    const workflowId = `dbt-sync-${input.deploymentId}-${syncJobId.slice(0, 8)}`;
    const ref = input.ref ?? DBT_REPOSITORY.savedBranch;
    const prepared = prepareRun({syncJobId, workflowId, source: input.source, output: input.output, ref, manifest: input.manifest, startedAt: at}, this.manifestWork);
    const segment = input.source === 'manifest' ? 'manifest' : ref;
    const branchName = input.output === 'files' ? '' : (input.branchName ?? syncBranchName(segment, at, syncJobId));
    return this.ctx.db.transaction(() => {
      const row = insertDbtSync(this.ctx.db, {
        sync_job_id: syncJobId,
        workflow_id: workflowId,
        deployment_id: input.deploymentId,
        user_id: input.userId,
        trigger: input.trigger,
        trigger_context: input.triggerContext ? JSON.stringify(input.triggerContext) : null,
        source: input.source,
        output: input.output,
        // The ref synced, also when it was the integration's saved branch (no ref given).
        git_ref: input.source === 'git' ? ref : null,
        branch_name: branchName,
        started_at: at,
        plan: JSON.stringify(prepared.plan),
        status: 'RUNNING',
        stage_index: 0,
        stage_at: at,
        completed_at: null,
        error_message: null,
        failed_phase: null,
        updated_at: at,
      });
      saveDbtSyncFiles(this.ctx.db, row.id, prepared.files);
      const what = input.source === 'manifest' ? 'an uploaded manifest' : `${ref}${input.ref ? '' : ' (the integration’s saved branch)'}`;
      this.log(row, at, 'info', 'INITIALIZING', `dbt sync ${syncJobId} started (trigger ${input.trigger}) from ${what}`);
      this.ctx.log(`[dbt] deployment ${input.deploymentId}: sync ${syncJobId} started from ${what}${branchName ? ` into ${branchName}` : ''}`);
      return row;
    })();
  }

  /** The run, advanced to now; undefined when the deployment has no such run. */
  get(deploymentId: number, syncJobId: string): DbtSyncRow | undefined {
    return this.ctx.db.transaction(() => {
      const row = findDbtSync(this.ctx.db, deploymentId, syncJobId);
      return row && this.advance(row, this.ctx.clock.now());
    })();
  }

  /** Newest first, after advancing the deployment's running runs so status filters see current states. */
  history(deploymentId: number, filter: HistoryFilter): DbtSyncRow[] {
    return this.ctx.db.transaction(() => {
      const now = this.ctx.clock.now();
      for (const row of runningDbtSyncs(this.ctx.db, deploymentId)) this.advance(row, now);
      return dbtSyncHistory(this.ctx.db, deploymentId, filter);
    })();
  }

  /** Cancels a RUNNING run; a run that already ended is returned unchanged with `cancelled: false`. */
  cancel(row: DbtSyncRow, by: string, at?: number): {row: DbtSyncRow; cancelled: boolean} {
    return this.ctx.db.transaction(() => {
      const now = at ?? this.ctx.clock.now();
      const current = this.advance(row, now);
      if (current.status !== 'RUNNING') return {row: current, cancelled: false};
      const stage = planOf(current).stages[current.stage_index]!.stage;
      const next: DbtSyncRow = {...current, status: 'CANCELLED', completed_at: now, updated_at: now, error_message: `Cancelled by ${by} during ${stage}`};
      saveDbtProgress(this.ctx.db, current.id, next);
      this.log(next, now, 'error', stage, `Cancelled by ${by} during ${stage}; the sandbox was stopped and nothing was committed`, now - current.stage_at);
      this.ctx.log(`[dbt] deployment ${next.deployment_id}: sync ${next.sync_job_id} cancelled during ${stage}`);
      return {row: next, cancelled: true};
    })();
  }

  /** Seed only: a run whose record was lost mid-way, so its outcome is unknown. */
  markUnknown(row: DbtSyncRow, at: number): DbtSyncRow {
    const current = this.advance(row, at);
    const next: DbtSyncRow = {...current, status: 'UNKNOWN', updated_at: at, error_message: 'The outcome of this sync could not be established: the workflow engine no longer knows it'};
    saveDbtProgress(this.ctx.db, current.id, next);
    return next;
  }

  logs(row: DbtSyncRow, afterId: number, limit: number): DbtLogRow[] {
    return dbtSyncLogs(this.ctx.db, row.id, afterId, limit);
  }

  /** Writes every transition of a running run that is due at `now`. */
  advance(row: DbtSyncRow, now: number): DbtSyncRow {
    if (row.status !== 'RUNNING') return row;
    const plan = planOf(row);
    const next = {...row};
    for (;;) {
      const {stage, ms} = plan.stages[next.stage_index]!;
      const end = next.stage_at + ms;
      if (now < end) break;
      for (const line of plan.lines[stage] ?? []) this.log(next, end, line.level, stage, line.message);
      let failure = plan.failStage === stage ? plan.error : null;
      if (!failure && stage === 'FINALIZING') failure = this.commit(next, end);
      if (failure) {
        Object.assign(next, {status: 'FAILED', completed_at: end, updated_at: end, error_message: failure, failed_phase: STAGE_PHASE[stage]});
        this.log(next, end, 'error', stage, `${STAGE_PHASE[stage]} failed`, ms);
        break;
      }
      this.log(next, end, 'info', stage, `${STAGE_PHASE[stage]} finished`, ms);
      if (next.stage_index === plan.stages.length - 1) {
        Object.assign(next, {status: 'COMPLETED', completed_at: end, updated_at: end});
        const s = plan.stats;
        this.log(next, end, 'info', null, `dbt sync completed: ${s?.cubeCount ?? 0} cubes in ${s?.generatedFileCount ?? 0} files`, end - next.started_at);
        break;
      }
      next.stage_index += 1;
      next.stage_at = end;
      next.updated_at = end;
      const upcoming = plan.stages[next.stage_index]!.stage;
      this.log(next, end, 'info', upcoming, `${STAGE_MESSAGE[upcoming]}${upcoming === 'UPLOADING_PROJECT' ? ` at ${row.git_ref ?? DBT_REPOSITORY.savedBranch}` : ''}`);
    }
    if (next.status !== row.status || next.stage_index !== row.stage_index) saveDbtProgress(this.ctx.db, row.id, next);
    if (next.status !== row.status) {
      const how = next.status === 'COMPLETED' ? 'completed' : `failed in ${next.failed_phase}: ${next.error_message?.split('\n')[0]}`;
      this.ctx.log(`[dbt] deployment ${next.deployment_id}: sync ${next.sync_job_id} ${how}`);
    }
    return next;
  }

  /** FINALIZING: the files go to the branch (or stay held for generated-files); a string is why that failed. */
  private commit(row: DbtSyncRow, at: number): string | null {
    const files = dbtSyncFiles(this.ctx.db, row.id, 0, 10_000);
    if (row.output === 'files') {
      this.log(row, at, 'info', 'FINALIZING', `Holding ${files.length} generated files; read them from the generated-files endpoint`);
      return null;
    }
    const written = writeSyncBranch(this.ctx, {deploymentId: row.deployment_id, branchName: row.branch_name, files, message: `dbt sync ${row.sync_job_id}`, at});
    if (!written.ok) {
      this.log(row, at, 'error', 'FINALIZING', written.error);
      return `could not commit the generated files: ${written.error}`;
    }
    this.log(row, at, 'info', 'FINALIZING', `Committed ${files.length} files to branch ${row.branch_name} (revision ${written.revision.slice(0, 7)})`);
    return null;
  }

  private log(row: DbtSyncRow, at: number, level: DbtLogRow['level'], stage: keyof typeof STAGE_PHASE | null, message: string, durationMs: number | null = null): void {
    appendDbtLog(this.ctx.db, {sync_id: row.id, at, level, phase: stage ? STAGE_PHASE[stage] : null, message, duration_ms: durationMs});
  }
}

export function planOf(row: DbtSyncRow): RunPlan {
  return JSON.parse(row.plan) as RunPlan;
}

/**
 * `dbt-sync/<ref>-<YYYYMMDDhhmmss>-<8hex>`: `/` in the ref becomes `-`, case and dots kept, cut at 40; other
 * characters a branch name cannot hold (a ref may have `#` or `@`) become `-` too.
 */
export function syncBranchName(ref: string, at: number, syncJobId: string): string {
  const stamp = new Date(at).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const segment = ref.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 40);
  return `dbt-sync/${segment}-${stamp}-${syncJobId.replace(/-/g, '').slice(0, 8)}`;
}
