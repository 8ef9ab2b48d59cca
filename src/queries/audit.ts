// Audit preview: the service has no preview endpoint, so the export is read as a stream and parsed as it
// arrives, holding only the newest rows (the export is oldest first). Aborted with the query (unmount, new
// filters), so a large range is never read to the end for nothing.
import {exportAuditLog, type AuditExportFilters} from '../api/audit.js';
import type {Api} from '../api/client.js';
import {CsvTail} from '../lib/csv.js';

/** Rows the preview keeps. */
export const AUDIT_PREVIEW_ROWS = 50;

export interface AuditEvent {
  id: string;
  createdAt: string;
  eventName: string;
  userEmail: string;
  data: string;
}

export interface AuditPreview {
  /** Newest first. */
  events: AuditEvent[];
  /** Events the range and filters hold. */
  total: number;
}

export const auditKeys = {
  all: ['audit'] as const,
  preview: (filters: AuditExportFilters) => [...auditKeys.all, 'preview', filters] as const,
};

export async function previewAuditLog(api: Api, filters: AuditExportFilters, signal?: AbortSignal): Promise<AuditPreview> {
  const exp = await exportAuditLog(api, filters, signal);
  const tail = new CsvTail(AUDIT_PREVIEW_ROWS);
  const decoder = new TextDecoder();
  const reader = exp.body.getReader();
  try {
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      tail.feed(decoder.decode(value, {stream: true}));
    }
  } finally {
    reader.releaseLock();
  }
  tail.feed(decoder.decode());
  tail.end();
  const events = tail.newest
    .map(([id = '', createdAt = '', eventName = '', userEmail = '', data = '']) => ({id, createdAt, eventName, userEmail, data}))
    .reverse();
  return {events, total: exp.total ?? Math.max(0, tail.seen - 1)};
}

export const auditQueries = {
  preview: (api: Api, filters: AuditExportFilters) => ({
    queryKey: auditKeys.preview(filters),
    queryFn: ({signal}: {signal: AbortSignal}) => previewAuditLog(api, filters, signal),
  }),
};
