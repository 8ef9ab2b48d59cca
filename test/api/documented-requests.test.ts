// Requests as the platform's description defines them (a strict gateway refuses anything else): upload/start takes
// no body (the branch is a query parameter), and creating a branch for dev mode sends `activate`, not the
// undocumented `enterDevMode`. Recorded by a loopback stub.
import {describe, expect, it} from 'vitest';
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
