// Moving changes between branches: commit (a dev branch's edits into the branch it was forked from), merge (a
// branch into its parent), merge-to-default (into the deploy branch, rebuilding production) and pull.
import {createRoute} from '@hono/zod-openapi';
import type {Context} from 'hono';
import {DeploymentIdParam} from '../../contract/common.js';
import {
  CommitChangesRequest, DataModelWriteResponse, MergeIntoParentBranchRequest, MergeResponse, MergeToDefaultBranchRequest, PullRequest, PullResponse,
} from '../../contract/dataModel.js';
import type {RouteGroup} from '../appTypes.js';
import {principalOf, requirePermission, type AppEnv} from '../auth.js';
import type {ServiceContext} from '../context.js';
import {badRequest, conflict, notFound} from '../errors.js';
import type {DeploymentRow} from '../store/deployments.js';
import {clearSession, findBranchById, removeBranch, sessionBranch, setBaseTree, setSession, type BranchRow} from '../store/branches.js';
import {commitTree, credentialKey, ensureBranches, filesOf, loadBranch} from './dataModelShared.js';
import {treeHash} from './filePaths.js';
import {hashesOf, mergeTrees, type Tree} from './treeMerge.js';
import {errorResponses, json, jsonBody, loadDeployment} from './shared.js';

const tags = ['Data Model'];
const BASE = '/build/api/v1/deployments/{deploymentId}';

/** The branch named by name or id, else the caller's dev-mode branch. */
function targetBranch(ctx: ServiceContext, c: Context<AppEnv>, deployment: DeploymentRow, t: {branchName?: string; branchId?: number}, action: string): BranchRow {
  ensureBranches(ctx, deployment);
  if (t.branchId !== undefined) {
    const row = findBranchById(ctx.db, deployment.id, t.branchId);
    if (!row) throw notFound(`branch id ${t.branchId} not found in deployment ${deployment.id}`);
    return row;
  }
  if (t.branchName !== undefined && t.branchName.trim() !== '') return loadBranch(ctx, deployment, t.branchName);
  const session = sessionBranch(ctx.db, deployment.id, credentialKey(principalOf(c)));
  if (!session) throw badRequest(`no branch given and this credential has no dev-mode session on deployment ${deployment.id}: name the branch to ${action}`);
  return session;
}

