// Opens the service database and brings its schema up to date.
import Database from 'better-sqlite3';
import {migrations} from './migrations.js';

export type Db = Database.Database;

/**
 * WAL for concurrent readers; synchronous=FULL because NORMAL in WAL mode can lose the last acknowledged
 * transactions on power loss, and the service promises that nothing it acknowledged is lost.
 */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
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
