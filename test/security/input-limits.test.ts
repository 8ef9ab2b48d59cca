// Unbounded input, tried from outside over real sockets on 127.0.0.1: chunked bodies past the limit (with and
// without a credential), deeply nested JSON and SCIM filters, floods of the endpoints that need no credential,
// retention of what those floods leave, and connections that never finish or sit idle.
import {connect} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {redact, REDACTED} from '../../src/server/auditRedact.js';
import {runHousekeeping} from '../../src/server/housekeeping.js';
import {buildTree} from '../../src/server/routes/dataModel/filePaths.js';
import {insertTelemetryEvents, TELEMETRY_MAX_EVENTS} from '../../src/server/store/telemetry.js';
import {ManualClock} from '../../src/server/engines/clock.js';
import {SERVER_TIMEOUTS} from '../../src/server/limits.js';
import type {RunningService} from '../../src/server/index.js';
import {startTestService, TEST_EPOCH} from '../helpers/startService.js';

let svc: RunningService;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock(TEST_EPOCH);
  svc = await startTestService({clock});
});
afterAll(() => svc.close());

const MiB = 1024 * 1024;

/**
 * Whether `answer` holds a whole HTTP response: its head and as many body bytes as its Content-Length says (an
 * answer without one is whole when the connection closes).
 */
function answered(answer: string): boolean {
  const end = answer.indexOf('\r\n\r\n');
  const length = end === -1 ? undefined : /\r\ncontent-length: *(\d+)/i.exec(answer.slice(0, end))?.[1];
  return length !== undefined && Buffer.byteLength(answer.slice(end + 4)) >= Number(length);
}

/**
 * Streams `total` bytes with Transfer-Encoding: chunked (no Content-Length) over a raw socket, stopping when the
 * server answers or closes; the status is read from what came back (a server that stops reading may close the
 * socket under a write, which an HTTP client reports as EPIPE instead of the answer it already got).
 */
function chunkedPut(path: string, opts: {method?: string; prefix: string; total: number; auth?: boolean | string; contentType?: string}): Promise<{status: number; sent: number; body: string}> {
  return new Promise((resolve) => {
    const head = [
      `${opts.method ?? 'PUT'} ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Type: ${opts.contentType ?? 'application/json'}`,
      'Transfer-Encoding: chunked',
      ...(opts.auth === false ? [] : [`Authorization: Bearer ${typeof opts.auth === 'string' ? opts.auth : svc.adminKey}`]),
    ].join('\r\n');
    const frame = (data: Buffer | string) => Buffer.concat([Buffer.from(`${Buffer.byteLength(data).toString(16)}\r\n`), Buffer.from(data), Buffer.from('\r\n')]);
    const chunk = frame(Buffer.alloc(256 * 1024, 'x'));
    let sent = 0;
    let answer = '';
    let done = false;
    const socket = connect(svc.port, '127.0.0.1');
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), sent, body: answer.split('\r\n\r\n').slice(1).join('')});
    };
    socket.on('data', (b: Buffer) => {
      answer += b.toString();
      if (answered(answer)) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => {});
    const timer = setTimeout(finish, 20_000);
    socket.on('close', () => clearTimeout(timer));
    socket.once('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      socket.write(frame(opts.prefix));
      sent += opts.prefix.length;
      const pump = () => {
        while (!done && answer === '' && sent < opts.total) {
          sent += 256 * 1024;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
        if (!done && answer === '') socket.write('0\r\n\r\n');
      };
      pump();
    });
  });
}

/** `chunkedPut` with another key: the status and how much was taken in before the answer. */
function chunkedPutAs(key: string, path: string, total: number): Promise<{status: number; sent: number}> {
  return chunkedPut(path, {prefix: '{"env_variables":[{"name":"X","value":"', total, auth: key});
}

async function call(path: string, init: {method?: string; body?: string; auth?: string | null; contentType?: string} = {}) {
  const headers: Record<string, string> = {'content-type': init.contentType ?? 'application/json'};
  const auth = init.auth === undefined ? svc.adminKey : init.auth;
  if (auth !== null) headers.authorization = `Bearer ${auth}`;
  const res = await fetch(`${svc.url}${path}`, {method: init.method ?? 'GET', headers, body: init.body});
  const text = await res.text();
  return {status: res.status, headers: res.headers, text};
}

