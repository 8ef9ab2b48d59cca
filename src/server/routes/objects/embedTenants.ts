// Embed tenants beyond their groups' CRUD: the tenants themselves (listed, deleted with everything in them),
// provisioning embed users (one, or many with per-user failures) upserted by externalId, and the members of
// a tenant's groups. A tenant exists once something was made in it (a group or a user); listing embed users
// is the resource table's `embed-user` row.
import {createRoute, z} from '@hono/zod-openapi';
import {CursorQuery} from '../../../contract/common.js';
import {EmbedGroupMembersInput, EmbedUser, ProvisionEmbedUserInput, ProvisionEmbedUsersInput} from '../../../contract/embedOps.js';
import {ObjectList} from '../../../contract/objects.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {badRequest, HttpFailure, notFound} from '../../errors.js';
import {AnyJsonObject, errorResponses, json, jsonBody, valid} from '../http.js';
import {deleteResource, findResource, insertResource, listAllResources, listResources, saveResource, type ResourceRow} from '../../store/resources.js';
import {EmbedTenantParam, present, SearchQuery} from './crud.js';
import {cursorPage} from '../cursor.js';
import {RESOURCES} from './table.js';
import {ensureTenant, findTenant} from './tenantRows.js';

type Json = Record<string, unknown>;
const specOf = (kind: string) => RESOURCES.find((s) => s.kind === kind)!;
const TAGS = ['Embed Tenants'];
const GroupParams = EmbedTenantParam.extend({id: z.string().regex(/^\d{1,12}$/, 'group id must be numeric')});

function presentTenant(ctx: ServiceContext, row: ResourceRow): Json {
  const name = String(row.body.name);
  return {id: row.id, name, displayName: row.body.displayName ?? null, userCount: listResources(ctx.db, 'embed-user', name).length, createdAt: isoTime(row.createdAt)};
}

const presentUser = (ctx: ServiceContext) => (row: ResourceRow) => present(ctx, specOf('embed-user'), row);

/**
 * Creates or updates the embed user with this externalId, and puts it in the named groups (made if missing).
 * `keepExisting`: an existing user is left as it is (an export provisions its subject only when missing).
 */
export function provisionEmbedUser(ctx: ServiceContext, tenant: string, input: Json, opts: {keepExisting?: boolean} = {}): ResourceRow {
  ensureTenant(ctx, tenant);
  const externalId = String(input.externalId).trim();
  const profile = (input.userProfile ?? {}) as Json;
  const now = ctx.clock.now();
  const fields = {
    externalId,
    username: typeof input.email === 'string' ? input.email : externalId,
    email: input.email ?? null,
    firstName: profile.displayName ?? null,
    picture: profile.picture ?? null,
  };
  const existing = listResources(ctx.db, 'embed-user', tenant).find((u) => u.body.externalId === externalId);
  if (existing && opts.keepExisting) return existing;
  const user = existing ? saveResource(ctx.db, {...existing, body: {...existing.body, ...fields}}, now) : insertResource(ctx.db, 'embed-user', tenant, {...fields, lastLogin: null}, now);
  const names = [...new Set([...((input.groups as string[] | null) ?? []), ...((input.tenantGroups as string[] | null) ?? [])])];
  for (const name of names) {
    const group = listResources(ctx.db, 'embed-group', tenant).find((g) => g.body.name === name) ?? insertResource(ctx.db, 'embed-group', tenant, {name, description: null, userCount: 0, memberIds: []}, now);
    setMembers(ctx, group, [...membersOf(group), user.id]);
  }
  return user;
}

const membersOf = (group: ResourceRow): number[] => (Array.isArray(group.body.memberIds) ? (group.body.memberIds as number[]) : []);

function setMembers(ctx: ServiceContext, group: ResourceRow, ids: number[]): void {
  const memberIds = [...new Set(ids)];
  saveResource(ctx.db, {...group, body: {...group.body, memberIds, userCount: memberIds.length}}, ctx.clock.now());
}

