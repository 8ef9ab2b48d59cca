// Deployments through HTTP: paging, detail, settings, create (with its first build), update, delete, 404s.
import {describe, expect, it} from 'vitest';
import {DEMO_DEPLOYMENT_COUNT} from '../../src/server/seed.js';
import {testApp, testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

describe('GET /api/v1/deployments', () => {
  it('defaults to offset 0, limit 20, with the total, in the seed shape and the current one', async () => {
    const res = await t.call('/api/v1/deployments');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({offset: 0, limit: 20, total: DEMO_DEPLOYMENT_COUNT});
    expect(res.body.data.deployments).toHaveLength(20);
    const first = res.body.data.deployments[0];
    expect(first).toEqual({id: '1', name: 'analytics-prod', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/)});
    expect(res.body.items[0]).toMatchObject({id: 1, name: 'analytics-prod', creationStep: 'ready'});
    expect(res.body.items[0].deploymentUrl).toMatch(/\/data\/1$/);
    expect(res.body.pageInfo).toMatchObject({hasNextPage: true, hasPreviousPage: false});
  });

  it('pages without overlap and ends cleanly; past the end is empty with the same total', async () => {
    const seen = new Set<string>();
    for (let offset = 0; offset < DEMO_DEPLOYMENT_COUNT; offset += 20) {
      const res = await t.call(`/api/v1/deployments?offset=${offset}&limit=20`);
      for (const d of res.body.data.deployments) seen.add(d.id);
    }
    expect(seen.size).toBe(DEMO_DEPLOYMENT_COUNT);
    const last = await t.call('/api/v1/deployments?offset=40');
    expect(last.body.data.deployments).toHaveLength(5);
    expect(last.body.pageInfo.hasNextPage).toBe(false);
    const past = await t.call('/api/v1/deployments?offset=1000&limit=5');
    expect(past.status).toBe(200);
    expect(past.body.data.deployments).toEqual([]);
    expect(past.body.pagination).toEqual({offset: 1000, limit: 5, total: DEMO_DEPLOYMENT_COUNT});
  });

  it('accepts the real client’s trailing slash on the deployments list, and on no other path', async () => {
    expect((await t.call('/api/v1/deployments/')).status).toBe(200);
    for (const path of ['/api/v1/oauth-integrations/', '/api/v1/oidc-token-configs/', '/api/v1/deployments/1/', '/api/v1/regions/']) {
      const res = await t.call(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({error: `no such endpoint: GET ${path}`});
    }
    expect((await t.call('/api/v1/oauth-integrations')).status).toBe(200);
  });

  it('an empty tenant lists nothing', async () => {
    const empty = testApp('empty');
    const res = await empty.call('/api/v1/deployments');
    expect(res.body.data.deployments).toEqual([]);
    expect(res.body.pagination.total).toBe(0);
    empty.close();
  });
});

describe('one deployment', () => {
  it('detail and settings', async () => {
    const detail = await t.call('/api/v1/deployments/2');
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({id: 2, name: 'marketing-dashboards', deployBranchName: 'main', releaseChannel: 'release'});
    const settings = await t.call('/api/v1/deployments/2/settings');
    expect(settings.body).toMatchObject({id: 2, deployMode: 'cli', releaseChannelVersion: '1.2.4', releaseChannelVersionHold: true, region: 'aws-eu-central-1'});
    for (const field of ['template', 'cloudProvider', 'creationStep', 'deploymentUrl', 'deployBranchReadOnly', 'deployProjectRoot', 'isCubeSqlEnabled']) {
      expect(settings.body).toHaveProperty(field);
    }
  });

  it('unknown deployment → 404 {error} on every deployment route', async () => {
    for (const path of ['/api/v1/deployments/999', '/api/v1/deployments/999/settings', '/api/v1/deployments/999/versions', '/api/v1/deployments/999/environments']) {
      const res = await t.call(path);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('deployment 999 not found');
    }
  });

  it('unknown route → 404 JSON', async () => {
    const res = await t.call('/api/v1/deployments/1/nonsense');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.error).toMatch(/no such endpoint/);
    expect((await t.call('/elsewhere', {key: null})).status).toBe(404);
  });

  it('delete: gone from detail and list, second delete 404', async () => {
    expect((await t.call('/api/v1/deployments/3', {method: 'DELETE'})).body).toEqual({success: true});
    expect((await t.call('/api/v1/deployments/3')).status).toBe(404);
    const list = await t.call('/api/v1/deployments?limit=100');
    expect(list.body.pagination.total).toBe(DEMO_DEPLOYMENT_COUNT - 1);
    expect(list.body.data.deployments.some((d: {id: string}) => d.id === '3')).toBe(false);
    expect((await t.call('/api/v1/deployments/3', {method: 'DELETE'})).status).toBe(404);
  });
});

