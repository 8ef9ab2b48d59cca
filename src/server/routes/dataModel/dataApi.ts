// The data API of a deployment (`<deploymentUrl>/cubejs-api/v1/load`, and per branch under
// `<deploymentUrl>/dev-mode/<branch>/…`): answers queries from the bundled sample warehouse through the branch's
// compiled model. `{"error":"Continue wait"}` (200) while the branch's build is not warm yet, as the platform does.
import {MAX_JSON_DEPTH, jsonDepthExceeds} from '../../limits.js';
import {createRoute, z} from '@hono/zod-openapi';
import type {Context} from 'hono';
import {DeploymentIdParam, ErrorBody} from '../../../contract/common.js';
import {ContinueWait, LoadBody, LoadQueryParams, LoadResponse, MetaResponse} from '../../../contract/dataModel.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {HttpFailure, badRequest, notFound} from '../../errors.js';
import {compileModel, type CompiledModel} from '../../engines/compiler/index.js';
import {visibleModel} from '../../engines/compiler/tenants.js';
import {describeModel} from '../../engines/query/meta.js';
import {QueryError, runQueryIn, type Query} from '../../engines/query/index.js';
import {WarehouseBusyError} from '../../engines/sample/warehouse.js';
import {findDeployment} from '../../store/deployments.js';
import {authorizeData, branchFor, dataUseOf, environmentBranch, type DataCredential} from './dataAuth.js';
import {branchRunState, loadBranch} from './shared.js';
import {filesOf} from '../../store/branchTrees.js';

const Params = DeploymentIdParam;
const BranchParams = DeploymentIdParam.extend({branch: z.string().min(1)});
const failures = {
  400: {description: 'the query or the model is wrong', content: {'application/json': {schema: ErrorBody}}},
  401: {description: 'missing, unknown or expired token', content: {'application/json': {schema: ErrorBody}}},
  403: {description: 'a valid credential of another kind or for another deployment, environment or scope', content: {'application/json': {schema: ErrorBody}}},
  404: {description: 'unknown deployment or branch', content: {'application/json': {schema: ErrorBody}}},
};
const responses = {
  200: {description: 'rows, or {"error":"Continue wait"} while the branch builds', content: {'application/json': {schema: z.union([LoadResponse, ContinueWait])}}},
  ...failures,
  503: {description: 'every query process stayed busy with other queries for the time bound (with Retry-After)', content: {'application/json': {schema: ErrorBody}}},
};

/** The credential the middleware accepted for this request (dataModel/dataAuth.ts). */
// Keyed by the request object of the context, which stays the same when the body reader replaces `c.req.raw`.
const credentials = new WeakMap<object, DataCredential>();
const credentialOf = (c: Context): DataCredential => credentials.get(c.req)!;

/** The compiled model a branch's runtime serves, or 'wait' while its build is not warm yet. */
export async function runtimeModel(
  ctx: ServiceContext,
  c: Context,
  deploymentId: string,
  requested: string | undefined,
  opts: {ownBranch?: boolean} = {},
): Promise<CompiledModel | 'wait'> {
  const deployment = findDeployment(ctx.db, Number(deploymentId));
  if (!deployment) throw notFound(`deployment ${deploymentId} not found`);
  const cred = credentialOf(c);
  // The metadata API's paths name no branch: the token's environment does.
  const own = opts.ownBranch && cred.environment ? environmentBranch(ctx, cred.environment) : undefined;
  const branchName = own ?? branchFor(ctx, cred, requested);
  const branch = loadBranch(ctx, deployment, branchName ?? deployment.deploy_branch_name);
  if (branchRunState(ctx, deployment, branch.name) === 'inactive') {
    throw badRequest(`Branch ${branch.name} is not active: enable its staging environment or open it in dev mode to query it`);
  }
  const build = ctx.builds.status(deployment.id, branch.name);
  if (!build || build.step === 'queued' || build.step === 'building' || build.step === 'warmup') return 'wait';
  if (build.step === 'failed') throw badRequest(`the data model on ${branch.name} does not compile: ${build.errorText ?? 'build failed'}`);
  const compiled = compileModel([...filesOf(ctx.db, branch)].map(([path, content]) => ({path, content})));
  if (!compiled.valid) throw badRequest(`the data model on ${branch.name} does not compile: ${compiled.errors[0]!.file}: ${compiled.errors[0]!.message}`);
  return cred.securityContext ? visibleModel(compiled.model, cred.securityContext) : compiled.model;
}

