// GET /api/v1/deployments/{deploymentId}/build-status: the newest build of a branch, as the real API reports it.
// The auth middleware has already rejected credentials scoped to other deployments (403) by the time we run.
import {createRoute} from '@hono/zod-openapi';
import {BuildStatusQuery, BuildStatusResponse, type BuildMode, type BuildStatusValue} from '../../../contract/builds.js';
import {DeploymentIdParam} from '../../../contract/common.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf, type Principal} from '../../auth.js';
import {isoTime, type ServiceContext} from '../../context.js';
import type {Build, BuildStep} from '../../engines/builds.js';
import type {DeploymentRow} from '../../store/deployments.js';
import {activeDevBranchName, branchRunState} from './shared.js';
import {errorResponses, json, loadDeployment} from '../http.js';

const buildStatusRoute = createRoute({
  method: 'get',
  path: '/api/v1/deployments/{deploymentId}/build-status',
  operationId: 'buildStatus',
  tags: ['Deployments'],
  summary: 'Latest build/compile status for a branch (production build or dev-mode)',
  description:
    'Without `branchName` (or with an empty one) the branch is the caller’s active dev-mode branch, else the deploy ' +
    'branch. An unknown branch reports `building` with errorText `Bad branch`; a shared branch nobody opened in dev ' +
    'mode reports `building` with errorText `Branch is not active`.',
  request: {params: DeploymentIdParam, query: BuildStatusQuery},
  responses: {200: json(BuildStatusResponse, 'Build status of the branch'), ...errorResponses(400, 403, 404)},
});

/** The branch a build-status request without `branchName` is about: the caller's dev-mode branch, else the deploy branch. */
export function resolveDefaultBranch(ctx: ServiceContext, credential: Principal, deployment: DeploymentRow): string {
  return activeDevBranchName(ctx, credential, deployment.id) ?? deployment.deploy_branch_name;
}

/** Engine steps as the API names them: queued and compiling are both `building`. */
const STATUS_OF_STEP: Record<BuildStep, BuildStatusValue> = {
  queued: 'building',
  building: 'building',
  warmup: 'warmup',
  built: 'built',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function buildStatusOf(ctx: ServiceContext, deployment: DeploymentRow, branchName: string): BuildStatusResponse {
  const kind = branchRunState(ctx, deployment, branchName);
  const mode: BuildMode = kind === 'production' ? 'production' : 'dev_mode';
  const base = {deploymentId: deployment.id, branchName, mode};
  if (kind === 'unknown') return {...base, ...noBuild('building'), errorText: 'Bad branch'};
  if (kind === 'inactive') return {...base, ...noBuild('building'), errorText: 'Branch is not active'};
  let build = ctx.builds.status(deployment.id, branchName);
  // A deployment always serves its deploy branch; one that predates the build engine gets its first build
  // recorded as finished when it was created, so the answer is a real, stored build from then on.
  build ??= kind === 'production' ? ctx.builds.recordFinished(deployment.id, branchName, 'initial build', {finishedAt: deployment.created_at}) : undefined;
  return build ? {...base, ...fromBuild(build)} : {...base, ...noBuild('none')};
}

function noBuild(status: BuildStatusValue) {
  return {status, buildJobId: null, deploymentStatus: null, errorText: null, filesHash: null, lastHash: null, updatedAt: null};
}

function fromBuild(build: Build) {
  return {
    status: STATUS_OF_STEP[build.step],
    buildJobId: build.id,
    deploymentStatus: build.step,
    errorText: build.errorText ?? null,
    filesHash: build.filesHash ?? null,
    lastHash: build.lastHash ?? null,
    updatedAt: isoTime(build.updatedAt),
  };
}

export const register: RouteGroup = (app, ctx) => {
  app.openapi(buildStatusRoute, (c) => {
    const {deploymentId} = c.req.valid('param');
    const {branchName} = c.req.valid('query');
    const deployment = loadDeployment(ctx, deploymentId);
    const branch = branchName === undefined || branchName.trim() === '' ? resolveDefaultBranch(ctx, principalOf(c), deployment) : branchName;
    return c.json(buildStatusOf(ctx, deployment, branch), 200);
  });
};
