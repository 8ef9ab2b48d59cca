// The caller's own OAuth connections to integrations: list (a bare array), get, revoke, initiate. Initiating
// answers the provider's authorization URL with a single-use `state`; the provider sends the browser back to
// the integration's redirect URI, which on this service is GET /oauth/callback. Token values never leave it.
import {createRoute, z} from '@hono/zod-openapi';
import {InitiatedOAuthFlow, IntegrationIdParam, UserOAuthToken} from '../../../contract/oauth.js';
import {SuccessBody} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf} from '../../auth.js';
import {isoTime} from '../../context.js';
import {notFound} from '../../errors.js';
import {beginUserToken, completeUserToken, deleteUserToken, findIntegration, findTokenByState, findUserToken, listUserTokens, type UserTokenRow} from '../../store/oauthTokens.js';
import {errorResponses, json} from '../http.js';

const tags = ['User OAuth Tokens'];
// What the provider would grant; the local service has no provider to ask, so it records typical lifetimes.
const ACCESS_TTL_MS = 3600_000;
const REFRESH_TTL_MS = 30 * 86400_000;

export function toUserToken(row: UserTokenRow): z.infer<typeof UserOAuthToken> {
  return {
    id: row.id,
    userId: row.user_id,
    integrationId: row.integration_id,
    status: row.status,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
    accessTokenExpiresAt: row.access_expires_at === null ? null : isoTime(row.access_expires_at),
    refreshTokenExpiresAt: row.refresh_expires_at === null ? null : isoTime(row.refresh_expires_at),
    lastError: row.last_error === null ? null : (JSON.parse(row.last_error) as unknown),
  };
}

// The routes' schemas, made once for every app.
const UserOAuthTokens = z.array(UserOAuthToken);
const html = {content: {'text/html': {schema: z.string()}}};
const CallbackQuery = z.object({state: z.string().optional(), code: z.string().optional(), error: z.string().optional(), error_description: z.string().optional()});

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/user-oauth-tokens',
      operationId: 'listUserOAuthTokens',
      summary: "The caller's OAuth tokens, one per integration (a bare array; never token values)",
      tags,
      responses: {200: json(UserOAuthTokens, 'the tokens'), ...errorResponses()},
    }),
    (c) => c.json(listUserTokens(ctx.db, principalOf(c).userId).map(toUserToken), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/user-oauth-tokens/{integrationId}',
      operationId: 'getUserOAuthToken',
      summary: "The caller's token for one integration (never its value)",
      tags,
      request: {params: IntegrationIdParam},
      responses: {200: json(UserOAuthToken, 'the token record'), ...errorResponses(400, 404)},
    }),
    (c) => {
      const id = Number(c.req.valid('param').integrationId);
      const row = findUserToken(ctx.db, principalOf(c).userId, id);
      if (!row) throw notFound(`no OAuth token for integration ${id}: run \`svc integrations tokens initiate ${id}\``);
      return c.json(toUserToken(row), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/v1/user-oauth-tokens/{integrationId}',
      operationId: 'revokeUserOAuthToken',
      summary: "Revoke the caller's token for an integration",
      tags,
      request: {params: IntegrationIdParam},
      responses: {200: json(SuccessBody, 'revoked'), ...errorResponses(400, 404)},
    }),
    (c) => {
      const id = Number(c.req.valid('param').integrationId);
      if (!deleteUserToken(ctx.db, principalOf(c).userId, id)) throw notFound(`no OAuth token for integration ${id}`);
      return c.json({success: true}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/user-oauth-tokens/{integrationId}/initiate',
      operationId: 'initiateOAuthFlow',
      summary: 'Start authorizing the caller with an integration: answers the provider URL to open in a browser',
      tags,
      request: {params: IntegrationIdParam},
      responses: {200: json(InitiatedOAuthFlow, 'the authorization URL and the pending token'), ...errorResponses(400, 404)},
    }),
    (c) => {
      const id = Number(c.req.valid('param').integrationId);
      const integration = findIntegration(ctx.db, id);
      if (!integration) throw notFound(`OAuth integration ${id} not found`);
      const {row, state} = beginUserToken(ctx.db, principalOf(c).userId, id, ctx.clock.now());
      const url = new URL(integration.auth_url);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', integration.client_id);
      url.searchParams.set('redirect_uri', integration.redirect_uri);
      url.searchParams.set('state', state);
      const scopes = integration.scopes ? (JSON.parse(integration.scopes) as string[]) : [];
      if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '));
      return c.json({authorizationUrl: url.toString(), token: toUserToken(row)}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/oauth/callback',
      operationId: 'completeOAuthFlow',
      summary: "The provider's redirect after authorization (a browser, no credential): `state` names the pending token",
      tags,
      security: [],
      request: {query: CallbackQuery},
      responses: {200: {description: 'connected', ...html}, 400: {description: 'unknown state, or the provider refused', ...html}},
    }),
    (c) => {
      const state = c.req.query('state');
      const row = state ? findTokenByState(ctx.db, state) : undefined;
      if (!row || row.status !== 'pending') return c.html('<p>This authorization link is unknown or was already used.</p>', 400);
      const now = ctx.clock.now();
      const error = c.req.query('error');
      if (error !== undefined || !c.req.query('code')) {
        completeUserToken(ctx.db, row.id, {status: 'error', error: {error: error ?? 'invalid_request', description: c.req.query('error_description') ?? 'no code returned'}}, now);
        return c.html('<p>The provider refused the authorization. You can close this window.</p>', 400);
      }
      completeUserToken(ctx.db, row.id, {status: 'active', accessExpiresAt: now + ACCESS_TTL_MS, refreshExpiresAt: now + REFRESH_TTL_MS}, now);
      return c.html('<p>Connected. You can close this window.</p>', 200);
    },
  );
};
