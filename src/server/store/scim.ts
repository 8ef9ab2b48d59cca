// SCIM-provisioned users, and SCIM tokens. A SCIM token is a row of api_keys with kind 'scim': hashed like
// any key, revocable with `api-keys delete`, but valid only on /api/scim/v2 (and API keys only off it), which
// auth.ts enforces. Provisioned users are account users (rows of `users`, see users.ts) that have a SCIM id:
// the identity provider sees the users it provisioned, and a user it deactivates loses their sessions.
import {randomUUID} from 'node:crypto';
import type {Db} from './db.js';
import {insertApiKey} from './apiKeys.js';
import type {Migration} from './migration.js';
import {deleteUser, findUser, insertUser, updateUser, type UserRow} from './users.js';
import {mainEmail} from './usersMerge.js';
import type {SqlFilter} from './scimFilter.js';

export const scimMigrations: Migration[] = [
  {
    id: 'scim-1',
    up: (db) =>
      db.exec(`
        ALTER TABLE api_keys ADD COLUMN kind TEXT NOT NULL DEFAULT 'api';
        -- Moved into users by the one-identity migration (users.ts).
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

/** A user's attributes as SCIM sees them (the SCIM representation is built from this). */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  /** name.formatted as the provider wrote it; null: the given and family names make it when read. */
  formatted: string | null;
  displayName: string | null;
  emails: ScimEmail[];
  active: boolean;
  /** Extension attributes (the enterprise user…), keyed by schema URN. */
  extensions: Record<string, Record<string, unknown>>;
}

export interface ScimUserRecord extends ScimUserFields {
  /** The SCIM id (a UUID). */
  id: string;
  /** The same user's id in /api/v1. */
  accountId: number;
  createdAt: number;
  updatedAt: number;
}

function toRecord(row: UserRow): ScimUserRecord {
  return {
    id: row.scim_id ?? '',
    accountId: row.id,
    userName: row.username,
    externalId: row.external_id,
    givenName: row.first_name,
    familyName: row.last_name,
    formatted: row.name_formatted,
    displayName: row.display_name,
    emails: JSON.parse(row.emails) as ScimEmail[],
    active: row.active === 1,
    extensions: JSON.parse(row.extensions) as ScimUserFields['extensions'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findScimUser(db: Db, id: string): ScimUserRecord | undefined {
  const row = db.prepare('SELECT * FROM users WHERE scim_id = ?').get(id) as UserRow | undefined;
  return row ? toRecord(row) : undefined;
}

/** An account user found by name or email: its SCIM id, and whether the identity provider has claimed it (0/1). */
export interface UserHolder {
  id: number;
  scimId: string;
  linked: number;
}

/** The account user holding `userName` (case-insensitively), provisioned or not, for uniqueness checks. */
export function findUserByName(db: Db, userName: string): UserHolder | undefined {
  return db.prepare('SELECT id, scim_id AS scimId, scim_linked = 1 AS linked FROM users WHERE username = ? COLLATE NOCASE').get(userName) as UserHolder | undefined;
}

/** The account user whose main address is `email`, for uniqueness checks. */
export function findUserByEmail(db: Db, email: string): UserHolder | undefined {
  return db.prepare('SELECT id, scim_id AS scimId, scim_linked = 1 AS linked FROM users WHERE email = ?').get(email) as UserHolder | undefined;
}

/** The address a provisioned user is known by in /api/v1 (primary email, else the first, else the user name). */
export const accountEmail = (u: ScimUserFields) => mainEmail(u.emails, u.userName);

const columns = (u: ScimUserFields) => ({
  username: u.userName,
  email: accountEmail(u),
  external_id: u.externalId,
  first_name: u.givenName,
  last_name: u.familyName,
  name_formatted: u.formatted,
  display_name: u.displayName,
  emails: JSON.stringify(u.emails),
  active: u.active ? 1 : 0,
  extensions: JSON.stringify(u.extensions),
});

export function insertScimUser(db: Db, u: ScimUserFields, now: number): string {
  const id = randomUUID();
  const c = columns(u);
  insertUser(db, {
    email: c.email,
    username: u.userName,
    firstName: u.givenName,
    lastName: u.familyName,
    nameFormatted: u.formatted,
    displayName: u.displayName,
    externalId: u.externalId,
    emails: u.emails,
    active: u.active,
    isAdmin: false,
    extensions: u.extensions,
    scimId: id,
    now,
  });
  return id;
}

/** Hands an existing account user (made in the console or by /api/v1) to the provider: its SCIM id stays. */
export function linkScimUser(db: Db, accountId: number, u: ScimUserFields, now: number): string {
  updateUser(db, accountId, {...columns(u), scim_linked: 1}, now);
  return findUser(db, accountId)!.scim_id!;
}

/** A SCIM write: the provider now manages the user (linked), whoever made it. */
export function updateScimUser(db: Db, id: string, u: ScimUserFields, now: number): void {
  const accountId = db.prepare('SELECT id FROM users WHERE scim_id = ?').pluck().get(id) as number | undefined;
  if (accountId !== undefined) updateUser(db, accountId, {...columns(u), scim_linked: 1}, now);
}

export function deleteScimUser(db: Db, id: string): boolean {
  const accountId = db.prepare('SELECT id FROM users WHERE scim_id = ?').pluck().get(id) as number | undefined;
  return accountId !== undefined && deleteUser(db, accountId);
}

/** A page of the account's users (provisioned or not: one store) in creation order (`offset` 0-based) and the total matching `filter`. */
export function listScimUsers(db: Db, filter: SqlFilter, offset: number, limit: number): {rows: ScimUserRecord[]; total: number} {
  const where = `(${filter.sql})`;
  const total = db.prepare(`SELECT count(*) FROM users WHERE ${where}`).pluck().get(...filter.params) as number;
  const rows =
    limit === 0 ? [] : (db.prepare(`SELECT * FROM users WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`).all(...filter.params, limit, offset) as UserRow[]);
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
