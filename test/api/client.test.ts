import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {ApiError, DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, TransportError, UnexpectedBodyError, createApi, failureSummary, isTransient} from '../../src/api/client.js';
import {normalizeBaseUrl} from '../../src/lib/url.js';
import {FORBIDDEN_ADVICE} from '../../src/api/errors.js';
import {VERSION} from '../../src/version.js';
import {failure, json, startStub, text} from '../helpers/httpStub.js';

let stub: Awaited<ReturnType<typeof startStub>>;
let hang: Awaited<ReturnType<typeof startStub>>;
/** Sends a JSON list of DRIP_ROWS numbers, one number every DRIP_GAP_MS (1,150 ms in all). */
let drip: Awaited<ReturnType<typeof startStub>>;
const DRIP_ROWS = 24;
const DRIP_GAP_MS = 50;
/** A loopback port nothing listens on any more. */
let closedUrl: string;

beforeAll(async () => {
  stub = await startStub({
    '/ok': (_q, res) => json(res, 200, {hello: 'world'}),
    '/empty': (_q, res) => text(res, 200, ''),
    '/echo': (req, res, body) => json(res, 200, {method: req.method, body, length: req.headers['content-length'] ?? null}),
    '/401': (_q, res) => json(res, 401, {error: 'token expired'}),
    '/403': (_q, res) => json(res, 403, {error: 'key is scoped to other deployments'}),
    '/404': (_q, res) => json(res, 404, {message: 'no such deployment'}),
    '/502': (_q, res) => text(res, 502, '<html>bad\n  gateway</html>', 'text/html'),
    '/500-object': (_q, res) => json(res, 500, {message: {code: 'E1', reason: 'db down'}}),
    '/500-empty': (_q, res) => json(res, 500, {}),
    '/400-long': (_q, res) => json(res, 400, {error: `x${'y'.repeat(900)}`}),
    '/429': (_q, res) => json(res, 429, {error: 'slow down'}),
    '/html': (_q, res) => text(res, 200, '<!doctype html><html><body>app</body></html>', 'text/html'),
    '/xml': (_q, res) => text(res, 200, '<?xml version="1.0"?><a/>', 'application/xml'),
    '/plain': (_q, res) => text(res, 200, 'just words\nover lines'),
    '/refresh-needed': (req, res) =>
      req.headers.authorization === 'Bearer fresh' ? json(res, 200, {ok: true}) : json(res, 401, {error: 'expired'}),
  });
  hang = await startStub({
    '/slow': () => undefined,
    // Headers at once, then a body that never ends.
    '/trickle': (_q, res) => {
      res.writeHead(200, {'content-type': 'application/json'});
      res.write('{"rows": [');
    },
  });
  drip = await startStub({
    '/drip': (_q, res) => {
      res.writeHead(200, {'content-type': 'application/json'});
      const parts = Array.from({length: DRIP_ROWS}, (_, i) => `${i === 0 ? '{"rows": [' : ','}${i + 1}${i === DRIP_ROWS - 1 ? ']}' : ''}`);
      let i = 0;
      const next = () => {
        if (res.destroyed) return;
        res.write(parts[i++]);
        if (i < parts.length) setTimeout(next, DRIP_GAP_MS);
        else res.end();
      };
      next();
    },
  });
  const gone = await startStub({});
  closedUrl = gone.url;
  await gone.close();
});

afterAll(async () => {
  await stub.close();
  await hang.close();
  await drip.close();
});

const api = (extra: Partial<Parameters<typeof createApi>[0]> = {}) => createApi({baseUrl: stub.url, token: 'tok-123', ...extra});

