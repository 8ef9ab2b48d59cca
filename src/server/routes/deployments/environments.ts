// Environments of a deployment and the metadata-sync JWT of one environment.
import {createRoute} from '@hono/zod-openapi';
import {
  DEFAULT_META_TOKEN_TTL,
  DeploymentIdParam,
  EnvironmentParams,
  EnvironmentsListResponse,
  EnvironmentsQuery,
  MetaSyncTokenBody,
  MetaSyncTokenResponse,
  type Environment,
} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {issuerClaim, principalOf, requirePermission} from '../../auth.js';
import {deploymentUrl, isoTime, type ServiceContext} from '../../context.js';
import {notFound} from '../../errors.js';
import {findEnvironment, listEnvironments, type EnvironmentRow} from '../../store/environments.js';
import {signToken} from '../../tokens.js';
import {errorResponses, json, jsonBody, loadDeployment, offsetPageInfo, paging} from '../shared.js';

const tags = ['Environments'];

/** The SQL API of every environment of the local service: one listener address (not served here). */
const SQL_HOST = '127.0.0.1';
const SQL_PORT = 15432;

export function toEnvironment(ctx: ServiceContext, row: EnvironmentRow): Environment {
  const base = deploymentUrl(ctx, row.deployment_id);
  const prefix = row.type === 'production' || !row.branch ? base : `${base}/dev-mode/${encodeURIComponent(row.branch)}`;
  return {
    id: String(row.id),
    name: row.name,
    type: row.type,
    branch: row.branch,
    user: row.user_email,
    api_credentials: {rest: {url: `${prefix}/cubejs-api/v1`}, sql: {host: SQL_HOST, port: SQL_PORT}},
  };
}

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/environments',
      operationId: 'getDeploymentEnvironments',
      summary: 'List environments of a deployment, optionally of one type',
      tags,
      request: {params: DeploymentIdParam, query: EnvironmentsQuery},
      responses: {200: json(EnvironmentsListResponse, 'a page of environments'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      requirePermission(c, 'DeploymentRead');
      const row = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const query = c.req.valid('query');
      const {offset, limit} = paging(query);
      const {rows, total} = listEnvironments(ctx.db, row.id, {type: query.type, offset, limit});
      const environments = rows.map((r) => toEnvironment(ctx, r));
      return c.json(
        {data: {environments}, pagination: {offset, limit, total}, items: environments, pageInfo: offsetPageInfo(offset, rows.length, total)},
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/deployments/{deploymentId}/environments/{environmentId}/tokens-for-meta-sync',
      operationId: 'createDeploymentEnvironmentTokenForMetaSync',
      summary: 'Issue a JWT for the metadata API of an environment',
      tags,
      request: {params: EnvironmentParams, body: jsonBody(MetaSyncTokenBody)},
      responses: {200: json(MetaSyncTokenResponse, 'the token'), ...errorResponses(400, 403, 404)},
    }),
    async (c) => {
      requirePermission(c, 'DeploymentRead');
      const params = c.req.valid('param');
      const deployment = loadDeployment(ctx, params.deploymentId);
      const env = findEnvironment(ctx.db, deployment.id, Number(params.environmentId));
      if (!env) throw notFound(`environment ${params.environmentId} not found in deployment ${deployment.id}`);
      const body = c.req.valid('json');
      const issued = await signToken(
        ctx,
        'meta',
        {security_context: body.security_context, deploymentId: deployment.id, environmentId: env.id, ...issuerClaim(principalOf(c))},
        body.expires_in ?? DEFAULT_META_TOKEN_TTL,
      );
      return c.json({data: {token: issued.token, created_at: isoTime(issued.issuedAt), expires_at: isoTime(issued.expiresAt)}}, 200);
    },
  );
};
