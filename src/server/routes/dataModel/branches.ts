// Data model branches of a deployment: list, create (shared), delete (children re-parented), and the always-on
// staging environment of a shared branch. Also gives every new deployment its starter branches.
import {createRoute} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {
  BranchesListResponse, BranchesQuery, CreateBranchRequest, DataModelWriteResponse, DeleteBranchQuery, DevBranchResponse,
  SetBranchStagingEnvironmentRequest, SetBranchStagingEnvironmentResponse,
} from '../../../contract/dataModel.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf} from '../../auth.js';
import type {ServiceContext} from '../../context.js';
import {newBranchNameProblem} from '../../../contract/names.js';
import {badRequest, conflict, notFound} from '../../errors.js';
import {disableStaging, findBranchById, findBranchByKey, listBranches, removeBranch, setSession, type BranchRow} from '../../store/branches.js';
import {insertEnvironment} from '../../store/environments.js';
import {credentialKey, loadBranch, toBranch, triggerBuild} from './shared.js';
import {resourceOf} from '../../policyResources.js';
import {createBranch, ensureBranches, filesOf, seedBranches} from '../../store/branchTrees.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

const tags = ['Data Model'];
const BASE = '/build/api/v1/deployments/{deploymentId}/branches';
const seeded = new WeakSet<ServiceContext>();

/** Cursors are opaque to clients; here the last branch id of a page. */
const encodeCursor = (id: number): string => Buffer.from(`branch:${id}`).toString('base64url');
function decodeCursor(after: string | undefined): number {
  if (after === undefined || after === '') return 0;
  const match = /^branch:(\d+)$/.exec(Buffer.from(after, 'base64url').toString());
  if (!match) throw badRequest('after: not a cursor returned by this endpoint');
  return Number(match[1]);
}

/** A new shared branch's name: the shared rule (contract/names.ts), and no other branch of the same name in any case. */
export function checkNewBranchName(ctx: ServiceContext, deploymentId: number, name: string): void {
  const problem = newBranchNameProblem(name);
  if (problem !== undefined) throw badRequest(`name: ${problem}`);
  const clash = findBranchByKey(ctx.db, deploymentId, name);
  if (clash) throw conflict(clash.name === name ? `branch ${name} already exists` : `branch ${clash.name} already exists; branch names are unique without regard to case`);
}

function stagingRefusal(branch: BranchRow, deploymentId: number): string | undefined {
  if (branch.kind === 'dev') {
    return `Branch ${branch.name} is a personal dev-mode branch; only shared branches can have a staging environment (create one with svc data-model create-branch ${deploymentId} <name>)`;
  }
  if (branch.kind === 'deploy') return `Branch ${branch.name} is the deploy branch; it is served by the production environment, not a staging one`;
  return undefined;
}

