// Audit log export: query filters of GET /api/v1/audit-logs/export and the CSV layout it streams.
import {z} from 'zod';

/** ISO 8601 date (2026-06-01, a whole day in UTC) or date-time with an offset or Z. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const isoDate = (name: string) =>
  z
    .string()
    .refine((v) => (ISO_DATE.test(v) || ISO_DATE_TIME.test(v)) && !Number.isNaN(Date.parse(v)), `${name} must be an ISO 8601 date or date-time, e.g. 2026-06-01 or 2026-06-01T09:00:00Z`);

export const AuditExportQuery = z.object({
  start: isoDate('start').optional().meta({description: 'first moment included; a date means its start (00:00 UTC)'}),
  end: isoDate('end').optional().meta({description: 'last moment included; a date means the whole day (UTC)'}),
  search: z.string().max(200).optional().meta({description: 'case-insensitive text searched in event name, user email and data'}),
  eventName: z.string().max(200).optional().meta({description: 'exact event name, e.g. deployment.update'}),
  userEmail: z.string().max(320).optional().meta({description: "the acting user's email (case-insensitive)"}),
});
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

export const AUDIT_CSV_COLUMNS = ['id', 'created_at', 'event_name', 'user_email', 'data'] as const;
/** Response header with the number of events the export holds (counted when it started). */
export const AUDIT_COUNT_HEADER = 'x-audit-event-count';

export function isDateOnly(value: string): boolean {
  return ISO_DATE.test(value);
}
