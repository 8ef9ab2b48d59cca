// Environment variables of a deployment, one row per name. Values are stored as given; masking secret-looking
// names is the route's job, so the store can never be the reason a secret leaks or is lost.
import type {Db} from './db.js';
import type {Migration} from './migration.js';

export const envVarsMigrations: Migration[] = [
  {
    id: 'env-vars-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE env_vars (
          deployment_id INTEGER NOT NULL REFERENCES deployments (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          value TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (deployment_id, name));`),
  },
];

export interface EnvVarRow {
  name: string;
  value: string;
}

export function listEnvVars(db: Db, deploymentId: number): EnvVarRow[] {
  return db.prepare('SELECT name, value FROM env_vars WHERE deployment_id = ? ORDER BY name').all(deploymentId) as EnvVarRow[];
}

/**
 * Inserts or replaces each variable; an empty value removes it; the others keep their values. One transaction:
 * all or nothing. Answers the names whose stored value changed (an unchanged resend changes nothing).
 */
export function upsertEnvVars(db: Db, deploymentId: number, vars: readonly EnvVarRow[], now: number): string[] {
  const upsert = db.prepare(
    `INSERT INTO env_vars (deployment_id, name, value, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (deployment_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
     WHERE value IS NOT excluded.value`,
  );
  const remove = db.prepare('DELETE FROM env_vars WHERE deployment_id = ? AND name = ?');
  return db.transaction(() =>
    vars.filter((v) => (v.value === '' ? remove.run(deploymentId, v.name) : upsert.run(deploymentId, v.name, v.value, now)).changes > 0).map((v) => v.name),
  )();
}
