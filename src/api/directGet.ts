// A GET over node:http(s) without fetch. Node loads its fetch (undici) on first use, and ky touches it at import:
// time the console's path to its first rows need not spend (BENCHMARKS.md, "Third pass"). The console's first
// frame (two small GETs: the early paint, src/ui/startup/) goes this way; everything else goes through the one
// client (ky).
// Stricter than the client, never looser: no redirect is followed and a 401 is not refreshed — any answer but 2xx
// is an error, and the screen then asks again through the client.
import type {IncomingMessage} from 'node:http';
import {ResponseTooLargeError} from './errors.js';
import {timeSpan} from '../lib/time.js';

export interface DirectGet {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Longest silence before the answer starts and between two chunks of it. */
  readonly idleTimeoutMs: number;
  /** Longest answer read; past it the request is destroyed and the promise rejects with a ResponseTooLargeError. */
  readonly maxBytes: number;
  readonly signal?: AbortSignal;
}

export interface DirectAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly contentType: string | null;
  readonly text: string;
}

export async function directGet(req: DirectGet): Promise<DirectAnswer> {
  const {request} = req.url.startsWith('https:') ? await import('node:https') : await import('node:http');
  return new Promise<DirectAnswer>((resolve, reject) => {
    if (req.signal?.aborted) return reject(req.signal.reason);
    const outgoing = request(req.url, {method: 'GET', headers: req.headers}, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > req.maxBytes) outgoing.destroy(new ResponseTooLargeError(`GET ${new URL(req.url).pathname}`, req.maxBytes));
        else chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? '',
          contentType: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.setTimeout(req.idleTimeoutMs, () => outgoing.destroy(new Error(`no data for ${timeSpan(req.idleTimeoutMs)}`)));
    outgoing.on('error', reject);
    const abort = () => outgoing.destroy(req.signal?.reason instanceof Error ? req.signal.reason : new Error('aborted'));
    req.signal?.addEventListener('abort', abort, {once: true});
    outgoing.on('close', () => req.signal?.removeEventListener('abort', abort));
    outgoing.end();
  });
}
