// Who may see a workbook's dashboard when embedded (its embed access: all embed users, or named embed tenants,
// each with `read` or `none`), the workbooks an embed tenant can read, the usage analytics token, and a user's
// own settings. Access is kept with the workbook (a hidden field), so deleting the workbook deletes it.
import {createRoute, z} from '@hono/zod-openapi';
import {CursorQuery, DeploymentIdParam} from '../../../contract/common.js';
import {EmbedAccessResponse, UpdateEmbedAccessInput, UsageAnalyticsTokenResponse, UserSettingsInput} from '../../../contract/embedOps.js';
import {ObjectList, User} from '../../../contract/objects.js';
import type {RouteGroup} from '../../appTypes.js';
import {derivedClaims, principalOf} from '../../auth.js';
import {deploymentUrl, isoTime} from '../../context.js';
import {badRequest, notFound} from '../../errors.js';
import {resourceOf} from '../../policyResources.js';
import {errorResponses, json, jsonBody, valid} from '../http.js';
import {findDeployment} from '../../store/deployments.js';
import {findResource, listResources, saveResource} from '../../store/resources.js';
import {signToken} from '../../tokens.js';
import {EmbedTenantParam, present, scopeOf, WorkbookParams} from './crud.js';
import {cursorPage} from '../cursor.js';
import {accessOf, readSource} from './embedGrant.js';
import {ensureTenant} from './tenantRows.js';
import {RESOURCES} from './table.js';
import {usersStore} from './users.js';

type Json = Record<string, unknown>;
const loose = (schema: z.ZodType): z.ZodType => schema;
const specOf = (kind: string) => RESOURCES.find((s) => s.kind === kind)!;
const USAGE_TOKEN_TTL = 3600;
const TenantAccessParams = DeploymentIdParam.merge(EmbedTenantParam);
const TenantAccessQuery = CursorQuery.extend({accessSource: z.enum(['tenant', 'allEmbedUsers', 'folder']).optional()});

export const registerEmbedAccess: RouteGroup = (app, ctx) => {
  const loadWorkbook = (p: Json) => {
    const scope = scopeOf(ctx, {scope: 'deployment'}, p);
    const row = findResource(ctx.db, 'workbook', scope, Number(p.workbookId));
    if (!row) throw notFound(`workbook ${String(p.workbookId)} not found`);
    return row;
  };
  const path = '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/embed-access';
  const tags = ['Dashboard Embed Access'];

  app.openapi(
    createRoute({method: 'get', path, operationId: 'getEmbedAccess', tags, summary: "Who may see the workbook's dashboard when embedded", request: {params: WorkbookParams}, responses: {200: json(EmbedAccessResponse, 'the embed access'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      return c.json(accessOf(loadWorkbook(valid(c, 'param'))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path,
      operationId: 'updateEmbedAccess',
      tags,
      summary: 'Turn embedding on or off, and grant (action read) or withdraw (none) access for all embed users or one embed tenant',
      request: {params: WorkbookParams, body: jsonBody(UpdateEmbedAccessInput)},
      responses: {200: json(EmbedAccessResponse, 'the embed access after the change'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const row = loadWorkbook(valid(c, 'param'));
      const body = valid(c, 'json');
      const action = (body.action as 'read' | 'none' | null | undefined) ?? 'read';
      if (body.action != null && body.allEmbedUsers == null && body.embedTenantName == null) throw badRequest('action: say whom it is for with allEmbedUsers or embedTenantName');
      const access = structuredClone(accessOf(row));
      if (typeof body.allowEmbed === 'boolean') access.allowEmbed = body.allowEmbed;
      if (typeof body.allEmbedUsers === 'boolean') access.allEmbedUsers = {enabled: body.allEmbedUsers, action: body.allEmbedUsers ? action : 'none', groupId: null};
      if (typeof body.embedTenantName === 'string') {
        const tenant = body.embedTenantName;
        access.tenants = access.tenants.filter((t) => t.embedTenantName !== tenant);
        if (action === 'read') access.tenants.push({embedTenantName: tenant, groupId: ensureTenant(ctx, tenant).id, action});
      }
      saveResource(ctx.db, {...row, body: {...row.body, embedAccess: access}}, ctx.clock.now());
      return c.json(access, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/embed-tenants/{embedTenantName}/workbooks',
      operationId: 'listEmbedTenantWorkbooks',
      tags,
      summary: "Workbooks an embed tenant's users can read (accessSource: only those granted this way)",
      request: {params: TenantAccessParams, query: TenantAccessQuery},
      responses: {200: json(ObjectList, 'a page of workbooks'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const p = valid(c, 'param');
      const q = valid(c, 'query');
      const tenant = String(p.embedTenantName);
      // Access is granted per workbook here; no folder grants exist, so accessSource=folder lists nothing.
      const items = listResources(ctx.db, 'workbook', scopeOf(ctx, {scope: 'deployment'}, p))
        .filter((w) => {
          const source = readSource(accessOf(w), tenant);
          return source !== undefined && (q.accessSource === undefined || q.accessSource === source);
        })
        .map((w) => present(ctx, specOf('workbook'), w));
      return c.json(cursorPage(items, q as {first?: string; after?: string}), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/usage-analytics/token',
      operationId: 'createToken',
      tags: ['Usage Analytics'],
      summary: 'A data API token for usage analytics, on the first deployment the credential may read',
      responses: {200: json(UsageAnalyticsTokenResponse, 'the token and where to use it'), ...errorResponses(403, 404)},
    }),
    async (c) => {
      const principal = principalOf(c);
      // The first deployment the credential may read, as the policy decided on it (permissions.ts `deployments`, `first`).
      const deployment = findDeployment(ctx.db, Number(resourceOf(c, 'deployments').deploymentIds[0]))!;
      // Derived like every data token: it ends with the key, the sign-in and the user it came from.
      const issued = await signToken(ctx, 'data', {deploymentId: deployment.id, sub: String(principal.userId), usageAnalytics: true, ...derivedClaims(principal)}, USAGE_TOKEN_TTL);
      return c.json({token: issued.token, apiUrl: `${deploymentUrl(ctx, deployment)}/cubejs-api/v1`, deploymentId: deployment.id, expiresAt: isoTime(issued.expiresAt)}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/api/v1/users/me/settings',
      operationId: 'updateMySettings',
      tags: ['Users'],
      summary: "Change the caller's own settings (omitted fields keep their values, null clears one); answers the user",
      request: {body: jsonBody(UserSettingsInput)},
      responses: {200: json(loose(User), 'the user with the new settings'), ...errorResponses(400, 401)},
    }),
    (c) => {
      const userId = principalOf(c).userId;
      const row = usersStore.find(ctx.db, 'user', '', userId);
      if (!row) throw notFound('the user of this credential no longer exists');
      const patch = valid(c, 'json');
      const settings = {...((row.body.settings as Json | undefined) ?? {})};
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) delete settings[key];
        else if (value !== undefined) settings[key] = value;
      }
      const saved = usersStore.save(ctx.db, {...row, body: {...row.body, settings}}, ctx.clock.now());
      return c.json(present(ctx, specOf('user'), saved), 200);
    },
  );
};
