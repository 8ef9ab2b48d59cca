// The operations of the object groups that are not plain CRUD: publishing a workbook as a dashboard, turning
// a dashboard's embedding on and off, user attribute values, and the workspace listing across object kinds.
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {CursorQuery} from '../../../contract/common.js';
import {
  Dashboard,
  DashboardEmbeddingResponse,
  ObjectList,
  PublishDashboardInput,
  UpdateDashboardEmbeddingInput,
  UserAttributeValue,
  UserAttributeValueCreateInput,
} from '../../../contract/objects.js';
import type {RouteGroup} from '../../appTypes.js';
import {badRequest, forbidden, notFound} from '../../errors.js';
import {resourceOf} from '../../policyResources.js';
import {AnyJsonObject, errorResponses, json, jsonBody, valid} from '../http.js';
import {findResource, insertResource, listResources, saveResource} from '../../store/resources.js';
import {present, scopeOf, WorkbookParams, workspaceItem} from './crud.js';
import {cursorPage} from '../cursor.js';
import {dashboardAnswer} from './dashboards.js';
import {newPublicId, RESOURCES} from './table.js';

/** Documented with their contract schema, answered from stored JSON: the handler's type checks stay loose. */
const loose = (schema: z.ZodType): z.ZodType => schema;
const specOf = (kind: string) => RESOURCES.find((s) => s.kind === kind)!;
const PublicIdParam = z.object({publicId: z.string().regex(/^[0-9A-Za-z]{12}$/, 'publicId must be 12 letters or digits')});
// The routes' other schemas, made once for every app.
const PythonRunInput = z.object({reportId: z.number().int(), reportVersionId: z.number().int(), sqlQuery: z.string()});
const UserIdParam = z.object({userId: z.string().regex(/^\d{1,12}$/, 'user id must be numeric')});
const UserAttributeValues = loose(z.array(UserAttributeValue));
const WorkspaceQuery = CursorQuery.extend({folderId: z.string().regex(/^\d{1,12}$/, 'folderId must be numeric').optional(), search: z.string().min(1).max(200).optional()});

