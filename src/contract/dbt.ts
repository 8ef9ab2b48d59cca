// dbt sync (/api/v1/deployments/{deploymentId}/dbt-sync…), field names as the current API has them
// (the platform API description: StartDbtSyncInput, DbtSyncResponse, DbtSyncStatusResponse, DbtSyncRun, …).
import {z} from 'zod';
import {itemsPage} from './common.js';

/** What history lists; the status endpoint reports CANCELLED runs as FAILED with a reason saying so. */
export const DBT_RUN_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'UNKNOWN'] as const;
export type DbtRunStatus = (typeof DBT_RUN_STATUSES)[number];
export const DBT_TRIGGERS = ['manual', 'api', 'webhook', 'agent', 'unknown'] as const;
export type DbtTrigger = (typeof DBT_TRIGGERS)[number];

/** The pipeline, in order; a run's status is its current stage until it ends COMPLETED or FAILED. */
export const DBT_STAGES = [
  'INITIALIZING', 'CREATING_SANDBOX', 'UPLOADING_PROJECT', 'INSTALLING_DEPENDENCIES', 'RUNNING_DBT_DEPS',
  'COMPILING_DBT', 'PROCESSING_MANIFEST', 'WRITING_CUBE_FILES', 'FINALIZING',
] as const;
export type DbtStage = (typeof DBT_STAGES)[number];
/** COMPLETED and FAILED are the only terminal status values. */
export const DBT_TERMINAL_STATUSES = ['COMPLETED', 'FAILED'] as const;

/** A page holds at most this many runs; a larger `first` is capped, not refused. */
export const DBT_MAX_PAGE = 100;
export const DBT_DEFAULT_PAGE = 20;

export const DbtSyncIdParams = z.object({
  deploymentId: z.string().regex(/^\d{1,12}$/, 'deployment id must be numeric'),
  syncJobId: z.string().min(1).max(100),
});

const first = z.string().regex(/^[1-9]\d{0,8}$/, 'first must be a positive integer').optional();
const after = z.string().max(200).optional();

/** `status` and `trigger` are plain strings here so an unknown value gets a 400 that lists the valid ones. */
export const DbtHistoryQuery = z.object({status: z.string().optional(), trigger: z.string().optional(), first, after});
export const DbtPageQuery = z.object({first, after});

export const StartDbtSyncInput = z
  .object({
    branchName: z.string().nullable().optional(),
    ref: z.string().nullable().optional(),
    source: z.enum(['git', 'manifest']).nullable().optional(),
    manifest: z.record(z.string(), z.unknown()).nullable().optional(),
    output: z.enum(['branch', 'files']).nullable().optional(),
  })
  .meta({id: 'StartDbtSyncInput'});
export type StartDbtSyncInput = z.infer<typeof StartDbtSyncInput>;

export const DbtSyncResponse = z
  .object({syncJobId: z.string(), workflowId: z.string(), branchName: z.string()})
  .meta({id: 'DbtSyncResponse'});
export type DbtSyncResponse = z.infer<typeof DbtSyncResponse>;

export const DbtSyncProgress = z
  .object({stage: z.string(), percentComplete: z.number().int(), message: z.string().nullable().optional()})
  .meta({id: 'DbtSyncProgress'});

export const DbtSyncStatusResponse = z
  .object({
    syncJobId: z.string(),
    status: z.string(),
    progress: DbtSyncProgress,
    error: z.string().nullable().optional(),
    updatedAt: z.string(),
  })
  .meta({id: 'DbtSyncStatusResponse'});
export type DbtSyncStatusResponse = z.infer<typeof DbtSyncStatusResponse>;

export const DbtSyncManifestStats = z
  .object({models: z.number().int(), sources: z.number().int(), macros: z.number().int()})
  .meta({id: 'DbtSyncManifestStats'});
export type DbtSyncManifestStats = z.infer<typeof DbtSyncManifestStats>;

