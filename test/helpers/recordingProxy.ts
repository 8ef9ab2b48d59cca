// A pass-through HTTP proxy on 127.0.0.1 in front of the local service that records every exchange whole: method,
// path, query, request body, status and response body. Tests point the CLI at it (SVC_API_URL) to check what the
// client actually sent and what it was answered.
import {createServer, request} from 'node:http';
import {listenOnLoopback} from './loopback.js';

export interface Exchange {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  requestBody: string;
  status: number;
  contentType: string;
  responseHeaders: Record<string, string | string[] | undefined>;
  responseBody: string;
}

export interface RecordingProxy {
  url: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

export async function startRecordingProxy(targetUrl: string): Promise<RecordingProxy> {
  const target = new URL(targetUrl);
  const exchanges: Exchange[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const requestBody = Buffer.concat(chunks);
      const upstream = request(
        {hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: {...req.headers, host: target.host}},
        (up) => {
          const out: Buffer[] = [];
          up.on('data', (c: Buffer) => out.push(c));
          up.on('end', () => {
            const responseBody = Buffer.concat(out);
            const url = new URL(req.url ?? '/', 'http://proxy');
            exchanges.push({
              method: req.method ?? '',
              path: url.pathname,
              query: url.searchParams,
              requestBody: requestBody.toString('utf8'),
              status: up.statusCode ?? 0,
              contentType: String(up.headers['content-type'] ?? ''),
              responseHeaders: up.headers,
              responseBody: responseBody.toString('utf8'),
            });
            const headers = {...up.headers};
            delete headers['transfer-encoding'];
            headers['content-length'] = String(responseBody.length);
            res.writeHead(up.statusCode ?? 502, headers);
            res.end(responseBody);
          });
        },
      );
      upstream.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      upstream.end(requestBody);
    });
  });
  return {...(await listenOnLoopback(server)), exchanges};
}
