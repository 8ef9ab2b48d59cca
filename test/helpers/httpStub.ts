// A tiny real HTTP server on 127.0.0.1 for error shapes the local service never produces (HTML shells, 502s,
// plain-text bodies). Each test registers handlers per path; every request is recorded.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {afterEach} from 'vitest';
import {listenOnLoopback} from './loopback.js';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface Stub {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export async function startStub(routes: Record<string, Handler>): Promise<Stub> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({method: req.method ?? '', url: req.url ?? '', headers: req.headers, body});
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const handler = routes[path];
      if (handler) handler(req, res, body);
      else json(res, 404, {error: `no route ${path}`});
    });
  });
  return {...(await listenOnLoopback(server)), requests};
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {'content-type': 'application/json'});
  res.end(JSON.stringify(body));
}

export function text(res: ServerResponse, status: number, body: string, type = 'text/plain'): void {
  res.writeHead(status, {'content-type': type});
  res.end(body);
}

/** The error `promise` rejects with; throws when it resolves instead. */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the request to fail');
}

/** `startStub` for the calling file's tests: every stub it starts is closed after the test that started it. */
export function stubsPerTest(): (routes: Record<string, Handler>) => Promise<Stub> {
  const open: Stub[] = [];
  afterEach(async () => {
    for (const stub of open.splice(0)) await stub.close();
  });
  return async (routes) => {
    const stub = await startStub(routes);
    open.push(stub);
    return stub;
  };
}
