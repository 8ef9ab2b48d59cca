// A branch's tree of data-model files, above the row-level store: creating a branch with its first revision, the
// starter branches every deployment begins with, and reading a branch's files. Routes and engines (the dbt sync
// writes its generated branch through here) share it.
import type {ServiceContext} from '../context.js';
import {DEMO_MODEL_FILES} from '../engines/sample/demoModel.js';
import type {DeploymentRow} from './deployments.js';
import {branchFiles, countBranches, findBranchById, insertBranch, saveTree, setBaseTree, type BranchKind, type BranchRow} from './branches.js';
import {hashesOf, treeHash} from './trees.js';

/** The shared branch every deployment starts with beside its deploy branch. */
export const STARTER_SHARED_BRANCH = 'staging';

/** Creates a branch holding `files`, recording its first revision. */
export function createBranch(
  ctx: ServiceContext,
  b: {deploymentId: number; name: string; kind: BranchKind; parent: BranchRow | null; ownerUserId: number | null; files: Map<string, string>; message: string},
): BranchRow {
  const now = ctx.clock.now();
  const hash = treeHash(b.files);
  return ctx.db.transaction(() => {
    const id = insertBranch(ctx.db, {deploymentId: b.deploymentId, name: b.name, kind: b.kind, parentId: b.parent?.id ?? null, ownerUserId: b.ownerUserId, lastHash: hash, now});
    saveTree(ctx.db, id, b.files, hash, b.message, now);
    if (b.parent) setBaseTree(ctx.db, id, hashesOf(b.files));
    return findBranchById(ctx.db, b.deploymentId, id)!;
  })();
}

/** A deployment's deploy branch with the demo model and one shared branch forked from it. */
export function seedBranches(ctx: ServiceContext, deploymentId: number, deployBranchName: string): void {
  const files = new Map(DEMO_MODEL_FILES.map((f) => [f.path, f.content]));
  const deploy = createBranch(ctx, {deploymentId, name: deployBranchName, kind: 'deploy', parent: null, ownerUserId: null, files, message: 'starter data model'});
  createBranch(ctx, {deploymentId, name: STARTER_SHARED_BRANCH, kind: 'shared', parent: deploy, ownerUserId: null, files, message: `branch from ${deployBranchName}`});
}

/** Deployments from a data file written before branches existed get their starter branches on first use. */
export function ensureBranches(ctx: ServiceContext, deployment: DeploymentRow): void {
  if (countBranches(ctx.db, deployment.id) === 0) seedBranches(ctx, deployment.id, deployment.deploy_branch_name);
}

export function filesOf(ctx: ServiceContext, branch: BranchRow): Map<string, string> {
  return new Map(branchFiles(ctx.db, branch.id).map((f) => [f.path, f.content]));
}
