// The metadata API of an environment (issue 13 item 1): metadata tokens are accepted on the metadata endpoints under
// the deployment URL and nowhere else, other valid credentials get 403 naming the token to use, and the token's
// security context decides what is visible by the demo model's tenancy rule (meta.tenants: users and the
// customers view for tenant acme, the sales view for tenant globex, the rest for everyone).
import {decodeJwt} from 'jose';
import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

interface Env {
  id: string;
  name: string;
  type: string;
}
const environments = async (deployment = 1) => (await t.call(`/api/v1/deployments/${deployment}/environments`)).body.data.environments as Env[];
const production = async (deployment = 1) => (await environments(deployment)).find((e) => e.type === 'production')!;

async function metaToken(securityContext: Record<string, unknown>, deployment = 1, env?: Env) {
  const target = env ?? (await production(deployment));
  const res = await t.call(`/api/v1/deployments/${deployment}/environments/${target.id}/tokens-for-meta-sync`, {method: 'POST', json: {security_context: securityContext}});
  expect(res.status).toBe(200);
  return res.body.data as {token: string; security_context: Record<string, unknown>; created_at: string; expires_at: string};
}

const get = (path: string, token: string | null) => t.call(path, {key: null, headers: token === null ? {} : {authorization: token}});
const names = (items: Array<{name: string}>) => items.map((i) => i.name).sort();
const ALWAYS = ['line_items', 'orders', 'products'];

describe('the metadata token answer', () => {
  it('carries the security context, and created_at is exactly the JWT iat (expires_at its exp)', async () => {
    t.clock.advance(987); // not on a whole second
    const data = await metaToken({tenant: 'acme', region: 'eu'});
    expect(data.security_context).toEqual({tenant: 'acme', region: 'eu'});
    const claims = decodeJwt(data.token);
    expect(data.created_at).toBe(new Date(claims.iat! * 1000).toISOString());
    expect(data.expires_at).toBe(new Date(claims.exp! * 1000).toISOString());
    expect(claims.exp! - claims.iat!).toBe(86400);
  });
});

describe('metadata endpoints under the deployment URL', () => {
  it('serve /v1/entities, /v1/data-sources and /cubejs-api/v1/meta to a metadata token', async () => {
    const {token} = await metaToken({tenant: 'acme'});
    const entities = await get('/data/1/v1/entities', token);
    expect(entities.status).toBe(200);
    expect(entities.body.items.find((e: {name: string}) => e.name === 'orders')).toMatchObject({type: 'cube', dataSource: 'default', title: 'Orders'});
    const sources = await get('/data/1/v1/data-sources', token);
    expect(sources.body).toEqual({items: [{name: 'default', type: 'sqlite', entities: expect.any(Array)}]});
    expect([...sources.body.items[0].entities].sort()).toEqual(names(entities.body.items));
    const meta = await get('/data/1/cubejs-api/v1/meta', token);
    expect(meta.status).toBe(200);
    expect(names(meta.body.cubes)).toEqual(names(entities.body.items));
  });

  it('two security contexts see different parts of the model; no tenant sees only the shared cubes', async () => {
    const acme = (await metaToken({tenant: 'acme'})).token;
    const globex = (await metaToken({tenant: 'globex'})).token;
    const nobody = (await metaToken({})).token;
    expect(names((await get('/data/1/v1/entities', acme)).body.items)).toEqual([...ALWAYS, 'customers', 'users'].sort());
    expect(names((await get('/data/1/v1/entities', globex)).body.items)).toEqual([...ALWAYS, 'sales'].sort());
    expect(names((await get('/data/1/v1/entities', nobody)).body.items)).toEqual(ALWAYS);
    expect(names((await get('/data/1/cubejs-api/v1/meta', globex)).body.cubes)).toEqual([...ALWAYS, 'sales'].sort());
    // The deployment's data token has no security context: the whole model, as before.
    const data = (await t.call('/api/v1/deployments/1/token', {method: 'POST'})).body.cubeApiToken as string;
    expect(names((await get('/data/1/cubejs-api/v1/meta', data)).body.cubes)).toEqual([...ALWAYS, 'customers', 'sales', 'users'].sort());
  });

  it('a staging environment’s token reads the staging branch, and only that branch', async () => {
    const staging = (await environments()).find((e) => e.type === 'staging')!;
    const {token} = await metaToken({tenant: 'acme'}, 1, staging);
    expect((await get('/data/1/v1/entities', token)).status).toBe(200);
    expect((await get('/data/1/dev-mode/staging/cubejs-api/v1/meta', token)).status).toBe(200);
    const main = await get('/data/1/cubejs-api/v1/meta', token);
    expect(main.status).toBe(403);
    expect(main.body.error).toContain('branch staging');
  });
});

describe('only metadata tokens, only there', () => {
  it('a metadata token cannot query data: 403', async () => {
    const {token} = await metaToken({tenant: 'acme'});
    const q = encodeURIComponent(JSON.stringify({measures: ['orders.count']}));
    const res = await get(`/data/1/cubejs-api/v1/load?query=${q}`, token);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/metadata token .*cannot query data.*send a data API token/);
  });

  it('a data token and management credentials get 403 naming the metadata token', async () => {
    const data = (await t.call('/api/v1/deployments/1/token', {method: 'POST'})).body.cubeApiToken as string;
    for (const [what, credential] of [['a data API token', data], ['a management API key', t.adminKey], ['a management API key', `Bearer ${t.adminKey}`]] as const) {
      for (const path of ['/data/1/v1/entities', '/data/1/v1/data-sources']) {
        const res = await get(path, credential);
        expect(res.status, `${what} on ${path}`).toBe(403);
        expect(res.body.error).toContain(`${what} cannot read metadata here: send a metadata token (svc environments token`);
      }
    }
  });

  it('a metadata token is refused on the management API and for another deployment', async () => {
    const {token} = await metaToken({tenant: 'acme'});
    // Refused by the management API (401 or 403: how it classifies a foreign token is the auth rules' business).
    expect([401, 403]).toContain((await t.call('/api/v1/deployments', {key: token})).status);
    const res = await get('/data/2/v1/entities', token);
    expect(res.status).toBe(403);
    expect(res.body.error).toContain('another deployment');
  });

  it('401 for no token, a forged one, an expired one, and an unknown key', async () => {
    const {token} = await metaToken({tenant: 'acme'});
    expect((await get('/data/1/v1/entities', null)).status).toBe(401);
    expect((await get('/data/1/v1/entities', `${token.slice(0, -4)}AAAA`)).status).toBe(401);
    expect((await get('/data/1/v1/entities', 'svc_0000000000000000000000000000000000')).status).toBe(401);
    t.clock.advance(86_401_000);
    const expired = await get('/data/1/v1/entities', token);
    expect(expired).toMatchObject({status: 401, body: {error: 'metadata token expired'}});
  });

  it('the metadata routes are in the OpenAPI document', async () => {
    const spec = (await t.call('/api/v1/spec')).body;
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/data/{deploymentId}/v1/entities', '/data/{deploymentId}/v1/data-sources']));
  });
});
