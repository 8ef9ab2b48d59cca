// A hostile or misconfigured server answers with a redirect. The client must never carry the credential or a
// request body to another origin, and never re-send a body at all; bodyless reads may follow on the same origin.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {RedirectRefusedError, createApi} from '../../src/api/client.js';
import {refreshAccessToken} from '../../src/api/oauth.js';
import {failure, json, startStub} from '../helpers/httpStub.js';

let origin: Awaited<ReturnType<typeof startStub>>;
/** The "other host": a second port on 127.0.0.1, which is another origin. */
let other: Awaited<ReturnType<typeof startStub>>;

beforeAll(async () => {
  other = await startStub({
    '/steal': (req, res, body) => json(res, 200, {got: body, auth: req.headers.authorization ?? null}),
  });
  const away = (status: number) => (_q: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(status, {location: `${other.url}/steal`});
    res.end();
  };
  origin = await startStub({
    '/env-vars': away(307),
    '/read-away': away(302),
    '/perm-away': away(308),
    '/auth/oauth2/refresh': away(307),
    '/here': (_q, res) => json(res, 200, {where: 'here'}),
    '/moved': (_q, res) => {
      res.writeHead(301, {location: '/here'});
      res.end();
    },
    '/moved-write': (_q, res) => {
      res.writeHead(307, {location: '/here'});
      res.end();
    },
    '/loop': (_q, res) => {
      res.writeHead(302, {location: '/loop'});
      res.end();
    },
  });
});

afterAll(async () => {
  await origin.close();
  await other.close();
});

const api = () => createApi({baseUrl: origin.url, token: 'svc_secretKey', idleTimeoutMs: 2000});

describe('redirects', () => {
  it('never re-sends a body (an env-var password) to another origin on a 307', async () => {
    const before = other.requests.length;
    const err = await failure(api().put('/env-vars', {json: {env_variables: [{name: 'CUBEJS_DB_PASS', value: 'hunter2'}]}}));
    expect(err).toBeInstanceOf(RedirectRefusedError);
    expect(err.message).toContain(`to another origin, ${other.url}/steal`);
    expect(other.requests.length).toBe(before);
  });

  it('never follows a read to another origin either (the credential would go along)', async () => {
    const before = other.requests.length;
    for (const path of ['/read-away', '/perm-away']) {
      const err = await failure(api().get(path));
      expect(err).toBeInstanceOf(RedirectRefusedError);
    }
    const stream = await failure(api().raw('GET', '/read-away'));
    expect(stream).toBeInstanceOf(RedirectRefusedError);
    expect(other.requests.length).toBe(before);
  });

  it('follows a same-origin redirect of a read, with the credential', async () => {
    expect(await api().get('/moved')).toEqual({where: 'here'});
    const last = origin.requests.at(-1);
    expect(last?.url).toBe('/here');
    expect(last?.headers.authorization).toBe('Bearer svc_secretKey');
  });

  it('refuses a same-origin redirect of a write instead of sending the body again', async () => {
    const before = origin.requests.filter((r) => r.url === '/here').length;
    const err = await failure(api().post('/moved-write', {json: {name: 'x'}}));
    expect(err).toBeInstanceOf(RedirectRefusedError);
    expect(err.message).toContain('does not re-send');
    expect(origin.requests.filter((r) => r.url === '/here').length).toBe(before);
  });

  it('stops a redirect loop', async () => {
    const err = await failure(api().get('/loop'));
    expect(err.message).toContain('redirected more than 5 times');
  });

  it('does not carry a refresh token to another origin', async () => {
    const before = other.requests.length;
    await failure(refreshAccessToken(origin.url, {clientId: 'svc-cli'}, 'refresh-secret'));
    expect(other.requests.length).toBe(before);
  });
});
