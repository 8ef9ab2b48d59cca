// Run rows as the API reports them: the status endpoint (where a cancelled or lost run is a FAILED one with a
// reason, since COMPLETED and FAILED are its only terminal values), history runs with their phases, and results.
import type {
  DbtSyncLogEntry, DbtSyncResultResponse, DbtSyncRun, DbtSyncRunPhase, DbtSyncStatusResponse,
} from '../../../contract/dbt.js';
import type {DbtLogRow, DbtSyncRow} from '../../store/dbt.js';
import {planOf} from './engine.js';
import {STAGE_MESSAGE, STAGE_PHASE, type RunPlan} from './phases.js';

const iso = (ms: number): string => new Date(ms).toISOString();

/** Rough percentage from the stage reached: the planned time of the stages before it over the whole plan. */
function percentAt(row: DbtSyncRow, plan: RunPlan): number {
  if (row.status === 'COMPLETED') return 100;
  const stages = plan.stages;
  const total = stages.reduce((sum, s) => sum + s.ms, 0);
  const before = stages.slice(0, row.stage_index).reduce((sum, s) => sum + s.ms, 0);
  return total === 0 ? 0 : Math.floor((100 * before) / total);
}

export function statusView(row: DbtSyncRow): DbtSyncStatusResponse {
  const plan = planOf(row);
  const stage = plan.stages[row.stage_index]!.stage;
  const base = {syncJobId: row.sync_job_id, updatedAt: iso(row.updated_at)};
  switch (row.status) {
    case 'RUNNING':
      return {...base, status: stage, progress: {stage, percentComplete: percentAt(row, plan), message: STAGE_MESSAGE[stage]}, error: null};
    case 'COMPLETED':
      return {...base, status: 'COMPLETED', progress: {stage: 'COMPLETED', percentComplete: 100, message: 'Sync completed'}, error: null};
    case 'CANCELLED':
      return {
        ...base,
        status: 'FAILED',
        progress: {stage: 'FAILED', percentComplete: percentAt(row, plan), message: `Cancelled during ${stage}`},
        error: row.error_message ?? `Cancelled during ${stage}`,
      };
    default:
      return {
        ...base,
        status: 'FAILED',
        progress: {stage: 'FAILED', percentComplete: percentAt(row, plan), message: `Failed in ${stage}`},
        error: row.error_message ?? 'the sync failed without a reason',
      };
  }
}

/** Phases the run went through; absent while it runs. A phase cut short by a cancel reports its partial time. */
function phasesOf(row: DbtSyncRow, plan: RunPlan): DbtSyncRunPhase[] | null {
  if (row.status === 'RUNNING') return null;
  const stages = plan.stages;
  const out: DbtSyncRunPhase[] = [];
  let offset = 0;
  for (let i = 0; i <= row.stage_index && i < stages.length; i++) {
    const {stage, ms} = stages[i]!;
    const last = i === row.stage_index;
    if (last && row.status === 'UNKNOWN') break;
    const durationMs = last && row.status === 'CANCELLED' && row.completed_at !== null ? row.completed_at - row.stage_at : ms;
    out.push({phase: STAGE_PHASE[stage], startedOffsetMs: offset, durationMs, outcome: last && row.status !== 'COMPLETED' ? 'failed' : 'ok'});
    offset += ms;
  }
  return out;
}

export function runView(row: DbtSyncRow): DbtSyncRun {
  const plan = planOf(row);
  const stage = plan.stages[row.stage_index]!.stage;
  const pastManifest = plan.stats !== null && (row.status === 'COMPLETED' || plan.stages.slice(0, row.stage_index).some((s) => s.stage === 'PROCESSING_MANIFEST'));
  const completed = row.status === 'COMPLETED';
  return {
    syncJobId: row.sync_job_id,
    deploymentId: row.deployment_id,
    status: row.status,
    trigger: row.trigger,
    source: row.source,
    branchName: row.branch_name,
    startedAt: iso(row.started_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
    durationMs: row.completed_at === null ? null : row.completed_at - row.started_at,
    errorMessage: row.status === 'COMPLETED' || row.status === 'RUNNING' ? null : row.error_message,
    failedPhase: row.failed_phase,
    gitRef: row.git_ref,
    lastStage: stage,
    phases: phasesOf(row, plan),
    stats:
      plan.stats && pastManifest
        ? {
            models: plan.stats.models,
            sources: plan.stats.sources,
            macros: plan.stats.macros,
            dbtVersion: plan.stats.dbtVersion,
            manifestGeneratedAt: plan.stats.manifestGeneratedAt,
            cubeCount: completed ? plan.stats.cubeCount : null,
            generatedFileCount: completed ? plan.stats.generatedFileCount : null,
          }
        : null,
    triggerContext: row.trigger_context ? (JSON.parse(row.trigger_context) as DbtSyncRun['triggerContext']) : null,
    userId: row.user_id,
  };
}

export function resultView(row: DbtSyncRow, paths: string[]): DbtSyncResultResponse {
  const stats = planOf(row).stats!;
  return {
    syncJobId: row.sync_job_id,
    generatedFiles: paths.map((path) => ({path})),
    manifestStats: {models: stats.models, sources: stats.sources, macros: stats.macros},
    cubeCount: stats.cubeCount,
    completedAt: iso(row.completed_at!),
    durationMs: row.completed_at! - row.started_at,
  };
}

export function logView(line: DbtLogRow): DbtSyncLogEntry {
  return {timestamp: iso(line.at), level: line.level, stream: 'system', message: line.message, phase: line.phase, durationMs: line.duration_ms};
}