describe('create and update', () => {
  it('create fills defaults, scaffolds a production environment and queues the first build', async () => {
    const res = await t.call('/build/api/v1/deployments', {method: 'POST', json: {name: 'new-one', region: 'gcp-europe-west3'}});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({name: 'new-one', creationStep: 'project'});
    const id = res.body.id as number;
    const settings = await t.call(`/api/v1/deployments/${id}/settings`);
    expect(settings.body).toMatchObject({cloudProvider: 'cubecloud', isManaged: true, targetPlatform: 'aws', deployBranchName: 'main', releaseChannel: 'latest'});
    const envs = await t.call(`/api/v1/deployments/${id}/environments`);
    expect(envs.body.data.environments.map((e: {type: string}) => e.type)).toEqual(['production']);
    expect(t.ctx.builds.status(id, 'main')?.step).toBe('queued');
    expect(t.ctx.builds.status(id, 'main')?.reason).toBe('deployment created');
  });

  it('a GitHub-backed deployment is not built on create', async () => {
    const res = await t.call('/build/api/v1/deployments', {method: 'POST', json: {name: 'gh', region: 'aws-us-east-1', creationMethod: 'github'}});
    expect(res.status).toBe(200);
    expect(t.ctx.builds.status(res.body.id, 'main')).toBeUndefined();
  });

  it('update changes only the fields sent and merges templateVariables', async () => {
    await t.call('/api/v1/deployments/1', {method: 'PUT', json: {templateVariables: {a: 1, b: 2}}});
    const res = await t.call('/api/v1/deployments/1', {method: 'PUT', json: {name: 'renamed', deployMode: 'git', templateVariables: {b: 3}}});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({name: 'renamed', deployMode: 'git', templateVariables: {a: 1, b: 3}, releaseChannelVersion: '1.3.5'});
    expect((await t.call('/api/v1/deployments?limit=1')).body.data.deployments[0].name).toBe('renamed');
  });
});

  it('a custom domain replaces the whole host of deploymentUrl (HTTPS) everywhere it is given; null restores it', async () => {
    const auto = (await t.call('/api/v1/deployments/1')).body.deploymentUrl as string;
    const res = await t.call('/api/v1/deployments/1', {method: 'PUT', json: {customDomain: 'analytics.example.com'}});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({customDomain: 'analytics.example.com', deploymentUrl: 'https://analytics.example.com/data/1', autoDomain: new URL(auto).host});
    expect((await t.call('/api/v1/deployments/1')).body.deploymentUrl).toBe('https://analytics.example.com/data/1');
    expect((await t.call('/api/v1/deployments?first=1')).body.items[0].deploymentUrl).toBe('https://analytics.example.com/data/1');
    const envs = (await t.call('/api/v1/deployments/1/environments')).body.items as Array<{type: string; api_credentials: {rest: {url: string}}}>;
    expect(envs.find((e) => e.type === 'production')?.api_credentials.rest.url).toBe('https://analytics.example.com/data/1/cubejs-api/v1');
    for (const bad of ['https://analytics.example.com', 'analytics.example.com/x', 'host:8443', 'not a host']) {
      const refused = await t.call('/api/v1/deployments/1', {method: 'PUT', json: {customDomain: bad}});
      expect(refused.status, bad).toBe(400);
      expect(JSON.stringify(refused.body), bad).toMatch(/customDomain/);
    }
    const cleared = await t.call('/api/v1/deployments/1', {method: 'PUT', json: {customDomain: null}});
    expect(cleared.body).toMatchObject({customDomain: null, deploymentUrl: auto});
  });

describe('cursor paging (first/after)', () => {
  it('walks every deployment once with pageInfo.endCursor', async () => {
    const ids: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const res = await t.call(`/api/v1/deployments?first=20${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      ids.push(...res.body.data.deployments.map((d: {id: string}) => d.id));
      if (!res.body.pageInfo.hasNextPage) break;
      after = res.body.pageInfo.endCursor;
    }
    expect(ids).toHaveLength(DEMO_DEPLOYMENT_COUNT);
    expect(new Set(ids).size).toBe(DEMO_DEPLOYMENT_COUNT);
  });

  it('mixing offset/limit with first/after, or a forged cursor, is a 400', async () => {
    const mixed = await t.call('/api/v1/deployments?offset=0&first=5');
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toMatch(/cannot be mixed/);
    expect((await t.call('/api/v1/deployments?after=bm9wZQ')).status).toBe(400);
    expect((await t.call('/api/v1/deployments?first=0')).status).toBe(400);
  });
});
