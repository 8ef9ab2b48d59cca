// Creating and updating deployments. An update that changes the version in effect rebuilds the deploy branch.
import {createRoute} from '@hono/zod-openapi';
import {CreateDeploymentBody, Deployment, DeploymentIdParam, DeploymentSettings, UpdateDeploymentBody} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {badRequest} from '../../errors.js';
import {provisionDeployment} from '../../provision.js';
import {REGIONS} from '../../regions.js';
import {chooseVersion} from '../../releases.js';
import {findDeployment, updateDeployment, type DeploymentPatch, type DeploymentRow} from '../../store/deployments.js';
import {recordVersionUse} from '../../store/versions.js';
import {findBranch} from '../../store/branches.js';
import {ensureBranches} from '../../store/branchTrees.js';
import {gitRefNameProblem, printableName} from '../../../contract/names.js';
import {toDeployment, toSettings} from './views.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/build/api/v1/deployments',
      operationId: 'createDeployment',
      summary: 'Create a deployment (scaffolds it and runs the first build unless it is GitHub-backed)',
      tags: ['Deployment Creation'],
      request: {body: jsonBody(CreateDeploymentBody)},
      responses: {200: json(Deployment, 'the new deployment'), ...errorResponses(400, 403)},
    }),
    (c) => {
      const body = c.req.valid('json');
      if (!REGIONS.some((r) => r.name === body.region)) {
        throw badRequest(`region: unknown region "${body.region}"; valid regions: ${REGIONS.map((r) => r.name).join(', ')}`);
      }
      return c.json(toDeployment(ctx, provisionDeployment(ctx, body)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/v1/deployments/{deploymentId}',
      operationId: 'updateDeployment',
      summary: 'Update a deployment; switching versions takes a listed releaseChannelVersion or a releaseChannel',
      tags: ['Deployments'],
      request: {params: DeploymentIdParam, body: jsonBody(UpdateDeploymentBody)},
      responses: {200: json(DeploymentSettings, 'the settings after the update'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const row = loadDeployment(ctx, c.req.valid('param').deploymentId);
      return c.json(toSettings(ctx, applyUpdate(ctx, row, c.req.valid('json'))), 200);
    },
  );
};

/** The deploy branch must be a shared branch the deployment already has (create it first with create-branch). */
function checkDeployBranch(ctx: ServiceContext, row: DeploymentRow, name: string): void {
  const problem = gitRefNameProblem(name);
  if (problem) throw badRequest(`deployBranchName: "${printableName(name)}" is not a valid branch name: it ${problem}`);
  ensureBranches(ctx.db, ctx.clock, row);
  const branch = findBranch(ctx.db, row.id, name);
  if (!branch) throw badRequest(`deployBranchName: deployment ${row.id} has no branch ${name} (create it first: svc data-model create-branch ${row.id} ${name})`);
  if (branch.kind === 'dev') throw badRequest(`deployBranchName: ${name} is a personal dev-mode branch; the deploy branch must be a shared branch`);
}

function applyUpdate(ctx: ServiceContext, row: DeploymentRow, body: UpdateDeploymentBody): DeploymentRow {
  if (body.deployBranchName !== undefined) checkDeployBranch(ctx, row, body.deployBranchName);
  const choice = chooseVersion(ctx, row, body);
  const patch: DeploymentPatch = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.deployMode !== undefined) patch.deploy_mode = body.deployMode;
  if (body.deployBranchName !== undefined) patch.deploy_branch_name = body.deployBranchName;
  if (body.deployBranchReadOnly !== undefined) patch.deploy_branch_read_only = body.deployBranchReadOnly ? 1 : 0;
  if (body.deployBranchMergeAllowed !== undefined) patch.deploy_branch_merge_allowed = body.deployBranchMergeAllowed ? 1 : 0;
  if (body.deployProjectRoot !== undefined) patch.deploy_project_root = body.deployProjectRoot;
  if (body.customDomain !== undefined) patch.custom_domain = body.customDomain;
  if (body.template !== undefined) patch.template = body.template;
  if (body.templateVariables !== undefined) {
    const current = row.template_variables ? (JSON.parse(row.template_variables) as Record<string, unknown>) : {};
    patch.template_variables = JSON.stringify({...current, ...body.templateVariables});
  }
  if (body.releaseChannelVersionHold !== undefined) patch.release_channel_version_hold = body.releaseChannelVersionHold ? 1 : 0;
  const switched = choice !== undefined && (choice.channel !== row.release_channel || choice.version !== row.release_channel_version);
  if (choice) {
    patch.release_channel = choice.channel;
    patch.release_channel_version = choice.version;
    patch.release_channel_version_hold = choice.hold ? 1 : 0;
  }
  const now = ctx.clock.now();
  ctx.db.transaction(() => {
    updateDeployment(ctx.db, row.id, patch, now);
    if (switched && choice) {
      recordVersionUse(ctx.db, row.id, choice, now);
      ctx.builds.trigger(row.id, patch.deploy_branch_name ?? row.deploy_branch_name, 'version switch');
    }
  })();
  const updated = findDeployment(ctx.db, row.id);
  if (!updated) throw new Error(`deployment ${row.id} vanished during update`);
  return updated;
}
