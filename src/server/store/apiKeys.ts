// API keys. Only the sha256 of a key is stored; the value exists once, in the create answer (or the seed's
// first-start message). Revocation is soft so a revoked key answers 401 rather than vanishing from audits.
import {createHash, randomInt} from 'node:crypto';
import type {Db} from './db.js';
import {prepared} from './prepared.js';
import type {Migration} from './migration.js';

export const apiKeysMigrations: Migration[] = [
  {
    id: 'api-keys-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE api_keys (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          prefix TEXT NOT NULL,
          key_hash TEXT NOT NULL UNIQUE,
          user_id INTEGER NOT NULL REFERENCES users (id),
          deployment_ids TEXT,
          permissions TEXT,
          created_at INTEGER NOT NULL,
          revoked_at INTEGER);`),
  },
];

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  key_hash: string;
  user_id: number;
  deployment_ids: string | null;
  permissions: string | null;
  created_at: number;
  revoked_at: number | null;
  /** 'scim': a SCIM token (column added by store/scim.ts). */
  kind: 'api' | 'scim';
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const API_KEY_PATTERN = /^svc_[0-9A-Za-z]{32}$/;

/** `svc_` + 32 base62 characters (~190 bits) from the CSPRNG. */
export function generateApiKey(): string {
  let s = 'svc_';
  for (let i = 0; i < 32; i++) s += BASE62[randomInt(62)];
  return s;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function insertApiKey(
  db: Db,
  k: {key: string; name: string; userId: number; deploymentIds: number[] | null; permissions: string[] | null; now: number},
): number {
  const r = db
    .prepare('INSERT INTO api_keys (name, prefix, key_hash, user_id, deployment_ids, permissions, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(
      k.name,
      k.key.slice(0, 8),
      hashApiKey(k.key),
      k.userId,
      k.deploymentIds ? JSON.stringify(k.deploymentIds) : null,
      k.permissions ? JSON.stringify(k.permissions) : null,
      k.now,
    );
  return Number(r.lastInsertRowid);
}

export function findLiveKeyByValue(db: Db, key: string): ApiKeyRow | undefined {
  return prepared(db, 'SELECT * FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL').get(hashApiKey(key)) as ApiKeyRow | undefined;
}

export function findApiKey(db: Db, id: number): ApiKeyRow | undefined {
  return prepared(db, 'SELECT * FROM api_keys WHERE id = ? AND revoked_at IS NULL').get(id) as ApiKeyRow | undefined;
}

export function listApiKeys(db: Db): ApiKeyRow[] {
  return db.prepare('SELECT * FROM api_keys WHERE revoked_at IS NULL ORDER BY id').all() as ApiKeyRow[];
}

export function countApiKeys(db: Db): number {
  return db.prepare('SELECT count(*) FROM api_keys').pluck().get() as number;
}

export function revokeApiKey(db: Db, id: number, now: number): boolean {
  return db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id).changes > 0;
}
