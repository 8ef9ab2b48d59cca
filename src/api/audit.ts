// Audit log export: a CSV attachment read as a stream (never buffered whole).
import type {Api} from './client.js';
import {num} from './read.js';

export interface AuditExportFilters {
  start?: string;
  end?: string;
  search?: string;
  eventName?: string;
  userEmail?: string;
}

export interface AuditExport {
  body: ReadableStream<Uint8Array>;
  /** From Content-Disposition, when the service names the file. */
  filename?: string;
  /** Events in the export, when the service says (x-audit-event-count). */
  total?: number;
}

export async function exportAuditLog(api: Api, filters: AuditExportFilters, signal?: AbortSignal): Promise<AuditExport> {
  const res = await api.raw('GET', '/api/v1/audit-logs/export', {searchParams: {...filters}, signal});
  const out: AuditExport = {body: res.body ?? new ReadableStream({start: (c) => c.close()})};
  const filename = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const total = num(res.headers.get('x-audit-event-count'));
  if (filename !== undefined) out.filename = filename;
  if (total !== undefined) out.total = total;
  return out;
}

/**
 * Counts CSV records in a stream of chunks without parsing it: a record ends at a line break outside quotes
 * (RFC 4180 doubles quotes inside a quoted field, which toggles twice and leaves the state unchanged).
 */
export class CsvRecordCounter {
  records = 0;
  private quoted = false;

  feed(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 34) this.quoted = !this.quoted;
      else if (ch === 10 && !this.quoted) this.records++;
    }
  }
}
