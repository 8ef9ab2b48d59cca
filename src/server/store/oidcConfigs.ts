// OIDC token configurations: how the platform mints identity tokens for a deployment's workloads (audience,
// subject format, the environment variable that receives the token).
import type {Db} from './db.js';
import type {Migration} from './migration.js';

export const oidcConfigsMigrations: Migration[] = [
  {
    id: 'oidc-configs-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE oidc_token_configs (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL UNIQUE,
          audience_type TEXT NOT NULL,
          custom_audience TEXT,
          custom_claims TEXT,
          is_enabled INTEGER NOT NULL,
          sub_format TEXT,
          target_env_var TEXT,
          created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);`),
  },
];

export interface OidcConfigRow {
  id: number;
  name: string;
  audience_type: string;
  custom_audience: string | null;
  custom_claims: string | null;
  is_enabled: number;
  sub_format: string | null;
  target_env_var: string | null;
  created_at: number;
  updated_at: number;
}

export interface OidcConfigFields {
  name: string;
  audienceType: string;
  customAudience: string | null;
  customClaims: Record<string, unknown> | null;
  isEnabled: boolean;
  subFormat: string | null;
  targetEnvVar: string | null;
}

export function insertOidcConfig(db: Db, f: OidcConfigFields, now: number): number {
  const r = db
    .prepare(
      `INSERT INTO oidc_token_configs (name, audience_type, custom_audience, custom_claims, is_enabled, sub_format, target_env_var, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(f.name, f.audienceType, f.customAudience, f.customClaims ? JSON.stringify(f.customClaims) : null, f.isEnabled ? 1 : 0, f.subFormat, f.targetEnvVar, now, now);
  return Number(r.lastInsertRowid);
}

export function updateOidcConfig(db: Db, id: number, f: OidcConfigFields, now: number): void {
  db.prepare(
    `UPDATE oidc_token_configs SET name = ?, audience_type = ?, custom_audience = ?, custom_claims = ?, is_enabled = ?, sub_format = ?,
       target_env_var = ?, updated_at = ? WHERE id = ?`,
  ).run(f.name, f.audienceType, f.customAudience, f.customClaims ? JSON.stringify(f.customClaims) : null, f.isEnabled ? 1 : 0, f.subFormat, f.targetEnvVar, now, id);
}

export function findOidcConfig(db: Db, id: number): OidcConfigRow | undefined {
  return db.prepare('SELECT * FROM oidc_token_configs WHERE id = ?').get(id) as OidcConfigRow | undefined;
}

export function findOidcConfigByName(db: Db, name: string): OidcConfigRow | undefined {
  return db.prepare('SELECT * FROM oidc_token_configs WHERE name = ?').get(name) as OidcConfigRow | undefined;
}

export function listOidcConfigs(db: Db): OidcConfigRow[] {
  return db.prepare('SELECT * FROM oidc_token_configs ORDER BY id').all() as OidcConfigRow[];
}

export function deleteOidcConfig(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM oidc_token_configs WHERE id = ?').run(id).changes > 0;
}

export function oidcConfigFields(row: OidcConfigRow): OidcConfigFields {
  return {
    name: row.name,
    audienceType: row.audience_type,
    customAudience: row.custom_audience,
    customClaims: row.custom_claims ? (JSON.parse(row.custom_claims) as Record<string, unknown>) : null,
    isEnabled: row.is_enabled === 1,
    subFormat: row.sub_format,
    targetEnvVar: row.target_env_var,
  };
}