async function answer(ctx: ServiceContext, c: Context, deploymentId: string, branchName: string | undefined, query: unknown) {
  const model = await runtimeModel(ctx, c, deploymentId, branchName);
  if (model === 'wait') return c.json({error: 'Continue wait' as const}, 200);
  if (typeof query !== 'object' || query === null || Array.isArray(query)) throw badRequest('query must be a JSON object, e.g. {"measures":["orders.count"]}');
  try {
    const result = await runQueryIn(model, ctx.warehouse, query as Query);
    return c.json({...result, query: result.query as Record<string, unknown>, lastRefreshTime: isoTime(ctx.clock.now())}, 200);
  } catch (e) {
    if (e instanceof QueryError) throw badRequest(e.message);
    if (e instanceof WarehouseBusyError) {
      c.header('retry-after', String(Math.ceil(e.timeoutMs / 1000)));
      throw new HttpFailure(503, `the data API is busy: every query process stayed taken by other queries for ${e.timeoutMs / 1000} s; try again shortly`);
    }
    throw e;
  }
}

async function meta(ctx: ServiceContext, c: Context, deploymentId: string, branchName: string | undefined) {
  const model = await runtimeModel(ctx, c, deploymentId, branchName);
  if (model === 'wait') return c.json({error: 'Continue wait' as const}, 200);
  return c.json({cubes: describeModel(model)}, 200);
}

function parseQueryParam(raw: string | undefined): unknown {
  if (raw === undefined) throw badRequest('query is required: pass ?query=<URL-encoded JSON>');
  if (jsonDepthExceeds(raw, MAX_JSON_DEPTH)) throw badRequest(`query: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('query is not valid JSON');
  }
}

export const register: RouteGroup = (app, ctx) => {
  const load = '/data/{deploymentId}/cubejs-api/v1/load';
  const branchLoad = '/data/{deploymentId}/dev-mode/{branch}/cubejs-api/v1/load';
  const tags = ['Data API'];
  // The token first, before the path or the query is looked at: without a valid token for this deployment nothing
  // else is answered (not even whether the query parameter is missing or the deployment exists).
  app.use('/data/:deploymentId/*', async (c, next) => {
    credentials.set(c.req, await authorizeData(ctx, c, Number(c.req.param('deploymentId')), dataUseOf(c.req.path)));
    await next();
  });
  app.openapi(createRoute({method: 'get', path: load, operationId: 'load', summary: 'Query the deploy branch', tags, request: {params: Params, query: LoadQueryParams}, responses}),
    (c) => answer(ctx, c, c.req.valid('param').deploymentId, undefined, parseQueryParam(c.req.valid('query').query)));
  app.openapi(createRoute({method: 'post', path: load, operationId: 'loadPost', summary: 'Query the deploy branch', tags, request: {params: Params, body: {required: true, content: {'application/json': {schema: LoadBody}}}}, responses}),
    (c) => answer(ctx, c, c.req.valid('param').deploymentId, undefined, c.req.valid('json').query));
  app.openapi(createRoute({method: 'get', path: branchLoad, operationId: 'loadBranch', summary: 'Query a branch (dev mode or staging)', tags, request: {params: BranchParams, query: LoadQueryParams}, responses}),
    (c) => answer(ctx, c, c.req.valid('param').deploymentId, c.req.valid('param').branch, parseQueryParam(c.req.valid('query').query)));
  const metaResponses = {...failures, 200: {description: 'cubes and views with their members, or {"error":"Continue wait"}', content: {'application/json': {schema: z.union([MetaResponse, ContinueWait])}}}};
  app.openapi(createRoute({method: 'get', path: '/data/{deploymentId}/cubejs-api/v1/meta', operationId: 'meta', summary: 'Cubes and views of the deploy branch', tags, request: {params: Params}, responses: metaResponses}),
    (c) => meta(ctx, c, c.req.valid('param').deploymentId, undefined));
  app.openapi(createRoute({method: 'get', path: '/data/{deploymentId}/dev-mode/{branch}/cubejs-api/v1/meta', operationId: 'metaBranch', summary: 'Cubes and views of a branch', tags, request: {params: BranchParams}, responses: metaResponses}),
    (c) => meta(ctx, c, c.req.valid('param').deploymentId, c.req.valid('param').branch));
  app.openapi(createRoute({method: 'post', path: branchLoad, operationId: 'loadBranchPost', summary: 'Query a branch (dev mode or staging)', tags, request: {params: BranchParams, body: {required: true, content: {'application/json': {schema: LoadBody}}}}, responses}),
    (c) => answer(ctx, c, c.req.valid('param').deploymentId, c.req.valid('param').branch, c.req.valid('json').query));
};
