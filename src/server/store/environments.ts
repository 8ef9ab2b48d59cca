// Environments of a deployment: production (the deploy branch), staging (always-on shared branches) and
// development (personal dev branches). Other modules add or remove rows when branches change state.
import type {Db} from './db.js';
import type {Migration} from './migration.js';

export const environmentsMigrations: Migration[] = [
  {
    id: 'environments-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE environments (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          deployment_id INTEGER NOT NULL REFERENCES deployments (id),
          name TEXT NOT NULL,
          type TEXT NOT NULL CHECK (type IN ('production', 'staging', 'development')),
          branch TEXT,
          user_email TEXT,
          created_at INTEGER NOT NULL);
        CREATE INDEX environments_by_deployment ON environments (deployment_id, type, id);`),
  },
];

export interface EnvironmentRow {
  id: number;
  deployment_id: number;
  name: string;
  type: 'production' | 'staging' | 'development';
  branch: string | null;
  user_email: string | null;
  created_at: number;
}

export function insertEnvironment(
  db: Db,
  e: {deploymentId: number; name: string; type: EnvironmentRow['type']; branch: string | null; userEmail: string | null; now: number},
): number {
  const r = db
    .prepare('INSERT INTO environments (deployment_id, name, type, branch, user_email, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(e.deploymentId, e.name, e.type, e.branch, e.userEmail, e.now);
  return Number(r.lastInsertRowid);
}

export function deleteEnvironment(db: Db, deploymentId: number, id: number): boolean {
  return db.prepare('DELETE FROM environments WHERE deployment_id = ? AND id = ?').run(deploymentId, id).changes > 0;
}

export function findEnvironment(db: Db, deploymentId: number, id: number): EnvironmentRow | undefined {
  return db.prepare('SELECT * FROM environments WHERE deployment_id = ? AND id = ?').get(deploymentId, id) as EnvironmentRow | undefined;
}

export function listEnvironments(
  db: Db,
  deploymentId: number,
  q: {type: string | undefined; offset: number; limit: number},
): {rows: EnvironmentRow[]; total: number} {
  const where = `deployment_id = @deploymentId ${q.type ? 'AND type = @type' : ''}`;
  const params = {deploymentId, type: q.type ?? null};
  const total = db.prepare(`SELECT count(*) FROM environments WHERE ${where}`).pluck().get(params) as number;
  const rows = db
    .prepare(`SELECT * FROM environments WHERE ${where} ORDER BY id LIMIT @limit OFFSET @offset`)
    .all({...params, limit: q.limit, offset: q.offset}) as EnvironmentRow[];
  return {rows, total};
}
