// The demo seed tells the truth: every row that names a branch names one that exists in that deployment. The
// check is generic: every seeded table with a branch column is listed here, and a new one fails the last test
// until it is added.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {DBT_REPOSITORY} from '../../src/server/engines/dbt/project.js';
import {syncBranchName} from '../../src/server/engines/dbt/engine.js';
import {testApp, type TestApp} from '../helpers/startService.js';

let t: TestApp;
beforeAll(() => {
  t = testApp('demo');
});
afterAll(() => t.close());

/** Each branch reference in the seed: the rows that must resolve, as (deployment_id, name, what). */
const REFERENCES: Record<string, string> = {
  environments: "SELECT deployment_id, branch AS name, 'environment ' || name || ' (' || type || ')' AS what FROM environments WHERE branch IS NOT NULL",
  deployments: "SELECT id AS deployment_id, deploy_branch_name AS name, 'deploy branch of ' || name AS what FROM deployments",
  dbt_syncs: "SELECT deployment_id, branch_name AS name, 'completed dbt sync ' || sync_job_id AS what FROM dbt_syncs WHERE status = 'COMPLETED' AND output = 'branch'",
  builds: "SELECT deployment_id, branch_name AS name, 'build ' || id AS what FROM builds",
  build_logs: "SELECT deployment_id, branch_name AS name, 'build log of build ' || build_id AS what FROM build_logs",
};
/** Tables the demo seed may leave empty. */
const MAY_BE_EMPTY = new Set(['build_logs']);

const exists = (deploymentId: number, name: string): boolean =>
  t.ctx.db.prepare('SELECT 1 FROM branches WHERE deployment_id = ? AND name = ?').get(deploymentId, name) !== undefined;

describe('demo seed: branch references resolve', () => {
  for (const [table, sql] of Object.entries(REFERENCES)) {
    it(`${table}: every branch named exists`, () => {
      const rows = t.ctx.db.prepare(sql).all() as Array<{deployment_id: number; name: string; what: string}>;
      if (!MAY_BE_EMPTY.has(table)) expect(rows.length).toBeGreaterThan(0);
      const dangling = rows.filter((r) => !exists(r.deployment_id, r.name)).map((r) => `deployment ${r.deployment_id}: ${r.what} → ${r.name}`);
      expect(dangling).toEqual([]);
    });
  }

  it('the seeded development environments point at dev branches owned by their user', () => {
    const rows = t.ctx.db
      .prepare(
        `SELECT e.deployment_id, e.branch, b.kind, u.email AS owner, e.user_email FROM environments e
         LEFT JOIN branches b ON b.deployment_id = e.deployment_id AND b.name = e.branch
         LEFT JOIN users u ON u.id = b.owner_user_id WHERE e.type = 'development'`,
      )
      .all() as Array<{kind: string | null; owner: string | null; user_email: string}>;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({kind: 'dev', owner: r.user_email});
  });

  it('a completed seeded sync’s branch holds the files the sync generated', () => {
    const sync = t.ctx.db
      .prepare("SELECT id, deployment_id, branch_name FROM dbt_syncs WHERE status = 'COMPLETED' AND output = 'branch' ORDER BY id DESC LIMIT 1")
      .get() as {id: number; deployment_id: number; branch_name: string};
    const generated = t.ctx.db.prepare('SELECT path FROM dbt_sync_files WHERE sync_id = ?').pluck().all(sync.id) as string[];
    const branch = t.ctx.db.prepare('SELECT id FROM branches WHERE deployment_id = ? AND name = ?').get(sync.deployment_id, sync.branch_name) as {id: number};
    const onBranch = new Set(t.ctx.db.prepare('SELECT path FROM branch_files WHERE branch_id = ?').pluck().all(branch.id) as string[]);
    expect(generated.length).toBeGreaterThan(0);
    for (const path of generated) expect(onBranch.has(path)).toBe(true);
  });

  it('each seeded sync that writes a branch has its own, named as a new sync names its branch', () => {
    const rows = t.ctx.db
      .prepare("SELECT sync_job_id, source, git_ref, started_at, branch_name FROM dbt_syncs WHERE output = 'branch'")
      .all() as Array<{sync_job_id: string; source: string; git_ref: string | null; started_at: number; branch_name: string}>;
    expect(rows.length).toBeGreaterThan(80);
    expect(new Set(rows.map((r) => r.branch_name)).size).toBe(rows.length);
    for (const r of rows) {
      const segment = r.source === 'manifest' ? 'manifest' : (r.git_ref ?? DBT_REPOSITORY.savedBranch);
      expect(r.branch_name).toBe(syncBranchName(segment, r.started_at, r.sync_job_id));
    }
  });

  it('every table with a branch column is covered above', () => {
    const tables = t.ctx.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const withBranch = tables.filter((table) =>
      (t.ctx.db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).some((c) => /branch/.test(c) && !/_id$|^branch_id$/.test(c) && !/read_only|merge_allowed/.test(c)),
    );
    expect(withBranch.filter((table) => !(table in REFERENCES)).sort()).toEqual([]);
  });
});
