// The data move of the one-identity migration: users kept as JSON objects of kind `user` and users kept in
// `scim_users` become rows of `users`. A legacy user whose email or user name is already a row joins that row
// (one person, one identity); references to moved ids (role members, attribute values, recipients) follow them.
import type {Db} from './db.js';

type Json = Record<string, unknown>;
type Email = {value: string; type?: string; primary?: boolean};

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The address a user is known by: the primary email, else the first, else the user name. */
export function mainEmail(emails: Email[], userName: string): string {
  return (emails.find((e) => e.primary) ?? emails[0])?.value ?? userName;
}

function existingId(db: Db, email: string, userName: string, withoutScimId = false): number | undefined {
  const only = withoutScimId ? 'AND scim_id IS NULL' : '';
  return db.prepare(`SELECT id FROM users WHERE (email = ? OR username = ? COLLATE NOCASE) ${only} ORDER BY id LIMIT 1`).pluck().get(email, userName) as
    | number
    | undefined;
}

/** `email` unless another user holds it (two provisioned users sharing an address), then a unique stand-in. */
function freeEmail(db: Db, email: string, scimId: string): string {
  const taken = (e: string) => db.prepare('SELECT 1 FROM users WHERE email = ?').get(e) !== undefined;
  return taken(email) ? `${scimId}@scim.invalid` : email;
}

function remapReferences(db: Db, from: number, to: number): void {
  if (from === to) return;
  const rows = db.prepare("SELECT id, kind, scope, body FROM resources WHERE kind IN ('role', 'user-attribute-value', 'notification')").all() as Array<{
    id: number;
    kind: string;
    scope: string;
    body: string;
  }>;
  const save = db.prepare('UPDATE resources SET scope = ?, body = ? WHERE id = ?');
  for (const r of rows) {
    const body = JSON.parse(r.body) as Json;
    let scope = r.scope;
    if (r.kind === 'role' && Array.isArray(body.userIds)) body.userIds = (body.userIds as number[]).map((u) => (u === from ? to : u));
    if (r.kind === 'user-attribute-value' && scope === `user:${from}`) {
      scope = `user:${to}`;
      body.userId = to;
    }
    if (r.kind === 'notification' && Array.isArray(body.recipients)) {
      body.recipients = (body.recipients as Json[]).map((x) => (x.userId === from ? {...x, userId: to} : x));
    }
    save.run(scope, JSON.stringify(body), r.id);
  }
}

function mergeObjectUsers(db: Db): void {
  const rows = db.prepare("SELECT id, body, created_at, updated_at FROM resources WHERE kind = 'user' AND scope = ''").all() as Array<{
    id: number;
    body: string;
    created_at: number;
    updated_at: number;
  }>;
  // Users whose id is free keep it; the others (ids the login users hold) come after and get new ones.
  const free = (id: number) => db.prepare('SELECT 1 FROM users WHERE id = ?').get(id) === undefined;
  const ordered = [...rows.filter((r) => free(r.id)), ...rows.filter((r) => !free(r.id))];
  for (const r of ordered) {
    const b = JSON.parse(r.body) as Json;
    const email = str(b.email) ?? `user-${r.id}@invalid`;
    const username = str(b.username) ?? email;
    let id = existingId(db, email, username);
    if (id === undefined) {
      const taken = !free(r.id);
      id = Number(
        db
          .prepare(
            `INSERT INTO users (id, email, username, first_name, external_id, emails, active, is_admin, title, settings, notifications, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            taken ? null : r.id,
            email,
            username,
            str(b.firstName),
            str(b.externalId),
            JSON.stringify([{value: email, primary: true}]),
            b.isDeactivated === true ? 0 : 1,
            b.isAdmin === true ? 1 : 0,
            str(b.title),
            JSON.stringify(b.settings ?? {}),
            JSON.stringify(b.notifications ?? {}),
            r.created_at,
            r.updated_at,
          ).lastInsertRowid,
      );
    }
    remapReferences(db, r.id, id);
  }
  db.prepare("DELETE FROM resources WHERE kind = 'user' AND scope = ''").run();
}

function mergeScimUsers(db: Db): void {
  const rows = db.prepare('SELECT * FROM scim_users ORDER BY rowid').all() as Array<{
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
  }>;
  for (const r of rows) {
    const emails = JSON.parse(r.emails) as Email[];
    const main = mainEmail(emails, r.user_name);
    const fields = [r.user_name, r.given_name, r.family_name, r.display_name, r.external_id, r.emails, r.active];
    const id = existingId(db, main, r.user_name, true);
    const email = freeEmail(db, main, r.id);
    if (id !== undefined) {
      db.prepare(
        `UPDATE users SET scim_id = ?, username = ?, first_name = ?, last_name = ?, display_name = ?, external_id = ?, emails = ?, active = ?,
         updated_at = ? WHERE id = ?`,
      ).run(r.id, ...fields, r.updated_at, id);
    } else {
      db.prepare(
        `INSERT INTO users (scim_id, username, first_name, last_name, display_name, external_id, emails, active, email, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(r.id, ...fields, email, r.created_at, r.updated_at);
    }
  }
  // Group members now point at users.scim_id; the old table goes.
  db.exec(`
    CREATE TABLE scim_group_members_new (
      group_id TEXT NOT NULL REFERENCES scim_groups (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (scim_id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, user_id));
    INSERT INTO scim_group_members_new (group_id, user_id) SELECT group_id, user_id FROM scim_group_members ORDER BY rowid;
    DROP TABLE scim_group_members;
    ALTER TABLE scim_group_members_new RENAME TO scim_group_members;
    CREATE INDEX scim_group_members_user ON scim_group_members (user_id);
    DROP TABLE scim_users;`);
}

export function mergeLegacyUsers(db: Db): void {
  mergeObjectUsers(db);
  mergeScimUsers(db);
}
