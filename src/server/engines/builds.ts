// The build engine: one build per trigger of a (deployment, branch), stepping queued → building → warmup →
// built, or failed at the end of `building` when the model does not compile, or cancelled when a newer trigger
// for the same branch supersedes it. Steps are a pure function of the stored plan and the clock; every read
// writes the steps it observes (with the time the step was due, not the time it was noticed) and one log line
// per transition, so a restart resumes deterministically and production build logs can be read back.
import type {Clock} from './clock.js';
import {guardedInterval} from './timers.js';
import {
  appendBuildLog,
  buildLogs,
  buildsInFlight,
  findBuild,
  insertBuild,
  latestBuild,
  saveBuildSteps,
  type BuildLogRow,
  type BuildRow,
  type BuildStep,
} from '../store/builds.js';
import type {Db} from '../store/db.js';

export type {BuildStep} from '../store/builds.js';

export interface BuildDurations {
  queuedMs: number;
  buildingMs: number;
  warmupMs: number;
}

/** Planned step durations at speed 1; `svc server --speed N` compresses them through the clock. */
export const PLANNED_DURATIONS: BuildDurations = {queuedMs: 1_000, buildingMs: 3_000, warmupMs: 2_000};

export interface Build {
  id: number;
  deploymentId: number;
  branchName: string;
  reason: string;
  step: BuildStep;
  queuedAt: number;
  buildingAt?: number;
  warmupAt?: number;
  finishedAt?: number;
  errorText?: string;
  filesHash?: string;
  lastHash?: string;
  updatedAt: number;
}

export interface TriggerOptions {
  /** Compiles the branch's model as of the trigger; a string is the compile error the build fails with. */
  validate?: () => string | null;
  filesHash?: string | null;
  lastHash?: string | null;
}

export interface BuildLogLine {
  buildId: number;
  branchName: string;
  at: number;
  level: 'info' | 'error';
  message: string;
}

export interface BuildEngineOptions {
  durations?: Partial<BuildDurations>;
  /** Also receives every log line as it is written (the service's log, tests). */
  log?: (line: string) => void;
}

const IN_FLIGHT: ReadonlySet<BuildStep> = new Set(['queued', 'building', 'warmup']);

export function isTerminalStep(step: BuildStep): boolean {
  return !IN_FLIGHT.has(step);
}

