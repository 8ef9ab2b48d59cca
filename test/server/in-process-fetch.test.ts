// The tests' way into a service of this process without a socket (helpers/inProcessFetch.ts): an app sees the same
// request from it as over loopback through the Node adapter, the client gets the same answer and the same failures,
// and a screen test's client and a CLI run send nothing over the network for a service listening in this process,
// each to that service's own app, and everything for one that closed.
import type {Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {subscribe, unsubscribe} from 'node:diagnostics_channel';
import {serve} from '@hono/node-server';
import {getConnInfo} from '@hono/node-server/conninfo';
import {Hono} from 'hono';
import {afterAll, beforeAll, describe, expect, it, onTestFinished} from 'vitest';
import {ApiError, createApi, type Api, type RequestOptions} from '../../src/api/client.js';
import {ADMIN_KEY} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';
import {listenInProcess, routeInProcess} from '../helpers/inProcessFetch.js';
import {startDemo} from '../helpers/screenApp.js';

/** What the app saw of a request: the headers a route can act on, the body, the client's address. */
async function seen(request: Request, address: string | undefined) {
  // A multipart body's boundary is new each time it is sent: its parts are compared, and the type without it.
  const headers = ['host', 'content-length', 'transfer-encoding', 'content-type', 'authorization', 'user-agent', 'accept'].map((h) => [h, request.headers.get(h)?.replace(/boundary=.*/, 'boundary=…')]);
  const type = request.headers.get('content-type') ?? '';
  const body = type.startsWith('multipart/')
    ? await Promise.all([...(await request.formData()).entries()].map(async ([k, v]) => [k, typeof v === 'string' ? v : `${v.name}: ${await v.text()}`]))
    : await request.text();
  return {method: request.method, url: request.url, headers: Object.fromEntries(headers), body, address};
}

/** Lets the answer of /slow, or the rest of /stream, go on: set once the app is waiting there. */
let release: (() => void) | undefined;
const waitHere = () => new Promise<void>((resolve) => (release = resolve));
const mirror = new Hono();
mirror.get('/missing', (c) => c.json({error: 'no such thing'}, 404));
mirror.get('/moved', (c) => c.redirect('/echo', 302));
mirror.get('/slow', async (c) => {
  await waitHere();
  return c.json({late: true});
});
mirror.get('/stream', () => {
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pulls++ === 0) controller.enqueue(new TextEncoder().encode('first chunk\n'));
      else {
        await waitHere();
        controller.close();
      }
    },
  });
  return new Response(body, {headers: {'content-type': 'text/plain'}});
});
mirror.all('*', async (c) => c.json(await seen(c.req.raw, getConnInfo(c).remote.address)));

let server: Server;
let url: string;
let clients: [string, Api][];

beforeAll(async () => {
  server = serve({fetch: mirror.fetch, port: 0, hostname: '127.0.0.1'}) as Server;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The same app over loopback through the Node adapter, and in-process (while the describe below has it listening).
  clients = [
    ['loopback', createApi({baseUrl: url, token: 'k'})],
    ['in-process', createApi({baseUrl: url, token: 'k', fetch: routeInProcess()})],
  ];
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The outcome of `call` through each client, by client. */
async function both(call: (api: Api) => Promise<unknown>): Promise<Record<string, unknown>> {
  const outcome = async (api: Api) =>
    call(api).catch((err: unknown) => ({failed: err instanceof Error ? `${err.name}: ${err.message}` : String(err), statusText: err instanceof ApiError ? err.statusText : undefined}));
  return Object.fromEntries(await Promise.all(clients.map(async ([name, api]) => [name, await outcome(api)] as const)));
}

describe('in-process fetch: the app sees what it would over loopback', () => {
  let unlisten: () => void;
  beforeAll(() => void (unlisten = listenInProcess({url, app: mirror})));
  afterAll(() => unlisten());

  const form = () => {
    const f = new FormData();
    f.set('fileName', 'model.yml');
    f.set('file', new Blob(['cubes: []\n']), 'model.yml');
    return f;
  };
  const cases: [string, string, string, RequestOptions][] = [
    ['a GET with a query', 'GET', '/echo', {searchParams: {q: 'a b', n: 2}}],
    ['a POST with JSON', 'POST', '/echo', {json: {name: 'x', list: [1, 2]}}],
    ['a bodyless POST (Content-Length: 0)', 'POST', '/echo', {}],
    ['a bodyless PUT', 'PUT', '/echo', {}],
    ['a PATCH with JSON', 'PATCH', '/echo', {json: {a: 1}}],
    ['a bodyless DELETE (no Content-Length)', 'DELETE', '/echo', {}],
    ['an upload (multipart)', 'POST', '/echo', {form: form()}],
  ];
  it.each(cases)('%s', async (_, method, path, options) => {
    const outcome = await both((api) => api.request(method, path, {...options, ...(options.form ? {form: form()} : {})}));
    expect(outcome['in-process']).toEqual(outcome.loopback);
    expect(outcome.loopback).toMatchObject({method, address: '127.0.0.1', headers: {host: new URL(url).host, authorization: 'Bearer k'}});
  });

  it('an error answer reads the same, the status text the server sends included', async () => {
    const outcome = await both((api) => api.get('/missing'));
    expect(outcome['in-process']).toEqual(outcome.loopback);
    expect(outcome.loopback).toEqual({failed: 'ApiError: not found (404): GET /missing. no such thing', statusText: 'Not Found'});
  });

  it('a redirect reaches the client, which decides (it follows this one)', async () => {
    const outcome = await both((api) => api.get('/moved'));
    expect(outcome['in-process']).toEqual(outcome.loopback);
    expect(outcome.loopback).toMatchObject({method: 'GET', url: `${url}/echo`});
  });

  it('an abort before the answer rejects with its reason', async () => {
    for (const [name, api] of clients) {
      const controller = new AbortController();
      release = undefined;
      const pending = api.get('/slow', {signal: controller.signal});
      await expect.poll(() => release !== undefined).toBe(true);
      controller.abort(new Error(`stopped ${name}`));
      await expect(pending, name).rejects.toThrow(`stopped ${name}`);
      release!();
    }
  });

  it('an abort while the body streams fails the read with its reason', async () => {
    for (const [name, api] of clients) {
      const controller = new AbortController();
      release = undefined;
      const response = await api.raw('GET', '/stream', {signal: controller.signal});
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value), name).toBe('first chunk\n');
      const next = reader.read();
      await expect.poll(() => release !== undefined).toBe(true);
      controller.abort(new Error(`cut ${name}`));
      await expect(next, name).rejects.toThrow(`cut ${name}`);
      release!();
    }
  });
});

