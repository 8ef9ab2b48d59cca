// Usage events received from command-line clients (for the local service: so tests and curious users can see
// exactly what a client sends).
import type {Db} from './db.js';
import type {Migration} from './migration.js';

export const telemetryMigrations: Migration[] = [
  {
    id: 'telemetry-1',
    up: (db) => db.exec('CREATE TABLE telemetry_events (id INTEGER PRIMARY KEY AUTOINCREMENT, received_at INTEGER NOT NULL, event TEXT NOT NULL);'),
  },
];

/** Retention of anonymous events: at most this many are kept (the oldest go first), none longer than a week. */
export const TELEMETRY_MAX_EVENTS = 10_000;
export const TELEMETRY_MAX_AGE_MS = 7 * 86_400_000;

export function insertTelemetryEvents(db: Db, events: unknown[], now: number): void {
  const insert = db.prepare('INSERT INTO telemetry_events (received_at, event) VALUES (?, ?)');
  db.transaction(() => {
    for (const e of events) insert.run(now, JSON.stringify(e));
    db.prepare('DELETE FROM telemetry_events WHERE id <= (SELECT max(id) FROM telemetry_events) - ?').run(TELEMETRY_MAX_EVENTS);
  })();
}

/** Deletes events older than the retention time; returns how many went. */
export function purgeOldTelemetry(db: Db, now: number): number {
  return db.prepare('DELETE FROM telemetry_events WHERE received_at < ?').run(now - TELEMETRY_MAX_AGE_MS).changes;
}

/** The newest `limit` events, oldest first. */
export function recentTelemetryEvents(db: Db, limit: number): Array<{receivedAt: number; event: Record<string, unknown>}> {
  const rows = db.prepare('SELECT received_at, event FROM telemetry_events ORDER BY id DESC LIMIT ?').all(limit) as Array<{received_at: number; event: string}>;
  return rows.reverse().map((r) => ({receivedAt: r.received_at, event: JSON.parse(r.event) as Record<string, unknown>}));
}
