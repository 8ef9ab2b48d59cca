// Tokens issued for an environment (`POST …/environments/{e}/tokens`, and the metadata tokens of
// `…/tokens-for-meta-sync` with scope meta): a record of each (never the token itself, only its last characters, so
// a listing cannot leak a usable credential).
import type {Db} from './db.js';
import type {Migration} from './migration.js';

export const environmentTokensMigrations: Migration[] = [
  {
    id: 'environment-tokens-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE environment_tokens (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          deployment_id INTEGER NOT NULL REFERENCES deployments (id),
          environment_id INTEGER NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
          token_tail TEXT NOT NULL,
          security_context TEXT NOT NULL,
          scopes TEXT NOT NULL,
          created_by INTEGER,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL);
        CREATE INDEX environment_tokens_by_environment ON environment_tokens (deployment_id, environment_id, id);`),
  },
];

export interface EnvironmentTokenRow {
  id: number;
  deployment_id: number;
  environment_id: number;
  token_tail: string;
  security_context: string;
  scopes: string;
  created_by: number | null;
  created_at: number;
  expires_at: number;
}

export function insertEnvironmentToken(
  db: Db,
  t: {deploymentId: number; environmentId: number; tokenTail: string; securityContext: Record<string, unknown>; scopes: string[]; createdBy: number; createdAt: number; expiresAt: number},
): void {
  db.prepare(
    `INSERT INTO environment_tokens (deployment_id, environment_id, token_tail, security_context, scopes, created_by, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(t.deploymentId, t.environmentId, t.tokenTail, JSON.stringify(t.securityContext), JSON.stringify(t.scopes), t.createdBy, t.createdAt, t.expiresAt);
}

/** Newest first. */
export function listEnvironmentTokens(db: Db, deploymentId: number, environmentId: number, offset: number, limit: number): {rows: EnvironmentTokenRow[]; total: number} {
  const where = 'WHERE deployment_id = ? AND environment_id = ?';
  const rows = db.prepare(`SELECT * FROM environment_tokens ${where} ORDER BY id DESC LIMIT ? OFFSET ?`).all(deploymentId, environmentId, limit, offset) as EnvironmentTokenRow[];
  const total = db.prepare(`SELECT count(*) FROM environment_tokens ${where}`).pluck().get(deploymentId, environmentId) as number;
  return {rows, total};
}
