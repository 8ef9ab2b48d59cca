// Embed sessions: a management credential opens a session for an embed user of a deployment (provisioning the
// user in its tenant by externalId); the session id is exchanged for a data API token carrying the session's
// security context, until it is revoked or expires. Session ids are random and stored only as hashes.
import {randomBytes} from 'node:crypto';
import {createRoute} from '@hono/zod-openapi';
import {GenerateEmbedTokenResponse, GenerateSessionInput, RevokeEmbedSessionInput, SessionIdInput} from '../../../contract/embedOps.js';
import {SuccessBody} from '../../../contract/common.js';
import type {RouteGroup} from '../../appTypes.js';
import {derivedClaims, principalOf} from '../../auth.js';
import {badRequest, forbidden} from '../../errors.js';
import {resourceOf} from '../../policyResources.js';
import {errorResponses, json, jsonBody, loadDeployment, valid} from '../http.js';
import {hashSessionId} from '../../store/embedSessions.js';
import {insertResource, listResources, saveResource} from '../../store/resources.js';
import {signToken} from '../../tokens.js';
import {ensureTenant} from './tenantRows.js';

const SESSION_TTL_MS = 24 * 3600 * 1000;
const TOKEN_TTL_S = 3600;
const DEFAULT_TENANT = 'default';
const tags = ['Embed'];

// A session named by its id is found, and decided on (its deployment), by the policy (permissions.ts `embed-session`).
export const registerEmbedSessions: RouteGroup = (app, ctx) => {

  app.openapi(
    createRoute({method: 'post', path: '/api/v1/embed/generate-session', operationId: 'generateSession', tags, summary: 'Open an embed session for an embed user of a deployment; answers the session id', request: {body: jsonBody(GenerateSessionInput)}, responses: {200: json(SessionIdInput, 'the session id'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const b = valid(c, 'json');
      const deployment = loadDeployment(ctx, String(b.deploymentId));
      const tenant = typeof b.embedTenantName === 'string' ? b.embedTenantName : DEFAULT_TENANT;
      if (b.publicDashboardId != null && !listResources(ctx.db, 'dashboard', String(deployment.id)).some((d) => d.body.publicId === b.publicDashboardId)) {
        throw badRequest(`publicDashboardId: no published dashboard ${String(b.publicDashboardId)} in deployment ${deployment.id}`);
      }
      const now = ctx.clock.now();
      const externalId = (b.externalId ?? b.internalId ?? null) as string | null;
      let embedUserId: number | null = null;
      if (externalId !== null && b.isEphemeral !== true) {
        ensureTenant(ctx, tenant);
        const existing = listResources(ctx.db, 'embed-user', tenant).find((u) => u.body.externalId === externalId);
        const fields = {externalId, username: typeof b.email === 'string' ? b.email : externalId, email: b.email ?? null, lastLogin: new Date(now).toISOString()};
        embedUserId = existing ? saveResource(ctx.db, {...existing, body: {...existing.body, ...fields}}, now).id : insertResource(ctx.db, 'embed-user', tenant, {firstName: null, ...fields}, now).id;
      }
      // The documented form: 32 lowercase hex digits (128 random bits). Hex, not base64url: an id that starts with
      // '-' reads as an option on a command line (svc embed session-token).
      const sessionId = randomBytes(16).toString('hex');
      // `issuedBy`: the credential that opened the session; its tokens end with that key, sign-in or user.
      insertResource(ctx.db, 'embed-session', '', {hash: hashSessionId(sessionId), issuedBy: derivedClaims(principalOf(c)), deploymentId: deployment.id, embedTenantName: tenant, embedUserId, externalId, securityContext: b.securityContext ?? {}, publicDashboardId: b.publicDashboardId ?? null, expiresAt: now + SESSION_TTL_MS, revokedAt: null}, now);
      return c.json({sessionId}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: '/api/v1/embed/session/token', operationId: 'postTokenBySessionId', tags, summary: "Exchange a live session id for a data API token with the session's security context", request: {body: jsonBody(SessionIdInput)}, responses: {200: json(GenerateEmbedTokenResponse, 'the token'), ...errorResponses(400, 401, 403, 404)}}),
    async (c) => {
      const s = resourceOf(c, 'embed-session').session;
      if (s.body.revokedAt !== null) throw forbidden('this embed session was revoked');
      if (ctx.clock.now() >= Number(s.body.expiresAt)) throw forbidden('this embed session expired; generate a new one');
      // `embed`: a token derived for an embed user, so the policy holds it to its security context (tenancy).
      const claims = {...(s.body.issuedBy as object | undefined), sid: s.id, deploymentId: Number(s.body.deploymentId), embed: true, security_context: s.body.securityContext ?? {}, embedTenantName: s.body.embedTenantName, ...(s.body.externalId ? {sub: String(s.body.externalId)} : {})};
      const ttl = Math.min(TOKEN_TTL_S, Math.floor((Number(s.body.expiresAt) - ctx.clock.now()) / 1000));
      return c.json({token: (await signToken(ctx, 'data', claims, Math.max(ttl, 1))).token}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: '/api/v1/embed/session/revoke', operationId: 'revokeSession', tags, summary: 'Revoke an embed session: its id is no longer exchanged for tokens', request: {body: jsonBody(RevokeEmbedSessionInput)}, responses: {200: json(SuccessBody, 'revoked'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const s = resourceOf(c, 'embed-session').session;
      if (s.body.revokedAt === null) saveResource(ctx.db, {...s, body: {...s.body, revokedAt: ctx.clock.now()}}, ctx.clock.now());
      return c.json({success: true}, 200);
    },
  );
};
