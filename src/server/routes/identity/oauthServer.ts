// What an OAuth client learns about the service and how it ends a sign-in: the authorization server metadata
// (RFC 8414), served also at the OpenID Connect discovery address so that a client with OIDC defaults finds it,
// and token revocation (RFC 7009). Both live under the device flow's paths, so its Host check covers them.
import {createRoute} from '@hono/zod-openapi';
import type {Context} from 'hono';
import {AuthorizationServerMetadata, RevocationResponse} from '../../../contract/oauth.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {familyClient, findRefreshToken, revokeFamily} from '../../store/deviceCodes.js';
import {verifyToken} from '../../tokens.js';
import {formBody} from '../../web/formBody.js';
import {json} from '../http.js';
import {noStore, oauthError, oauthRoute, readFields} from './oauthForm.js';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** The one metadata document; both discovery addresses serve it. */
function serverMetadata(ctx: ServiceContext) {
  return {
    issuer: ctx.baseUrl,
    device_authorization_endpoint: `${ctx.baseUrl}/auth/device/code`,
    token_endpoint: `${ctx.baseUrl}/auth/device/token`,
    revocation_endpoint: `${ctx.baseUrl}/auth/oauth2/revoke`,
    grant_types_supported: [DEVICE_GRANT, 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    response_types_supported: [],
    scopes_supported: [],
  };
}

const metadataRoute = (path: string, operationId: string, summary: string) =>
  createRoute({
    method: 'get',
    path,
    operationId,
    summary,
    tags: ['Device Authorization'],
    security: [],
    responses: {200: json(AuthorizationServerMetadata, 'the metadata')},
  });

/** The outcome of a revocation: done (or nothing to do), or an OAuth error. */
type Revocation = {ok: true} | {ok: false; error: string; description: string};
const DONE: Revocation = {ok: true};
const otherClient: Revocation = {ok: false, error: 'unauthorized_client', description: 'this token was issued to another client'};

/**
 * RFC 7009 §2.1. A refresh token ends its whole sign-in (the family: every refresh token and access token of it);
 * an access token from a sign-in ends that sign-in too (the RFC allows revoking the refresh token with it), since
 * access tokens are signed, not stored, and live only as long as their family. Unknown, expired or already revoked
 * tokens are done (§2.2). A token of this service that no sign-in backs (an API key's derivatives, data tokens)
 * cannot be revoked one by one: unsupported_token_type names what ends it.
 */
async function revoke(ctx: ServiceContext, token: string, clientId: string | undefined): Promise<Revocation> {
  const now = ctx.clock.now();
  const refresh = findRefreshToken(ctx.db, token);
  if (refresh) {
    if (clientId !== undefined && clientId !== refresh.client_id) return otherClient;
    if (refresh.family) revokeFamily(ctx.db, refresh.family, now);
    return DONE;
  }
  const verified = await verifyToken(ctx, token, ['api', 'data', 'meta', 'env']);
  if (!verified.ok) return DONE;
  const family = verified.claims.fam;
  if (verified.claims.scope !== 'api' || typeof family !== 'string') {
    return {ok: false, error: 'unsupported_token_type', description: 'this token comes from no sign-in: it ends with the API key or sign-in it was issued through, or when it expires'};
  }
  const owner = familyClient(ctx.db, family);
  if (clientId !== undefined && owner !== undefined && clientId !== owner) return otherClient;
  revokeFamily(ctx.db, family, now);
  return DONE;
}

export const register: RouteGroup = (app, ctx) => {
  const metadata = (c: Context) => c.json(serverMetadata(ctx), 200);
  app.openapi(metadataRoute('/.well-known/oauth-authorization-server', 'oauthServerMetadata', 'OAuth 2.0 authorization server metadata (RFC 8414)'), metadata);
  app.openapi(
    metadataRoute('/.well-known/openid-configuration', 'openidConfiguration', 'The same metadata at the OpenID Connect discovery address (no ID tokens are issued)'),
    metadata,
  );

  const revokeRoute = oauthRoute(
    {
      path: '/auth/oauth2/revoke',
      operationId: 'revokeToken',
      summary: 'Revoke a refresh or access token, ending the sign-in it belongs to (RFC 7009)',
      description:
        'Form body: token, an optional token_type_hint (refresh_token or access_token; the token is found either way) and ' +
        'client_id. An unknown, expired or already revoked token also answers 200.',
      tag: 'Device Authorization',
    },
    {schema: RevocationResponse, description: 'revoked, or nothing to revoke'},
    formBody(
      {
        token: 'the refresh or access token to revoke',
        token_type_hint: 'refresh_token or access_token (a hint only)',
        client_id: 'the client_id the sign-in started with',
      },
      ['token'],
    ),
  );
  app.openapi(revokeRoute, async (c) => {
    const f = await readFields(c);
    if (!f.token) return c.json(oauthError(c, 'invalid_request', 'token is required'), 400);
    const outcome = await revoke(ctx, f.token, f.client_id || undefined);
    if (!outcome.ok) return c.json(oauthError(c, outcome.error, outcome.description), 400);
    noStore(c);
    return c.json({}, 200);
  });
};
