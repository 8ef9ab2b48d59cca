// Audit events and the tenant's audit-log plan feature. Events are append-only; the export reads them in
// keyset pages (created_at, id) so it never holds more than one page and never keeps a statement open
// between pages (better-sqlite3 refuses other statements on a connection while an iterator is open).
import type {Db} from './db.js';
import {prepared} from './prepared.js';
import type {Migration} from './migration.js';

export const auditMigrations: Migration[] = [
  {
    id: 'audit-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE audit_events (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          user_email TEXT,
          created_at INTEGER NOT NULL,
          ip TEXT,
          data TEXT NOT NULL);
        CREATE INDEX audit_events_created ON audit_events (created_at, id);
        CREATE INDEX audit_events_name ON audit_events (name);
        CREATE INDEX audit_events_user ON audit_events (user_email);`),
  },
  {
    // The deployment an event concerns, so an export by a key scoped to some deployments shows only theirs.
    id: 'audit-2',
    up: (db) =>
      db.exec(`
        ALTER TABLE audit_events ADD COLUMN deployment_id INTEGER;
        UPDATE audit_events SET deployment_id = CAST(json_extract(data, '$.params.deploymentId') AS INTEGER)
          WHERE json_valid(data) AND json_extract(data, '$.params.deploymentId') GLOB '[0-9]*';
        CREATE INDEX audit_events_deployment ON audit_events (deployment_id);`),
  },
];

export interface AuditEventRow {
  id: number;
  name: string;
  user_email: string | null;
  created_at: number;
  ip: string | null;
  data: string;
  deployment_id: number | null;
}

export interface NewAuditEvent {
  name: string;
  userEmail: string | null;
  createdAt: number;
  ip: string | null;
  data: unknown;
  /** The deployment the request targeted, if any. */
  deploymentId?: number | null;
}

export function insertAuditEvent(db: Db, e: NewAuditEvent): number {
  // Prepared once per database: every write request records an event.
  const r = prepared(db, 'INSERT INTO audit_events (name, user_email, created_at, ip, data, deployment_id) VALUES (?, ?, ?, ?, ?, ?)')
    .run(e.name, e.userEmail, e.createdAt, e.ip, JSON.stringify(e.data ?? {}), e.deploymentId ?? null);
  return Number(r.lastInsertRowid);
}

export interface AuditFilter {
  /** Inclusive lower bound, ms epoch. */
  from?: number;
  /** Exclusive upper bound, ms epoch. */
  until?: number;
  eventName?: string;
  userEmail?: string;
  /** Case-insensitive substring of the name, email or data. */
  search?: string;
  /** Only events recorded before the export started (so a long export has a fixed end). */
  maxId?: number;
  /** Only events about these deployments (a scoped credential's export); account-level events are left out. */
  deploymentIds?: number[];
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function where(f: AuditFilter): {sql: string; params: unknown[]} {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (f.from !== undefined) add('created_at >= ?', f.from);
  if (f.until !== undefined) add('created_at < ?', f.until);
  if (f.eventName !== undefined) add('name = ?', f.eventName);
  if (f.userEmail !== undefined) add('user_email = ? COLLATE NOCASE', f.userEmail);
  if (f.maxId !== undefined) add('id <= ?', f.maxId);
  if (f.deploymentIds !== undefined) {
    if (f.deploymentIds.length === 0) add('0 = 1');
    else add(`deployment_id IN (${f.deploymentIds.map(() => '?').join(', ')})`, ...f.deploymentIds);
  }
  if (f.search !== undefined && f.search !== '') {
    const p = likePattern(f.search);
    add("(name LIKE ? ESCAPE '\\' OR user_email LIKE ? ESCAPE '\\' OR data LIKE ? ESCAPE '\\')", p, p, p);
  }
  return {sql: parts.length > 0 ? parts.join(' AND ') : '1 = 1', params};
}

export function lastAuditEventId(db: Db): number {
  return (db.prepare('SELECT coalesce(max(id), 0) FROM audit_events').pluck().get() as number) ?? 0;
}

export function countAuditEvents(db: Db, f: AuditFilter): number {
  const w = where(f);
  return db.prepare(`SELECT count(*) FROM audit_events WHERE ${w.sql}`).pluck().get(...w.params) as number;
}

/** Where the previous page ended; undefined for the first page. */
export interface AuditCursor {
  createdAt: number;
  id: number;
}

/** One page in (created_at, id) order, after `cursor`. */
export function auditEventPage(db: Db, f: AuditFilter, cursor: AuditCursor | undefined, size: number): AuditEventRow[] {
  const w = where(f);
  const after = cursor ? ' AND (created_at > ? OR (created_at = ? AND id > ?))' : '';
  const params = cursor ? [...w.params, cursor.createdAt, cursor.createdAt, cursor.id] : w.params;
  return db
    .prepare(`SELECT * FROM audit_events WHERE ${w.sql}${after} ORDER BY created_at, id LIMIT ?`)
    .all(...params, size) as AuditEventRow[];
}

const FEATURE_KEY = 'tenant.audit_log_enabled';

/** The audit-log plan feature of the tenant. Events are recorded either way; only the export needs it. */
export function isAuditLogEnabled(db: Db): boolean {
  return db.prepare('SELECT value FROM service_settings WHERE key = ?').pluck().get(FEATURE_KEY) === 'true';
}

export function setAuditLogEnabled(db: Db, enabled: boolean): void {
  db.prepare('INSERT INTO service_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    FEATURE_KEY,
    enabled ? 'true' : 'false',
  );
}
