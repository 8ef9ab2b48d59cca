// Streams an audit log export to a file or a stream, counting events as they pass, for `svc audit export`
// and the Audit screen. A file is written beside its target and renamed at the end, so an interrupted
// export never leaves a truncated file under the name asked for.
import {Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {CsvRecordCounter, exportAuditLog, type AuditExportFilters} from '../api/audit.js';
import type {Api} from '../api/client.js';
import {safeText} from '../lib/safeText.js';
import {privateFileStream} from '../files/privateFile.js';

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
  /**
   * The stream is a terminal: event data is server text, so control characters are made visible (`safeText`) and
   * CSV's CRLF line ends become LF. A file or a pipe gets the CSV byte for byte.
   */
  terminal?: boolean;
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
    // A new private (0600) temp file beside the target, renamed into place once complete (files/privateFile.ts).
    const file = privateFileStream(opts.to, {replace: true});
    try {
      await pipeline(source, file.stream, {signal: opts.signal});
      file.commit();
    } catch (err) {
      file.abort();
      throw err;
    }
  } else {
    const target = opts.to;
    const shown = opts.terminal ? source.pipeThrough(forTerminal()) : source;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        if (target.write(chunk)) done();
        else target.once('drain', () => done());
      },
    });
    await pipeline(shown, sink, {signal: opts.signal});
  }
  return {...progress(), ...(exp.filename !== undefined ? {filename: exp.filename} : {})};
}

/** CSV text for a terminal: CRLF → LF, every other control character inert; a CR split from its LF waits a chunk. */
function forTerminal(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let carry = '';
  const shown = (text: string) => encoder.encode(safeText(text.replace(/\r\n/g, '\n')));
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      let text = carry + decoder.decode(chunk, {stream: true});
      carry = text.endsWith('\r') ? '\r' : '';
      if (carry) text = text.slice(0, -1);
      controller.enqueue(shown(text));
    },
    flush(controller) {
      const rest = carry + decoder.decode();
      if (rest !== '') controller.enqueue(shown(rest));
    },
  });
}
