// The tenant, its users and service-wide settings (the JWT signing secret). There is ONE users table: the
// people who sign in, the users of /api/v1/users and the users an identity provider provisions over SCIM are
// rows of it. Each row has an integer id (/api/v1) and a UUID (`scim_id`), so SCIM lists every account user;
// `scim_linked` says whether the identity provider has claimed the user (provisioned it, or written to it).
import {randomBytes, randomUUID} from 'node:crypto';
import {conflict} from '../errors.js';
import type {Db} from './db.js';
import {prepared} from './prepared.js';
import type {Migration} from './migration.js';
import {mergeLegacyUsers} from './usersMerge.js';

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

/**
 * One identity: the columns SCIM and /api/v1/users need, then the users kept elsewhere until now (JSON objects
 * of kind `user`, the `scim_users` table) moved in. Runs after every table that refers to users exists.
 */
export const oneIdentityMigrations: Migration[] = [
  {
    id: 'users-2-one-identity',
    up: (db) => {
      db.exec(`
        ALTER TABLE users ADD COLUMN scim_id TEXT;
        ALTER TABLE users ADD COLUMN username TEXT;
        ALTER TABLE users ADD COLUMN external_id TEXT;
        ALTER TABLE users ADD COLUMN display_name TEXT;
        ALTER TABLE users ADD COLUMN emails TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE users ADD COLUMN active INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE users ADD COLUMN title TEXT;
        ALTER TABLE users ADD COLUMN password_hash TEXT;
        ALTER TABLE users ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
        ALTER TABLE users ADD COLUMN notifications TEXT NOT NULL DEFAULT '{}';
        ALTER TABLE users ADD COLUMN extensions TEXT NOT NULL DEFAULT '{}';
        ALTER TABLE users ADD COLUMN updated_at INTEGER;
        ALTER TABLE users ADD COLUMN sessions_revoked_at INTEGER;
        UPDATE users SET username = email, updated_at = created_at, emails = json_array(json_object('value', email, 'primary', json('true')));
        CREATE UNIQUE INDEX users_scim_id ON users (scim_id);
        CREATE UNIQUE INDEX users_username ON users (username COLLATE NOCASE);`);
      mergeLegacyUsers(db);
    },
  },
  {
    // One store seen through both APIs: every account user gets a SCIM id (SCIM listed only provisioned ones).
    id: 'users-3-scim-ids',
    up: (db) => {
      db.exec(`ALTER TABLE users ADD COLUMN scim_linked INTEGER NOT NULL DEFAULT 0;
        UPDATE users SET scim_linked = 1 WHERE scim_id IS NOT NULL;`);
      const give = db.prepare('UPDATE users SET scim_id = ? WHERE id = ?');
      for (const id of db.prepare('SELECT id FROM users WHERE scim_id IS NULL').pluck().all() as number[]) give.run(randomUUID(), id);
    },
  },
  {
    // SCIM's name.formatted as the provider wrote it (null: made of the given and family names when read).
    id: 'users-4-name-formatted',
    up: (db) => db.exec('ALTER TABLE users ADD COLUMN name_formatted TEXT;'),
  },
];

export interface TenantRow {
  name: string;
  host: string;
}

export interface UserRow {
  id: number;
  scim_id: string | null;
  /** 1 once the identity provider has provisioned the user or written to it over SCIM. */
  scim_linked: number;
  email: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  /** SCIM name.formatted as written over SCIM; null when nobody wrote one. */
  name_formatted: string | null;
  display_name: string | null;
  external_id: string | null;
  /** JSON list of `{value, type?, primary?}`. */
  emails: string;
  active: number;
  is_admin: number;
  title: string | null;
  password_hash: string | null;
  settings: string;
  notifications: string;
  /** JSON object keyed by SCIM extension schema URN. */
  extensions: string;
  created_at: number;
  updated_at: number;
  sessions_revoked_at: number | null;
}

export function getTenant(db: Db): TenantRow | undefined {
  return prepared(db, 'SELECT name, host FROM tenant WHERE id = 1').get() as TenantRow | undefined;
}

export function setTenant(db: Db, tenant: TenantRow): void {
  db.prepare('INSERT INTO tenant (id, name, host) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, host = excluded.host').run(
    tenant.name,
    tenant.host,
  );
}

/** Every column a new user row can be given; the rest take their defaults. */
export interface NewUser {
  email: string;
  username?: string;
  firstName?: string | null;
  lastName?: string | null;
  nameFormatted?: string | null;
  displayName?: string | null;
  externalId?: string | null;
  emails?: Array<{value: string; type?: string; primary?: boolean}>;
  active?: boolean;
  isAdmin: boolean;
  title?: string | null;
  passwordHash?: string | null;
  settings?: Record<string, unknown>;
  notifications?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
  /** Provisioned over SCIM (linked); every user gets a SCIM id either way. */
  scimId?: string;
  now: number;
}