/** Merges `branch`'s changes since its base into `into`; 409 naming the paths both sides changed. */
function mergeInto(ctx: ServiceContext, branch: BranchRow, into: BranchRow, preferOurs = false): {ours: Tree; merged: Tree; changed: boolean} {
  const ours = filesOf(ctx, branch);
  const theirs = filesOf(ctx, into);
  const base = JSON.parse(branch.base_tree ?? '{}') as Record<string, string>;
  const {tree, conflicts} = mergeTrees(base, ours, theirs, preferOurs);
  if (conflicts.length > 0 && !preferOurs) {
    throw conflict(`${into.name} and ${branch.name} both changed ${conflicts.join(', ')} since they last agreed; resolve it on ${branch.name} and try again`);
  }
  return {ours, merged: tree, changed: treeHash(tree) !== into.last_hash};
}

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({method: 'post', path: `${BASE}/commit`, operationId: 'commitChanges', summary: 'Commit a dev branch’s edits into the branch it was forked from', tags,
      request: {params: DeploymentIdParam, body: jsonBody(CommitChangesRequest, false)},
      responses: {200: json(DataModelWriteResponse, 'committed'), ...errorResponses(400, 403, 404, 409)}}),
    (c) => {
      requirePermission(c, 'SchemaUpdate');
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const body = c.req.valid('json') ?? {};
      const dev = targetBranch(ctx, c, deployment, {branchName: body.branchName}, 'commit');
      if (dev.kind !== 'dev') {
        throw badRequest(`Branch ${dev.name} is not a dev-mode branch: commit pushes a dev-… branch's edits to the branch it was forked from; enter dev mode on ${dev.name} first`);
      }
      const parent = findBranchById(ctx.db, deployment.id, dev.parent_id ?? -1);
      if (!parent) throw badRequest(`Branch ${dev.name} has no parent branch to commit to`);
      const {ours, merged, changed} = mergeInto(ctx, dev, parent, body.resolveMergeConflict === true);
      const message = body.message?.trim() || `Commit from ${dev.name}`;
      ctx.db.transaction(() => {
        if (changed) commitTree(ctx, deployment, parent, merged, message);
        // The dev branch takes the parent's other changes too, so both now agree on the merged tree.
        if (treeHash(merged) !== treeHash(ours)) commitTree(ctx, deployment, dev, merged, `sync with ${parent.name}`);
        setBaseTree(ctx.db, dev.id, hashesOf(merged));
        if (body.exitDevMode === true) clearSession(ctx.db, deployment.id, credentialKey(principalOf(c)));
      })();
      return c.json({success: true}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: `${BASE}/merge`, operationId: 'mergeIntoParentBranch', summary: 'Merge a branch into its parent branch', tags,
      request: {params: DeploymentIdParam, body: jsonBody(MergeIntoParentBranchRequest, false)},
      responses: {200: json(MergeResponse, 'merged'), ...errorResponses(400, 403, 404, 409)}}),
    (c) => {
      requirePermission(c, 'SchemaUpdate');
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const body = c.req.valid('json') ?? {};
      const branch = targetBranch(ctx, c, deployment, body, 'merge');
      const parent = findBranchById(ctx.db, deployment.id, branch.parent_id ?? -1);
      if (!parent) throw badRequest(`Branch ${branch.name} has no parent branch to merge into`);
      const {ours, merged, changed} = mergeInto(ctx, branch, parent);
      const branchDeleted = body.deleteBranch === true;
      ctx.db.transaction(() => {
        if (changed) commitTree(ctx, deployment, parent, merged, body.message?.trim() || `Merge branch ${branch.name}`);
        setBaseTree(ctx.db, branch.id, hashesOf(ours));
        if (body.switchToParentBranch === true) setSession(ctx.db, deployment.id, credentialKey(principalOf(c)), parent.id, ctx.clock.now());
        if (branchDeleted) removeBranch(ctx.db, branch);
      })();
      return c.json({merged: true, branchDeleted}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: `${BASE}/merge-to-default`, operationId: 'mergeToDefaultBranch', summary: 'Merge a branch into the deploy branch and rebuild production', tags,
      description: 'Deletes the merged branch unless `removeBranchAfterMerge` is false; its children are re-parented.',
      request: {params: DeploymentIdParam, body: jsonBody(MergeToDefaultBranchRequest, false)},
      responses: {200: json(MergeResponse, 'merged'), ...errorResponses(400, 403, 404, 409)}}),
    (c) => {
      requirePermission(c, 'SchemaUpdate');
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const body = c.req.valid('json') ?? {};
      const branch = targetBranch(ctx, c, deployment, body, 'merge');
      if (branch.kind === 'deploy') throw badRequest(`Branch ${branch.name} is the deploy branch already; name the branch to merge into it`);
      const deploy = loadBranch(ctx, deployment, deployment.deploy_branch_name);
      const {ours, merged} = mergeInto(ctx, branch, deploy);
      const branchDeleted = body.removeBranchAfterMerge !== false;
      ctx.db.transaction(() => {
        // Production rebuilds on every merge, as the platform does, even when the tree did not change.
        commitTree(ctx, deployment, deploy, merged, body.message?.trim() || `Merge branch ${branch.name}`);
        if (branchDeleted) removeBranch(ctx.db, branch);
        else setBaseTree(ctx.db, branch.id, hashesOf(ours));
      })();
      return c.json({merged: true, branchDeleted}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: `${BASE}/pull`, operationId: 'pull', summary: 'Pull a branch from its git remote and rebuild if it changed', tags,
      description: 'The local service has no git remote, so a pull never changes the branch and never triggers a build.',
      request: {params: DeploymentIdParam, body: jsonBody(PullRequest, false)},
      responses: {200: json(PullResponse, 'pulled'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      requirePermission(c, 'SchemaUpdate');
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const name = c.req.valid('json')?.branchName;
      if (name !== undefined && name.trim() !== '') loadBranch(ctx, deployment, name);
      return c.json({buildTriggered: false}, 200);
    },
  );
};