describe('bytes actually read', () => {
  it('a chunked 24 MiB PUT is refused with 413 while it streams, and nothing of it is stored', async () => {
    const res = await chunkedPut('/api/v1/deployments/1/env-vars', {prefix: '{"env_variables":[{"name":"HUGE","value":"', total: 24 * MiB});
    expect(res.status).toBe(413);
    expect(res.sent).toBeLessThan(20 * MiB);
    const vars = await call('/api/v1/deployments/1/env-vars');
    expect(vars.text).not.toContain('HUGE');
  });

  it('a client streaming past the limit reads the 413 every time, not a reset (20 uploads in a row)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await chunkedPut('/api/v1/deployments/1/env-vars', {prefix: '{"env_variables":[{"name":"HUGE","value":"', total: 24 * MiB})).status);
    }
    expect(statuses).toEqual(Array(20).fill(413));
  });

  it('the unauthenticated device-code endpoint stops reading a chunked body at 64 KiB', async () => {
    // `sent` counts what the kernel accepted, and loopback socket buffers (both ends) hold several MiB that the
    // service never reads: offer 64 MiB and require the answer to come long before all of it went out.
    const res = await chunkedPut('/auth/device/code', {method: 'POST', prefix: 'client_id=x&pad=', total: 64 * MiB, auth: false, contentType: 'application/x-www-form-urlencoded'});
    expect(res.status).toBe(413);
    expect(res.sent).toBeLessThan(16 * MiB);
  });

  it('a declared Content-Length over the limit is refused before reading', async () => {
    const res = await call('/telemetry', {method: 'POST', body: 'x'.repeat(65 * 1024), auth: null});
    expect(res.status).toBe(413);
  });
});

describe('no body is read before the credential is checked', () => {
  // Offer 64 MiB without a credential: the answer must come before anything like that was taken in (loopback
  // buffers hold a few MiB the service never reads). Before, the body was read up to the 8 MiB limit first.
  it.each([
    ['POST', '/api/v1/deployments'],
    ['PUT', '/api/v1/deployments/1/env-vars'],
    ['POST', '/data/1/cubejs-api/v1/load'],
  ])('%s %s without a credential answers 401 without reading the body', async (method, path) => {
    const res = await chunkedPut(path, {method, prefix: '{"name":"', total: 64 * MiB, auth: false});
    expect(res.status).toBe(401);
    expect(res.sent).toBeLessThan(16 * MiB);
  });

  it('a key without the permission is refused (403) before its body is read', async () => {
    const readOnly = JSON.parse((await call('/api/v1/api-keys', {method: 'POST', body: JSON.stringify({name: 'ro-body', permissions: ['DeploymentRead']})})).text).key as string;
    const res = await chunkedPutAs(readOnly, '/api/v1/deployments/1/env-vars', 64 * MiB);
    expect(res.status).toBe(403);
    expect(res.sent).toBeLessThan(16 * MiB);
  });
});

describe('audit redaction in linear time', () => {
  // `eyJ-eyJ-…` without a dot made the JWT pattern backtrack from every `eyJ` to the end: O(n²), ~2.5 s for
  // 64 KB on one request, during which the event loop answered nobody.
  const hostile = 'eyJ-'.repeat(15_000);

  it.each(['application/json', 'text/plain; x=json'])('a 60 KB client_id of eyJ-eyJ-… (%s) is answered at once and stalls nobody', async (contentType) => {
    // The same request with a harmless id of the same size sets the machine's pace (shared and loaded in CI).
    const plainStarted = performance.now();
    expect((await call('/auth/device/code', {method: 'POST', body: JSON.stringify({client_id: 'a'.repeat(hostile.length)}), auth: null, contentType})).status).toBe(200);
    const budget = Math.max(1000, 4 * (performance.now() - plainStarted));
    const started = performance.now();
    const slow = call('/auth/device/code', {method: 'POST', body: JSON.stringify({client_id: hostile}), auth: null, contentType});
    const other = call('/api/v1/deployments?limit=1').then(() => performance.now() - started);
    const [res, otherMs] = await Promise.all([slow, other]);
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(ms).toBeLessThan(budget);
    expect(otherMs).toBeLessThan(budget);
  });

  it('redact() of a 1 MB hostile string takes milliseconds, and still finds a JWT and an svc_ key in it', () => {
    const big = 'eyJ-'.repeat(250_000);
    const started = performance.now();
    expect(redact({note: big})).toEqual({note: `${big.slice(0, 200)}… [${big.length} chars]`});
    expect(performance.now() - started).toBeLessThan(500);
    expect(redact({note: `${big} eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig`})).toEqual({note: REDACTED});
    expect(redact({note: `${big} svc_${'a'.repeat(32)}`})).toEqual({note: REDACTED});
  });
});

describe('file tree listing in linear time', () => {
  it('40,000 sibling directories list in about a second (before: 17 s, a search of the siblings per directory)', () => {
    const files = Array.from({length: 40_000}, (_, i) => ({path: `model/d${i}/f.yml`, content: ''}));
    const started = performance.now();
    const tree = buildTree(files, false);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children).toHaveLength(40_000);
    expect(tree[0]?.children?.[0]).toMatchObject({path: '/model/d0', type: 'directory'});
  });
});