export const DbtSyncGeneratedFile = z.object({path: z.string()}).meta({id: 'DbtSyncGeneratedFile'});

export const DbtSyncResultResponse = z
  .object({
    syncJobId: z.string(),
    generatedFiles: z.array(DbtSyncGeneratedFile),
    manifestStats: DbtSyncManifestStats,
    cubeCount: z.number().int(),
    completedAt: z.string(),
    durationMs: z.number().int(),
  })
  .meta({id: 'DbtSyncResultResponse'});
export type DbtSyncResultResponse = z.infer<typeof DbtSyncResultResponse>;

export const DbtSyncLogEntry = z
  .object({
    timestamp: z.string(),
    level: z.string(),
    stream: z.string(),
    message: z.string(),
    phase: z.string().nullable().optional(),
    durationMs: z.number().int().nullable().optional(),
  })
  .meta({id: 'DbtSyncLogEntry'});
export type DbtSyncLogEntry = z.infer<typeof DbtSyncLogEntry>;

export const DbtSyncLogEntriesListResponse = itemsPage(DbtSyncLogEntry, 'DbtSyncLogEntriesListResponse');

export const DbtSyncRunPhase = z
  .object({phase: z.string(), startedOffsetMs: z.number().int(), durationMs: z.number().int(), outcome: z.string()})
  .meta({id: 'DbtSyncRunPhase'});
export type DbtSyncRunPhase = z.infer<typeof DbtSyncRunPhase>;

export const DbtSyncRunStats = z
  .object({
    cubeCount: z.number().int().nullable().optional(),
    generatedFileCount: z.number().int().nullable().optional(),
    models: z.number().int().nullable().optional(),
    sources: z.number().int().nullable().optional(),
    macros: z.number().int().nullable().optional(),
    dbtVersion: z.string().nullable().optional(),
    manifestGeneratedAt: z.string().nullable().optional(),
  })
  .meta({id: 'DbtSyncRunStats'});
export type DbtSyncRunStats = z.infer<typeof DbtSyncRunStats>;

export const DbtSyncRunTriggerContext = z
  .object({headSha: z.string().nullable().optional(), pushedBranch: z.string().nullable().optional(), targetBranch: z.string().nullable().optional()})
  .meta({id: 'DbtSyncRunTriggerContext'});
export type DbtSyncRunTriggerContext = z.infer<typeof DbtSyncRunTriggerContext>;

export const DbtSyncRun = z
  .object({
    syncJobId: z.string(),
    deploymentId: z.number().int(),
    status: z.string(),
    trigger: z.string(),
    source: z.string(),
    branchName: z.string(),
    startedAt: z.string(),
    completedAt: z.string().nullable().optional(),
    durationMs: z.number().int().nullable().optional(),
    errorMessage: z.string().nullable().optional(),
    failedPhase: z.string().nullable().optional(),
    gitRef: z.string().nullable().optional(),
    lastStage: z.string().nullable().optional(),
    phases: z.array(DbtSyncRunPhase).nullable().optional(),
    stats: DbtSyncRunStats.nullable().optional(),
    triggerContext: DbtSyncRunTriggerContext.nullable().optional(),
    userId: z.number().int().nullable().optional(),
  })
  .meta({id: 'DbtSyncRun'});
export type DbtSyncRun = z.infer<typeof DbtSyncRun>;

export const DbtSyncRunListResponse = itemsPage(DbtSyncRun, 'DbtSyncRunListResponse');
export type DbtSyncRunListResponse = z.infer<typeof DbtSyncRunListResponse>;

export const DbtGeneratedFileContent = z.object({path: z.string(), content: z.string()}).meta({id: 'DbtGeneratedFileContent'});

export const DbtSyncGeneratedFilesListResponse = itemsPage(DbtGeneratedFileContent, 'DbtSyncGeneratedFilesListResponse');

export const DbtSyncCancelResponse = z.object({message: z.string()}).meta({id: 'DbtSyncCancelResponse'});
