// GET /api/v1/audit-logs/export: the tenant's audit events as an RFC 4180 CSV attachment, streamed page by
// page from SQLite (one page of rows in memory at a time, whatever the size of the log). Needs the
// audit-log plan feature and the AuditLogManage permission; a key scoped to deployments sees only their events.
import {createRoute, z} from '@hono/zod-openapi';
import {AUDIT_COUNT_HEADER, AUDIT_CSV_COLUMNS, AuditExportQuery, isDateOnly} from '../../../contract/audit.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf} from '../../auth.js';
import {listedDeployments} from '../../policy.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {badRequest, forbidden} from '../../errors.js';
import {auditEventPage, countAuditEvents, isAuditLogEnabled, lastAuditEventId, type AuditCursor, type AuditFilter, type AuditEventRow} from '../../store/audit.js';
import {listResources} from '../../store/resources.js';
import {errorResponses} from '../http.js';
import {csvRecord, csvRecords} from '../../../lib/csv.js';

const PAGE_SIZE = 1000;
const DAY = 86_400_000;

function csvFields(row: AuditEventRow): string[] {
  return [String(row.id), isoTime(row.created_at), row.name, row.user_email ?? '', row.data];
}

function filterOf(q: AuditExportQuery): AuditFilter {
  const f: AuditFilter = {};
  if (q.start !== undefined) f.from = Date.parse(q.start);
  // A bare date as `end` means through the end of that day; a date-time is the last included moment.
  if (q.end !== undefined) f.until = Date.parse(q.end) + (isDateOnly(q.end) ? DAY : 1);
  if (f.from !== undefined && f.until !== undefined && f.from >= f.until) throw badRequest('start must not be after end');
  if (q.eventName) f.eventName = q.eventName;
  if (q.userEmail) f.userEmail = q.userEmail;
  if (q.search) f.search = q.search;
  return f;
}

/**
 * The plan decides whether the audit log exists at all (store/audit.ts); within it, an admin can switch it
 * off in the tenant settings (`auditLogEnabled`, kept by the tenant-settings resource; unset means on).
 */
function turnedOffInTenantSettings(ctx: ServiceContext): boolean {
  return listResources(ctx.db, 'tenant-settings', '')[0]?.body.auditLogEnabled === false;
}

/** Pulls one page per read, so a slow reader holds back the database reads instead of piling up rows. */
function csvStream(ctx: ServiceContext, filter: AuditFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: AuditCursor | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvRecord([...AUDIT_CSV_COLUMNS])));
      },
      pull(controller) {
        const rows = auditEventPage(ctx.db, filter, cursor, PAGE_SIZE);
        const last = rows.at(-1);
        if (last) controller.enqueue(encoder.encode(csvRecords(rows.map(csvFields))));
        if (!last || rows.length < PAGE_SIZE) controller.close();
        else cursor = {createdAt: last.created_at, id: last.id};
      },
    },
    {highWaterMark: 1},
  );
}

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/audit-logs/export',
      operationId: 'exportAuditLogs',
      summary: 'Export audit log events as a CSV attachment (needs the audit log feature and AuditLogManage)',
      description: `Columns: ${AUDIT_CSV_COLUMNS.join(', ')}; oldest first. \`data\` is JSON with the request's path parameters and a redacted body. The ${AUDIT_COUNT_HEADER} header holds the number of events.`,
      tags: ['Audit Logs'],
      request: {query: AuditExportQuery},
      responses: {
        200: {description: 'the events, RFC 4180 CSV with a header row', content: {'text/csv': {schema: z.string()}}},
        ...errorResponses(400, 403),
      },
    }),
    (c) => {
      if (!isAuditLogEnabled(ctx.db)) {
        throw forbidden('audit log export is not available: the audit log feature is not enabled on this tenant’s plan');
      }
      if (turnedOffInTenantSettings(ctx)) {
        throw forbidden('audit log export is turned off in the tenant settings (auditLogEnabled: false; see svc tenant)');
      }
      // Events recorded while the export streams are left for the next export, so the count holds.
      const filter: AuditFilter = {...filterOf(c.req.valid('query')), maxId: lastAuditEventId(ctx.db)};
      // A credential scoped to some deployments exports only the events about those deployments.
      const scope = listedDeployments(principalOf(c));
      if (scope !== null) filter.deploymentIds = scope;
      const date = isoTime(ctx.clock.now()).slice(0, 10);
      return c.body(csvStream(ctx, filter), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="audit-log-${date}.csv"`,
        [AUDIT_COUNT_HEADER]: String(countAuditEvents(ctx.db, filter)),
        'cache-control': 'no-store',
      });
    },
  );
};
