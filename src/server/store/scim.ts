// SCIM-provisioned users and groups, and SCIM tokens. A SCIM token is a row of api_keys with kind 'scim':
// hashed like any key, revocable with `api-keys delete`, but valid only on /api/scim/v2 (and API keys only
// off it), which auth.ts enforces. Provisioned users live apart from the service's own login users: an
// identity provider may create, rename and delete them freely without touching who can sign in here.
import {randomUUID} from 'node:crypto';
import type {Db} from './db.js';
import {insertApiKey} from './apiKeys.js';
import type {Migration} from './migration.js';
import type {SqlFilter} from './scimFilter.js';

export const scimMigrations: Migration[] = [
  {
    id: 'scim-1',
    up: (db) =>
      db.exec(`
        ALTER TABLE api_keys ADD COLUMN kind TEXT NOT NULL DEFAULT 'api';
        CREATE TABLE scim_users (
          id TEXT PRIMARY KEY,
          user_name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          external_id TEXT,
          given_name TEXT,
          family_name TEXT,
          display_name TEXT,
          emails TEXT NOT NULL DEFAULT '[]',
          active INTEGER NOT NULL DEFAULT 1,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL);
        CREATE TABLE scim_groups (
          id TEXT PRIMARY KEY,
          display_name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          external_id TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL);
        CREATE TABLE scim_group_members (
          group_id TEXT NOT NULL REFERENCES scim_groups (id) ON DELETE CASCADE,
          user_id TEXT NOT NULL REFERENCES scim_users (id) ON DELETE CASCADE,
          PRIMARY KEY (group_id, user_id));
        CREATE INDEX scim_group_members_user ON scim_group_members (user_id);`),
  },
];

export function insertScimToken(db: Db, t: {key: string; name: string; userId: number; now: number}): number {
  return db.transaction(() => {
    const id = insertApiKey(db, {...t, deploymentIds: null, permissions: null});
    db.prepare("UPDATE api_keys SET kind = 'scim' WHERE id = ?").run(id);
    return id;
  })();
}

export interface ScimEmail {
  value: string;
  type?: string;
  primary?: boolean;
}

/** A user's attributes as the service keeps them (the SCIM representation is built from this). */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  emails: ScimEmail[];
  active: boolean;
}

export interface ScimUserRecord extends ScimUserFields {
  id: string;
  createdAt: number;
  updatedAt: number;
}

interface ScimUserRow {
  id: string;
  user_name: string;
  external_id: string | null;
  given_name: string | null;
  family_name: string | null;
  display_name: string | null;
  emails: string;
  active: number;
  created_at: number;
  updated_at: number;
}

function toRecord(row: ScimUserRow): ScimUserRecord {
  return {
    id: row.id,
    userName: row.user_name,
    externalId: row.external_id,
    givenName: row.given_name,
    familyName: row.family_name,
    displayName: row.display_name,
    emails: JSON.parse(row.emails) as ScimEmail[],
    active: row.active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findScimUser(db: Db, id: string): ScimUserRecord | undefined {
  const row = db.prepare('SELECT * FROM scim_users WHERE id = ?').get(id) as ScimUserRow | undefined;
  return row ? toRecord(row) : undefined;
}

/** The user holding `userName` (case-insensitively), for uniqueness checks. */
export function findScimUserByName(db: Db, userName: string): ScimUserRecord | undefined {
  const row = db.prepare('SELECT * FROM scim_users WHERE user_name = ?').get(userName) as ScimUserRow | undefined;
  return row ? toRecord(row) : undefined;
}

export function insertScimUser(db: Db, u: ScimUserFields, now: number): string {
  const id = randomUUID();
  db.prepare(
    `INSERT INTO scim_users (id, user_name, external_id, given_name, family_name, display_name, emails, active, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, u.userName, u.externalId, u.givenName, u.familyName, u.displayName, JSON.stringify(u.emails), u.active ? 1 : 0, now, now);
  return id;
}

export function updateScimUser(db: Db, id: string, u: ScimUserFields, now: number): void {
  db.prepare(
    `UPDATE scim_users SET user_name = ?, external_id = ?, given_name = ?, family_name = ?, display_name = ?, emails = ?, active = ?,
     updated_at = ? WHERE id = ?`,
  ).run(u.userName, u.externalId, u.givenName, u.familyName, u.displayName, JSON.stringify(u.emails), u.active ? 1 : 0, now, id);
}

export function deleteScimUser(db: Db, id: string): boolean {
  return db.prepare('DELETE FROM scim_users WHERE id = ?').run(id).changes > 0;
}

/** A page of users in creation order (`offset` 0-based) and the total matching `filter`. */
export function listScimUsers(db: Db, filter: SqlFilter, offset: number, limit: number): {rows: ScimUserRecord[]; total: number} {
  const total = db.prepare(`SELECT count(*) FROM scim_users WHERE ${filter.sql}`).pluck().get(...filter.params) as number;
  const rows =
    limit === 0
      ? []
      : (db.prepare(`SELECT * FROM scim_users WHERE ${filter.sql} ORDER BY rowid LIMIT ? OFFSET ?`).all(...filter.params, limit, offset) as ScimUserRow[]);
  return {rows: rows.map(toRecord), total};
}

/** The groups a user belongs to, for the read-only `groups` attribute of a user. */
export function groupsOfUser(db: Db, userId: string): Array<{id: string; displayName: string}> {
  return db
    .prepare(
      `SELECT g.id, g.display_name AS displayName FROM scim_group_members m JOIN scim_groups g ON g.id = m.group_id
       WHERE m.user_id = ? ORDER BY g.rowid`,
    )
    .all(userId) as Array<{id: string; displayName: string}>;
}
