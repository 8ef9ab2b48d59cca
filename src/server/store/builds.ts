// Builds and their log lines in SQLite. Rows hold the plan (start time and step durations) and the steps
// already reached; the engine derives the current step from them and the clock, and writes back each step it
// observes, so nothing depends on process memory and a restart picks up exactly where the plan says.
import type {Db} from './db.js';
import {prepared} from './prepared.js';
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

/** Records a new build row and returns it with its id. */
export function insertBuild(db: Db, build: NewBuild): BuildRow {
  const id = Number(
    prepared<[NewBuild]>(
      db,
      `INSERT INTO builds (deployment_id, branch_name, reason, state, queued_at, queued_ms, building_ms, warmup_ms,
         building_at, warmup_at, finished_at, compile_error, error_text, files_hash, last_hash, updated_at)
       VALUES (@deployment_id, @branch_name, @reason, @state, @queued_at, @queued_ms, @building_ms, @warmup_ms,
         @building_at, @warmup_at, @finished_at, @compile_error, @error_text, @files_hash, @last_hash, @updated_at)`,
    ).run(build).lastInsertRowid,
  );
  return {id, ...build};
}

export function saveBuildSteps(db: Db, id: number, fields: StepFields): void {
  prepared<[StepFields & {id: number}]>(
    db,
    `UPDATE builds SET state = @state, building_at = @building_at, warmup_at = @warmup_at,
       finished_at = @finished_at, error_text = @error_text, updated_at = @updated_at WHERE id = @id`,
  ).run({id, ...fields});
}

export function findBuild(db: Db, id: number): BuildRow | undefined {
  return prepared<[number], BuildRow>(db, 'SELECT * FROM builds WHERE id = ?').get(id);
}

export function latestBuild(db: Db, deploymentId: number, branchName: string): BuildRow | undefined {
  return prepared<[number, string], BuildRow>(db, 'SELECT * FROM builds WHERE deployment_id = ? AND branch_name = ? ORDER BY id DESC LIMIT 1').get(
    deploymentId,
    branchName,
  );
}

export function buildsInFlight(db: Db): BuildRow[] {
  return prepared<[], BuildRow>(db, "SELECT * FROM builds WHERE state IN ('queued', 'building', 'warmup') ORDER BY id").all();
}

export function appendBuildLog(db: Db, line: NewBuildLog): void {
  prepared<[NewBuildLog]>(
    db,
    `INSERT INTO build_logs (build_id, deployment_id, branch_name, at, level, message)
     VALUES (@build_id, @deployment_id, @branch_name, @at, @level, @message)`,
  ).run(line);
}

/** The newest `limit` lines of a deployment (optionally one branch), oldest first. */
export function buildLogs(db: Db, deploymentId: number, branchName: string | null, limit: number): BuildLogRow[] {
  return prepared<[{deployment_id: number; branch_name: string | null; limit: number}], BuildLogRow>(
    db,
    `SELECT * FROM (SELECT * FROM build_logs WHERE deployment_id = @deployment_id
       AND (@branch_name IS NULL OR branch_name = @branch_name) ORDER BY at DESC, id DESC LIMIT @limit)
     ORDER BY at, id`,
  ).all({deployment_id: deploymentId, branch_name: branchName, limit});
}
