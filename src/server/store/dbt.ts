// dbt sync runs, their log lines and generated files. A run row holds its plan (the stages it goes through with
// their durations, and the outcome its prepared work reached) and the stage it was last seen in; the engine
// derives the current stage from the plan and the clock and writes back what it observes, so a restart of the
// service picks a run up exactly where its plan says. History pages walk the (deployment, id) indexes.
import type {DbtRunStatus, DbtTrigger} from '../../contract/dbt.js';
import type {Db} from './db.js';
import {prepared} from './prepared.js';
import type {Migration} from './migration.js';

export const dbtMigrations: Migration[] = [
  {
    id: 'dbt-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE dbt_syncs (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          sync_job_id TEXT NOT NULL UNIQUE,
          workflow_id TEXT NOT NULL,
          deployment_id INTEGER NOT NULL,
          user_id INTEGER,
          trigger TEXT NOT NULL,
          trigger_context TEXT,
          source TEXT NOT NULL,
          output TEXT NOT NULL,
          git_ref TEXT,
          branch_name TEXT NOT NULL,
          started_at INTEGER NOT NULL,
          plan TEXT NOT NULL,
          status TEXT NOT NULL,
          stage_index INTEGER NOT NULL,
          stage_at INTEGER NOT NULL,
          completed_at INTEGER,
          error_message TEXT,
          failed_phase TEXT,
          updated_at INTEGER NOT NULL);
        CREATE INDEX dbt_syncs_history ON dbt_syncs (deployment_id, id);
        CREATE INDEX dbt_syncs_by_status ON dbt_syncs (deployment_id, status, id);
        CREATE INDEX dbt_syncs_by_trigger ON dbt_syncs (deployment_id, trigger, id);
        CREATE INDEX dbt_syncs_running ON dbt_syncs (deployment_id) WHERE status = 'RUNNING';
        CREATE TABLE dbt_sync_files (
          sync_id INTEGER NOT NULL REFERENCES dbt_syncs (id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          path TEXT NOT NULL,
          content TEXT NOT NULL,
          PRIMARY KEY (sync_id, seq));
        CREATE TABLE dbt_sync_logs (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          sync_id INTEGER NOT NULL REFERENCES dbt_syncs (id) ON DELETE CASCADE,
          at INTEGER NOT NULL,
          level TEXT NOT NULL,
          phase TEXT,
          message TEXT NOT NULL,
          duration_ms INTEGER);
        CREATE INDEX dbt_sync_logs_by_sync ON dbt_sync_logs (sync_id, id);`),
  },
];

export interface DbtSyncRow {
  id: number;
  sync_job_id: string;
  workflow_id: string;
  deployment_id: number;
  user_id: number | null;
  trigger: DbtTrigger;
  /** JSON of DbtSyncRunTriggerContext, or null. */
  trigger_context: string | null;
  source: 'git' | 'manifest';
  output: 'branch' | 'files';
  git_ref: string | null;
  branch_name: string;
  started_at: number;
  /** JSON of the engine's RunPlan. */
  plan: string;
  status: DbtRunStatus;
  /** Index into the plan's stages of the stage the run is in (or ended in). */
  stage_index: number;
  /** When that stage began. */
  stage_at: number;
  completed_at: number | null;
  error_message: string | null;
  failed_phase: string | null;
  updated_at: number;
}

export type NewDbtSync = Omit<DbtSyncRow, 'id'>;
type Progress = Pick<DbtSyncRow, 'status' | 'stage_index' | 'stage_at' | 'completed_at' | 'error_message' | 'failed_phase' | 'updated_at'>;

export interface DbtLogRow {
  id: number;
  sync_id: number;
  at: number;
  level: 'info' | 'error';
  phase: string | null;
  message: string;
  duration_ms: number | null;
}

export interface HistoryFilter {
  status?: DbtRunStatus;
  trigger?: DbtTrigger;
  /** Only runs with an id below this (the cursor); undefined starts at the newest. */
  beforeId?: number;
  limit: number;
}

export function insertDbtSync(db: Db, run: NewDbtSync): DbtSyncRow {
  const cols = Object.keys(run);
  const id = Number(
    prepared<[NewDbtSync]>(db, `INSERT INTO dbt_syncs (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(run).lastInsertRowid,
  );
  return {id, ...run};
}

export function saveDbtProgress(db: Db, id: number, p: Progress): void {
  prepared<[Progress & {id: number}]>(
    db,
    `UPDATE dbt_syncs SET status = @status, stage_index = @stage_index, stage_at = @stage_at, completed_at = @completed_at,
       error_message = @error_message, failed_phase = @failed_phase, updated_at = @updated_at WHERE id = @id`,
  ).run({id, ...p});
}

export function findDbtSync(db: Db, deploymentId: number, syncJobId: string): DbtSyncRow | undefined {
  return prepared<[number, string], DbtSyncRow>(db, 'SELECT * FROM dbt_syncs WHERE deployment_id = ? AND sync_job_id = ?').get(deploymentId, syncJobId);
}

export function runningDbtSyncs(db: Db, deploymentId: number): DbtSyncRow[] {
  return prepared<[number], DbtSyncRow>(db, "SELECT * FROM dbt_syncs WHERE deployment_id = ? AND status = 'RUNNING' ORDER BY id").all(deploymentId);
}

/** Newest first; the caller asks for one more than a page to learn whether another page exists. */
export function dbtSyncHistory(db: Db, deploymentId: number, f: HistoryFilter): DbtSyncRow[] {
  const where = ['deployment_id = @deploymentId'];
  if (f.status) where.push('status = @status');
  if (f.trigger) where.push('trigger = @trigger');
  if (f.beforeId !== undefined) where.push('id < @beforeId');
  return prepared<[object], DbtSyncRow>(db, `SELECT * FROM dbt_syncs WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT @limit`).all({
    deploymentId,
    status: f.status ?? null,
    trigger: f.trigger ?? null,
    beforeId: f.beforeId ?? null,
    limit: f.limit,
  });
}

export function saveDbtSyncFiles(db: Db, syncId: number, files: Array<{path: string; content: string}>): void {
  const insert = prepared<[number, number, string, string]>(db, 'INSERT INTO dbt_sync_files (sync_id, seq, path, content) VALUES (?, ?, ?, ?)');
  files.forEach((f, i) => insert.run(syncId, i + 1, f.path, f.content));
}

/** A sync's generated files in generation order after `afterSeq`, up to `limit`. */
export function dbtSyncFiles(db: Db, syncId: number, afterSeq: number, limit: number): Array<{seq: number; path: string; content: string}> {
  return prepared<[number, number, number], {seq: number; path: string; content: string}>(
    db,
    'SELECT seq, path, content FROM dbt_sync_files WHERE sync_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  ).all(syncId, afterSeq, limit);
}

export function appendDbtLog(db: Db, line: Omit<DbtLogRow, 'id'>): void {
  prepared<[Omit<DbtLogRow, 'id'>]>(
    db,
    'INSERT INTO dbt_sync_logs (sync_id, at, level, phase, message, duration_ms) VALUES (@sync_id, @at, @level, @phase, @message, @duration_ms)',
  ).run(line);
}

export function dbtSyncLogs(db: Db, syncId: number, afterId: number, limit: number): DbtLogRow[] {
  return prepared<[number, number, number], DbtLogRow>(db, 'SELECT * FROM dbt_sync_logs WHERE sync_id = ? AND id > ? ORDER BY id LIMIT ?').all(syncId, afterId, limit);
}
