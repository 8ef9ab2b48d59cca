// Api.getDirect: the console's first-frame GET over node:http, without fetch. Same document as `get`, same
// credential, the same made-inert strings; stricter where it differs (a redirect is never followed, even to the
// same origin; a 401 is not refreshed). Servers are two local stubs on 127.0.0.1.
import {afterEach, describe, expect, it} from 'vitest';
import {ApiError, createApi, TransportError, UnexpectedBodyError} from '../../src/api/client.js';
import {failure, json, startStub, text, type Stub} from '../helpers/httpStub.js';

const TOKEN = 'svc_directGetTestKey0123456789abcdefgh';
const stubs: Stub[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});
const stub = async (routes: Parameters<typeof startStub>[0]) => {
  const s = await startStub(routes);
  stubs.push(s);
  return s;
};

describe('Api.getDirect', () => {
  it('answers what get answers, with the credential, the query and the user agent', async () => {
    const s = await stub({'/api/v1/deployments': (_req, res) => json(res, 200, {deployments: [{id: 1, name: 'a'}], total: 1})});
    const api = createApi({baseUrl: s.url, token: TOKEN});
    const direct = await api.getDirect!('/api/v1/deployments', {searchParams: {offset: 0, limit: 50}});
    expect(direct).toEqual(await api.get('/api/v1/deployments', {searchParams: {offset: 0, limit: 50}}));
    expect(s.requests[0]).toMatchObject({method: 'GET', url: '/api/v1/deployments?offset=0&limit=50'});
    expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(s.requests[0]?.headers['user-agent']).toBe(s.requests[1]?.headers['user-agent']);
  });

  it('makes every string inert as it parses, like the console client', async () => {
    const s = await stub({'/api/v1/users/me': (_req, res) => json(res, 200, {email: 'a\u001B]52;c;cGF5bG9hZA==\u0007b@example.com'})});
    const api = createApi({baseUrl: s.url, token: TOKEN, sanitizeStrings: true});
    const me = (await api.getDirect!('/api/v1/users/me')) as {email: string};
    expect(me.email).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(me).toEqual(await api.get('/api/v1/users/me'));
  });

  it('follows no redirect, not even to its own origin, and sends nothing to another', async () => {
    const other = await stub({'/api/v1/users/me': (_req, res) => json(res, 200, {email: 'thief@example.com'})});
    const s = await stub({
      '/api/v1/users/me': (_req, res) => (res.writeHead(307, {location: `${other.url}/api/v1/users/me`}), res.end()),
      '/api/v1/deployments': (_req, res) => (res.writeHead(302, {location: '/api/v1/deployments2'}), res.end()),
    });
    const api = createApi({baseUrl: s.url, token: TOKEN});
    expect(await failure(api.getDirect!('/api/v1/users/me'))).toBeInstanceOf(ApiError);
    expect(((await failure(api.getDirect!('/api/v1/deployments'))) as ApiError).status).toBe(302);
    expect(other.requests).toHaveLength(0);
  });

  it('does not refresh on a 401: the error is the answer', async () => {
    let refreshed = 0;
    const s = await stub({'/api/v1/users/me': (_req, res) => json(res, 401, {error: 'expired'})});
    const api = createApi({baseUrl: s.url, token: TOKEN, onUnauthorized: async () => (refreshed++, 'svc_other')});
    const err = (await failure(api.getDirect!('/api/v1/users/me'))) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(refreshed).toBe(0);
    expect(s.requests).toHaveLength(1);
  });

  it('says so when the answer is not JSON, and when the server is silent or gone', async () => {
    const s = await stub({
      '/html': (_req, res) => text(res, 200, '<!doctype html><p>app</p>', 'text/html'),
      '/silent': () => {},
    });
    const api = createApi({baseUrl: s.url, token: TOKEN, idleTimeoutMs: 200});
    expect(await failure(api.getDirect!('/html'))).toBeInstanceOf(UnexpectedBodyError);
    const silent = await failure(api.getDirect!('/silent'));
    expect(silent).toBeInstanceOf(TransportError);
    expect(silent.message).toBe(`request to ${s.url}/silent failed: no data for 200ms`);
    const gone = createApi({baseUrl: 'http://127.0.0.1:9', token: TOKEN});
    expect(await failure(gone.getDirect!('/api/v1/users/me'))).toBeInstanceOf(TransportError);
  });

  it('stops when its signal aborts', async () => {
    const s = await stub({'/silent': () => {}});
    const api = createApi({baseUrl: s.url, token: TOKEN});
    const controller = new AbortController();
    const pending = failure(api.getDirect!('/silent', {signal: controller.signal}));
    setTimeout(() => controller.abort(new Error('left the screen')), 50);
    expect((await pending).message).toBe('left the screen');
  });
});