export function insertUser(db: Db, u: NewUser): number {
  const r = db
    .prepare(
      `INSERT INTO users (email, username, first_name, last_name, name_formatted, display_name, external_id, emails, active, is_admin, title,
         password_hash, settings, notifications, extensions, scim_id, scim_linked, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      u.email,
      u.username ?? u.email,
      u.firstName ?? null,
      u.lastName ?? null,
      u.nameFormatted ?? null,
      u.displayName ?? null,
      u.externalId ?? null,
      JSON.stringify(u.emails ?? [{value: u.email, primary: true}]),
      u.active === false ? 0 : 1,
      u.isAdmin ? 1 : 0,
      u.title ?? null,
      u.passwordHash ?? null,
      JSON.stringify(u.settings ?? {}),
      JSON.stringify(u.notifications ?? {}),
      JSON.stringify(u.extensions ?? {}),
      u.scimId ?? randomUUID(),
      u.scimId === undefined ? 0 : 1,
      u.now,
      u.now,
    );
  return Number(r.lastInsertRowid);
}

/** Columns an update may change (snake_case names of `users`). */
export type UserChanges = Partial<Omit<UserRow, 'id' | 'created_at' | 'updated_at' | 'sessions_revoked_at'>>;

const CHANGEABLE = new Set([
  'scim_id', 'scim_linked', 'email', 'username', 'first_name', 'last_name', 'name_formatted', 'display_name', 'external_id', 'emails', 'active', 'is_admin', 'title',
  'password_hash', 'settings', 'notifications', 'extensions',
]);

/**
 * THE invariant of the users table: the account keeps one active admin. Every path that demotes, deactivates or
 * deletes a user (the account API, bulk actions, SCIM put/patch/delete) goes through updateUser / deleteUser,
 * which call this inside their transaction: 409 when `after` (null: deleted) would leave no active admin.
 */
function keepAnAdmin(db: Db, before: UserRow, after: {is_admin: number; active: number} | null): void {
  if (before.is_admin !== 1 || before.active !== 1 || (after && after.is_admin === 1 && after.active === 1)) return;
  const others = db.prepare('SELECT count(*) FROM users WHERE id != ? AND is_admin = 1 AND active = 1').pluck().get(before.id) as number;
  if (others === 0) throw conflict(`user ${before.id} is the last active admin of the account: make another user an admin first`);
}

/** Changes a user; turning `active` off also ends the user's sessions (see revokeSessions). */
export function updateUser(db: Db, id: number, changes: UserChanges, now: number): void {
  const keys = Object.keys(changes).filter((k) => CHANGEABLE.has(k));
  db.transaction(() => {
    const before = findUser(db, id);
    if (!before) return;
    keepAnAdmin(db, before, {is_admin: changes.is_admin ?? before.is_admin, active: changes.active ?? before.active});
    if (keys.length > 0) {
      db.prepare(`UPDATE users SET ${keys.map((k) => `${k} = ?`).join(', ')}, updated_at = ? WHERE id = ?`).run(
        ...keys.map((k) => (changes as Record<string, unknown>)[k]),
        now,
        id,
      );
    }
    if (before.active === 1 && changes.active === 0) revokeSessions(db, id, now);
  })();
}

/**
 * Deletes a user and what only made sense for them: sessions, keys, their linked OAuth tokens, pending device
 * approvals. Keys they created stop working with them.
 */
export function deleteUser(db: Db, id: number): boolean {
  return db.transaction(() => {
    const before = findUser(db, id);
    if (before) keepAnAdmin(db, before, null);
    db.prepare('DELETE FROM refresh_tokens WHERE user_id = ?').run(id);
    db.prepare('UPDATE device_codes SET user_id = NULL, status = CASE WHEN status = \'approved\' THEN \'denied\' ELSE status END WHERE user_id = ?').run(id);
    db.prepare('DELETE FROM user_oauth_tokens WHERE user_id = ?').run(id);
    db.prepare('DELETE FROM api_keys WHERE user_id = ?').run(id);
    return db.prepare('DELETE FROM users WHERE id = ?').run(id).changes > 0;
  })();
}

/**
 * The session-revocation hook: the user's refresh tokens are spent and every access token issued before `now`
 * is refused from now on (auth.ts asks userMayAuthenticate on each request).
 */
export function revokeSessions(db: Db, userId: number, now: number): void {
  db.prepare('DELETE FROM refresh_tokens WHERE user_id = ?').run(userId);
  db.prepare('UPDATE users SET sessions_revoked_at = ? WHERE id = ?').run(now, userId);
}

/**
 * May a credential of this user be used? The user must exist and be active; an access token (`issuedAtSeconds`,
 * its `iat`) must also be newer than the user's last session revocation.
 */
export function userMayAuthenticate(db: Db, userId: number, issuedAtSeconds?: number): boolean {
  const row = prepared(db, 'SELECT active, sessions_revoked_at FROM users WHERE id = ?').get(userId) as
    | {active: number; sessions_revoked_at: number | null}
    | undefined;
  if (!row || row.active !== 1) return false;
  if (issuedAtSeconds === undefined || row.sessions_revoked_at === null) return true;
  return issuedAtSeconds * 1000 > row.sessions_revoked_at;
}

export function findUser(db: Db, id: number): UserRow | undefined {
  return prepared(db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function listUsers(db: Db): UserRow[] {
  return db.prepare('SELECT * FROM users ORDER BY id').all() as UserRow[];
}

export function findAdmin(db: Db): UserRow | undefined {
  return prepared(db, 'SELECT * FROM users WHERE is_admin = 1 AND active = 1 ORDER BY id LIMIT 1').get() as UserRow | undefined;
}

/** The HS256 secret for every JWT the service issues; created once per data file so tokens survive restarts. */
export function jwtSecret(db: Db): Uint8Array {
  const row = db.prepare("SELECT value FROM service_settings WHERE key = 'jwt_secret'").pluck().get() as string | undefined;
  if (row) return Buffer.from(row, 'base64');
  const secret = randomBytes(32);
  db.prepare("INSERT INTO service_settings (key, value) VALUES ('jwt_secret', ?)").run(secret.toString('base64'));
  return secret;
}
