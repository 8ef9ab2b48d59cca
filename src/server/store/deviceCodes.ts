// OAuth device authorization (RFC 8628) and the refresh tokens it hands out. Device codes and refresh tokens
// are stored as sha256 hashes: the values exist only in the answers that issue them.
import {createHash, randomBytes, randomInt} from 'node:crypto';
import type {Db} from './db.js';
import type {Migration} from './migration.js';

export const deviceCodesMigrations: Migration[] = [
  {
    id: 'device-codes-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE device_codes (
          device_code_hash TEXT PRIMARY KEY,
          user_code TEXT NOT NULL UNIQUE,
          client_id TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          interval_s INTEGER NOT NULL,
          last_poll_at INTEGER,
          status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'used')),
          user_id INTEGER REFERENCES users (id));
        CREATE TABLE refresh_tokens (
          token_hash TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users (id),
          client_id TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          used_at INTEGER);`),
  },
  {
    // Who approved a code and what the resulting tokens may do (`grant_claims`, JSON), failed approvals per code,
    // and refresh-token families: reusing a rotated refresh token revokes its whole family (RFC 6819 §5.2.2.3).
    id: 'device-codes-2',
    up: (db) =>
      db.exec(`
        ALTER TABLE device_codes ADD COLUMN grant_claims TEXT;
        ALTER TABLE device_codes ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE refresh_tokens ADD COLUMN family TEXT;
        ALTER TABLE refresh_tokens ADD COLUMN grant_claims TEXT;
        CREATE TABLE refresh_families (id TEXT PRIMARY KEY, user_id INTEGER NOT NULL, created_at INTEGER NOT NULL, revoked_at INTEGER);`),
  },
];

export type DeviceCodeStatus = 'pending' | 'approved' | 'denied' | 'used';

export interface DeviceCodeRow {
  device_code_hash: string;
  user_code: string;
  client_id: string;
  created_at: number;
  expires_at: number;
  interval_s: number;
  last_poll_at: number | null;
  status: DeviceCodeStatus;
  user_id: number | null;
  grant_claims: string | null;
  failed_attempts: number;
}

export interface RefreshTokenRow {
  token_hash: string;
  user_id: number;
  client_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  family: string | null;
  grant_claims: string | null;
}

// No vowels (no words spelled by accident) and no look-alikes; RFC 8628 §6.1 suggests such a set.
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** `WXYZ-BCDF`: 8 letters, about 34 bits, typed by a person. */
export function generateUserCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** Accepts what a person types: any case, with or without the dash or spaces. */
export function normalizeUserCode(input: string): string | undefined {
  const letters = input.toUpperCase().replace(/[^A-Z]/g, '');
  if (letters.length !== 8 || [...letters].some((ch) => !USER_CODE_ALPHABET.includes(ch))) return undefined;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

export const opaqueToken = () => randomBytes(32).toString('base64url');

export function insertDeviceCode(db: Db, d: {clientId: string; now: number; ttlSeconds: number; intervalSeconds: number}): {deviceCode: string; userCode: string} {
  const deviceCode = opaqueToken();
  // A clash of user codes among live ones is astronomically rare; retrying keeps the UNIQUE constraint honest.
  for (;;) {
    const userCode = generateUserCode();
    const r = db
      .prepare(
        `INSERT OR IGNORE INTO device_codes (device_code_hash, user_code, client_id, created_at, expires_at, interval_s, status)
         VALUES (?, ?, ?, ?, ?, ?, 'pending')`,
      )
      .run(sha256(deviceCode), userCode, d.clientId, d.now, d.now + d.ttlSeconds * 1000, d.intervalSeconds);
    if (r.changes > 0) return {deviceCode, userCode};
    db.prepare('DELETE FROM device_codes WHERE user_code = ? AND expires_at < ?').run(userCode, d.now);
  }
}

export function findDeviceCode(db: Db, deviceCode: string): DeviceCodeRow | undefined {
  return db.prepare('SELECT * FROM device_codes WHERE device_code_hash = ?').get(sha256(deviceCode)) as DeviceCodeRow | undefined;
}

export function findByUserCode(db: Db, userCode: string): DeviceCodeRow | undefined {
  return db.prepare('SELECT * FROM device_codes WHERE user_code = ?').get(userCode) as DeviceCodeRow | undefined;
}

export function recordPoll(db: Db, hash: string, now: number, intervalSeconds: number): void {
  db.prepare('UPDATE device_codes SET last_poll_at = ?, interval_s = ? WHERE device_code_hash = ?').run(now, intervalSeconds, hash);
}

/** Approve or deny a pending code; false when it was not pending (already decided, used or unknown). */
export function decideDeviceCode(db: Db, userCode: string, decision: 'approved' | 'denied', userId: number | null, claims: object | null): boolean {
  return (
    db
      .prepare("UPDATE device_codes SET status = ?, user_id = ?, grant_claims = ? WHERE user_code = ? AND status = 'pending'")
      .run(decision, userId, claims ? JSON.stringify(claims) : null, userCode).changes > 0
  );
}

/** Counts a refused approval of a pending code; at `max` the code is denied for good. Returns the count. */
export function recordFailedApproval(db: Db, userCode: string, max: number): number {
  db.prepare("UPDATE device_codes SET failed_attempts = failed_attempts + 1 WHERE user_code = ? AND status = 'pending'").run(userCode);
  db.prepare("UPDATE device_codes SET status = 'denied' WHERE user_code = ? AND status = 'pending' AND failed_attempts >= ?").run(userCode, max);
  return (db.prepare('SELECT failed_attempts FROM device_codes WHERE user_code = ?').pluck().get(userCode) as number | undefined) ?? 0;
}

/** Marks an approved code used; false if another poll got there first (tokens are issued once). */
export function consumeDeviceCode(db: Db, hash: string): boolean {
  return db.prepare("UPDATE device_codes SET status = 'used' WHERE device_code_hash = ? AND status = 'approved'").run(hash).changes > 0;
}

export function insertRefreshToken(
  db: Db,
  r: {userId: number; clientId: string; now: number; ttlSeconds: number; family: string; claims: string | null},
): string {
  const token = opaqueToken();
  db.prepare('INSERT INTO refresh_tokens (token_hash, user_id, client_id, created_at, expires_at, family, grant_claims) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    sha256(token),
    r.userId,
    r.clientId,
    r.now,
    r.now + r.ttlSeconds * 1000,
    r.family,
    r.claims,
  );
  return token;
}

/** A new refresh-token family: one per sign-in; every rotation stays in it. */
export function insertFamily(db: Db, userId: number, now: number): string {
  const id = randomBytes(16).toString('hex');
  db.prepare('INSERT INTO refresh_families (id, user_id, created_at) VALUES (?, ?, ?)').run(id, userId, now);
  return id;
}

export function familyIsLive(db: Db, id: string): boolean {
  return db.prepare('SELECT 1 FROM refresh_families WHERE id = ? AND revoked_at IS NULL').get(id) !== undefined;
}

/** Ends a family: its refresh tokens are spent and its access tokens answer 401 from now on. */
export function revokeFamily(db: Db, id: string, now: number): void {
  db.transaction(() => {
    db.prepare('UPDATE refresh_families SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id);
    db.prepare('UPDATE refresh_tokens SET used_at = ? WHERE family = ? AND used_at IS NULL').run(now, id);
  })();
}

export function findRefreshToken(db: Db, token: string): RefreshTokenRow | undefined {
  return db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = ?').get(sha256(token)) as RefreshTokenRow | undefined;
}

/** Rotation: a refresh token works once; false if it was already spent. */
export function spendRefreshToken(db: Db, hash: string, now: number): boolean {
  return db.prepare('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL').run(now, hash).changes > 0;
}

/**
 * Retention: a device code is deleted once it has been expired for `graceMs` (until then a late poll still hears
 * expired_token rather than an unknown code). Returns how many went.
 */
export function purgeExpiredDeviceCodes(db: Db, now: number, graceMs: number): number {
  return db.prepare('DELETE FROM device_codes WHERE expires_at < ?').run(now - graceMs).changes;
}

/** The client a sign-in was made for (from its refresh tokens), if it has any. */
export function familyClient(db: Db, family: string): string | undefined {
  return db.prepare('SELECT client_id FROM refresh_tokens WHERE family = ? LIMIT 1').pluck().get(family) as string | undefined;
}
