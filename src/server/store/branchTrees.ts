// A branch's tree of data-model files, above the row-level store: creating a branch with its first revision, the
// starter branches every deployment begins with, and reading a branch's files. Routes and engines (the dbt sync
// writes its generated branch through here) share it.
import type {Clock} from '../engines/clock.js';
import {DEMO_MODEL_FILES} from '../engines/sample/demoModel.js';
import type {Db} from './db.js';
import type {DeploymentRow} from './deployments.js';
import {branchFiles, countBranches, findBranchById, insertBranch, saveTree, setBaseTree, type BranchKind, type BranchRow} from './branches.js';
import {hashesOf, treeHash} from './trees.js';

/** The shared branch every deployment starts with beside its deploy branch. */
export const STARTER_SHARED_BRANCH = 'staging';

/** Creates a branch holding `files`, recording its first revision. */
export function createBranch(
  db: Db,
  clock: Clock,
  b: {deploymentId: number; name: string; kind: BranchKind; parent: BranchRow | null; ownerUserId: number | null; files: Map<string, string>; message: string},
): BranchRow {
  const now = clock.now();
  const hash = treeHash(b.files);
  return db.transaction(() => {
    const id = insertBranch(db, {deploymentId: b.deploymentId, name: b.name, kind: b.kind, parentId: b.parent?.id ?? null, ownerUserId: b.ownerUserId, lastHash: hash, now});
    saveTree(db, id, b.files, hash, b.message, now);
    if (b.parent) setBaseTree(db, id, hashesOf(b.files));
    return findBranchById(db, b.deploymentId, id)!;
  })();
}

/** A deployment's deploy branch with the demo model and one shared branch forked from it. */
export function seedBranches(db: Db, clock: Clock, deploymentId: number, deployBranchName: string): void {
  const files = new Map(DEMO_MODEL_FILES.map((f) => [f.path, f.content]));
  const deploy = createBranch(db, clock, {deploymentId, name: deployBranchName, kind: 'deploy', parent: null, ownerUserId: null, files, message: 'starter data model'});
  createBranch(db, clock, {deploymentId, name: STARTER_SHARED_BRANCH, kind: 'shared', parent: deploy, ownerUserId: null, files, message: `branch from ${deployBranchName}`});
}

/** Deployments from a data file written before branches existed get their starter branches on first use. */
export function ensureBranches(db: Db, clock: Clock, deployment: DeploymentRow): void {
  if (countBranches(db, deployment.id) === 0) seedBranches(db, clock, deployment.id, deployment.deploy_branch_name);
}

export function filesOf(db: Db, branch: BranchRow): Map<string, string> {
  return new Map(branchFiles(db, branch.id).map((f) => [f.path, f.content]));
}
