// The tolerant reader: the same fetchers read the seed's shapes and the current API's.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createApi} from '../../src/api/client.js';
import {listDeployments, listVersions, createDeploymentToken, deleteDeployment} from '../../src/api/deployments.js';
import {createMetaSyncToken, listEnvironments} from '../../src/api/environments.js';
import {createApiKey, getMe, listApiKeys, listRegions} from '../../src/api/account.js';
import {json, startStub} from '../helpers/httpStub.js';

let stub: Awaited<ReturnType<typeof startStub>>;

const realDeployments = {
  items: [{id: 7, name: 'prod', deploymentUrl: 'https://prod.example', creationStep: 'ready'}],
  data: [{id: 7, name: 'prod', deploymentUrl: 'https://prod.example', creationStep: 'ready'}],
  pageInfo: {hasNextPage: false, hasPreviousPage: false},
  totalCount: 1,
};
const seedDeployments = {
  data: {deployments: [{id: '123', name: 'seeded', created_at: '2026-01-02T03:04:05Z'}]},
  pagination: {offset: 0, limit: 20, total: 41},
};

beforeAll(async () => {
  stub = await startStub({
    '/seed/api/v1/deployments': (_q, res) => json(res, 200, seedDeployments),
    '/real/api/v1/deployments': (_q, res) => json(res, 200, realDeployments),
    '/seed/api/v1/deployments/1/environments': (_q, res) =>
      json(res, 200, {
        data: {
          environments: [
            {id: '1', name: 'production', type: 'production', api_credentials: {rest: {url: 'https://r'}, sql: {host: 'db', port: 5432}}},
          ],
        },
        pagination: {offset: 0, limit: 20, total: 1},
      }),
    '/real/api/v1/deployments/1/environments': (_q, res) =>
      json(res, 200, {
        items: [
          {
            id: 9,
            type: 'development',
            branch: 'dev-ada',
            api_credentials: [
              {type: 'rest', version: 'v1', url: 'https://dev'},
              {type: 'sql', version: 'v1', host: 'sql.dev', port: 15432},
            ],
          },
        ],
        pageInfo: {hasNextPage: false},
      }),
    '/real/api/v1/deployments/1/versions': (_q, res) =>
      json(res, 200, {items: [{releaseChannelVersion: 'cubejs/cube:v1.7.20', releaseChannel: 'latest', isCurrent: true}]}),
    '/real/api/v1/deployments/1/token': (_q, res) => json(res, 200, {cubeApiToken: 'jwt.a.b'}),
    '/seed/api/v1/deployments/1/token': (_q, res) => json(res, 200, {data: {token: 'jwt.c.d'}}),
    '/real/api/v1/deployments/1': (_q, res) => json(res, 200, {success: false}),
    '/real/api/v1/deployments/1/environments/2/tokens-for-meta-sync': (_q, res, body) =>
      json(res, 200, {data: {token: 'meta.jwt', created_at: 'c', expires_at: 'e', echo: JSON.parse(body)}}),
    '/real/api/v1/regions': (_q, res) => json(res, 200, {items: [{id: 1, name: 'aws-us-east-1', provider: 'aws'}], data: []}),
    '/real/api/v1/users/me': (_q, res) => json(res, 200, {id: 3, email: 'ada@example.com', username: 'ada', isAdmin: true}),
    '/real/api/v1/api-keys': (req, res) =>
      req.method === 'POST'
        ? json(res, 201, {id: 5, name: 'ci', prefix: 'svc_abcd', deploymentIds: [1], permissions: null, key: 'svc_secret'})
        : json(res, 200, {items: [{id: 5, name: 'ci', deploymentIds: [1, 2], permissions: ['DeploymentRead']}]}),
  });
});

afterAll(() => stub.close());

const api = (flavour: 'seed' | 'real') => createApi({baseUrl: `${stub.url}/${flavour}`, token: 't'});

describe('deployments', () => {
  it("reads the seed's data.deployments with string ids and the pagination total", async () => {
    const list = await listDeployments(api('seed'));
    expect(list.deployments).toEqual([{id: '123', name: 'seeded', created_at: '2026-01-02T03:04:05Z'}]);
    expect(list.total).toBe(41);
    expect(list.raw).toEqual(seedDeployments);
  });

  it('reads the current items[] with integer ids as strings', async () => {
    const list = await listDeployments(api('real'), {offset: 0, limit: 5});
    expect(list.deployments).toEqual([{id: '7', name: 'prod', deploymentUrl: 'https://prod.example', creationStep: 'ready'}]);
    expect(list.total).toBe(1);
    expect(stub.requests.at(-1)?.url).toBe('/real/api/v1/deployments?offset=0&limit=5');
  });

  it('reads versions, tokens and delete answers in either shape', async () => {
    const {versions} = await listVersions(api('real'), '1');
    expect(versions).toEqual([
      {version: '1.7.20', releaseChannel: 'latest', releaseChannelVersion: 'cubejs/cube:v1.7.20', isLatestInChannel: false, isCurrent: true},
    ]);
    expect((await createDeploymentToken(api('real'), '1')).token).toBe('jwt.a.b');
    expect((await createDeploymentToken(api('seed'), '1')).token).toBe('jwt.c.d');
    await expect(deleteDeployment(api('real'), '1')).resolves.toBe(false);
  });
});

describe('environments', () => {
  it('flattens the seed credentials object', async () => {
    const {environments, total} = await listEnvironments(api('seed'), '1');
    expect(total).toBe(1);
    expect(environments[0]).toMatchObject({id: '1', name: 'production', type: 'production', restUrl: 'https://r', sqlHost: 'db', sqlPort: 5432});
  });

  it('flattens the current credentials array and passes the type filter', async () => {
    const {environments} = await listEnvironments(api('real'), '1', {type: 'development'});
    expect(environments[0]).toMatchObject({id: '9', name: 'dev-ada', type: 'development', branch: 'dev-ada', restUrl: 'https://dev', sqlHost: 'sql.dev', sqlPort: 15432});
    expect(stub.requests.at(-1)?.url).toBe('/real/api/v1/deployments/1/environments?type=development');
  });

  it('posts the security context and reads the token', async () => {
    const token = await createMetaSyncToken(api('real'), '1', '2', {security_context: {tenant: 'a'}, expires_in: 60});
    expect(token).toMatchObject({token: 'meta.jwt', created_at: 'c', expires_at: 'e'});
    expect(JSON.parse(stub.requests.at(-1)?.body ?? '')).toEqual({security_context: {tenant: 'a'}, expires_in: 60});
  });
});

describe('account', () => {
  it('reads regions, the current user and API keys', async () => {
    expect((await listRegions(api('real'))).regions).toEqual([{id: '1', name: 'aws-us-east-1', provider: 'aws'}]);
    expect(await getMe(api('real'))).toMatchObject({id: '3', email: 'ada@example.com', username: 'ada', isAdmin: true});
    expect((await listApiKeys(api('real'))).keys).toEqual([
      {id: '5', name: 'ci', deploymentIds: ['1', '2'], permissions: ['DeploymentRead']},
    ]);
    const created = await createApiKey(api('real'), {name: 'ci', deploymentIds: [1]});
    expect(created.key).toBe('svc_secret');
    expect(created.item).toMatchObject({id: '5', prefix: 'svc_abcd', permissions: null});
  });
});