export const registerActions: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/publish',
      operationId: 'publishDashboard',
      tags: ['Workbooks'],
      summary: "Publish a workbook's dashboard (again); answers the dashboard with its public id",
      request: {params: WorkbookParams, body: jsonBody(PublishDashboardInput)},
      responses: {200: json(loose(Dashboard), 'the published dashboard'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const p = valid(c, 'param');
      const scope = scopeOf(ctx, {scope: 'deployment'}, p);
      const body = valid(c, 'json');
      const workbook = findResource(ctx.db, 'workbook', scope, Number(p.workbookId));
      if (!workbook) throw notFound(`workbook ${String(p.workbookId)} not found`);
      if (Number(body.workbookId) !== workbook.id) throw badRequest('workbookId: must be the workbook in the path');
      const now = ctx.clock.now();
      const existing = listResources(ctx.db, 'dashboard', scope).find((d) => d.body.workbookId === workbook.id);
      const fields = {
        workbookId: workbook.id,
        title: body.title ?? existing?.body.title ?? workbook.body.name,
        description: body.description ?? existing?.body.description ?? null,
        allowEmbed: body.allowEmbed ?? existing?.body.allowEmbed ?? false,
        status: 'published',
        // The draft becomes what is published; each publish is a new version.
        config: workbook.body.dashboardDraft ?? existing?.body.config ?? {},
        versionNumber: (typeof existing?.body.versionNumber === 'number' ? existing.body.versionNumber : 0) + 1,
      };
      const row = existing
        ? saveResource(ctx.db, {...existing, body: {...existing.body, ...fields}}, now)
        : insertResource(ctx.db, 'dashboard', scope, {...fields, publicId: newPublicId()}, now);
      return c.json(dashboardAnswer(ctx, row), 200);
    },
  );

  // The embed paths name no deployment: the policy decides on the dashboard's (permissions.ts `dashboard`).
  app.openapi(
    createRoute({method: 'get', path: '/api/v1/embed/dashboard/{publicId}', operationId: 'getDashboard', tags: ['Embed'], summary: 'A published dashboard by its public id', request: {params: PublicIdParam}, responses: {200: json(loose(Dashboard), 'the dashboard'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      return c.json(dashboardAnswer(ctx, resourceOf(c, 'dashboard').dashboard), 200);
    },
  );

  // Python analysis over a dashboard's filtered SQL. The platform answers 403 when Python analysis is not enabled
  // for the account, and it is not enabled for the local account: this service has no Python runtime and never runs
  // code a caller could influence. Everything before that answer is real: who may ask (as for the dashboard itself),
  // the dashboard (404) and the body (400).
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/embed/dashboard/{publicId}/python-run',
      operationId: 'postDashboardPythonRun',
      tags: ['Embed'],
      summary: "Run a report's Python analysis over dashboard-filtered SQL (not enabled on the local account)",
      request: {params: PublicIdParam, body: jsonBody(PythonRunInput)},
      responses: {200: json(AnyJsonObject, 'the analysis result, not persisted'), ...errorResponses(400, 403, 404)},
    }),
    () => {
      throw forbidden('Python analysis is not enabled for this account');
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/api/v1/embed/dashboard/{publicId}',
      operationId: 'updateDashboardEmbedding',
      tags: ['Embed'],
      summary: 'Allow or forbid embedding a published dashboard',
      request: {params: PublicIdParam, body: jsonBody(UpdateDashboardEmbeddingInput)},
      responses: {200: json(DashboardEmbeddingResponse, 'the embedding state'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const row = resourceOf(c, 'dashboard').dashboard;
      const allowEmbed = valid(c, 'json').allowEmbed === true;
      saveResource(ctx.db, {...row, body: {...row.body, allowEmbed}}, ctx.clock.now());
      return c.json({publicId: String(row.body.publicId), allowEmbed}, 200);
    },
  );

  const attributeValues = (userId: number) =>
    listResources(ctx.db, 'user-attribute', '').map((a) => {
      const set = listResources(ctx.db, 'user-attribute-value', `user:${userId}`).find((v) => v.body.userAttributeId === a.id);
      const value = set ? set.body.value : (a.body.defaultValue ?? null);
      return {userAttributeId: a.id, userId, name: a.body.name, type: a.body.type, displayName: a.body.displayName ?? null, description: a.body.description ?? null, value, formattedValue: value};
    });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/user-attribute-values',
      operationId: 'upsertUserAttributeValue',
      tags: ['User Attribute Values'],
      summary: "Set a user's value of an attribute",
      request: {body: jsonBody(UserAttributeValueCreateInput)},
      responses: {200: json(loose(UserAttributeValue), 'the value'), ...errorResponses(400, 403)},
    }),
    (c) => {
      const body = valid(c, 'json');
      const attributeId = Number(body.userAttributeId);
      const userId = Number(body.userId);
      const attribute = findResource(ctx.db, 'user-attribute', '', attributeId);
      if (!attribute) throw badRequest(`userAttributeId: no attribute ${attributeId}`);
      const scope = `user:${userId}`;
      const now = ctx.clock.now();
      const existing = listResources(ctx.db, 'user-attribute-value', scope).find((v) => v.body.userAttributeId === attributeId);
      const stored = {userAttributeId: attributeId, userId, value: body.value ?? null};
      if (existing) saveResource(ctx.db, {...existing, body: stored}, now);
      else insertResource(ctx.db, 'user-attribute-value', scope, stored, now);
      return c.json(attributeValues(userId).find((v) => v.userAttributeId === attributeId)!, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/user-attribute-values/{userId}',
      operationId: 'getUserAttributeValues',
      tags: ['User Attribute Values'],
      summary: "A user's value of every attribute (the default where none is set)",
      request: {params: UserIdParam},
      responses: {200: json(UserAttributeValues, 'the values'), ...errorResponses(400, 403)},
    }),
    (c) => {
      return c.json(attributeValues(Number(valid(c, 'param').userId)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/workspace',
      operationId: 'workspaceObjects',
      tags: ['Workspace'],
      summary: 'Folders, workbooks and reports of the workspace, newest change first',
      request: {params: DeploymentIdParam, query: WorkspaceQuery},
      responses: {200: json(ObjectList, 'a page of workspace objects'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const scope = scopeOf(ctx, {scope: 'deployment'}, valid(c, 'param'));
      const q = valid(c, 'query');
      const folder = q.folderId === undefined ? null : Number(q.folderId);
      const search = typeof q.search === 'string' ? q.search.toLowerCase() : undefined;
      const items = (['folder', 'workbook', 'report'] as const)
        .flatMap((kind) => listResources(ctx.db, kind, scope).map((r) => workspaceItem(present(ctx, specOf(kind), r))))
        .filter((o) => ((o.type === 'FOLDER' ? o.parentId : o.folderId) ?? null) === folder)
        .filter((o) => search === undefined || String(o.name).toLowerCase().includes(search))
        .sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)) || Number(b.id) - Number(a.id));
      return c.json(cursorPage(items, q as {first?: string; after?: string}), 200);
    },
  );
};