/** The address of every request sent through undici (Node's fetch) while `body` runs. */
async function overTheNetwork(body: (sent: string[]) => Promise<void>): Promise<void> {
  const sent: string[] = [];
  const onRequest = (message: unknown) => sent.push(new URL((message as {request: {origin: string; path: string}}).request.path, (message as {request: {origin: string}}).request.origin).href);
  subscribe('undici:request:create', onRequest);
  try {
    await body(sent);
  } finally {
    unsubscribe('undici:request:create', onRequest);
  }
}

describe('a screen test client and its service', () => {
  it('reaches the service without the network, a client derived for it too; another address and a closed service go over it', () =>
    overTheNetwork(async (sent) => {
      const {svc, api} = await startDemo();
      const list = await api.get('/api/v1/deployments');
      expect(await api.derive({token: svc.adminKey}).get('/api/v1/deployments')).toEqual(list);
      expect(await api.derive({token: svc.adminKey, baseUrl: `${svc.url}/api/v1`}).get('/deployments')).toEqual(list);
      expect(sent).toEqual([]);

      await api.derive({token: 'x', baseUrl: url}).get('/echo');
      expect(sent).toEqual([`${url}/echo`]);

      await svc.close();
      await expect(api.get('/api/v1/deployments')).rejects.toThrow(/ECONNREFUSED/);
      expect(sent).toEqual([`${url}/echo`, `${svc.url}/api/v1/deployments`]);
    }));
});

describe('a CLI run in this process and its service', () => {
  it('reaches the service without the network; another address and a closed service go over it; fetch is put back', () =>
    overTheNetwork(async (sent) => {
      const fetch = globalThis.fetch;
      const h = await startInProcessHarness();
      const list = await h.admin(['deployments', 'list', '--json']);
      expect(list).toMatchObject({code: 0, stderr: ''});
      expect(JSON.parse(list.stdout)).toMatchObject({items: {length: 20}});
      expect(sent).toEqual([]);
      expect(globalThis.fetch).toBe(fetch);

      await h.admin(['whoami'], {env: {SVC_API_URL: url}});
      expect(sent).toEqual([`${url}/api/v1/users/me`]);

      await h.close();
      expect((await h.admin(['deployments', 'list'])).stderr).toMatch(/ECONNREFUSED/);
      expect(sent).toEqual([`${url}/api/v1/users/me`, `${h.url}/api/v1/deployments`]);
    }));
});

describe('the one decision for both ways in: the services listening in this process', () => {
  it('a screen client and a CLI run each reach a listening service at its own app, and one that closed over the network', () =>
    overTheNetwork(async (sent) => {
      const first = await startInProcessHarness();
      const second = await startInProcessHarness({seed: 'empty'});
      onTestFinished(() => Promise.all([first.close(), second.close()]).then(() => {}));
      // The number of deployments at `to` (the demo has 20, the empty seed none), or how the request failed.
      const ways: [string, (to: string) => Promise<number | string>][] = [
        ['screen client', (to) => createApi({baseUrl: to, token: ADMIN_KEY, fetch: first.service.fetch}).get('/api/v1/deployments').then((r) => (r as {items: unknown[]}).items.length, String)],
        ['CLI run', async (to) => {
          const r = await first.admin(['deployments', 'list', '--json'], {env: {SVC_API_URL: to}});
          return r.code === 0 ? (JSON.parse(r.stdout) as {items: unknown[]}).items.length : r.stderr;
        }],
      ];
      for (const [name, way] of ways) {
        expect(await way(first.url), name).toBe(20);
        expect(await way(second.url), name).toBe(0);
      }
      expect(sent).toEqual([]);

      await second.close();
      for (const [name, way] of ways) {
        expect(await way(second.url), name).toMatch(/ECONNREFUSED/);
        expect(await way(first.url), name).toBe(20);
      }
      expect(sent).toEqual([`${second.url}/api/v1/deployments`, `${second.url}/api/v1/deployments`]);
    }));
});
