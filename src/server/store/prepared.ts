// Prepared statements cached per database. A module of its own (not db.ts) so stores can use it without a cycle:
// db.ts imports the migration list, which imports every store.
import type Database from 'better-sqlite3';
import type {Db} from './db.js';

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * `db.prepare(sql)`, prepared once per database and reused: the engines and the seed run the same statements
 * thousands of times. Store functions on hot paths use this instead of `db.prepare`.
 */
export function prepared<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Database.Statement<P, R> {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let statement = byText.get(sql);
  if (!statement) byText.set(sql, (statement = db.prepare(sql)));
  return statement as unknown as Database.Statement<P, R>;
}
