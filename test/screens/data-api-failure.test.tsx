// The console's header names what failed when the data API fails (issue 24 B8): a data API answering 500 says so
// with its (inert) message, and a data API whose name does not resolve says which name — not "connection lost".
// The management API is the real local service; only the deployment's data API address is pointed elsewhere: at
// a local server on 127.0.0.1 that answers 500 to everything, or at a name under `.invalid` (RFC 2606: it never
// resolves). This machine's resolver would ask a name server off the machine about it, so the DNS failure is the
// one Node gives (`getaddrinfo ENOTFOUND <host>`), raised through the client's fetch seam: no query leaves.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {CONSOLE_CLIENT, createApi, type Api} from '../../src/api/client.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

const QUERY = {screen: 'query', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

/** The same client, except that deployment 1 names `deploymentUrl` as the address of its data API. */
function dataApiAt(api: Api, deploymentUrl: string): Api {
  const get: Api['get'] = async (path, opts) => {
    const body = await api.get(path, opts);
    return path === '/api/v1/deployments/1' ? {...(body as object), deploymentUrl} : body;
  };
  return {...api, get};
}

/** A data API on 127.0.0.1 that answers every request 500 with an error naming itself, an escape sequence inside. */
async function failingDataApi(): Promise<{url: string; requests: () => number}> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    res.writeHead(500, {'content-type': 'application/json'});
    res.end(JSON.stringify({error: 'warehouse \u001b[31mexploded'}));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/data/1`, requests: () => requests};
}

const header = (frame: string) => frame.split('\n')[0] ?? '';

describe('the header names a failing data API', () => {
  it('a 500 from the data API: "data API answered 500" with its message, made inert', async () => {
    const {svc} = await startDemo();
    const dataApi = await failingDataApi();
    const api = createApi({baseUrl: svc.url, token: svc.adminKey, ...CONSOLE_CLIENT, fetch: svc.fetch});
    const tui = renderApp(dataApiAt(api, dataApi.url), QUERY, {columns: 120});
    const frame = await tui.waitForFrame((f) => header(f).includes('data API answered 500'));
    // The escape sequence arrives as visible text (lib/safeText.ts), never as a colour change.
    expect(header(frame)).toContain('data API answered 500: warehouse \\x1b[31mexploded — retrying');
    expect(frame).not.toContain('\u001b[31m');
    expect(frame).not.toContain('connection lost');
    expect(dataApi.requests()).toBeGreaterThan(0);
  });

  it('a data API name that does not resolve: "cannot resolve <host>"', async () => {
    const {svc} = await startDemo();
    const asked: string[] = [];
    // Node's own failure for an unknown name, for `.invalid` hosts only; everything else goes to the service's fetch.
    const seam: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!url.hostname.endsWith('.invalid')) return svc.fetch(input, init);
      asked.push(url.hostname);
      const cause = Object.assign(new Error(`getaddrinfo ENOTFOUND ${url.hostname}`), {code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: url.hostname});
      return Promise.reject(new TypeError('fetch failed', {cause}));
    };
    const api = createApi({baseUrl: svc.url, token: svc.adminKey, ...CONSOLE_CLIENT, fetch: seam});
    const tui = renderApp(dataApiAt(api, 'https://data.svc-test.invalid/data/1'), QUERY, {columns: 120});
    const frame = await tui.waitForFrame((f) => header(f).includes('cannot resolve'));
    expect(header(frame)).toContain('cannot resolve data.svc-test.invalid — retrying');
    expect(frame).not.toContain('connection lost');
    expect(asked[0]).toBe('data.svc-test.invalid');
  });
});
