// Reports placed in spreadsheets: connecting a report to a cell range of an external workbook (Google Sheets,
// Excel), disconnecting it, and recording a refresh. Placements live in the report's `externalWorkbookPlacements`;
// a placement whose query checksum differs from the report's current query is CHANGED (the sheet is stale).
import {createHash, randomUUID} from 'node:crypto';
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {ConnectReportToWorkbookInput, DisconnectReportFromWorkbookInput, RefreshReportInput} from '../../../contract/embedOps.js';
import {Report} from '../../../contract/objects.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf} from '../../auth.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {notFound} from '../../errors.js';
import {errorResponses, json, jsonBody, valid} from '../http.js';
import {findResource, saveResource, type ResourceRow} from '../../store/resources.js';
import {present, scopeOf} from './crud.js';
import {RESOURCES} from './table.js';

type Json = Record<string, unknown>;
type Placement = Json & {id: string; workbookId: string; resultLocation: string};
const loose = (schema: z.ZodType): z.ZodType => schema;
const ReportParams = DeploymentIdParam.extend({reportId: z.string().regex(/^\d{1,12}$/, 'report id must be numeric')});
const SELECTORS = ['placementId', 'externalWorkbookId', 'sheetId', 'sheetName', 'anchorCell', 'resultLocation'] as const;

/** The checksum of what the report asks: a placement made from another version of the query is stale. */
const queryChecksum = (report: ResourceRow) => createHash('sha256').update(JSON.stringify([report.body.jsonQuery ?? null, report.body.sqlQuery ?? null])).digest('hex').slice(0, 32);

/** A report as these operations answer it: with its owner, who refreshed it, and its placements' sync state. */
export function reportAnswer(ctx: ServiceContext, row: ResourceRow): Json {
  const current = queryChecksum(row);
  const placements = ((row.body.externalWorkbookPlacements as Placement[] | undefined) ?? []).map((p) => ({...p, syncStatus: p.queryChecksum === current ? 'UP_TO_DATE' : 'CHANGED'}));
  return {
    ...present(ctx, RESOURCES.find((s) => s.kind === 'report')!, row),
    currentQueryChecksum: current,
    externalWorkbookPlacements: placements,
  };
}

function matches(p: Placement, sel: Json): boolean {
  const want = (field: string, have: unknown) => sel[field] == null || sel[field] === have;
  return (
    want('placementId', p.id) &&
    want('externalWorkbookId', p.workbookId) &&
    want('sheetId', p.sheetId) &&
    want('sheetName', p.sheetName) &&
    want('anchorCell', p.anchorCell) &&
    want('resultLocation', p.resultLocation)
  );
}

export const registerSheets: RouteGroup = (app, ctx) => {
  const path = '/api/v1/deployments/{deploymentId}/reports/{reportId}';
  const tags = ['Reports'];
  const load = (p: Json) => {
    const row = findResource(ctx.db, 'report', scopeOf(ctx, {scope: 'deployment'}, p), Number(p.reportId));
    if (!row) throw notFound(`report ${String(p.reportId)} not found`);
    return row;
  };
  const placementsOf = (row: ResourceRow) => (row.body.externalWorkbookPlacements as Placement[] | undefined) ?? [];
  const selected = (body: Json) => SELECTORS.some((f) => body[f] != null);

  app.openapi(
    createRoute({method: 'put', path: `${path}/connect-workbook`, operationId: 'connectReportToWorkbook', tags, summary: 'Place the report in a cell range of a spreadsheet (again: the placement is updated)', request: {params: ReportParams, body: jsonBody(ConnectReportToWorkbookInput)}, responses: {200: json(loose(Report), 'the report with its placements'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const row = load(valid(c, 'param'));
      const b = valid(c, 'json');
      const now = ctx.clock.now();
      const key = (b.placementId as string | null | undefined) ?? undefined;
      const others = placementsOf(row).filter((p) => (key ? p.id !== key : !(p.workbookId === b.externalWorkbookId && p.resultLocation === b.resultLocation)));
      const placement: Placement = {
        id: key ?? randomUUID(),
        workbookId: String(b.externalWorkbookId),
        workbookName: b.workbookName ?? null,
        resultLocation: String(b.resultLocation),
        anchorCell: b.anchorCell ?? null,
        endResultCell: b.endResultCell ?? null,
        sheetId: b.sheetId ?? null,
        sheetName: b.sheetName ?? null,
        host: b.host ?? null,
        placedAt: isoTime(now),
        placedByUserId: principalOf(c).userId,
        queryChecksum: queryChecksum(row),
        refreshedAt: null,
        refreshedByUserId: null,
        resultChecksum: b.resultChecksum ?? null,
      };
      const body = {...row.body, externalWorkbookPlacements: [...others, placement], externalWorkbookId: placement.workbookId, resultLocation: placement.resultLocation, endResultCell: placement.endResultCell};
      return c.json(reportAnswer(ctx, saveResource(ctx.db, {...row, body}, now)), 200);
    },
  );

  app.openapi(
    createRoute({method: 'delete', path: `${path}/connect-workbook`, operationId: 'disconnectReportFromWorkbook', tags, summary: 'Remove the placements the body selects (all of them when it selects nothing)', request: {params: ReportParams, body: jsonBody(DisconnectReportFromWorkbookInput, false)}, responses: {200: json(loose(Report), 'the report'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const row = load(valid(c, 'param'));
      const b = (valid(c, 'json') ?? {}) as Json;
      const all = placementsOf(row);
      const kept = selected(b) ? all.filter((p) => !matches(p, b)) : [];
      if (selected(b) && kept.length === all.length) throw notFound('no placement of this report matches');
      const last = kept.at(-1);
      const body = {...row.body, externalWorkbookPlacements: kept, externalWorkbookId: last?.workbookId ?? null, resultLocation: last?.resultLocation ?? null, endResultCell: last?.endResultCell ?? null};
      return c.json(reportAnswer(ctx, saveResource(ctx.db, {...row, body}, ctx.clock.now())), 200);
    },
  );

  app.openapi(
    createRoute({method: 'put', path: `${path}/refresh`, operationId: 'refreshReport', tags, summary: 'Record that the placements the body selects (all when none) were refreshed with the current query', request: {params: ReportParams, body: jsonBody(RefreshReportInput, false)}, responses: {200: json(loose(Report), 'the report'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const row = load(valid(c, 'param'));
      const b = (valid(c, 'json') ?? {}) as Json;
      const now = ctx.clock.now();
      const userId = principalOf(c).userId;
      const all = placementsOf(row);
      if (selected(b) && !all.some((p) => matches(p, b))) throw notFound('no placement of this report matches');
      const checksum = queryChecksum(row);
      const placements = all.map((p) =>
        !selected(b) || matches(p, b) ? {...p, refreshedAt: isoTime(now), refreshedByUserId: userId, queryChecksum: checksum, resultChecksum: b.resultChecksum ?? p.resultChecksum ?? null} : p,
      );
      return c.json(reportAnswer(ctx, saveResource(ctx.db, {...row, body: {...row.body, externalWorkbookPlacements: placements, refreshedBy: userId}}, now)), 200);
    },
  );
};