export const register: RouteGroup = (app, ctx) => {
  if (!seeded.has(ctx)) {
    seeded.add(ctx);
    ctx.hooks.created.push(({id, deployBranchName}) => seedBranches(ctx.db, ctx.clock, id, deployBranchName));
  }

  app.openapi(
    createRoute({method: 'get', path: BASE, operationId: 'listBranches', summary: "List a deployment's branches", tags,
      request: {params: DeploymentIdParam, query: BranchesQuery},
      responses: {200: json(BranchesListResponse, 'branches with their staging state'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      ensureBranches(ctx.db, ctx.clock, deployment);
      const {first, after} = c.req.valid('query');
      const afterId = decodeCursor(after);
      const limit = first ? Number(first) : 10_000;
      const rows = listBranches(ctx.db, deployment.id, afterId, limit + 1);
      const page = rows.slice(0, limit).map(toBranch);
      const last = page.at(-1);
      const pageInfo = {hasNextPage: rows.length > limit, hasPreviousPage: afterId > 0, startCursor: page[0] ? encodeCursor(page[0].id) : null, endCursor: last ? encodeCursor(last.id) : null};
      return c.json({items: page, data: page, pageInfo}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: BASE, operationId: 'createBranch', summary: 'Create a shared branch (optionally entering dev mode on it)', tags,
      request: {params: DeploymentIdParam, body: jsonBody(CreateBranchRequest)},
      responses: {200: json(DevBranchResponse, 'the branch, and whether the session now points at it'), ...errorResponses(400, 403, 404, 409)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const body = c.req.valid('json');
      checkNewBranchName(ctx, deployment.id, body.name);
      const parent = loadBranch(ctx, deployment, body.from ?? deployment.deploy_branch_name);
      const branch = createBranch(ctx.db, ctx.clock, {deploymentId: deployment.id, name: body.name, kind: 'shared', parent, ownerUserId: null, files: filesOf(ctx.db, parent), message: `branch from ${parent.name}`});
      // The session points at the new branch itself, without forking, so writes to it are still refused.
      const activate = body.enterDevMode === true || body.activate === true;
      if (activate) {
        setSession(ctx.db, deployment.id, credentialKey(principalOf(c)), branch.id, ctx.clock.now());
        // Opening a branch in dev mode starts its runtime, so its build status reports dev_mode from now on.
        triggerBuild(ctx, deployment, branch.name, filesOf(ctx.db, branch), branch.last_hash, 'dev mode entered');
      }
      return c.json({active: activate, branchName: branch.name, parentBranch: parent.name}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'delete', path: BASE, operationId: 'removeBranch', summary: 'Delete a branch', tags,
      description: 'Child branches are re-parented onto the deleted branch’s parent; dev-mode sessions on it end. The deploy branch cannot be deleted.',
      request: {params: DeploymentIdParam, query: DeleteBranchQuery},
      responses: {200: json(DataModelWriteResponse, 'deleted'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const {branch} = resourceOf(c, 'branch');
      if (branch.kind === 'deploy') throw badRequest(`Branch ${branch.name} is the deploy branch of deployment ${deployment.id} and cannot be deleted`);
      // removeOnUpstream concerns a connected git provider; the local service has none, so there is nothing more to remove.
      removeBranch(ctx.db, branch);
      return c.json({success: true}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'put', path: `${BASE}/staging-environment`, operationId: 'setBranchStagingEnvironment', summary: "Enable or disable a branch's staging environment", tags,
      request: {params: DeploymentIdParam, body: jsonBody(SetBranchStagingEnvironmentRequest)},
      responses: {200: json(SetBranchStagingEnvironmentResponse, 'the branch'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const body = c.req.valid('json');
      ensureBranches(ctx.db, ctx.clock, deployment);
      const byName = body.branchName != null && body.branchName.trim() !== '' ? loadBranch(ctx, deployment, body.branchName) : undefined;
      let branch = byName;
      if (body.branchId != null) {
        const byId = findBranchById(ctx.db, deployment.id, body.branchId);
        if (!byId) throw notFound(`branch id ${body.branchId} not found in deployment ${deployment.id}`);
        if (byName && byName.id !== byId.id) throw badRequest(`branchName ${byName.name} and branchId ${body.branchId} name different branches`);
        branch = byId;
      }
      if (!branch) throw badRequest('give branchName or branchId');
      const refusal = stagingRefusal(branch, deployment.id);
      if (refusal) throw badRequest(refusal);
      if (body.enabled) {
        // Enabling always builds, also an environment already enabled: it stays active only once it has been built.
        if (branch.staging === 0) insertEnvironment(ctx.db, {deploymentId: deployment.id, name: branch.name, type: 'staging', branch: branch.name, userEmail: null, now: ctx.clock.now()});
        triggerBuild(ctx, deployment, branch.name, filesOf(ctx.db, branch), branch.last_hash, 'staging environment enabled');
      } else {
        disableStaging(ctx.db, deployment.id, branch.name);
      }
      return c.json({data: toBranch(findBranchById(ctx.db, deployment.id, branch.id)!)}, 200);
    },
  );
};
