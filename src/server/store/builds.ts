// Builds and their log lines in SQLite. Rows hold the plan (start time and step durations) and the steps
// already reached; the engine derives the current step from them and the clock, and writes back each step it
// observes, so nothing depends on process memory and a restart picks up exactly where the plan says.
import type {Db} from './db.js';
import type {Migration} from './migration.js';

/** Appended to the service's migration list; also run directly by tests that need only builds. */
export const BUILDS_MIGRATION = `
CREATE TABLE IF NOT EXISTS builds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  deployment_id INTEGER NOT NULL,
  branch_name TEXT NOT NULL,
  reason TEXT NOT NULL,
  state TEXT NOT NULL,
  queued_at INTEGER NOT NULL,
  queued_ms INTEGER NOT NULL,
  building_ms INTEGER NOT NULL,
  warmup_ms INTEGER NOT NULL,
  building_at INTEGER,
  warmup_at INTEGER,
  finished_at INTEGER,
  compile_error TEXT,
  error_text TEXT,
  files_hash TEXT,
  last_hash TEXT,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS builds_by_branch ON builds (deployment_id, branch_name, id);
CREATE INDEX IF NOT EXISTS builds_in_flight ON builds (state) WHERE state IN ('queued', 'building', 'warmup');
CREATE TABLE IF NOT EXISTS build_logs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  build_id INTEGER NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  deployment_id INTEGER NOT NULL,
  branch_name TEXT NOT NULL,
  at INTEGER NOT NULL,
  level TEXT NOT NULL,
  message TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS build_logs_by_deployment ON build_logs (deployment_id, at, id);
`;

export const buildsMigrations: Migration[] = [{id: 'builds-1', up: (db) => db.exec(BUILDS_MIGRATION)}];

/**
 * The newest build timestamp written: the previous run's clock had reached at least this. A service restarting
 * with a slower clock than that run's passes it to systemClock as the origin.
 */
export function latestBuildTime(db: Db): number | undefined {
  const value = db.prepare('SELECT max(max(updated_at), max(queued_at)) FROM builds').pluck().get() as number | null;
  return value ?? undefined;
}

export type BuildStep = 'queued' | 'building' | 'warmup' | 'built' | 'failed' | 'cancelled';

export interface BuildRow {
  id: number;
  deployment_id: number;
  branch_name: string;
  reason: string;
  state: BuildStep;
  queued_at: number;
  queued_ms: number;
  building_ms: number;
  warmup_ms: number;
  building_at: number | null;
  warmup_at: number | null;
  finished_at: number | null;
  compile_error: string | null;
  error_text: string | null;
  files_hash: string | null;
  last_hash: string | null;
  updated_at: number;
}

export interface BuildLogRow {
  id: number;
  build_id: number;
  deployment_id: number;
  branch_name: string;
  at: number;
  level: 'info' | 'error';
  message: string;
}

export type NewBuild = Omit<BuildRow, 'id'>;
export type NewBuildLog = Omit<BuildLogRow, 'id'>;
type StepFields = Pick<BuildRow, 'state' | 'building_at' | 'warmup_at' | 'finished_at' | 'error_text' | 'updated_at'>;

export class BuildStore {
  private readonly insertBuild;
  private readonly updateSteps;
  private readonly selectById;
  private readonly selectLatest;
  private readonly selectInFlight;
  private readonly insertLog;
  private readonly selectLogs;

  constructor(readonly db: Db) {
    this.insertBuild = db.prepare<NewBuild>(
      `INSERT INTO builds (deployment_id, branch_name, reason, state, queued_at, queued_ms, building_ms, warmup_ms,
         building_at, warmup_at, finished_at, compile_error, error_text, files_hash, last_hash, updated_at)
       VALUES (@deployment_id, @branch_name, @reason, @state, @queued_at, @queued_ms, @building_ms, @warmup_ms,
         @building_at, @warmup_at, @finished_at, @compile_error, @error_text, @files_hash, @last_hash, @updated_at)`,
    );
    this.updateSteps = db.prepare<StepFields & {id: number}>(
      `UPDATE builds SET state = @state, building_at = @building_at, warmup_at = @warmup_at,
         finished_at = @finished_at, error_text = @error_text, updated_at = @updated_at WHERE id = @id`,
    );
    this.selectById = db.prepare<[number], BuildRow>('SELECT * FROM builds WHERE id = ?');
    this.selectLatest = db.prepare<[number, string], BuildRow>(
      'SELECT * FROM builds WHERE deployment_id = ? AND branch_name = ? ORDER BY id DESC LIMIT 1',
    );
    this.selectInFlight = db.prepare<[], BuildRow>(
      "SELECT * FROM builds WHERE state IN ('queued', 'building', 'warmup') ORDER BY id",
    );
    this.insertLog = db.prepare<NewBuildLog>(
      `INSERT INTO build_logs (build_id, deployment_id, branch_name, at, level, message)
       VALUES (@build_id, @deployment_id, @branch_name, @at, @level, @message)`,
    );
    this.selectLogs = db.prepare<{deployment_id: number; branch_name: string | null; limit: number}, BuildLogRow>(
      `SELECT * FROM (SELECT * FROM build_logs WHERE deployment_id = @deployment_id
         AND (@branch_name IS NULL OR branch_name = @branch_name) ORDER BY at DESC, id DESC LIMIT @limit)
       ORDER BY at, id`,
    );
  }

  insert(build: NewBuild): BuildRow {
    const id = Number(this.insertBuild.run(build).lastInsertRowid);
    return {id, ...build};
  }

  saveSteps(id: number, fields: StepFields): void {
    this.updateSteps.run({id, ...fields});
  }

  byId(id: number): BuildRow | undefined {
    return this.selectById.get(id);
  }

  latest(deploymentId: number, branchName: string): BuildRow | undefined {
    return this.selectLatest.get(deploymentId, branchName);
  }

  inFlight(): BuildRow[] {
    return this.selectInFlight.all();
  }

  log(line: NewBuildLog): void {
    this.insertLog.run(line);
  }

  /** The newest `limit` lines of a deployment (optionally one branch), oldest first. */
  logs(deploymentId: number, branchName: string | null, limit: number): BuildLogRow[] {
    return this.selectLogs.all({deployment_id: deploymentId, branch_name: branchName, limit});
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }
}
