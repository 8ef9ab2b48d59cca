// The users of /api/v1/users as a ResourceStore over the one users table (store/users.ts): the resource
// table's generic routes read and write the same rows that sign in and that SCIM provisions. Passwords are
// kept as scrypt hashes, never answered.
import {randomBytes, scryptSync} from 'node:crypto';
import {conflict} from '../../errors.js';
import type {ResourceRow} from '../../store/resources.js';
import {deleteUser, findUser, insertUser, listUsers, updateUser, type UserChanges, type UserRow} from '../../store/users.js';
import type {ResourceStore} from './types.js';

type Json = Record<string, unknown>;

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

function toResource(row: UserRow): ResourceRow {
  return {
    id: row.id,
    kind: 'user',
    scope: '',
    body: {
      email: row.email,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      title: row.title,
      externalId: row.external_id,
      isAdmin: row.is_admin === 1,
      isDeactivated: row.active !== 1,
      notifications: JSON.parse(row.notifications) as Json,
      settings: JSON.parse(row.settings) as Json,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The columns a body sets; a body field left out leaves its column alone. */
function changesOf(body: Json): UserChanges {
  const c: UserChanges = {};
  if ('firstName' in body) c.first_name = text(body.firstName);
  if ('title' in body) c.title = text(body.title);
  if ('isAdmin' in body) c.is_admin = body.isAdmin === true ? 1 : 0;
  if ('isDeactivated' in body) c.active = body.isDeactivated === true ? 0 : 1;
  if ('settings' in body) c.settings = JSON.stringify(body.settings ?? {});
  if ('notifications' in body) c.notifications = JSON.stringify(body.notifications ?? {});
  if (typeof body.password === 'string') c.password_hash = hashPassword(body.password);
  return c;
}

function unique<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if ((err as {code?: string}).code === 'SQLITE_CONSTRAINT_UNIQUE') throw conflict('a user with this email or username already exists');
    throw err;
  }
}

export const usersStore: ResourceStore = {
  list: (db) => listUsers(db).map(toResource),
  find: (db, _kind, _scope, id) => {
    const row = findUser(db, id);
    return row ? toResource(row) : undefined;
  },
  insert: (db, _kind, _scope, body, now) =>
    unique(() => {
      const email = String(body.email);
      const id = insertUser(db, {
        email,
        username: text(body.username) ?? email,
        firstName: text(body.firstName),
        externalId: text(body.externalId),
        isAdmin: body.isAdmin === true,
        active: body.isDeactivated !== true,
        title: text(body.title),
        passwordHash: typeof body.password === 'string' ? hashPassword(body.password) : null,
        settings: (body.settings as Json | undefined) ?? {},
        notifications: (body.notifications as Json | undefined) ?? {},
        now,
      });
      return toResource(findUser(db, id)!);
    }),
  save: (db, row, now) =>
    unique(() => {
      updateUser(db, row.id, changesOf(row.body), now);
      return toResource(findUser(db, row.id)!);
    }),
  // The last active admin is kept by the store itself (store/users.ts), whatever the path.
  remove: (db, _kind, _scope, id) => deleteUser(db, id),
};
