// API keys: list (never values), create (the value, once; `scim: true` issues a SCIM token), get, revoke.
// Managing keys is account-level (permissions.ts: an unscoped credential with DeploymentManage to create or
// revoke). On top of that the policy's grants rule (policy.ts `grants`) decides what a new key may give, and a
// key is revoked only by a credential with at least its rights.
import {createRoute, type z} from '@hono/zod-openapi';
import {ApiKey, ApiKeyIdParam, ApiKeysResponse, CreateApiKeyBody, CreatedApiKey, SuccessBody, type Permission} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf, type AppEnv} from '../../auth.js';
import {resourceOf} from '../../policyResources.js';
import {isoTime} from '../../context.js';
import {badRequest, notFound} from '../../errors.js';
import type {Context} from 'hono';
import type {ServiceContext} from '../../context.js';
import {userMayAuthenticate} from '../../store/users.js';
import {findApiKey, generateApiKey, insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow} from '../../store/apiKeys.js';
import {findDeployment} from '../../store/deployments.js';
import {createScimToken} from './scimToken.js';
import {errorResponses, json, jsonBody} from '../http.js';

const tags = ['API Keys'];

function toApiKey(row: ApiKeyRow): z.infer<typeof ApiKey> {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    deploymentIds: row.deployment_ids ? (JSON.parse(row.deployment_ids) as number[]) : null,
    permissions: row.permissions ? (JSON.parse(row.permissions) as z.infer<typeof ApiKey>['permissions']) : null,
    createdAt: isoTime(row.created_at),
    kind: row.kind,
  };
}

/** Who a new key acts as: the caller, or (`userId`, which the policy allowed) another active account user. */
function keyOwner(ctx: ServiceContext, c: Context<AppEnv>, userId: number | undefined): number {
  const p = principalOf(c);
  if (userId === undefined || userId === p.userId) return p.userId;
  if (!userMayAuthenticate(ctx.db, userId)) throw badRequest(`userId: no active user ${userId}`);
  return userId;
}

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/api-keys',
      operationId: 'listApiKeys',
      summary: 'List API keys (values are never shown)',
      tags,
      responses: {200: json(ApiKeysResponse, 'all live keys'), ...errorResponses(403)},
    }),
    (c) => {
      const keys = listApiKeys(ctx.db).map(toApiKey);
      return c.json({items: keys, data: keys, pageInfo: {hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null}}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key, optionally scoped to deployments and permissions; the value is returned once',
      tags,
      request: {body: jsonBody(CreateApiKeyBody)},
      responses: {200: json(CreatedApiKey, 'the key, with its value'), ...errorResponses(400, 403)},
    }),
    (c) => {
      const body = c.req.valid('json');
      if (body.scim) {
        const scim = createScimToken(ctx, c, body);
        return c.json({...toApiKey(scim.row), key: scim.key}, 200);
      }
      // The rights the policy's grants rule allowed (policyResources.ts `new-key`).
      const wanted = resourceOf(c, 'new-key').gives.rights!;
      const missing = (body.deploymentIds ?? []).filter((id) => !findDeployment(ctx.db, id));
      if (missing.length > 0) throw badRequest(`deploymentIds: no deployment ${missing.join(', ')}`);
      const key = generateApiKey();
      const id = insertApiKey(ctx.db, {
        key,
        name: body.name,
        userId: keyOwner(ctx, c, body.userId),
        deploymentIds: wanted.deploymentIds as number[] | null,
        permissions: wanted.permissions as Permission[] | null,
        now: ctx.clock.now(),
      });
      const row = findApiKey(ctx.db, id);
      if (!row) throw new Error(`api key ${id} vanished after creation`);
      return c.json({...toApiKey(row), key}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/api-keys/{id}',
      operationId: 'getApiKey',
      summary: 'Get an API key (without its value)',
      tags,
      request: {params: ApiKeyIdParam},
      responses: {200: json(ApiKey, 'the key'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const row = findApiKey(ctx.db, Number(c.req.valid('param').id));
      if (!row) throw notFound(`API key ${c.req.valid('param').id} not found`);
      return c.json(toApiKey(row), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/v1/api-keys/{id}',
      operationId: 'deleteApiKey',
      summary: 'Revoke an API key; requests with it answer 401 from then on',
      tags,
      request: {params: ApiKeyIdParam},
      responses: {200: json(SuccessBody, 'revoked'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const {id} = resourceOf(c, 'key');
      if (!revokeApiKey(ctx.db, id, ctx.clock.now())) throw notFound(`API key ${id} not found`);
      return c.json({success: true}, 200);
    },
  );
};
