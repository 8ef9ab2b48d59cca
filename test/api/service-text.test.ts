// The client boundary for what a server sends (issue 23 class 6), with a hostile server on loopback: error text
// and status lines come out inert from every error the client raises, an answer larger than the cap fails with a
// clear error after reading no more than the cap (also on the first-frame path), and a deployment's data API is
// reached only through a client derived from the session's, under the same base-URL rule.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ApiError, MAX_RESPONSE_BYTES, ResponseTooLargeError, createApi} from '../../src/api/client.js';
import {loadQuery, dataApiClient} from '../../src/api/dataApi.js';
import {dataTarget, NoDataApiError} from '../../src/workflows/query.js';
import {failure, json, startStub, text} from '../helpers/httpStub.js';

const ESC = '\u001b';
const HOSTILE = `boom${ESC}]52;c;cHduZWQ=\u0007${ESC}]0;owned\u0007\u009b2J\u202eevil`;
/** Anything a terminal would act on: C0 but TAB/LF, DEL, C1, bidi controls, line separators. */
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const MiB = 1024 * 1024;

let stub: Awaited<ReturnType<typeof startStub>>;
/** Bytes the streaming routes managed to hand to the socket before the client hung up. */
let streamed = 0;

beforeAll(async () => {
  stub = await startStub({
    '/api/v1/hostile-error': (_q, res) => json(res, 403, {error: HOSTILE}),
    '/api/v1/hostile-status': (_q, res) => {
      // Node will not write such a status line itself: the raw bytes, as a hostile server sends them.
      const body = JSON.stringify({message: `${HOSTILE}\r\nsecond line`});
      const head = `HTTP/1.1 500 Nope ${ESC}]0;owned\u0007 \u009b2J\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n`;
      res.socket!.end(Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body)]));
    },
    '/api/v1/hostile-plain': (_q, res) => text(res, 200, `not json ${HOSTILE}`),
    '/api/v1/huge': (_q, res) => {
      // Chunked, no length: the client can only count. 1 MiB pieces, as fast as the socket takes them.
      res.writeHead(200, {'content-type': 'application/json'});
      const piece = Buffer.alloc(MiB, 'a');
      res.write('{"a":"');
      streamed = 0;
      const pump = () => {
        while (streamed < 300 * MiB && !res.destroyed) {
          streamed += MiB;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end('"}');
      };
      res.on('close', () => res.destroy());
      pump();
    },
    '/api/v1/declared': (_q, res) => {
      res.writeHead(200, {'content-type': 'application/json', 'content-length': String(300 * MiB)});
      res.write('{');
    },
    '/cubejs-api/v1/load': (req, res) => json(res, 200, {data: [{n: 1}], auth: req.headers.authorization ?? null}),
    '/api/v1/deployments/7': (_q, res) => json(res, 200, {id: 7, name: 'evil', deploymentUrl: 'http://attacker.example'}),
    '/api/v1/deployments/7/token': (_q, res) => json(res, 200, {token: 'data-token-7'}),
  });
});
afterAll(() => stub.close());

describe('server text in errors is inert', () => {
  it('an ApiError detail and status line carry no control, C1 or bidi character (the audit panel prints detail)', async () => {
    for (const sanitizeStrings of [false, true]) {
      const api = createApi({baseUrl: stub.url, token: 't', sanitizeStrings});
      const forbidden = await failure(api.get('/api/v1/hostile-error'));
      expect(forbidden).toBeInstanceOf(ApiError);
      expect((forbidden as ApiError).detail).toBe('boom\\x1b]52;c;cHduZWQ=\\x07\\x1b]0;owned\\x07\\x9b2J\\u202eevil');
      expect(forbidden.message).not.toMatch(ACTIVE);
      // Whether fetch takes such a status line (an ApiError) or refuses it (a TransportError), nothing is raw.
      const failed = await failure(api.get('/api/v1/hostile-status'));
      expect(failed.message).not.toMatch(ACTIVE);
      if (failed instanceof ApiError) expect(failed.statusText).not.toMatch(ACTIVE);
      expect((await failure(api.get('/api/v1/hostile-plain'))).message).not.toMatch(ACTIVE);
    }
  });
});

describe('answer size cap', () => {
  it('stops reading past 64 MiB and says so, whether the length is declared or not', async () => {
    expect(MAX_RESPONSE_BYTES).toBe(64 * MiB);
    const api = createApi({baseUrl: stub.url, token: 't'});
    const rss = process.memoryUsage().rss;
    const err = await failure(api.get('/api/v1/huge'));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.message).toBe('GET /api/v1/huge answered more than 64 MiB; svc stops reading there (no answer of this API is that large — check the address)');
    // The server was cut off near the cap, not read to its 300 MiB.
    expect(streamed).toBeLessThan(140 * MiB);
    expect(process.memoryUsage().rss - rss).toBeLessThan(400 * MiB);
    expect(await failure(api.get('/api/v1/declared'))).toBeInstanceOf(ResponseTooLargeError);
  });

  it('the first-frame path (getDirect) has the same cap', async () => {
    const api = createApi({baseUrl: stub.url, token: 't', maxResponseBytes: 4 * MiB});
    const err = await failure(api.getDirect!('/api/v1/huge'));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.message).toMatch(/^GET \/api\/v1\/huge answered more than 4 MiB/);
  });
});

describe('the data API client', () => {
  it('is derived from the session client: raw token, same base-URL rule', async () => {
    const session = createApi({baseUrl: stub.url, token: 'session'});
    const answer = await loadQuery({deploymentUrl: stub.url, api: dataApiClient(session, stub.url, 'data-token')}, {query: {measures: ['x']}});
    expect(answer).toMatchObject({wait: false, rows: [{n: 1}]});
    expect((answer as {raw: {auth: string}}).raw.auth).toBe('data-token');
    expect(() => dataApiClient(session, 'http://attacker.example', 'data-token')).toThrow('refusing to send credentials over plain HTTP to attacker.example: use https://');
  });

  it('a deployment whose deploymentUrl is plain HTTP on another machine gets no token sent there, and no token asked for', async () => {
    const session = createApi({baseUrl: stub.url, token: 'session'});
    const before = stub.requests.length;
    const err = await failure(dataTarget(session, '7'));
    expect(err).toBeInstanceOf(NoDataApiError);
    expect(err.message).toBe('deployment 7 names its data API at http://attacker.example: refusing to send credentials over plain HTTP to attacker.example: use https://');
    expect(stub.requests.slice(before).map((r) => r.url)).toEqual(['/api/v1/deployments/7']);
  });
});