export const registerEmbedTenants: RouteGroup = (app, ctx) => {
  const loadGroup = (p: Json) => {
    const row = findResource(ctx.db, 'embed-group', String(p.embedTenantName), Number(p.id));
    if (!row) throw notFound(`group ${String(p.id)} not found in embed tenant ${String(p.embedTenantName)}`);
    return row;
  };
  /** The embed users a member list names, each by id or externalId; an unknown one is a 400. */
  const resolveMembers = (tenant: string, members: Json[]): ResourceRow[] => {
    const users = listResources(ctx.db, 'embed-user', tenant);
    return members.map((m) => {
      const user = m.embedUserId != null ? users.find((u) => u.id === m.embedUserId) : users.find((u) => u.body.externalId === m.externalId);
      if (!user) throw badRequest(`members: no embed user ${String(m.embedUserId ?? m.externalId)} in tenant ${tenant}`);
      return user;
    });
  };

  app.openapi(
    createRoute({method: 'get', path: '/api/v1/embed-tenants', operationId: 'listEmbedTenants', tags: TAGS, summary: 'Embed tenants, with how many embed users each has', request: {query: SearchQuery}, responses: {200: json(ObjectList, 'a page of tenants'), ...errorResponses(400, 403)}}),
    (c) => {
      const q = valid(c, 'query');
      const search = typeof q.search === 'string' ? q.search.toLowerCase() : undefined;
      const tenants = listResources(ctx.db, 'embed-tenant', '')
        .map((t) => presentTenant(ctx, t))
        .filter((t) => search === undefined || String(t.name).toLowerCase().includes(search));
      return c.json(cursorPage(tenants, q as {first?: string; after?: string}), 200);
    },
  );

  app.openapi(
    createRoute({method: 'delete', path: '/api/v1/embed-tenants/{embedTenantName}', operationId: 'deleteEmbedTenant', tags: TAGS, summary: 'Delete an embed tenant with its users, groups and dashboard access grants (204 also when it did not exist)', request: {params: EmbedTenantParam}, responses: {204: {description: 'deleted, or there was nothing to delete'}, ...errorResponses(400, 403)}}),
    (c) => {
      const name = String(valid(c, 'param').embedTenantName);
      ctx.db.transaction(() => {
        for (const kind of ['embed-user', 'embed-group']) for (const r of listResources(ctx.db, kind, name)) deleteResource(ctx.db, kind, name, r.id);
        const tenant = findTenant(ctx, name);
        if (tenant) deleteResource(ctx.db, 'embed-tenant', '', tenant.id);
        for (const wb of listAllResources(ctx.db, 'workbook')) {
          const access = wb.body.embedAccess as {tenants?: Json[]} | undefined;
          if (access?.tenants?.some((t) => t.embedTenantName === name)) {
            saveResource(ctx.db, {...wb, body: {...wb.body, embedAccess: {...access, tenants: access.tenants.filter((t) => t.embedTenantName !== name)}}}, ctx.clock.now());
          }
        }
      })();
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: '/api/v1/embed-tenants/{embedTenantName}/user', operationId: 'provisionEmbedUser', tags: TAGS, summary: 'Create or update one embed user by externalId, optionally putting it in groups', request: {params: EmbedTenantParam, body: jsonBody(ProvisionEmbedUserInput)}, responses: {200: json(EmbedUser, 'the embed user'), ...errorResponses(400, 403)}}),
    (c) => {
      const tenant = String(valid(c, 'param').embedTenantName);
      return c.json(presentUser(ctx)(ctx.db.transaction(() => provisionEmbedUser(ctx, tenant, valid(c, 'json')))()) as z.infer<typeof EmbedUser>, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: '/api/v1/embed-tenants/{embedTenantName}/users', operationId: 'provisionEmbedUsers', tags: TAGS, summary: 'Create or update many embed users; each one that fails is reported, the others are kept', request: {params: EmbedTenantParam, body: jsonBody(ProvisionEmbedUsersInput)}, responses: {200: json(AnyJsonObject, 'succeeded and failed users'), ...errorResponses(400, 403)}}),
    (c) => {
      const tenant = String(valid(c, 'param').embedTenantName);
      const succeeded: Json[] = [];
      const failed: Json[] = [];
      for (const input of valid(c, 'json').users as Json[]) {
        try {
          succeeded.push(presentUser(ctx)(ctx.db.transaction(() => provisionEmbedUser(ctx, tenant, input))()));
        } catch (err) {
          if (!(err instanceof HttpFailure)) throw err;
          failed.push({externalId: String(input.externalId).trim(), error: {status: err.status, message: err.message}});
        }
      }
      return c.json({succeeded, failed}, 200);
    },
  );

  const membersPath = '/api/v1/embed-tenants/{embedTenantName}/groups/{id}/users';
  app.openapi(
    createRoute({method: 'get', path: membersPath, operationId: 'getGroupMembers', tags: TAGS, summary: 'The embed users in a group', request: {params: GroupParams, query: CursorQuery}, responses: {200: json(ObjectList, 'a page of members'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const p = valid(c, 'param');
      const ids = membersOf(loadGroup(p));
      const users = listResources(ctx.db, 'embed-user', String(p.embedTenantName)).filter((u) => ids.includes(u.id)).map(presentUser(ctx));
      return c.json(cursorPage(users, valid(c, 'query') as {first?: string; after?: string}), 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: membersPath, operationId: 'addGroupMembers', tags: TAGS, summary: 'Add embed users to a group (by embedUserId or externalId)', request: {params: GroupParams, body: jsonBody(EmbedGroupMembersInput)}, responses: {200: json(AnyJsonObject, 'added and unchanged members'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const p = valid(c, 'param');
      const group = loadGroup(p);
      const users = resolveMembers(String(p.embedTenantName), valid(c, 'json').members as Json[]);
      const before = new Set(membersOf(group));
      const seen = new Set<number>();
      const unique = users.filter((u) => !seen.has(u.id) && seen.add(u.id));
      setMembers(ctx, group, [...before, ...unique.map((u) => u.id)]);
      return c.json({addedMembers: unique.filter((u) => !before.has(u.id)).map(presentUser(ctx)), unchangedMembers: unique.filter((u) => before.has(u.id)).map(presentUser(ctx))}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'delete', path: membersPath, operationId: 'removeGroupMembers', tags: TAGS, summary: 'Remove embed users from a group', request: {params: GroupParams, body: jsonBody(EmbedGroupMembersInput)}, responses: {204: {description: 'removed'}, ...errorResponses(400, 403, 404)}}),
    (c) => {
      const p = valid(c, 'param');
      const group = loadGroup(p);
      const gone = new Set(resolveMembers(String(p.embedTenantName), valid(c, 'json').members as Json[]).map((u) => u.id));
      setMembers(ctx, group, membersOf(group).filter((id) => !gone.has(id)));
      return c.body(null, 204);
    },
  );
};
