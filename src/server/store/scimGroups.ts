// SCIM groups and their memberships (users are in scim.ts). Deleting a group leaves its users alone.
import {randomUUID} from 'node:crypto';
import type {Db} from './db.js';
import type {SqlFilter} from './scimFilter.js';

export interface ScimGroupFields {
  displayName: string;
  externalId: string | null;
  /** Member user ids, in the order they were added. */
  memberIds: string[];
}

export interface ScimGroupRecord extends ScimGroupFields {
  id: string;
  members: Array<{id: string; userName: string}>;
  createdAt: number;
  updatedAt: number;
}

interface ScimGroupRow {
  id: string;
  display_name: string;
  external_id: string | null;
  created_at: number;
  updated_at: number;
}

function members(db: Db, groupId: string): Array<{id: string; userName: string}> {
  return db
    .prepare(
      `SELECT u.scim_id AS id, u.username AS userName FROM scim_group_members m JOIN users u ON u.scim_id = m.user_id
       WHERE m.group_id = ? ORDER BY m.rowid`,
    )
    .all(groupId) as Array<{id: string; userName: string}>;
}

function toRecord(db: Db, row: ScimGroupRow): ScimGroupRecord {
  const list = members(db, row.id);
  return {
    id: row.id,
    displayName: row.display_name,
    externalId: row.external_id,
    memberIds: list.map((m) => m.id),
    members: list,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findScimGroup(db: Db, id: string): ScimGroupRecord | undefined {
  const row = db.prepare('SELECT * FROM scim_groups WHERE id = ?').get(id) as ScimGroupRow | undefined;
  return row ? toRecord(db, row) : undefined;
}

export function findScimGroupByName(db: Db, displayName: string): ScimGroupRecord | undefined {
  const row = db.prepare('SELECT * FROM scim_groups WHERE display_name = ?').get(displayName) as ScimGroupRow | undefined;
  return row ? toRecord(db, row) : undefined;
}

/** The ids among `ids` that name no user. */
export function unknownUserIds(db: Db, ids: string[]): string[] {
  const exists = db.prepare('SELECT 1 FROM users WHERE scim_id = ?').pluck();
  return ids.filter((id) => exists.get(id) === undefined);
}

function setMembers(db: Db, groupId: string, memberIds: string[]): void {
  const current = new Set(db.prepare('SELECT user_id FROM scim_group_members WHERE group_id = ?').pluck().all(groupId) as string[]);
  const wanted = new Set(memberIds);
  const remove = db.prepare('DELETE FROM scim_group_members WHERE group_id = ? AND user_id = ?');
  const add = db.prepare('INSERT OR IGNORE INTO scim_group_members (group_id, user_id) VALUES (?, ?)');
  for (const id of current) if (!wanted.has(id)) remove.run(groupId, id);
  for (const id of wanted) if (!current.has(id)) add.run(groupId, id);
}

export function insertScimGroup(db: Db, g: ScimGroupFields, now: number): string {
  const id = randomUUID();
  db.transaction(() => {
    db.prepare('INSERT INTO scim_groups (id, display_name, external_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
      id,
      g.displayName,
      g.externalId,
      now,
      now,
    );
    setMembers(db, id, g.memberIds);
  })();
  return id;
}

export function updateScimGroup(db: Db, id: string, g: ScimGroupFields, now: number): void {
  db.transaction(() => {
    db.prepare('UPDATE scim_groups SET display_name = ?, external_id = ?, updated_at = ? WHERE id = ?').run(g.displayName, g.externalId, now, id);
    setMembers(db, id, g.memberIds);
  })();
}

export function deleteScimGroup(db: Db, id: string): boolean {
  return db.prepare('DELETE FROM scim_groups WHERE id = ?').run(id).changes > 0;
}

export function listScimGroups(db: Db, filter: SqlFilter, offset: number, limit: number): {rows: ScimGroupRecord[]; total: number} {
  const total = db.prepare(`SELECT count(*) FROM scim_groups WHERE ${filter.sql}`).pluck().get(...filter.params) as number;
  const rows =
    limit === 0
      ? []
      : (db.prepare(`SELECT * FROM scim_groups WHERE ${filter.sql} ORDER BY rowid LIMIT ? OFFSET ?`).all(...filter.params, limit, offset) as ScimGroupRow[]);
  return {rows: rows.map((r) => toRecord(db, r)), total};
}
