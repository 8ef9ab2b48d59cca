// SEAM (data model): where a finished sync's files land. A sync writes a shared branch forked from the deploy
// branch: the deploy branch's files, minus any earlier generated dbt cubes, plus this sync's. Uses the data-model
// engineer's branch store (store/branches.ts) and its starter-branch helper, so synced branches are ordinary
// branches for listing, dev mode and deletion. No build is triggered: a synced shared branch has no runtime
// until someone opens it in dev mode.
import type {ServiceContext} from '../../context.js';
import {ensureBranches, filesOf} from '../../store/branchTrees.js';
import {treeHash} from '../../store/trees.js';
import {findBranch, findBranchByKey, insertBranch, saveTree} from '../../store/branches.js';
import {findDeployment} from '../../store/deployments.js';
import {GENERATED_DIR} from './cubes.js';

export type BranchWrite = {ok: true; revision: string} | {ok: false; error: string};

export function writeSyncBranch(
  ctx: ServiceContext,
  w: {deploymentId: number; branchName: string; files: Array<{path: string; content: string}>; message: string; at: number},
): BranchWrite {
  const deployment = findDeployment(ctx.db, w.deploymentId);
  if (!deployment) return {ok: false, error: `deployment ${w.deploymentId} no longer exists`};
  ensureBranches(ctx.db, ctx.clock, deployment);
  const existing = findBranch(ctx.db, deployment.id, w.branchName);
  const clash = existing ? undefined : findBranchByKey(ctx.db, deployment.id, w.branchName);
  if (clash) return {ok: false, error: `branch ${clash.name} already exists; branch names are unique without regard to case, so the sync cannot write ${w.branchName}`};
  if (existing && existing.kind !== 'shared') {
    return {ok: false, error: `branch ${w.branchName} is a ${existing.kind === 'dev' ? 'personal dev-mode' : 'deploy'} branch; a sync writes only shared branches`};
  }
  const base = existing ?? findBranch(ctx.db, deployment.id, deployment.deploy_branch_name);
  const tree = new Map([...(base ? filesOf(ctx.db, base) : new Map<string, string>())].filter(([path]) => !path.startsWith(GENERATED_DIR)));
  for (const f of w.files) tree.set(f.path, f.content);
  const hash = treeHash(tree);
  ctx.db.transaction(() => {
    const id =
      existing?.id ??
      insertBranch(ctx.db, {deploymentId: deployment.id, name: w.branchName, kind: 'shared', parentId: base?.id ?? null, ownerUserId: null, lastHash: hash, now: w.at});
    saveTree(ctx.db, id, tree, hash, w.message, w.at);
  })();
  return {ok: true, revision: hash};
}
