// OAuth integrations and each user's token for them. The provider's client secret and the tokens themselves are
// never stored in clear or returned: only a hash of the secret and the token's lifecycle (status, expiries,
// last error) are kept, which is all the management API shows.
import {createHash, randomBytes} from 'node:crypto';
import type {Db} from './db.js';
import type {Migration} from './migration.js';

export const oauthTokensMigrations: Migration[] = [
  {
    id: 'oauth-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE oauth_integrations (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL, type TEXT NOT NULL,
          auth_url TEXT NOT NULL, token_url TEXT NOT NULL, client_id TEXT NOT NULL,
          client_secret_hash TEXT NOT NULL, redirect_uri TEXT NOT NULL,
          scopes TEXT, config TEXT,
          created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
        CREATE TABLE user_oauth_tokens (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id INTEGER NOT NULL REFERENCES users (id),
          integration_id INTEGER NOT NULL REFERENCES oauth_integrations (id) ON DELETE CASCADE,
          status TEXT NOT NULL,
          state_hash TEXT,
          access_expires_at INTEGER, refresh_expires_at INTEGER, last_error TEXT,
          created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
          UNIQUE (user_id, integration_id));`),
  },
];

export interface IntegrationRow {
  id: number;
  name: string;
  type: string;
  auth_url: string;
  token_url: string;
  client_id: string;
  client_secret_hash: string;
  redirect_uri: string;
  scopes: string | null;
  config: string | null;
  created_at: number;
  updated_at: number;
}

export interface UserTokenRow {
  id: number;
  user_id: number;
  integration_id: number;
  status: 'pending' | 'active' | 'error';
  state_hash: string | null;
  access_expires_at: number | null;
  refresh_expires_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface IntegrationFields {
  name: string;
  type: string;
  authUrl: string;
  tokenUrl: string;
  clientId: string;
  redirectUri: string;
  scopes?: string[] | undefined;
  config?: Record<string, unknown> | undefined;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export function insertIntegration(db: Db, f: IntegrationFields & {clientSecret: string}, now: number): number {
  const r = db
    .prepare(
      `INSERT INTO oauth_integrations (name, type, auth_url, token_url, client_id, client_secret_hash, redirect_uri, scopes, config, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(f.name, f.type, f.authUrl, f.tokenUrl, f.clientId, sha256(f.clientSecret), f.redirectUri, jsonOrNull(f.scopes), jsonOrNull(f.config), now, now);
  return Number(r.lastInsertRowid);
}

export function replaceIntegration(db: Db, id: number, f: IntegrationFields & {clientSecret?: string | null | undefined}, now: number): boolean {
  return (
    db
      .prepare(
        `UPDATE oauth_integrations SET name = ?, type = ?, auth_url = ?, token_url = ?, client_id = ?, redirect_uri = ?, scopes = ?, config = ?,
           client_secret_hash = COALESCE(?, client_secret_hash), updated_at = ? WHERE id = ?`,
      )
      .run(f.name, f.type, f.authUrl, f.tokenUrl, f.clientId, f.redirectUri, jsonOrNull(f.scopes), jsonOrNull(f.config), f.clientSecret ? sha256(f.clientSecret) : null, now, id)
      .changes > 0
  );
}

export function findIntegration(db: Db, id: number): IntegrationRow | undefined {
  return db.prepare('SELECT * FROM oauth_integrations WHERE id = ?').get(id) as IntegrationRow | undefined;
}

export function listIntegrations(db: Db): IntegrationRow[] {
  return db.prepare('SELECT * FROM oauth_integrations ORDER BY id').all() as IntegrationRow[];
}

/** Deleting an integration also forgets every user's token for it. */
export function deleteIntegration(db: Db, id: number): boolean {
  return db.transaction(() => {
    db.prepare('DELETE FROM user_oauth_tokens WHERE integration_id = ?').run(id);
    return db.prepare('DELETE FROM oauth_integrations WHERE id = ?').run(id).changes > 0;
  })();
}

export function findUserToken(db: Db, userId: number, integrationId: number): UserTokenRow | undefined {
  return db.prepare('SELECT * FROM user_oauth_tokens WHERE user_id = ? AND integration_id = ?').get(userId, integrationId) as UserTokenRow | undefined;
}

export function listUserTokens(db: Db, userId: number): UserTokenRow[] {
  return db.prepare('SELECT * FROM user_oauth_tokens WHERE user_id = ? ORDER BY integration_id').all(userId) as UserTokenRow[];
}

export function deleteUserToken(db: Db, userId: number, integrationId: number): boolean {
  return db.prepare('DELETE FROM user_oauth_tokens WHERE user_id = ? AND integration_id = ?').run(userId, integrationId).changes > 0;
}

/**
 * Starts (or restarts) the authorization of a user with an integration: the token goes to `pending` with a
 * fresh single-use `state`, which the provider's redirect must bring back.
 */
export function beginUserToken(db: Db, userId: number, integrationId: number, now: number): {row: UserTokenRow; state: string} {
  const state = randomBytes(24).toString('base64url');
  db.prepare(
    `INSERT INTO user_oauth_tokens (user_id, integration_id, status, state_hash, created_at, updated_at) VALUES (?, ?, 'pending', ?, ?, ?)
     ON CONFLICT (user_id, integration_id) DO UPDATE SET status = 'pending', state_hash = excluded.state_hash, updated_at = excluded.updated_at`,
  ).run(userId, integrationId, sha256(state), now, now);
  const row = findUserToken(db, userId, integrationId);
  if (!row) throw new Error('user OAuth token vanished after it was written');
  return {row, state};
}

export function findTokenByState(db: Db, state: string): UserTokenRow | undefined {
  return db.prepare('SELECT * FROM user_oauth_tokens WHERE state_hash = ?').get(sha256(state)) as UserTokenRow | undefined;
}

/** The provider's redirect arrived: `active` with expiries, or `error` with what the provider said. */
export function completeUserToken(
  db: Db,
  id: number,
  outcome: {status: 'active'; accessExpiresAt: number; refreshExpiresAt: number} | {status: 'error'; error: unknown},
  now: number,
): void {
  if (outcome.status === 'active') {
    db.prepare(
      "UPDATE user_oauth_tokens SET status = 'active', state_hash = NULL, access_expires_at = ?, refresh_expires_at = ?, last_error = NULL, updated_at = ? WHERE id = ?",
    ).run(outcome.accessExpiresAt, outcome.refreshExpiresAt, now, id);
  } else {
    db.prepare("UPDATE user_oauth_tokens SET status = 'error', state_hash = NULL, last_error = ?, updated_at = ? WHERE id = ?").run(
      JSON.stringify(outcome.error),
      now,
      id,
    );
  }
}