describe('base URL', () => {
  it('trims, drops trailing slashes and assumes https', () => {
    expect(normalizeBaseUrl('  acme.example.com/ ')).toBe('https://acme.example.com');
    expect(normalizeBaseUrl('https://acme.example.com///')).toBe('https://acme.example.com');
    expect(normalizeBaseUrl('http://127.0.0.1:4400/')).toBe('http://127.0.0.1:4400');
  });

  it('refuses plain HTTP to anything but loopback', () => {
    expect(() => createApi({baseUrl: 'http://acme.example.com', token: 't'})).toThrow(
      'refusing to send credentials over plain HTTP to acme.example.com: use https://',
    );
    for (const ok of ['http://127.0.0.1:1', 'http://localhost:1', 'http://[::1]:1', 'https://acme.example.com']) {
      expect(() => createApi({baseUrl: ok, token: 't'})).not.toThrow();
    }
  });
});

describe('requests', () => {
  it('sends Bearer auth, the svc user agent and parses JSON', async () => {
    await expect(api().get('/ok')).resolves.toEqual({hello: 'world'});
    const req = stub.requests.at(-1);
    expect(req?.headers.authorization).toBe('Bearer tok-123');
    expect(req?.headers['user-agent']).toBe(`svc/${VERSION}`);
  });

  it('uses Api-Key when the scheme asks for it', async () => {
    await api({scheme: 'api-key'}).get('/ok');
    expect(stub.requests.at(-1)?.headers.authorization).toBe('Api-Key tok-123');
  });

  it('sends Content-Length: 0 on bodyless writes and JSON bodies as JSON', async () => {
    for (const method of ['post', 'put', 'patch'] as const) {
      await expect(api()[method]('/echo')).resolves.toMatchObject({method: method.toUpperCase(), body: '', length: '0'});
    }
    await expect(api().delete('/echo')).resolves.toMatchObject({method: 'DELETE', body: ''});
    await expect(api().post('/echo', {json: {a: 1}})).resolves.toMatchObject({body: '{"a":1}'});
    expect(stub.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('appends repeated query parameters', async () => {
    await api().get('/ok', {searchParams: {tag: ['a', 'b'], limit: 5, skip: undefined}});
    expect(stub.requests.at(-1)?.url).toBe('/ok?tag=a&tag=b&limit=5');
  });

  it('turns an empty body into null', async () => {
    await expect(api().get('/empty')).resolves.toBeNull();
  });
});

describe('errors', () => {
  it('explains 401, 403 and 404 the way the messages promise', async () => {
    expect((await failure(api().get('/401'))).message).toBe(
      'unauthorized (401): session expired — run `svc login` (or set SVC_API_KEY). token expired',
    );
    // A 403 is not a stale session: the advice is about which credential to use, never "run svc login".
    const forbidden = (await failure(api().get('/403'))).message;
    expect(forbidden).toBe(`forbidden (403): key is scoped to other deployments — ${FORBIDDEN_ADVICE}`);
    expect(forbidden).not.toContain('svc login');
    expect((await failure(api().get('/404?x=1'))).message).toBe('not found (404): GET /404. no such deployment');
  });

  it('names method, path and status text for other codes, with a one-line detail', async () => {
    const err = await failure(api().delete('/502'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('DELETE /502 failed with 502 Bad Gateway: <html>bad gateway</html>');
    expect((await failure(api().get('/500-object'))).message).toBe(
      'GET /500-object failed with 500 Internal Server Error: {"code":"E1","reason":"db down"}',
    );
    expect((await failure(api().get('/500-empty'))).message).toBe('GET /500-empty failed with 500 Internal Server Error');
  });

  it('caps the detail at 800 characters with an ellipsis', async () => {
    const err = (await failure(api().get('/400-long'))) as ApiError;
    expect([...err.detail]).toHaveLength(801);
    expect(err.detail.endsWith('…')).toBe(true);
  });

  it('recognises the web app answering instead of the API', async () => {
    const err = await failure(api().get('/html'));
    expect(err).toBeInstanceOf(UnexpectedBodyError);
    expect(err.message).toMatch(/^GET \/html returned the web app instead of JSON — this endpoint is not available on this tenant/);
    expect((await failure(api().get('/xml'))).message).toMatch(/returned a body that is not JSON \(application\/xml\)/);
    expect((await failure(api().get('/plain'))).message).toBe(
      'GET /plain returned a body that is not JSON (text/plain): just words over lines',
    );
  });

  it('reports transport failures with the URL and reason', async () => {
    const refused = createApi({baseUrl: closedUrl, token: 't'});
    const err = await failure(refused.get('/x'));
    expect(err).toBeInstanceOf(TransportError);
    expect(err.message).toBe(`request to ${closedUrl}/x failed: connect ECONNREFUSED ${closedUrl.slice('http://'.length)}`);
  });

  // Budgets on real time, each waited out on its own loopback request: run at the same time, their waits overlap.
  // `expect` is each test's own (vitest's rule for concurrent tests).
  describe.concurrent('the idle and total budgets', () => {
    it('gives up when no response arrives within the idle budget', async ({expect}) => {
      const slow = createApi({baseUrl: hang.url, token: 't', idleTimeoutMs: 200});
      const started = Date.now();
      const err = await failure(slow.get('/slow'));
      expect(err.message).toBe(`request to ${hang.url}/slow failed: no response within 200ms`);
      expect(Date.now() - started).toBeLessThan(3000);
    });

    // A budget well past a starved worker's pause: one that runs the deadline before it has read the headers
    // waiting in its socket says "no response", which is right for a link that stalled there.
    it('gives up when the body stops arriving for the idle budget', async ({expect}) => {
      const slow = createApi({baseUrl: hang.url, token: 't', idleTimeoutMs: 1000});
      const started = Date.now();
      const err = await failure(slow.get('/trickle'));
      expect(err).toBeInstanceOf(TransportError);
      expect(err.message).toBe(`request to ${hang.url}/trickle failed: no data for 1s while reading the response`);
      expect(Date.now() - started).toBeLessThan(1000 + 3000);
    });

    // The real client's budgets: idle 120 s restarted by every chunk, 1,800 s in all (here scaled to milliseconds).
    // The idle budget is 20 gaps long: a worker starved for more than 950 ms (seen at load 20 with a 250 ms budget
    // and 100 ms gaps) runs the idle deadline before it reads the bytes waiting in its socket, and gives up as it
    // should on a stalled link.
    it('keeps a long download going while data keeps arriving, past the idle budget', async ({expect}) => {
      const idleTimeoutMs = 20 * DRIP_GAP_MS;
      const steady = createApi({baseUrl: drip.url, token: 't', idleTimeoutMs, timeoutMs: 10_000});
      const started = Date.now();
      const body = (await steady.get('/drip')) as {rows: number[]};
      expect(body.rows).toEqual(Array.from({length: DRIP_ROWS}, (_, i) => i + 1));
      expect(Date.now() - started).toBeGreaterThan(idleTimeoutMs);
      const raw = await steady.raw('GET', '/drip');
      expect(JSON.parse(await raw.text())).toEqual(body);
    });

    // Idle and total budgets of one length: the total deadline is set first, so it is the one that ends the
    // exchange even when a starved worker runs both late at once.
    it('stops a stream that keeps trickling once the total budget is spent', async ({expect}) => {
      const capped = createApi({baseUrl: drip.url, token: 't', idleTimeoutMs: 500, timeoutMs: 500});
      const started = Date.now();
      const err = await failure(capped.get('/drip'));
      expect(err).toBeInstanceOf(TransportError);
      expect(err.message).toBe(`request to ${drip.url}/drip failed: timed out after 500ms`);
      expect(Date.now() - started).toBeLessThan(3000);
      const stream = await capped.raw('GET', '/drip');
      expect((await failure(stream.text())).message).toBe(`request to ${drip.url}/drip failed: timed out after 500ms`);
    });
  });

  it('defaults to 120 s idle and 1,800 s in all', () => {
    expect(DEFAULT_IDLE_TIMEOUT_MS).toBe(120_000);
    expect(DEFAULT_TIMEOUT_MS).toBe(1_800_000);
  });

  it("stops when the caller's signal aborts, with the caller's reason", async () => {
    const controller = new AbortController();
    const pending = failure(createApi({baseUrl: hang.url, token: 't'}).get('/slow', {signal: controller.signal}));
    setTimeout(() => controller.abort(new Error('view closed')), 50);
    expect((await pending).message).toBe('view closed');
    const already = AbortSignal.abort(new Error('gone before it started'));
    expect((await failure(api().get('/ok', {signal: already}))).message).toBe('gone before it started');
  });

  it('classifies transient failures', async () => {
    expect(isTransient(await failure(api().get('/502')))).toBe(true);
    expect(isTransient(await failure(api().get('/429')))).toBe(true);
    expect(isTransient(await failure(createApi({baseUrl: closedUrl}).get('/x')))).toBe(true);
    expect(isTransient(await failure(api().get('/404')))).toBe(false);
    expect(isTransient(await failure(api().get('/401')))).toBe(false);
    expect(isTransient(await failure(api().get('/html')))).toBe(false);
  });

  it('words a transient failure for the console: which API, which status or name; a refused connection stays "connection lost"', async () => {
    expect(failureSummary(await failure(api().get('/502')))).toMatch(/^the service answered 502/);
    expect(failureSummary(await failure(createApi({baseUrl: closedUrl}).get('/x')))).toBe('connection lost');
    expect(failureSummary(await failure(createApi({baseUrl: `${closedUrl}/data/1`}).get('/cubejs-api/v1/meta')))).toBe(`data API at ${new URL(closedUrl).host}: connection lost`);
    expect(failureSummary(new ApiError(500, 'GET', '/cubejs-api/v1/load', 'out of memory'))).toBe('data API answered 500: out of memory');
    expect(failureSummary(new TransportError('https://data.example.invalid/x', 'getaddrinfo EAI_AGAIN data.example.invalid'))).toBe('cannot resolve data.example.invalid');
    expect(failureSummary(await failure(api().get('/404')))).toBeUndefined();
  });
});

describe('refresh on 401', () => {
  it('asks once for a new token and retries with it', async () => {
    let asked = 0;
    const refreshing = api({onUnauthorized: async () => (asked++, 'fresh')});
    await expect(refreshing.get('/refresh-needed')).resolves.toEqual({ok: true});
    expect(asked).toBe(1);
    expect(stub.requests.slice(-2).map((r) => r.headers.authorization)).toEqual(['Bearer tok-123', 'Bearer fresh']);
  });

  it('retries every request refused at once with the one new token (the console asks for two on start)', async () => {
    let asked = 0;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((r) => (release = r));
    const refreshing = api({onUnauthorized: async () => (asked++, await answered, 'fresh')});
    const both = Promise.all([refreshing.get('/refresh-needed'), refreshing.get('/refresh-needed')]);
    // Both refused before the new token arrives; then the first to resume sets it, and the second must still retry.
    await vi.waitFor(() => expect(asked).toBe(2), {timeout: 5000, interval: 5});
    release();
    await expect(both).resolves.toEqual([{ok: true}, {ok: true}]);
  });

  it('sends a multipart form, again after a refresh', async () => {
    const refreshing = api({onUnauthorized: async () => 'fresh'});
    const form = new FormData();
    form.set('fileName', 'model/cubes/orders.yml');
    form.set('file', new Blob(['cubes: []\n']), 'orders.yml');
    await expect(refreshing.post('/refresh-needed', {form})).resolves.toEqual({ok: true});
    const [first, second] = stub.requests.slice(-2);
    for (const r of [first!, second!]) {
      expect(r.method).toBe('POST');
      expect(r.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(r.body).toContain('model/cubes/orders.yml');
      expect(r.body).toContain('cubes: []');
    }
    expect(second!.headers.authorization).toBe('Bearer fresh');
  });

  it('falls through to the 401 error when the refresh fails', async () => {
    let asked = 0;
    const failing = api({
      onUnauthorized: async () => {
        asked++;
        throw new Error('refresh token revoked');
      },
    });
    expect((await failure(failing.get('/401'))).message).toMatch(/^unauthorized \(401\)/);
    expect(asked).toBe(1);
  });
});