describe('nesting depth', () => {
  const deepArray = '['.repeat(100_000) + ']'.repeat(100_000);
  const deepObject = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
  it.each([
    ['PUT', '/api/v1/deployments/1/env-vars', deepObject],
    ['PUT', '/api/v1/deployments/1/env-vars', deepArray],
    // Deployment update is a PUT. (A PATCH has no route here: 404 before any body is read.)
    ['PUT', '/api/v1/deployments/1', deepObject],
    ['POST', '/build/api/v1/deployments', deepObject],
  ])('%s %s with 100,000-deep JSON answers 400', async (method, path, body) => {
    const res = await call(path, {method, body});
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/nested deeper than/);
  });

  it('brackets inside strings (escaped quotes included) are not nesting', async () => {
    const value = `\\"${'[{'.repeat(500)}`;
    const res = await call('/api/v1/deployments/1/env-vars', {method: 'PUT', body: JSON.stringify({env_variables: [{name: 'BRACKETS', value}]})});
    expect(res.status).toBe(200);
  });

  it('unauthenticated /telemetry with deep JSON answers 400 (it fits the open-endpoint size limit)', async () => {
    const body = '['.repeat(30_000) + ']'.repeat(30_000);
    const res = await call('/telemetry', {method: 'POST', body, auth: null});
    expect(res.status).toBe(400);
  });

  it('a SCIM filter on __proto__, constructor or another name every object has is 400 invalidFilter, not 500', async () => {
    const token = JSON.parse((await call('/api/v1/api-keys', {method: 'POST', body: JSON.stringify({name: 'idp', scim: true})})).text).key as string;
    for (const base of ['Users', 'Groups']) {
      for (const filter of ['__proto__ eq "x"', 'constructor eq "x"', 'constructor pr', 'toString eq "x"', 'emails[__proto__ eq "x"]', 'members[constructor pr]']) {
        const res = await fetch(`${svc.url}/api/scim/v2/${base}?filter=${encodeURIComponent(filter)}`, {headers: {authorization: `Bearer ${token}`}});
        expect([base, filter, res.status]).toEqual([base, filter, 400]);
        expect(await res.json()).toMatchObject({scimType: 'invalidFilter'});
      }
    }
  });

  it('a SCIM filter of 5,000 nested parentheses is 400 invalidFilter; 32 levels still work', async () => {
    const token = JSON.parse((await call('/api/v1/api-keys', {method: 'POST', body: JSON.stringify({name: 'idp', scim: true})})).text).key as string;
    const deep = `${'('.repeat(5000)}userName eq "a"${')'.repeat(5000)}`;
    const res = await fetch(`${svc.url}/api/scim/v2/Users?filter=${deep.replace(/ /g, '%20').replace(/"/g, '%22')}`, {headers: {authorization: `Bearer ${token}`}});
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({scimType: 'invalidFilter'});
    const ok = `${'('.repeat(31)}userName eq "a"${')'.repeat(31)}`;
    const fine = await fetch(`${svc.url}/api/scim/v2/Users?filter=${encodeURIComponent(ok)}`, {headers: {authorization: `Bearer ${token}`}});
    expect(fine.status).toBe(200);
  });
});

