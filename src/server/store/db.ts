// Opens the service database and brings its schema up to date.
import Database from 'better-sqlite3';
import {claimDataFile} from './fileModes.js';
import {migrations} from './migrations.js';

export type Db = Database.Database;

/**
 * How long a statement waits for a write lock held by another program before it fails with SQLITE_BUSY. The
 * wait blocks the whole process (better-sqlite3 is synchronous), so it is short: a request that still finds the
 * database locked answers 503 with Retry-After (app.ts) instead of stalling every other request.
 */
export const BUSY_TIMEOUT_MS = 2000;

/** SQLITE_BUSY / SQLITE_LOCKED and their extended codes: the database is locked by someone else. */
export function isBusyError(err: unknown): boolean {
  return /^SQLITE_(BUSY|LOCKED)/.test(String((err as {code?: unknown} | null)?.code ?? ''));
}

/** Runs `fn` with no busy wait: for background work that can simply try again later. */
export function withoutBusyWait<T>(db: Db, fn: () => T): T {
  db.pragma('busy_timeout = 0');
  try {
    return fn();
  } finally {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/**
 * WAL for concurrent readers; synchronous=FULL because NORMAL in WAL mode can lose the last acknowledged
 * transactions on power loss, and the service promises that nothing it acknowledged is lost.
 */
export function openDatabase(file: string, image?: Buffer): Db {
  if (image !== undefined && file !== ':memory:') throw new Error('an image opens in memory only');
  if (file !== ':memory:') claimDataFile(file);
  // An image (the bytes of a serialized database) opens as an in-memory copy of it.
  const db = new Database(image ?? file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  migrate(db);
  return db;
}

/** Applies, in list order, every migration whose id is not yet recorded. Each runs in its own transaction. */
function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as string[]);
  const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    db.transaction(() => {
      m.up(db);
      record.run(m.id, Date.now());
    })();
    applied.add(m.id);
  }
}
