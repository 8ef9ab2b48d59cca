// What the branches, dev-mode and files routes share: the credential a session belongs to, resolving which branch
// a request targets, and committing a new tree. (Creating branches and reading their files: store/branchTrees.ts.)
import {checkTree} from './filePaths.js';
import type {Context} from 'hono';
import type {Branch} from '../../../contract/dataModel.js';
import {principalOf, type AppEnv, type Principal} from '../../auth.js';
import type {ServiceContext} from '../../context.js';
import {badRequest, notFound} from '../../errors.js';
import {compileModel} from '../../engines/compiler/index.js';
import {ensureBranches} from '../../store/branchTrees.js';
import type {DeploymentRow} from '../../store/deployments.js';
import {findBranch, hasOpenSession, saveTree, sessionBranch, type BranchRow} from '../../store/branches.js';
import {treeHash} from '../../store/trees.js';

/** Dev-mode sessions belong to a credential: an API key by its id, an access token by its user. */
export function credentialKey(p: Principal): string {
  return p.keyId !== null ? `key:${p.keyId}` : `user:${p.userId}`;
}

export function toBranch(row: BranchRow): Branch {
  return {id: row.id, name: row.name, parentBranch: row.parent_name, lastHash: row.last_hash, isStagingEnvironmentEnabled: row.staging === 1};
}

/** A named branch or a 404 naming it. */
export function loadBranch(ctx: ServiceContext, deployment: DeploymentRow, name: string): BranchRow {
  ensureBranches(ctx.db, ctx.clock, deployment);
  const row = findBranch(ctx.db, deployment.id, name);
  if (!row) throw notFound(`branch ${name} not found in deployment ${deployment.id}`);
  return row;
}

/** The branch a read targets: the one named, else the credential's dev-mode branch, else the deploy branch. */
export function readTarget(ctx: ServiceContext, c: Context<AppEnv>, deployment: DeploymentRow, branchName: string | undefined): BranchRow {
  if (branchName !== undefined && branchName.trim() !== '') return loadBranch(ctx, deployment, branchName);
  ensureBranches(ctx.db, ctx.clock, deployment);
  return sessionBranch(ctx.db, deployment.id, credentialKey(principalOf(c))) ?? loadBranch(ctx, deployment, deployment.deploy_branch_name);
}

/**
 * A file write lands only on a personal `dev-…` branch (the one the policy resolved: named, else the credential's
 * dev-mode branch; another user's was refused there). Anything else is refused with what to do instead.
 */
export function devBranchOnly(deployment: DeploymentRow, branch: BranchRow): BranchRow {
  if (branch.kind !== 'dev') {
    throw badRequest(
      `Branch ${branch.name} is not a dev-mode branch: file writes land only on personal dev-… branches. ` +
        `Run svc data-model dev-mode ${deployment.id} ${branch.name} to fork one, write there, then commit to bring the changes back`,
    );
  }
  return branch;
}

/**
 * Saves a new tree on a branch (a new lastHash) and rebuilds it: the build fails with the compiler's first
 * errors when the model does not compile, as the platform's dev-mode rebuild does.
 */
export function commitTree(ctx: ServiceContext, deployment: DeploymentRow, branch: BranchRow, files: Map<string, string>, message: string): string {
  checkTree(files.keys());
  const hash = treeHash(files);
  saveTree(ctx.db, branch.id, files, hash, message, ctx.clock.now());
  if (branchRunState(ctx, deployment, branch.name) !== 'inactive') triggerBuild(ctx, deployment, branch.name, files, hash, message);
  return hash;
}

/** How a branch runs: the deploy branch in production; dev branches, branches open in dev mode and staging branches as dev_mode; other shared branches not at all. */
export type BranchRunState = 'production' | 'dev_mode' | 'inactive' | 'unknown';

export function branchRunState(ctx: ServiceContext, deployment: DeploymentRow, name: string): BranchRunState {
  ensureBranches(ctx.db, ctx.clock, deployment);
  const branch = findBranch(ctx.db, deployment.id, name);
  if (!branch) return 'unknown';
  if (branch.kind === 'deploy') return 'production';
  if (branch.kind === 'dev' || branch.staging === 1 || hasOpenSession(ctx.db, branch.id)) return 'dev_mode';
  return 'inactive';
}

/** The caller's dev-mode branch on a deployment, if a session is open (what build-status defaults to). */
export function activeDevBranchName(ctx: ServiceContext, principal: Principal, deploymentId: number): string | undefined {
  return sessionBranch(ctx.db, deploymentId, credentialKey(principal))?.name;
}

export function triggerBuild(ctx: ServiceContext, deployment: DeploymentRow, branchName: string, files: Map<string, string>, hash: string, reason: string): void {
  const list = [...files].map(([path, content]) => ({path, content}));
  ctx.builds.trigger(deployment.id, branchName, reason, {
    lastHash: hash,
    filesHash: hash,
    validate: () => {
      const result = compileModel(list);
      if (result.valid) return null;
      return result.errors.slice(0, 3).map((e) => `${e.file}${e.line ? `:${e.line}` : ''}: ${e.message}`).join('; ');
    },
  });
}
