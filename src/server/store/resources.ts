// One table for every plain account and workspace object (folders, workbooks, roles, users, …): a kind, the
// scope it lives in (a deployment id, an embed tenant name, or '' for the account), and its fields as JSON.
// Ids come from one sequence, so an id names one object whatever its kind.
import type {Db} from './db.js';
import {prepared} from './prepared.js';
import type {Migration} from './migration.js';

export const resourcesMigrations: Migration[] = [
  {
    id: 'resources-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE resources (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,
          scope TEXT NOT NULL,
          body TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL);
        CREATE INDEX resources_by_scope ON resources (kind, scope, id);`),
  },
];

export interface ResourceRow {
  id: number;
  kind: string;
  scope: string;
  body: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

interface RawRow {
  id: number;
  kind: string;
  scope: string;
  body: string;
  created_at: number;
  updated_at: number;
}

const toRow = (r: RawRow): ResourceRow => ({
  id: r.id,
  kind: r.kind,
  scope: r.scope,
  body: JSON.parse(r.body) as Record<string, unknown>,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Every object of a kind in a scope, oldest first. */
export function listResources(db: Db, kind: string, scope: string): ResourceRow[] {
  return (prepared(db, 'SELECT * FROM resources WHERE kind = ? AND scope = ? ORDER BY id').all(kind, scope) as RawRow[]).map(toRow);
}

/** Every object of a kind, whatever its scope (for lookups by a field unique across scopes, e.g. a public id). */
export function listAllResources(db: Db, kind: string): ResourceRow[] {
  return (db.prepare('SELECT * FROM resources WHERE kind = ? ORDER BY id').all(kind) as RawRow[]).map(toRow);
}

export function findResource(db: Db, kind: string, scope: string, id: number): ResourceRow | undefined {
  const row = db.prepare('SELECT * FROM resources WHERE kind = ? AND scope = ? AND id = ?').get(kind, scope, id) as RawRow | undefined;
  return row ? toRow(row) : undefined;
}

export function insertResource(db: Db, kind: string, scope: string, body: Record<string, unknown>, now: number): ResourceRow {
  const id = Number(
    db.prepare('INSERT INTO resources (kind, scope, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(kind, scope, JSON.stringify(body), now, now)
      .lastInsertRowid,
  );
  return {id, kind, scope, body, createdAt: now, updatedAt: now};
}

export function saveResource(db: Db, row: ResourceRow, now: number): ResourceRow {
  db.prepare('UPDATE resources SET body = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(row.body), now, row.id);
  return {...row, updatedAt: now};
}

export function deleteResource(db: Db, kind: string, scope: string, id: number): boolean {
  return db.prepare('DELETE FROM resources WHERE kind = ? AND scope = ? AND id = ?').run(kind, scope, id).changes > 0;
}

/** The JSON store as a ResourceStore (routes/objects/types.ts), for kinds without a table of their own. */
export const jsonStore = {
  list: listResources,
  find: findResource,
  insert: insertResource,
  save: saveResource,
  remove: deleteResource,
};