export class BuildEngine {
  private readonly durations: BuildDurations;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: BuildEngineOptions = {},
  ) {
    this.durations = {...PLANNED_DURATIONS, ...options.durations};
  }

  /** Queues a new build of the branch; a build still running for it is cancelled in favour of this one. */
  trigger(deploymentId: number, branchName: string, reason: string, options: TriggerOptions = {}): Build {
    const compileError = runValidation(options.validate);
    return this.db.transaction(() => {
      const now = this.clock.now();
      const previous = this.materialise(latestBuild(this.db, deploymentId, branchName), now);
      const row = insertBuild(this.db, {
        deployment_id: deploymentId,
        branch_name: branchName,
        reason,
        state: 'queued',
        queued_at: now,
        queued_ms: this.durations.queuedMs,
        building_ms: this.durations.buildingMs,
        warmup_ms: this.durations.warmupMs,
        building_at: null,
        warmup_at: null,
        finished_at: null,
        compile_error: compileError,
        error_text: null,
        files_hash: options.filesHash ?? previous?.files_hash ?? null,
        last_hash: options.lastHash ?? previous?.last_hash ?? null,
        updated_at: now,
      });
      if (previous && IN_FLIGHT.has(previous.state)) {
        const errorText = `Superseded by build ${row.id}`;
        saveBuildSteps(this.db, previous.id, {...previous, state: 'cancelled', finished_at: now, error_text: errorText, updated_at: now});
        this.writeLog(previous, now, 'error', `build ${previous.id} cancelled: ${errorText.toLowerCase()}`);
      }
      this.writeLog(row, now, 'info', `build ${row.id} queued (${reason})`);
      return toBuild(row);
    })();
  }

  /** The newest build of the branch, advanced to the clock's now; undefined when it was never built. */
  status(deploymentId: number, branchName: string): Build | undefined {
    const row = this.db.transaction(() => this.materialise(latestBuild(this.db, deploymentId, branchName), this.clock.now()))();
    return row && toBuild(row);
  }

  get(buildId: number): Build | undefined {
    const row = this.db.transaction(() => this.materialise(findBuild(this.db, buildId), this.clock.now()))();
    return row && toBuild(row);
  }

  /** Writes down every step that came due, so logs are complete even for builds nobody is watching. */
  tick(): void {
    this.db.transaction(() => {
      const now = this.clock.now();
      for (const row of buildsInFlight(this.db)) this.materialise(row, now);
    })();
  }

  /**
   * Calls tick() every `intervalMs` of real time so the service log shows transitions as they happen, not when
   * someone next asks. Returns the stop function; the timer never keeps the process alive on its own.
   */
  startTicking(intervalMs = 250): () => void {
    return guardedInterval({name: 'builds', intervalMs, log: (line) => this.options.log?.(line), db: this.db}, () => this.tick());
  }

  /**
   * Records a build that already finished, e.g. the demo seed's production builds or a deploy branch that was
   * never built: queued, built and warmed up before `finishedAt`.
   */
  recordFinished(deploymentId: number, branchName: string, reason: string, opts: {finishedAt?: number; filesHash?: string | null; lastHash?: string | null} = {}): Build {
    return this.db.transaction(() => {
      const end = opts.finishedAt ?? this.clock.now();
      const {queuedMs, buildingMs, warmupMs} = this.durations;
      const queuedAt = end - queuedMs - buildingMs - warmupMs;
      const row = insertBuild(this.db, {
        deployment_id: deploymentId,
        branch_name: branchName,
        reason,
        state: 'built',
        queued_at: queuedAt,
        queued_ms: queuedMs,
        building_ms: buildingMs,
        warmup_ms: warmupMs,
        building_at: queuedAt + queuedMs,
        warmup_at: queuedAt + queuedMs + buildingMs,
        finished_at: end,
        compile_error: null,
        error_text: null,
        files_hash: opts.filesHash ?? null,
        last_hash: opts.lastHash ?? null,
        updated_at: end,
      });
      this.writeLog(row, end, 'info', `build ${row.id} built (${reason})`);
      return toBuild(row);
    })();
  }

  /** The newest `limit` build log lines of a deployment, oldest first (production logs read these). */
  logs(deploymentId: number, opts: {branchName?: string; limit?: number} = {}): BuildLogLine[] {
    this.tick();
    return buildLogs(this.db, deploymentId, opts.branchName ?? null, opts.limit ?? 200).map(toLogLine);
  }

  private materialise(row: BuildRow | undefined, now: number): BuildRow | undefined {
    if (!row || !IN_FLIGHT.has(row.state)) return row;
    const next = {...row};
    const buildingDue = row.queued_at + row.queued_ms;
    const warmupDue = buildingDue + row.building_ms;
    const builtDue = warmupDue + row.warmup_ms;
    if (now >= buildingDue && next.building_at === null) {
      Object.assign(next, {state: 'building', building_at: buildingDue, updated_at: buildingDue});
      this.writeLog(next, buildingDue, 'info', `build ${row.id} building`);
    }
    if (now >= warmupDue && next.warmup_at === null && next.state === 'building') {
      if (row.compile_error !== null) {
        Object.assign(next, {state: 'failed', finished_at: warmupDue, error_text: row.compile_error, updated_at: warmupDue});
        this.writeLog(next, warmupDue, 'error', `build ${row.id} failed: ${row.compile_error}`);
      } else {
        Object.assign(next, {state: 'warmup', warmup_at: warmupDue, updated_at: warmupDue});
        this.writeLog(next, warmupDue, 'info', `build ${row.id} warming up`);
      }
    }
    if (now >= builtDue && next.state === 'warmup') {
      Object.assign(next, {state: 'built', finished_at: builtDue, updated_at: builtDue});
      this.writeLog(next, builtDue, 'info', `build ${row.id} built`);
    }
    if (next.state !== row.state) saveBuildSteps(this.db, row.id, next);
    return next;
  }

  private writeLog(row: BuildRow, at: number, level: 'info' | 'error', message: string): void {
    appendBuildLog(this.db, {build_id: row.id, deployment_id: row.deployment_id, branch_name: row.branch_name, at, level, message});
    this.options.log?.(`[build] deployment ${row.deployment_id} ${row.branch_name}: ${message}`);
  }
}

function runValidation(validate: TriggerOptions['validate']): string | null {
  if (!validate) return null;
  try {
    return validate();
  } catch (err) {
    // A compiler that crashes is a failed build, not a failed request: the user sees why in errorText.
    return `Model compiler error: ${err instanceof Error ? err.message : String(err)}`;
  }
}

function toBuild(row: BuildRow): Build {
  return {
    id: row.id,
    deploymentId: row.deployment_id,
    branchName: row.branch_name,
    reason: row.reason,
    step: row.state,
    queuedAt: row.queued_at,
    ...(row.building_at !== null && {buildingAt: row.building_at}),
    ...(row.warmup_at !== null && {warmupAt: row.warmup_at}),
    ...(row.finished_at !== null && {finishedAt: row.finished_at}),
    ...(row.error_text !== null && {errorText: row.error_text}),
    ...(row.files_hash !== null && {filesHash: row.files_hash}),
    ...(row.last_hash !== null && {lastHash: row.last_hash}),
    updatedAt: row.updated_at,
  };
}

function toLogLine(row: BuildLogRow): BuildLogLine {
  return {buildId: row.build_id, branchName: row.branch_name, at: row.at, level: row.level, message: row.message};
}
