// Requests as the platform's description defines them (a strict gateway refuses anything else): upload/start takes
// no body (the branch is a query parameter), and creating a branch for dev mode sends `activate`, not the
// undocumented `enterDevMode`; who-am-I falls back through a described operation when GET /users/me is none (404,
// 405 or 501). Recorded by loopback stubs.
import {describe, expect, it} from 'vitest';
import {getMe} from '../../src/api/account.js';
import {createApi} from '../../src/api/client.js';
import {createBranch} from '../../src/api/dataModel.js';
import {startUpload} from '../../src/api/uploads.js';
import {json, stubsPerTest} from '../helpers/httpStub.js';

const stub = stubsPerTest();
const D = '/build/api/v1/deployments/1';

describe('requests the description defines', () => {
  it('upload/start sends no body, and the branch as a query parameter', async () => {
    const s = await stub({[`${D}/data-model/upload/start`]: (_q, res) => json(res, 200, {transaction: {id: 'tx'}})});
    const api = createApi({baseUrl: s.url, token: 'svc_k'});
    expect(await startUpload(api, '1', 'dev-a')).toEqual({id: 'tx'});
    await startUpload(api, '1');
    expect(s.requests.map((r) => [r.method, r.url, r.body, r.headers['content-type']])).toEqual([
      ['POST', `${D}/data-model/upload/start?branchName=dev-a`, '', undefined],
      ['POST', `${D}/data-model/upload/start`, '', undefined],
    ]);
  });

  it('create-branch --dev-mode sends activate; without it, neither field', async () => {
    const s = await stub({[`${D}/branches`]: (_q, res) => json(res, 200, {active: true, branchName: 'b', parentBranch: 'main'})});
    const api = createApi({baseUrl: s.url, token: 'svc_k'});
    await createBranch(api, '1', {name: 'b', enterDevMode: true});
    await createBranch(api, '1', {name: 'c', from: 'staging'});
    expect(s.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([{name: 'b', activate: true}, {name: 'c', from: 'staging'}]);
  });
});

describe('who am I, where GET /api/v1/users/me is not an operation', () => {
  const USER = {id: 7, email: 'ada@example.com', username: 'ada', isAdmin: true};
  for (const status of [404, 405, 501]) {
    it(`falls back on ${status} to the described PATCH /api/v1/users/me/settings with an empty patch`, async () => {
      const s = await stub({
        '/api/v1/users/me': (_q, res) => json(res, status, {error: 'no such operation'}),
        '/api/v1/users/me/settings': (req, res, body) => (req.method === 'PATCH' && body === '{}' ? json(res, 200, USER) : json(res, 400, {error: 'bad'})),
      });
      const me = await getMe(createApi({baseUrl: s.url, token: 'svc_k'}));
      expect(me).toMatchObject({id: '7', email: 'ada@example.com', isAdmin: true});
    });
  }

  it('a real refusal is not a missing operation: 403 ends it without a fallback', async () => {
    const s = await stub({'/api/v1/users/me': (_q, res) => json(res, 403, {error: 'forbidden'})});
    await expect(getMe(createApi({baseUrl: s.url, token: 'svc_k'}))).rejects.toMatchObject({status: 403});
    expect(s.requests).toHaveLength(1);
  });
});
