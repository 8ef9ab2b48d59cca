// What the client does to a request and an answer that holds no client state: the query string, the JSON
// document (made inert for the console), the watched body stream and its deadlines, the reason of a failed
// transport. Both ways out of createApi (ky, and getDirect over node:http) use these.
import {ResponseTooLargeError, UnexpectedBodyError, oneLine} from './errors.js';
import {safeText} from '../lib/safeText.js';

type ParamValue = string | number | boolean | undefined;
export type SearchParams = URLSearchParams | Record<string, ParamValue | readonly ParamValue[]>;

/** An answer's JSON document (null when empty); with `sanitize`, every string made inert as it is parsed. */
export function parseBody(text: string, where: string, contentType: string | null, sanitize: boolean): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    return sanitize ? JSON.parse(trimmed, (_key, value: unknown) => (typeof value === 'string' ? safeText(value) : value)) : JSON.parse(trimmed);
  } catch {
    if (trimmed.startsWith('<') && !trimmed.startsWith('<?xml')) {
      throw new UnexpectedBodyError(
        `${where} returned the web app instead of JSON — this endpoint is not available on this tenant (the server may be running an older version)`,
      );
    }
    throw new UnexpectedBodyError(`${where} returned a body that is not JSON (${contentType ?? 'no content type'}): ${oneLine(trimmed, 200)}`);
  }
}

/**
 * The body as text, read chunk by chunk and counted: past `limit` bytes reading stops (the stream is cancelled)
 * and, with 'fail', the promise rejects with a ResponseTooLargeError naming `where`; with 'cut', what came before
 * is the text. A declared Content-Length over the limit fails before a byte is read.
 */
export async function readCapped(response: Response, limit: number, mode: 'fail' | 'cut', where = ''): Promise<string> {
  return (await readBytesCapped(response, limit, mode, where)).toString('utf8');
}

/** The body as bytes (a file the API sends), with the same counting as `readCapped`. */
export async function readBytesCapped(response: Response, limit: number, mode: 'fail' | 'cut', where = ''): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (mode === 'fail' && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(where, limit);
  }
  if (response.body === null) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      if (mode === 'fail') throw new ResponseTooLargeError(where, limit);
      chunks.push(value.subarray(0, value.byteLength - (size - limit)));
      break;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function toSearchParams(params: SearchParams | undefined): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values: readonly ParamValue[] = Array.isArray(value) ? value : [value as ParamValue];
    for (const v of values) if (v !== undefined) out.append(key, String(v));
  }
  return out;
}

export function transportReason(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & {cause?: unknown}).cause;
    if (cause instanceof Error && cause.message !== '') return cause.message;
    return err.message;
  }
  return String(err);
}

export type Stop = 'idle' | 'total';
export class Deadline extends Error {
  constructor(readonly stop: Stop) {
    super('The operation timed out.');
    this.name = 'TimeoutError';
  }
}

/** The response with a body that restarts the idle clock on every chunk and calls `done` when it ends. */
export function watchBody(response: Response, touch: () => void, done: () => void, failure: (err: unknown) => unknown): Response {
  const source = response.body;
  if (source === null) {
    done();
    return response;
  }
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const {done: ended, value} = await reader.read();
        if (ended) {
          done();
          controller.close();
          return;
        }
        touch();
        controller.enqueue(value);
      } catch (err) {
        done();
        controller.error(failure(err));
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  // A Response takes only a byte string as status text; a server's status line may hold anything (fetch decodes
  // it as UTF-8). Printable ASCII is kept, the rest shown as '?': the status text is only ever shown, never parsed.
  return new Response(body, {status: response.status, statusText: response.statusText.replace(/[^\x20-\x7e]/g, '?'), headers: response.headers});
}
