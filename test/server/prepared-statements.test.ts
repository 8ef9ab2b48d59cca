// The store functions every request goes through (the deployment and branch reads behind each deployment-scoped
// route, the key lookups, saving a branch's tree) prepare their statements once per database (store/prepared.ts),
// not on every call: compiling the SQL was a tenth of SQLite's time in the service tests' profile. A cached
// statement must still answer each call with that call's rows.
import {describe, expect, it, onTestFinished} from 'vitest';
import type {Db} from '../../src/server/store/db.js';
import {countBranches, findBranch, findBranchById, findBranchByKey, insertBranch, listBranches, saveTree, sessionBranch, branchFiles} from '../../src/server/store/branches.js';
import {findDeployment} from '../../src/server/store/deployments.js';
import {findApiKey} from '../../src/server/store/apiKeys.js';
import {findAdmin} from '../../src/server/store/users.js';
import {channelHead, recordVersionUse} from '../../src/server/store/versions.js';
import {listResources} from '../../src/server/store/resources.js';
import {testApp} from '../helpers/startService.js';

/** The SQL texts `db.prepare` compiles while `fn` runs. */
function preparedDuring(db: Db, fn: () => void): string[] {
  const original = db.prepare;
  const seen: string[] = [];
  db.prepare = ((sql: string) => {
    seen.push(sql);
    return original.call(db, sql);
  }) as typeof db.prepare;
  try {
    fn();
  } finally {
    db.prepare = original;
  }
  return seen;
}

describe('statements on the hot store paths', () => {
  it('are compiled on the first call only, and each later call answers with its own rows', () => {
    const t = testApp('demo');
    onTestFinished(() => t.close());
    const db = t.ctx.db;
    const deployment = db.prepare('SELECT id, deploy_branch_name FROM deployments ORDER BY id LIMIT 1').get() as {id: number; deploy_branch_name: string};
    const now = t.clock.now();
    const calls = (n: number) => () => {
      const created = insertBranch(db, {deploymentId: deployment.id, name: `cache-${n}`, kind: 'shared', parentId: null, ownerUserId: null, lastHash: 'h', now});
      saveTree(db, created, new Map([['model/a.yml', `cubes: [] # ${n}`]]), `hash-${n}`, 'save', now);
      expect(findBranch(db, deployment.id, `cache-${n}`)?.id).toBe(created);
      expect(findBranchById(db, deployment.id, created)?.name).toBe(`cache-${n}`);
      expect(findBranchByKey(db, deployment.id, `CACHE-${n}`)?.id).toBe(created);
      expect(branchFiles(db, created)).toEqual([{path: 'model/a.yml', content: `cubes: [] # ${n}`}]);
      expect(findBranch(db, deployment.id, `cache-${n}`)?.last_hash).toBe(`hash-${n}`);
      expect(listBranches(db, deployment.id, created - 1, 5).map((b) => b.id)).toEqual([created]);
      expect(countBranches(db, deployment.id)).toBeGreaterThan(0);
      expect(sessionBranch(db, deployment.id, `no-such-credential-${n}`)).toBeUndefined();
      expect(findDeployment(db, deployment.id)?.deploy_branch_name).toBe(deployment.deploy_branch_name);
      expect(findApiKey(db, 1_000_000 + n)).toBeUndefined();
      expect(findAdmin(db)?.is_admin).toBe(1);
      expect(typeof channelHead(db, 'latest')).toBe('string');
      recordVersionUse(db, deployment.id, {channel: 'latest', version: channelHead(db, 'latest')!}, now);
      expect(Array.isArray(listResources(db, 'no-such-kind', 'none'))).toBe(true);
    };
    preparedDuring(db, calls(1));
    expect(preparedDuring(db, calls(2))).toEqual([]);
  });
});
