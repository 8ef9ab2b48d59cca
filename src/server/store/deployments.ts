// Deployments and their settings. Deletion is soft (`deleted_at`) so rows other aggregates keep (builds,
// branches, audit events) never dangle; every read here hides deleted deployments.
import type {Db} from './db.js';
import {prepared} from './prepared.js';
import type {Migration} from './migration.js';

export const deploymentsMigrations: Migration[] = [
  {
    id: 'deployments-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE deployments (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          region TEXT,
          cloud_provider TEXT NOT NULL,
          target_platform TEXT,
          is_managed INTEGER,
          creation_step TEXT NOT NULL,
          creation_method TEXT,
          deploy_mode TEXT,
          template TEXT NOT NULL DEFAULT 'single',
          template_variables TEXT,
          deploy_branch_name TEXT NOT NULL,
          deploy_branch_read_only INTEGER NOT NULL DEFAULT 0,
          deploy_branch_merge_allowed INTEGER NOT NULL DEFAULT 1,
          deploy_project_root TEXT NOT NULL DEFAULT '',
          custom_domain TEXT,
          release_channel TEXT NOT NULL,
          release_channel_version TEXT NOT NULL,
          release_channel_version_hold INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          deleted_at INTEGER);
        -- Paging and the total walk this partial index in id order, never deleted rows. Measured at 100k live
        -- rows: a page costs 0.15 ms at offset 0 and 2.3 ms at offset 99,980 (SQLite skips OFFSET entries one
        -- by one; a keyset subquery measured the same), count(*) 2.3 ms.
        CREATE INDEX deployments_live ON deployments (id) WHERE deleted_at IS NULL;`),
  },
];

export interface DeploymentRow {
  id: number;
  name: string;
  region: string | null;
  cloud_provider: string;
  target_platform: string | null;
  is_managed: number | null;
  creation_step: string;
  creation_method: string | null;
  deploy_mode: string | null;
  template: string;
  template_variables: string | null;
  deploy_branch_name: string;
  deploy_branch_read_only: number;
  deploy_branch_merge_allowed: number;
  deploy_project_root: string;
  custom_domain: string | null;
  release_channel: string;
  release_channel_version: string;
  release_channel_version_hold: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface NewDeployment {
  name: string;
  region: string;
  cloudProvider: string;
  targetPlatform: string;
  isManaged: boolean;
  creationStep: string;
  creationMethod: string | null;
  deployMode: string | null;
  deployBranchName: string;
  releaseChannel: string;
  releaseChannelVersion: string;
  now: number;
}

export function insertDeployment(db: Db, d: NewDeployment): number {
  const r = db
    .prepare(
      `INSERT INTO deployments (name, region, cloud_provider, target_platform, is_managed, creation_step, creation_method,
        deploy_mode, deploy_branch_name, release_channel, release_channel_version, created_at, updated_at)
       VALUES (@name, @region, @cloudProvider, @targetPlatform, @isManaged, @creationStep, @creationMethod,
        @deployMode, @deployBranchName, @releaseChannel, @releaseChannelVersion, @now, @now)`,
    )
    .run({...d, isManaged: d.isManaged ? 1 : 0});
  return Number(r.lastInsertRowid);
}

export function findDeployment(db: Db, id: number): DeploymentRow | undefined {
  return prepared(db, 'SELECT * FROM deployments WHERE id = ? AND deleted_at IS NULL').get(id) as DeploymentRow | undefined;
}

/** One page of live deployments in id order; `only` restricts to the ids a scoped credential may see. */
export function listDeployments(db: Db, page: {offset: number; limit: number; only: number[] | null}): {rows: DeploymentRow[]; total: number} {
  const scope = page.only ? `AND id IN (SELECT value FROM json_each(@only))` : '';
  const only = page.only ? JSON.stringify(page.only) : null;
  const total = db.prepare(`SELECT count(*) FROM deployments WHERE deleted_at IS NULL ${scope}`).pluck().get({only}) as number;
  const rows = db
    .prepare(`SELECT * FROM deployments WHERE deleted_at IS NULL ${scope} ORDER BY id LIMIT @limit OFFSET @offset`)
    .all({only, limit: page.limit, offset: page.offset}) as DeploymentRow[];
  return {rows, total};
}

/** Columns a route may change; keys are column names. */
export type DeploymentPatch = Partial<
  Pick<
    DeploymentRow,
    | 'name'
    | 'deploy_mode'
    | 'deploy_branch_name'
    | 'deploy_branch_read_only'
    | 'deploy_branch_merge_allowed'
    | 'deploy_project_root'
    | 'custom_domain'
    | 'template'
    | 'template_variables'
    | 'release_channel'
    | 'release_channel_version'
    | 'release_channel_version_hold'
    | 'creation_step'
  >
>;

export function updateDeployment(db: Db, id: number, patch: DeploymentPatch, now: number): void {
  const cols = Object.keys(patch);
  if (cols.length === 0) return;
  const sets = cols.map((c) => `${c} = @${c}`).join(', ');
  db.prepare(`UPDATE deployments SET ${sets}, updated_at = @now WHERE id = @id AND deleted_at IS NULL`).run({...patch, id, now});
}

export function deleteDeployment(db: Db, id: number, now: number): boolean {
  return db.prepare('UPDATE deployments SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(now, id).changes > 0;
}
