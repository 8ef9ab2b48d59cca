// The tenant, its users and service-wide settings (the JWT signing secret).
import {randomBytes} from 'node:crypto';
import type {Db} from './db.js';
import type {Migration} from './migration.js';

export const usersMigrations: Migration[] = [
  {
    id: 'users-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE tenant (id INTEGER PRIMARY KEY CHECK (id = 1), name TEXT NOT NULL, host TEXT NOT NULL);
        CREATE TABLE users (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          email TEXT NOT NULL UNIQUE,
          first_name TEXT, last_name TEXT,
          is_admin INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL);
        CREATE TABLE service_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`),
  },
];

export interface TenantRow {
  name: string;
  host: string;
}

export interface UserRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_admin: number;
  created_at: number;
}

export function getTenant(db: Db): TenantRow | undefined {
  return db.prepare('SELECT name, host FROM tenant WHERE id = 1').get() as TenantRow | undefined;
}

export function setTenant(db: Db, tenant: TenantRow): void {
  db.prepare('INSERT INTO tenant (id, name, host) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, host = excluded.host').run(
    tenant.name,
    tenant.host,
  );
}

export function insertUser(db: Db, u: {email: string; firstName?: string; lastName?: string; isAdmin: boolean; now: number}): number {
  const r = db
    .prepare('INSERT INTO users (email, first_name, last_name, is_admin, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(u.email, u.firstName ?? null, u.lastName ?? null, u.isAdmin ? 1 : 0, u.now);
  return Number(r.lastInsertRowid);
}

export function findUser(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function findAdmin(db: Db): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE is_admin = 1 ORDER BY id LIMIT 1').get() as UserRow | undefined;
}

/** The HS256 secret for every JWT the service issues; created once per data file so tokens survive restarts. */
export function jwtSecret(db: Db): Uint8Array {
  const row = db.prepare("SELECT value FROM service_settings WHERE key = 'jwt_secret'").pluck().get() as string | undefined;
  if (row) return Buffer.from(row, 'base64');
  const secret = randomBytes(32);
  db.prepare("INSERT INTO service_settings (key, value) VALUES ('jwt_secret', ?)").run(secret.toString('base64'));
  return secret;
}
