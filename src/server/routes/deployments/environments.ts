// Environments of a deployment, the metadata-sync JWT of one environment, and its environment tokens (JWTs for
// the environment's data and/or metadata API, recorded so they can be listed; the value is shown only once).
import {createRoute} from '@hono/zod-openapi';
import {
  DEFAULT_META_TOKEN_TTL,
  DeploymentIdParam,
  EnvironmentParams,
  EnvironmentsListResponse,
  EnvironmentsQuery,
  DEFAULT_ENVIRONMENT_TOKEN_TTL,
  ENVIRONMENT_TOKEN_SCOPES,
  EnvironmentTokenBody,
  EnvironmentTokenResponse,
  EnvironmentTokensListResponse,
  EnvironmentTokensQuery,
  MetaSyncTokenBody,
  MetaSyncTokenResponse,
  type Environment,
} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {derivedClaims, principalOf} from '../../auth.js';
import {deploymentUrl, isoTime, type ServiceContext} from '../../context.js';
import {notFound} from '../../errors.js';
import {findEnvironment, listEnvironments, type EnvironmentRow} from '../../store/environments.js';
import type {DeploymentRow} from '../../store/deployments.js';
import {insertEnvironmentToken, listEnvironmentTokens, type EnvironmentTokenRow} from '../../store/environmentTokens.js';
import {decodeCursor, encodeCursor} from '../dbt/input.js';
import {signToken} from '../../tokens.js';
import {errorResponses, json, jsonBody, loadDeployment, mixedPaging, offsetPageInfo, paging, positionPageInfo} from '../http.js';

const tags = ['Environments'];

/** The SQL API of every environment of the local service: one listener address (not served here). */
const SQL_HOST = '127.0.0.1';
const SQL_PORT = 15432;

export function toEnvironment(ctx: ServiceContext, deployment: DeploymentRow, row: EnvironmentRow): Environment {
  const base = deploymentUrl(ctx, deployment);
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
      const row = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const query = c.req.valid('query');
      const {offset, limit} = mixedPaging(query);
      const {rows, total} = listEnvironments(ctx.db, row.id, {type: query.type, offset, limit});
      const environments = rows.map((r) => toEnvironment(ctx, row, r));
      return c.json(
        {data: {environments}, pagination: {offset, limit, total}, items: environments, pageInfo: positionPageInfo(offset, rows.length, total)},
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
      const env = loadEnvironment(ctx, c.req.valid('param'));
      const body = c.req.valid('json');
      const issued = await signToken(
        ctx,
        'meta',
        {security_context: body.security_context, deploymentId: env.deployment_id, environmentId: env.id, ...derivedClaims(principalOf(c))},
        Math.floor(body.expires_in ?? DEFAULT_META_TOKEN_TTL),
      );
      // Listed with the environment's tokens (scope meta, the only one it has), so `K` shows it beside the others.
      recordToken(ctx, env, issued, body.security_context, ['meta'], principalOf(c).userId);
      const data = {token: issued.token, security_context: body.security_context, created_at: isoTime(issued.issuedAt), expires_at: isoTime(issued.expiresAt)};
      return c.json({data}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/environments/{environmentId}/tokens',
      operationId: 'getDeploymentEnvironmentTokens',
      summary: 'List the tokens issued for an environment, newest first (values redacted)',
      tags,
      request: {params: EnvironmentParams, query: EnvironmentTokensQuery},
      responses: {200: json(EnvironmentTokensListResponse, 'a page of tokens'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const env = loadEnvironment(ctx, c.req.valid('param'));
      const query = c.req.valid('query');
      const cursor = decodeCursor('envtoken', query.after);
      const {offset: byOffset, limit: byLimit} = paging(query);
      const offset = cursor ?? byOffset;
      const limit = query.first !== undefined ? Math.min(Number(query.first), MAX_PAGE) : byLimit;
      const {rows, total} = listEnvironmentTokens(ctx.db, env.deployment_id, env.id, offset, limit);
      const items = rows.map(toListedToken);
      const pageInfo = {
        ...offsetPageInfo(offset, rows.length, total),
        startCursor: rows.length ? encodeCursor('envtoken', offset) : null,
        endCursor: rows.length ? encodeCursor('envtoken', offset + rows.length) : null,
      };
      return c.json({items, data: items, pageInfo, pagination: {offset, limit, total}}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/deployments/{deploymentId}/environments/{environmentId}/tokens',
      operationId: 'createDeploymentEnvironmentToken',
      summary: 'Issue a token for the data and/or metadata API of an environment',
      description: `A JWT for the environment's branch, carrying \`security_context\` (the model's tenancy rule applies) and \`scopes\` (${ENVIRONMENT_TOKEN_SCOPES.join(', ')}; default all). \`expires_in\` 1..3600 seconds, default ${DEFAULT_ENVIRONMENT_TOKEN_TTL}. The value is returned only here.`,
      tags,
      request: {params: EnvironmentParams, body: jsonBody(EnvironmentTokenBody)},
      responses: {200: json(EnvironmentTokenResponse, 'the token'), ...errorResponses(400, 403, 404)},
    }),
    async (c) => {
      const env = loadEnvironment(ctx, c.req.valid('param'));
      const body = c.req.valid('json');
      const scopes = [...new Set(body.scopes ?? ENVIRONMENT_TOKEN_SCOPES)];
      const issued = await signToken(
        ctx,
        'env',
        {security_context: body.security_context, scopes, deploymentId: env.deployment_id, environmentId: env.id, sub: String(principalOf(c).userId), ...derivedClaims(principalOf(c))},
        body.expires_in ?? DEFAULT_ENVIRONMENT_TOKEN_TTL,
      );
      recordToken(ctx, env, issued, body.security_context, scopes, principalOf(c).userId);
      const data = {token: issued.token, security_context: body.security_context, created_at: isoTime(issued.issuedAt), expires_at: isoTime(issued.expiresAt), scopes};
      return c.json({data}, 200);
    },
  );
};

const MAX_PAGE = 100;

/** Keeps a record of an issued token for the listing: never the token, only its last characters. */
function recordToken(
  ctx: ServiceContext,
  env: EnvironmentRow,
  issued: {token: string; issuedAt: number; expiresAt: number},
  securityContext: Record<string, unknown>,
  scopes: string[],
  createdBy: number,
): void {
  insertEnvironmentToken(ctx.db, {
    deploymentId: env.deployment_id, environmentId: env.id, tokenTail: issued.token.slice(-8), securityContext, scopes, createdBy,
    createdAt: issued.issuedAt, expiresAt: issued.expiresAt,
  });
}

function loadEnvironment(ctx: ServiceContext, params: {deploymentId: string; environmentId: string}): EnvironmentRow {
  const deployment = loadDeployment(ctx, params.deploymentId);
  const env = findEnvironment(ctx.db, deployment.id, Number(params.environmentId));
  if (!env) throw notFound(`environment ${params.environmentId} not found in deployment ${deployment.id}`);
  return env;
}

function toListedToken(row: EnvironmentTokenRow) {
  return {
    token: `…${row.token_tail}`,
    security_context: JSON.parse(row.security_context) as Record<string, unknown>,
    created_at: isoTime(row.created_at),
    expires_at: isoTime(row.expires_at),
    scopes: JSON.parse(row.scopes) as string[],
  };
}
