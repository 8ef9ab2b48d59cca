// Streams an audit log export to a file or a stream, counting events as they pass, for `svc audit export`
// and the Audit screen. A file is written beside its target and renamed at the end, so an interrupted
// export never leaves a truncated file under the name asked for.
import {createWriteStream} from 'node:fs';
import {rename, rm} from 'node:fs/promises';
import {Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {CsvRecordCounter, exportAuditLog, type AuditExportFilters} from '../api/audit.js';
import type {Api} from '../api/client.js';

export interface AuditExportProgress {
  /** Events written so far (the header row is not an event). */
  events: number;
  bytes: number;
  /** Events in the whole export, when the service said. */
  total?: number;
}

export interface AuditExportResult extends AuditExportProgress {
  filename?: string;
}

export interface AuditExportOptions {
  filters: AuditExportFilters;
  /** A file path, or a stream such as stdout (left open). */
  to: string | NodeJS.WritableStream;
  /** Once the service has answered, before any event arrives. */
  onStart?: (info: {total?: number; filename?: string}) => void;
  onProgress?: (p: AuditExportProgress) => void;
  signal?: AbortSignal;
}

export async function exportAuditLogTo(api: Api, opts: AuditExportOptions): Promise<AuditExportResult> {
  const exp = await exportAuditLog(api, opts.filters, opts.signal);
  opts.onStart?.({...(exp.total !== undefined ? {total: exp.total} : {}), ...(exp.filename !== undefined ? {filename: exp.filename} : {})});
  const counter = new CsvRecordCounter();
  const decoder = new TextDecoder();
  let bytes = 0;
  const progress = (): AuditExportProgress => ({events: Math.max(0, counter.records - 1), bytes, ...(exp.total !== undefined ? {total: exp.total} : {})});
  const count = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      counter.feed(decoder.decode(chunk, {stream: true}));
      controller.enqueue(chunk);
      opts.onProgress?.(progress());
    },
  });
  const source = exp.body.pipeThrough(count);
  if (typeof opts.to === 'string') {
    const partial = `${opts.to}.partial`;
    try {
      await pipeline(source, createWriteStream(partial), {signal: opts.signal});
      await rename(partial, opts.to);
    } catch (err) {
      await rm(partial, {force: true});
      throw err;
    }
  } else {
    const target = opts.to;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        if (target.write(chunk)) done();
        else target.once('drain', () => done());
      },
    });
    await pipeline(source, sink, {signal: opts.signal});
  }
  return {...progress(), ...(exp.filename !== undefined ? {filename: exp.filename} : {})};
}
