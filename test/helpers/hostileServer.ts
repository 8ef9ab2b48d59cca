// A hostile server on 127.0.0.1 for the console: it forwards every request to a real service (so every screen
// gets answers of the shapes it expects) and poisons what comes back. In `strings` mode every string of every
// JSON answer gets terminal control sequences appended (OSC 52 clipboard write, OSC 0 title, C1 CSI clear, a bidi
// override) — timestamps excepted, and the service's own address swapped for this server's so follow-up requests
// (the data API) come here too; in `errors` mode every request is answered 403 or 500 with the same sequences in
// the error body (403 for reads, 500 for writes). Both modes put C1 controls in the headers that clients show as text (status line,
// content-disposition, counts): HTTP lets a server send bytes 0x80–0xFF there.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {listenOnLoopback} from './loopback.js';

const ESC = '\u001b';
/** What a hostile server appends: clipboard write, retitle, a C1 "clear screen", a right-to-left override. */
export const POISON = `${ESC}]52;c;cHduZWQ=\u0007${ESC}]0;pwned\u0007\u009b2J\u202e`;
/** `POISON` once made inert (lib/safeText.ts): visible escapes where the raw sequence was. */
export const POISON_SHOWN = /\\x1b\]|\\x9b|\\u202e/;
/** In headers only bytes 0x80–0xFF can be hostile: a C1 CSI (acts like ESC [ on many terminals). */
const HEADER_POISON = '\u009b2J\u009b31m';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export type HostileMode = 'strings' | 'errors';

export interface HostileServer {
  readonly url: string;
  mode: HostileMode;
  /** Requests answered, by mode. */
  readonly answered: Record<HostileMode, number>;
  close(): Promise<void>;
}

function poison(value: unknown, swap: (s: string) => string): unknown {
  if (typeof value === 'string') {
    if (TIMESTAMP.test(value)) return value;
    const swapped = swap(value);
    return swapped === value ? `${value}${POISON}` : swapped;
  }
  if (Array.isArray(value)) return value.map((v) => poison(v, swap));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, swap)]));
  return value;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startHostileServer(target: string): Promise<HostileServer> {
  let self = '';
  const answered: Record<HostileMode, number> = {strings: 0, errors: 0};
  const state: {mode: HostileMode} = {mode: 'strings'};
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const sent = await body(req);
    answered[state.mode]++;
    res.statusMessage = `Hostile ${HEADER_POISON}`;
    if (state.mode === 'errors') {
      // 403 for reads (screens explain a refusal in their own panels: the audit log's), 500 for writes.
      const status = req.method === 'GET' ? 403 : 500;
      res.writeHead(status, {'content-type': 'application/json'});
      return void res.end(JSON.stringify({error: `denied ${POISON}`, message: `denied ${POISON}`}));
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    const answer = await fetch(`${target}${req.url ?? '/'}`, {method: req.method, headers, body: sent.length > 0 ? new Uint8Array(sent) : undefined, redirect: 'manual'});
    const text = await answer.text();
    const out: Record<string, string> = {'x-audit-event-count': `12${HEADER_POISON}`};
    const type = answer.headers.get('content-type') ?? '';
    if (type !== '') out['content-type'] = type;
    if (answer.headers.has('content-disposition')) out['content-disposition'] = `attachment; filename="audit${HEADER_POISON}.csv"`;
    let payload = text;
    if (type.includes('json') && text.trim() !== '') {
      const swap = (s: string) => s.split(target).join(self);
      payload = JSON.stringify(poison(JSON.parse(text), swap));
    } else if (text !== '') {
      payload = `${text}${POISON}`;
    }
    res.writeHead(answer.status, out);
    res.end(payload);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(502, {'content-type': 'application/json'});
      res.end(JSON.stringify({error: `proxy: ${String(err)} ${POISON}`}));
    });
  });
  const listening = await listenOnLoopback(server);
  self = listening.url;
  return {
    url: self,
    get mode() {
      return state.mode;
    },
    set mode(m: HostileMode) {
      state.mode = m;
    },
    answered,
    close: listening.close,
  };
}
