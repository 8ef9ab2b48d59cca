// Data model branches of a deployment, their file trees and revisions, and the per-credential dev-mode sessions.
// A branch's staging flag is not stored here: it is the existence of its `staging` environment row, so the
// environments list and the branches list can never disagree.
import {branchNameKey} from '../../contract/names.js';
import type {Db} from './db.js';
import {prepared} from './prepared.js';
import type {Migration} from './migration.js';

export const branchesMigrations: Migration[] = [
  {
    id: 'branches-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE branches (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          deployment_id INTEGER NOT NULL REFERENCES deployments (id),
          name TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('deploy', 'shared', 'dev')),
          parent_id INTEGER REFERENCES branches (id),
          owner_user_id INTEGER,
          last_hash TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          UNIQUE (deployment_id, name));
        CREATE TABLE branch_files (
          branch_id INTEGER NOT NULL REFERENCES branches (id) ON DELETE CASCADE,
          path TEXT NOT NULL,
          content TEXT NOT NULL,
          PRIMARY KEY (branch_id, path));
        CREATE TABLE branch_revisions (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          branch_id INTEGER NOT NULL REFERENCES branches (id) ON DELETE CASCADE,
          hash TEXT NOT NULL,
          message TEXT NOT NULL,
          created_at INTEGER NOT NULL);
        -- One dev-mode session per credential and deployment; 'key:<id>' for API keys, 'user:<id>' for tokens.
        CREATE TABLE dev_sessions (
          deployment_id INTEGER NOT NULL REFERENCES deployments (id),
          credential TEXT NOT NULL,
          branch_id INTEGER NOT NULL REFERENCES branches (id) ON DELETE CASCADE,
          started_at INTEGER NOT NULL,
          PRIMARY KEY (deployment_id, credential));`),
  },
  {
    // The tree a branch last agreed with its parent on (path → content SHA-1, as JSON): the base of the file-level
    // three-way merges behind commit and merge.
    id: 'branches-2',
    up: (db) => db.exec('ALTER TABLE branches ADD COLUMN base_tree TEXT'),
  },
  {
    // Deploy uploads: files arrive one request at a time into a transaction that finish applies at once.
    id: 'branches-3',
    up: (db) =>
      db.exec(`
        CREATE TABLE upload_transactions (
          id TEXT PRIMARY KEY,
          deployment_id INTEGER NOT NULL REFERENCES deployments (id),
          branch_id INTEGER NOT NULL REFERENCES branches (id) ON DELETE CASCADE,
          created_at INTEGER NOT NULL);
        CREATE TABLE upload_files (
          transaction_id TEXT NOT NULL REFERENCES upload_transactions (id) ON DELETE CASCADE,
          path TEXT NOT NULL,
          content TEXT NOT NULL,
          PRIMARY KEY (transaction_id, path));`),
  },
];

export type BranchKind = 'deploy' | 'shared' | 'dev';

export interface BranchRow {
  id: number;
  deployment_id: number;
  name: string;
  kind: BranchKind;
  parent_id: number | null;
  owner_user_id: number | null;
  last_hash: string;
  created_at: number;
  updated_at: number;
  base_tree: string | null;
  /** Joined in by the reads below. */
  parent_name: string | null;
  staging: number;
}

const SELECT = `
  SELECT b.*, p.name AS parent_name,
    EXISTS (SELECT 1 FROM environments e WHERE e.deployment_id = b.deployment_id AND e.type = 'staging' AND e.branch = b.name) AS staging
  FROM branches b LEFT JOIN branches p ON p.id = b.parent_id`;

export function findBranch(db: Db, deploymentId: number, name: string): BranchRow | undefined {
  return prepared(db, `${SELECT} WHERE b.deployment_id = ? AND b.name = ?`).get(deploymentId, name) as BranchRow | undefined;
}

/** The branch whose name is `name` without regard to case and compatibility forms (contract/names.ts `branchNameKey`). */
export function findBranchByKey(db: Db, deploymentId: number, name: string): BranchRow | undefined {
  const key = branchNameKey(name);
  const names = prepared(db, 'SELECT name FROM branches WHERE deployment_id = ?').pluck().all(deploymentId) as string[];
  const found = names.find((n) => branchNameKey(n) === key);
  return found === undefined ? undefined : findBranch(db, deploymentId, found);
}

export function findBranchById(db: Db, deploymentId: number, id: number): BranchRow | undefined {
  return prepared(db, `${SELECT} WHERE b.deployment_id = ? AND b.id = ?`).get(deploymentId, id) as BranchRow | undefined;
}

export function countBranches(db: Db, deploymentId: number): number {
  return prepared(db, 'SELECT count(*) FROM branches WHERE deployment_id = ?').pluck().get(deploymentId) as number;
}

/** Branches in id order after `afterId`; one more than `limit` tells the caller whether another page exists. */
export function listBranches(db: Db, deploymentId: number, afterId: number, limit: number): BranchRow[] {
  return prepared(db, `${SELECT} WHERE b.deployment_id = ? AND b.id > ? ORDER BY b.id LIMIT ?`).all(deploymentId, afterId, limit) as BranchRow[];
}

export function insertBranch(
  db: Db,
  b: {deploymentId: number; name: string; kind: BranchKind; parentId: number | null; ownerUserId: number | null; lastHash: string; now: number},
): number {
  const r = prepared(db, 'INSERT INTO branches (deployment_id, name, kind, parent_id, owner_user_id, last_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(b.deploymentId, b.name, b.kind, b.parentId, b.ownerUserId, b.lastHash, b.now, b.now);
  return Number(r.lastInsertRowid);
}

/** Removes a branch: children move to its parent, sessions on it end, its staging environment goes. */
export function removeBranch(db: Db, branch: BranchRow): void {
  db.transaction(() => {
    db.prepare('UPDATE branches SET parent_id = ? WHERE parent_id = ?').run(branch.parent_id, branch.id);
    db.prepare('DELETE FROM dev_sessions WHERE branch_id = ?').run(branch.id);
    disableStaging(db, branch.deployment_id, branch.name);
    db.prepare('DELETE FROM branches WHERE id = ?').run(branch.id);
  })();
}

/** Staging is the branch's `staging` environment row: removing it turns staging off. */
export function disableStaging(db: Db, deploymentId: number, name: string): void {
  db.prepare("DELETE FROM environments WHERE deployment_id = ? AND type = 'staging' AND branch = ?").run(deploymentId, name);
}

/**
 * A user's development environment follows the dev branch they last entered dev mode on, so the environments
 * list shows where their dev mode points; the first dev-mode entry creates it.
 */
export function pointDevelopmentEnvironment(db: Db, e: {deploymentId: number; userEmail: string; name: string; branch: string; now: number}): void {
  const updated = db
    .prepare("UPDATE environments SET branch = ? WHERE deployment_id = ? AND type = 'development' AND user_email = ?")
    .run(e.branch, e.deploymentId, e.userEmail).changes;
  if (updated === 0) {
    db.prepare("INSERT INTO environments (deployment_id, name, type, branch, user_email, created_at) VALUES (?, ?, 'development', ?, ?, ?)")
      .run(e.deploymentId, e.name, e.branch, e.userEmail, e.now);
  }
}

export function sessionBranch(db: Db, deploymentId: number, credential: string): BranchRow | undefined {
  return prepared(db, `${SELECT} JOIN dev_sessions s ON s.branch_id = b.id WHERE s.deployment_id = ? AND s.credential = ?`)
    .get(deploymentId, credential) as BranchRow | undefined;
}

export function setSession(db: Db, deploymentId: number, credential: string, branchId: number, now: number): void {
  db.prepare(
    `INSERT INTO dev_sessions (deployment_id, credential, branch_id, started_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (deployment_id, credential) DO UPDATE SET branch_id = excluded.branch_id, started_at = excluded.started_at`,
  ).run(deploymentId, credential, branchId, now);
}

export function clearSession(db: Db, deploymentId: number, credential: string): boolean {
  return db.prepare('DELETE FROM dev_sessions WHERE deployment_id = ? AND credential = ?').run(deploymentId, credential).changes > 0;
}

export function hasOpenSession(db: Db, branchId: number): boolean {
  return db.prepare('SELECT 1 FROM dev_sessions WHERE branch_id = ?').get(branchId) !== undefined;
}

export function branchFiles(db: Db, branchId: number): Array<{path: string; content: string}> {
  return prepared(db, 'SELECT path, content FROM branch_files WHERE branch_id = ? ORDER BY path').all(branchId) as Array<{path: string; content: string}>;
}

/** Replaces the branch's whole tree and records the revision it makes. */
export function saveTree(db: Db, branchId: number, files: Map<string, string>, hash: string, message: string, now: number): void {
  db.transaction(() => {
    prepared(db, 'DELETE FROM branch_files WHERE branch_id = ?').run(branchId);
    const insert = prepared(db, 'INSERT INTO branch_files (branch_id, path, content) VALUES (?, ?, ?)');
    for (const [path, content] of files) insert.run(branchId, path, content);
    prepared(db, 'UPDATE branches SET last_hash = ?, updated_at = ? WHERE id = ?').run(hash, now, branchId);
    prepared(db, 'INSERT INTO branch_revisions (branch_id, hash, message, created_at) VALUES (?, ?, ?, ?)').run(branchId, hash, message, now);
  })();
}

export function setBaseTree(db: Db, branchId: number, base: Record<string, string>): void {
  db.prepare('UPDATE branches SET base_tree = ? WHERE id = ?').run(JSON.stringify(base), branchId);
}

export interface UploadTransactionRow {
  id: string;
  deployment_id: number;
  branch_id: number;
  created_at: number;
}

export function insertUploadTransaction(db: Db, t: UploadTransactionRow): void {
  db.prepare('INSERT INTO upload_transactions (id, deployment_id, branch_id, created_at) VALUES (@id, @deployment_id, @branch_id, @created_at)').run(t);
}

export function findUploadTransaction(db: Db, deploymentId: number, id: string): UploadTransactionRow | undefined {
  return db.prepare('SELECT * FROM upload_transactions WHERE deployment_id = ? AND id = ?').get(deploymentId, id) as UploadTransactionRow | undefined;
}

export function putUploadFile(db: Db, transactionId: string, path: string, content: string): void {
  db.prepare(
    'INSERT INTO upload_files (transaction_id, path, content) VALUES (?, ?, ?) ON CONFLICT (transaction_id, path) DO UPDATE SET content = excluded.content',
  ).run(transactionId, path, content);
}

export function uploadedFiles(db: Db, transactionId: string): Map<string, string> {
  const rows = db.prepare('SELECT path, content FROM upload_files WHERE transaction_id = ?').all(transactionId) as Array<{path: string; content: string}>;
  return new Map(rows.map((r) => [r.path, r.content]));
}

export function deleteUploadTransaction(db: Db, id: string): void {
  db.prepare('DELETE FROM upload_transactions WHERE id = ?').run(id);
}
