// The sync pipeline's stages: their phase tokens (what logs, `phases[]` and `failedPhase` name), planned durations
// at speed 1, what the status line says during each, and the plan a run is stored with.
import {createHash} from 'node:crypto';
import type {DbtStage} from '../../../contract/dbt.js';

export const STAGE_PHASE: Record<DbtStage, string> = {
  INITIALIZING: 'init',
  CREATING_SANDBOX: 'sandbox',
  UPLOADING_PROJECT: 'repo-clone',
  INSTALLING_DEPENDENCIES: 'install',
  RUNNING_DBT_DEPS: 'dbt-deps',
  COMPILING_DBT: 'dbt-compile',
  PROCESSING_MANIFEST: 'process-manifest',
  WRITING_CUBE_FILES: 'write-cubes',
  FINALIZING: 'finalize',
};

/** Planned durations at speed 1; `svc server --speed N` compresses them through the clock. */
export const PLANNED_STAGE_MS: Record<DbtStage, number> = {
  INITIALIZING: 800,
  CREATING_SANDBOX: 2_500,
  UPLOADING_PROJECT: 1_500,
  INSTALLING_DEPENDENCIES: 4_000,
  RUNNING_DBT_DEPS: 2_000,
  COMPILING_DBT: 5_000,
  PROCESSING_MANIFEST: 1_200,
  WRITING_CUBE_FILES: 1_500,
  FINALIZING: 700,
};

export const STAGE_MESSAGE: Record<DbtStage, string> = {
  INITIALIZING: 'Preparing the sync workflow',
  CREATING_SANDBOX: 'Creating an isolated sandbox',
  UPLOADING_PROJECT: 'Cloning the dbt project',
  INSTALLING_DEPENDENCIES: 'Installing dbt and its adapter',
  RUNNING_DBT_DEPS: 'Running dbt deps',
  COMPILING_DBT: 'Running dbt compile',
  PROCESSING_MANIFEST: 'Reading the dbt manifest',
  WRITING_CUBE_FILES: 'Writing cube files',
  FINALIZING: 'Committing the generated files',
};

const GIT_STAGES: DbtStage[] = [
  'INITIALIZING', 'CREATING_SANDBOX', 'UPLOADING_PROJECT', 'INSTALLING_DEPENDENCIES', 'RUNNING_DBT_DEPS', 'COMPILING_DBT',
  'PROCESSING_MANIFEST', 'WRITING_CUBE_FILES', 'FINALIZING',
];
/** An uploaded manifest needs no repository, sandbox or dbt run. */
const MANIFEST_STAGES: DbtStage[] = ['INITIALIZING', 'PROCESSING_MANIFEST', 'WRITING_CUBE_FILES', 'FINALIZING'];

export interface LogLine {
  level: 'info' | 'error';
  message: string;
}

export interface PlanStats {
  models: number;
  sources: number;
  macros: number;
  dbtVersion: string | null;
  manifestGeneratedAt: string | null;
  cubeCount: number;
  generatedFileCount: number;
}

/** Everything a run will do, decided when it starts; the clock only reveals it. */
export interface RunPlan {
  stages: Array<{stage: DbtStage; ms: number}>;
  failStage: DbtStage | null;
  error: string | null;
  /** Lines each stage writes when it ends (a failing stage's are its error output). */
  lines: Partial<Record<DbtStage, LogLine[]>>;
  stats: PlanStats | null;
  headSha: string | null;
}

/** The stages of a run with durations varied per run (±20 %, from its id) so history looks like real runs. */
export function plannedStages(source: 'git' | 'manifest', runId: string, scale = 1): RunPlan['stages'] {
  const digest = createHash('sha256').update(runId).digest();
  return (source === 'git' ? GIT_STAGES : MANIFEST_STAGES).map((stage, i) => ({
    stage,
    ms: Math.round(PLANNED_STAGE_MS[stage] * scale * (0.8 + (0.4 * digest[i % digest.length]!) / 255)),
  }));
}
