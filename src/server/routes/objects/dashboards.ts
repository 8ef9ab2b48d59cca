// A workbook's dashboard beyond publishing: its draft (PUT …/dashboard), pointing an AI widget of the published
// dashboard at a chat thread, and the shared workspace (workbooks whose dashboard is published). A published
// dashboard carries the config it was published with and a version number that grows with each change.
import {createHash} from 'node:crypto';
import {createRoute, z} from '@hono/zod-openapi';
import {CursorQuery, DeploymentIdParam} from '../../../contract/common.js';
import {UpdatePublishedAiWidgetThreadInput, WorkbookDashboardInput} from '../../../contract/embedOps.js';
import {Dashboard, ObjectList} from '../../../contract/objects.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {conflict, notFound} from '../../errors.js';
import {AnyJsonObject, errorResponses, json, jsonBody, valid} from '../http.js';
import {findResource, listResources, saveResource, type ResourceRow} from '../../store/resources.js';
import {present, scopeOf, WorkbookParams} from './crud.js';
import {cursorPage} from '../cursor.js';
import {RESOURCES} from './table.js';

type Json = Record<string, unknown>;
const loose = (schema: z.ZodType): z.ZodType => schema;
const specOf = (kind: string) => RESOURCES.find((s) => s.kind === kind)!;
const order = z.enum(['updated_at', 'created_at', 'name', 'viewer_last_viewed_at']);
const SharedWorkspaceQuery = CursorQuery.extend({
  folderId: z.string().regex(/^\d{1,12}$/, 'folderId must be numeric').optional(),
  types: z.string().regex(/^(FOLDER|WORKBOOK|REPORT)(,(FOLDER|WORKBOOK|REPORT))*$/, 'types: a comma-separated list of FOLDER, WORKBOOK, REPORT').optional(),
  orderByField: order.optional(),
  orderByDirection: z.enum(['ASC', 'DESC']).optional(),
  search: z.string().min(1).max(200).optional(),
});

/** The checksum of a dashboard config: a client that read another version is told so (409). */
export const configChecksum = (config: unknown) => createHash('sha256').update(JSON.stringify(config ?? {})).digest('hex').slice(0, 32);

/** A dashboard as the yaml shows it: its config, version and report snapshots included. */
export function dashboardAnswer(ctx: ServiceContext, row: ResourceRow): Json {
  const version = typeof row.body.versionNumber === 'number' ? row.body.versionNumber : 1;
  return {config: {}, reportSnapshots: [], ...present(ctx, {...specOf('workbook'), kind: 'dashboard'}, row), versionNumber: version, versionId: version};
}

export const registerDashboards: RouteGroup = (app, ctx) => {
  const loadWorkbook = (p: Json) => {
    const scope = scopeOf(ctx, {scope: 'deployment'}, p);
    const row = findResource(ctx.db, 'workbook', scope, Number(p.workbookId));
    if (!row) throw notFound(`workbook ${String(p.workbookId)} not found`);
    return {scope, row};
  };
  const publishedOf = (scope: string, workbookId: number) => listResources(ctx.db, 'dashboard', scope).find((d) => d.body.workbookId === workbookId && d.body.status === 'published');

  app.openapi(
    createRoute({method: 'put', path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/dashboard', operationId: 'updateWorkbookDashboard', tags: ['Workbooks'], summary: "Save the workbook's dashboard draft (publish makes it the published dashboard)", request: {params: WorkbookParams, body: jsonBody(WorkbookDashboardInput)}, responses: {200: json(AnyJsonObject, 'the draft and the published config'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const {scope, row} = loadWorkbook(valid(c, 'param'));
      const draft = valid(c, 'json').dashboardDraft ?? null;
      saveResource(ctx.db, {...row, body: {...row.body, dashboardDraft: draft}}, ctx.clock.now());
      return c.json({dashboardDraft: draft, dashboardPublished: publishedOf(scope, row.id)?.body.config ?? null}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/dashboard/ai-widget-thread',
      operationId: 'updatePublishedDashboardAiWidgetThread',
      tags: ['Workbooks'],
      summary: 'Point an AI widget of the published dashboard at a chat thread (checksum: the config version the caller read)',
      request: {params: WorkbookParams, body: jsonBody(UpdatePublishedAiWidgetThreadInput)},
      responses: {200: json(loose(Dashboard), 'the published dashboard'), ...errorResponses(400, 403, 404, 409)},
    }),
    (c) => {
      const {scope, row} = loadWorkbook(valid(c, 'param'));
      const b = valid(c, 'json');
      const dashboard = publishedOf(scope, row.id);
      if (!dashboard) throw notFound(`workbook ${row.id} has no published dashboard (publish it first)`);
      const config = structuredClone((dashboard.body.config as Json | undefined) ?? {});
      if (typeof b.checksum === 'string' && b.checksum !== configChecksum(config)) throw conflict('the published dashboard changed since it was read; read it again');
      const widgets = Array.isArray(config.widgets) ? (config.widgets as Json[]) : [];
      const widget = widgets.find((w) => w.id === b.widgetId);
      if (!widget) throw notFound(`the published dashboard has no widget ${String(b.widgetId)}`);
      if (widget.type !== 'AI') throw conflict(`widget ${String(b.widgetId)} is a ${String(widget.type)} widget, not an AI widget`);
      widget.config = {...((widget.config as Json | null) ?? {}), threadId: b.threadId};
      const version = (typeof dashboard.body.versionNumber === 'number' ? dashboard.body.versionNumber : 1) + 1;
      const saved = saveResource(ctx.db, {...dashboard, body: {...dashboard.body, config, versionNumber: version}}, ctx.clock.now());
      return c.json(dashboardAnswer(ctx, saved), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/shared-workspace',
      operationId: 'sharedWorkspaceObjects',
      tags: ['Workspace'],
      summary: 'Workbooks shared with the account (their dashboard is published)',
      request: {
        params: DeploymentIdParam,
        query: SharedWorkspaceQuery,
      },
      responses: {200: json(ObjectList, 'a page of shared workbooks'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const scope = scopeOf(ctx, {scope: 'deployment'}, valid(c, 'param'));
      const q = valid(c, 'query');
      if (typeof q.types === 'string' && !q.types.split(',').includes('WORKBOOK')) return c.json(cursorPage([], q as {first?: string; after?: string}), 200);
      const search = typeof q.search === 'string' ? q.search.toLowerCase() : undefined;
      const field = {updated_at: 'updatedAt', created_at: 'createdAt', name: 'name', viewer_last_viewed_at: 'updatedAt'}[(q.orderByField as z.infer<typeof order> | undefined) ?? 'updated_at'];
      const sign = q.orderByDirection === 'ASC' ? 1 : -1;
      const items = listResources(ctx.db, 'workbook', scope)
        .filter((w) => publishedOf(scope, w.id) !== undefined)
        .map((w) => present(ctx, specOf('workbook'), w))
        .filter((w) => q.folderId === undefined || w.folderId === Number(q.folderId))
        .filter((w) => search === undefined || String(w.name).toLowerCase().includes(search))
        .sort((a, b) => sign * String(a[field]).localeCompare(String(b[field])) || sign * (Number(a.id) - Number(b.id)));
      return c.json(cursorPage(items, q as {first?: string; after?: string}), 200);
    },
  );
};
