import type Database from 'better-sqlite3';

/** A schema step. `id` is stable and unique across modules (prefix it with the aggregate: `builds-1`). */
export interface Migration {
  id: string;
  up(db: Database.Database): void;
}
