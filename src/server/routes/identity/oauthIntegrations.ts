// OAuth integrations: the providers users can connect. Managing them is account-wide, so it needs a credential
// not scoped to some deployments; the client secret and every secret field of `config` (THE list, secrets.ts) are
// write-only: reads leave them out, and a replace that omits one keeps the stored value.
import {createRoute, z} from '@hono/zod-openapi';
import {CreateOAuthIntegrationInput, NumericIdParam, OAuthIntegration, UpdateOAuthIntegrationInput} from '../../../contract/oauth.js';
import {SuccessBody} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime} from '../../context.js';
import {notFound} from '../../errors.js';
import {deleteIntegration, findIntegration, insertIntegration, listIntegrations, replaceIntegration, type IntegrationRow} from '../../store/oauthTokens.js';
import {keepSecrets, withoutSecrets} from '../../secrets.js';
import {errorResponses, json, jsonBody} from '../http.js';

const tags = ['OAuth Integrations'];

function toIntegration(row: IntegrationRow): z.infer<typeof OAuthIntegration> {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    authUrl: row.auth_url,
    tokenUrl: row.token_url,
    clientId: row.client_id,
    redirectUri: row.redirect_uri,
    scopes: row.scopes ? (JSON.parse(row.scopes) as string[]) : null,
    config: row.config ? withoutSecrets(JSON.parse(row.config) as Record<string, unknown>) : null,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export const register: RouteGroup = (app, ctx) => {
  const load = (id: string) => {
    const row = findIntegration(ctx.db, Number(id));
    if (!row) throw notFound(`OAuth integration ${id} not found`);
    return row;
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/oauth-integrations',
      operationId: 'listOAuthIntegrations',
      summary: 'List OAuth integrations (a bare array; never client secrets)',
      tags,
      responses: {200: json(z.array(OAuthIntegration), 'the integrations'), ...errorResponses()},
    }),
    (c) => c.json(listIntegrations(ctx.db).map(toIntegration), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/oauth-integrations',
      operationId: 'createOAuthIntegration',
      summary: 'Create an OAuth integration',
      tags,
      request: {body: jsonBody(CreateOAuthIntegrationInput)},
      responses: {200: json(OAuthIntegration, 'the integration'), ...errorResponses(400, 403)},
    }),
    (c) => {
      const id = insertIntegration(ctx.db, c.req.valid('json'), ctx.clock.now());
      return c.json(toIntegration(load(String(id))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/oauth-integrations/{id}',
      operationId: 'getOAuthIntegration',
      summary: 'Get an OAuth integration',
      tags,
      request: {params: NumericIdParam},
      responses: {200: json(OAuthIntegration, 'the integration'), ...errorResponses(400, 404)},
    }),
    (c) => c.json(toIntegration(load(c.req.valid('param').id)), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/v1/oauth-integrations/{id}',
      operationId: 'updateOAuthIntegration',
      summary: 'Replace an OAuth integration (an omitted clientSecret keeps the stored one)',
      tags,
      request: {params: NumericIdParam, body: jsonBody(UpdateOAuthIntegrationInput)},
      responses: {200: json(OAuthIntegration, 'the integration'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      const stored = load(id);
      const body = c.req.valid('json');
      const config = body.config && keepSecrets(stored.config ? (JSON.parse(stored.config) as Record<string, unknown>) : null, body.config);
      replaceIntegration(ctx.db, Number(id), {...body, ...(config ? {config} : {})}, ctx.clock.now());
      return c.json(toIntegration(load(id)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/v1/oauth-integrations/{id}',
      operationId: 'deleteOAuthIntegration',
      summary: "Delete an OAuth integration and every user's token for it",
      tags,
      request: {params: NumericIdParam},
      responses: {200: json(SuccessBody, 'deleted'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      if (!deleteIntegration(ctx.db, Number(id))) throw notFound(`OAuth integration ${id} not found`);
      return c.json({success: true}, 200);
    },
  );
};