describe('floods and retention of unauthenticated endpoints', () => {
  const event = {event: 'command', cliVersion: '1.0.0', platform: 'linux', arch: 'x64', anonymousId: 'a'.repeat(64), clientTimestamp: '2026-06-01T09:00:00.000Z'};

  it('device codes: a burst is answered, then 429 with Retry-After; expired codes are purged', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    const started = Date.now();
    for (let i = 0; i < 60; i++) {
      const res = await call('/auth/device/code', {method: 'POST', body: 'client_id=flood', auth: null, contentType: 'application/x-www-form-urlencoded'});
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
    }
    // Burst 30, then 60 a minute: whatever the machine's speed, no more than that was answered.
    const allowed = 30 + Math.ceil(((Date.now() - started) / 60_000) * 60);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(allowed);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(60 - allowed);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const count = () => svc.ctx.db.prepare('SELECT count(*) FROM device_codes').pluck().get() as number;
    expect(count()).toBeGreaterThan(0);
    clock.advance(24 * 3600_000);
    runHousekeeping(svc.ctx);
    expect(count()).toBe(0);
  });

  it('telemetry: a flood is cut off with 429 and old events expire', async () => {
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 60; i++) {
      const res = await call('/telemetry', {method: 'POST', body: JSON.stringify(Array.from({length: 100}, () => event)), auth: null});
      statuses.push(res.status);
    }
    // Burst 20, then 60 a minute.
    const allowed = 20 + Math.ceil(((Date.now() - started) / 60_000) * 60);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(60 - allowed);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const accepted = statuses.filter((s) => s === 204).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted + statuses.filter((s) => s === 429).length).toBe(60);
    const count = () => svc.ctx.db.prepare('SELECT count(*) FROM telemetry_events').pluck().get() as number;
    expect(count()).toBe(accepted * 100);
    clock.advance(8 * 86_400_000);
    runHousekeeping(svc.ctx);
    expect(count()).toBe(0);
  });
});

describe('telemetry cap', () => {
  it('keeps only the newest 10,000 events whatever arrives', () => {
    const batch = Array.from({length: 100}, (_, i) => ({n: i}));
    for (let i = 0; i < 101; i++) insertTelemetryEvents(svc.ctx.db, batch, clock.now());
    const count = svc.ctx.db.prepare('SELECT count(*) FROM telemetry_events').pluck().get() as number;
    expect(count).toBe(TELEMETRY_MAX_EVENTS);
  });
});

describe('connections that never finish', () => {
  // The service's own timeouts (10 s for the headers, 5 s idle keep-alive) with a server that applies them the
  // same way, scaled down: the test waits a fraction of a second instead of 16 s.
  const timeouts = {headersTimeout: 400, keepAliveTimeout: 300, connectionsCheckingInterval: 50};
  let fast: RunningService;
  beforeAll(async () => {
    fast = await startTestService({clock, timeouts});
  });
  afterAll(() => fast.close());

  it('the service closes a stalled header block after 10 s and an idle keep-alive connection 5 s after its answer', () => {
    expect(SERVER_TIMEOUTS).toMatchObject({headersTimeout: 10_000, keepAliveTimeout: 5_000});
    expect(SERVER_TIMEOUTS.connectionsCheckingInterval).toBeLessThanOrEqual(1_000);
  });

  it('a connection that never sends its headers is closed (header timeout)', async () => {
    const started = Date.now();
    const closed = await new Promise<number>((resolve) => {
      const socket = connect(fast.port, '127.0.0.1', () => socket.write('GET /api/v1/deployments HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
      socket.resume();
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', () => {});
      setTimeout(() => socket.destroy(), 10_000);
    });
    expect(closed).toBeGreaterThanOrEqual(timeouts.headersTimeout - 50);
    expect(closed).toBeLessThan(5_000);
  });

  it('an idle keep-alive connection is closed after its timeout', async () => {
    const closedAfter = await new Promise<number>((resolve) => {
      let answeredAt = 0;
      const socket = connect(fast.port, '127.0.0.1', () =>
        socket.write(`GET /api/v1/deployments?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${fast.adminKey}\r\nConnection: keep-alive\r\n\r\n`),
      );
      socket.on('data', () => (answeredAt ||= Date.now()));
      socket.on('close', () => resolve(Date.now() - answeredAt));
      socket.on('error', () => {});
      setTimeout(() => socket.destroy(), 10_000);
    });
    expect(closedAfter).toBeGreaterThanOrEqual(timeouts.keepAliveTimeout - 50);
    expect(closedAfter).toBeLessThan(5_000);
  });
});
