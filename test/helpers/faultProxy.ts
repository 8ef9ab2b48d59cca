// A small HTTP proxy in front of the local service that misbehaves on demand: the next N requests get a status
// (503, 429, 408…), a dropped connection, or a delay before being forwarded. Everything else passes through
// untouched. Tests read `requests` to count what a client actually sent.
import {createServer, request, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

export type Fault = {status: number} | {drop: true} | {delayMs: number};

export interface FaultProxy {
  url: string;
  /** Method and path (with query) of every request received, faulty or not, in order. */
  requests: string[];
  /** Queues faults for the next requests, in order; requests after the queue is empty pass through. */
  inject(...faults: Fault[]): void;
  /** Faults still queued. */
  pending(): number;
  close(): Promise<void>;
}

export const status = (code: number): Fault => ({status: code});
export const drop: Fault = {drop: true};
export const delay = (ms: number): Fault => ({delayMs: ms});

function forward(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const upstream = request(
    {hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: {...req.headers, host: target.host}},
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  // The service itself gone (killed): the client sees a dropped connection, as it would without the proxy.
  upstream.on('error', () => req.socket.destroy());
  req.pipe(upstream);
}

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const queue: Fault[] = [];
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const fault = queue.shift();
    if (!fault) return forward(target, req, res);
    if ('drop' in fault) return req.socket.destroy();
    if ('status' in fault) {
      req.resume();
      res.writeHead(fault.status, {'content-type': 'application/json'});
      return res.end(JSON.stringify({error: `injected ${fault.status}`}));
    }
    const timer = setTimeout(() => forward(target, req, res), fault.delayMs);
    req.socket.once('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inject: (...faults) => void queue.push(...faults),
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
