// Deployment extras through HTTP: logs (real build lines, appended lines, filters, cursor follow), pods,
// environment variables (masking, upsert, name rules), GitHub and creation steps, with their 400/401/403s.
import {describe, expect, it} from 'vitest';
import {appendLog} from '../../src/server/store/logs.js';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

describe('logs', () => {
  it('answers the build lines the engine wrote, newest last, with pod and date', async () => {
    const res = await t.call('/api/v1/deployments/2/logs');
    expect(res.status).toBe(200);
    expect(res.body.items.some((l: {message: string}) => /build \d+ built/.test(l.message))).toBe(true);
    expect(res.body.items[0]).toMatchObject({pod: 'cube-api-2-0', date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/)});
  });

  it('includes the dbt sync runs of the deployment, on the refresh worker', async () => {
    const res = await t.call('/api/v1/deployments/1/logs?pod=cube-refresh-worker-1-0&first=5');
    expect(res.body.items).toHaveLength(5);
    expect(res.body.items.every((l: {message: string}) => /dbt sync/.test(l.message))).toBe(true);
    const api = await t.call('/api/v1/deployments/1/logs?pod=cube-api-1-0');
    expect(api.body.items.some((l: {message: string}) => /build \d+ built/.test(l.message))).toBe(true);
  });

  it('filters by source, pod and container, and follows with after', async () => {
    const first = await t.call('/api/v1/deployments/2/logs');
    const cursor = first.body.pageInfo.endCursor;
    t.clock.advance(1000);
    appendLog(t.ctx.db, t.ctx.clock, {deploymentId: 2, source: 'dev', message: 'query ran in 12 ms'});
    appendLog(t.ctx.db, t.ctx.clock, {deploymentId: 2, source: 'production', pod: 'cube-refresh-worker-2-0', container: 'vector', message: 'shipped 3 lines'});
    const next = await t.call(`/api/v1/deployments/2/logs?after=${cursor}`);
    expect(next.body.items.map((l: {message: string}) => l.message)).toEqual(['query ran in 12 ms', 'shipped 3 lines']);
    const again = await t.call(`/api/v1/deployments/2/logs?after=${next.body.pageInfo.endCursor}`);
    expect(again.body.items).toEqual([]);
    // After the cursor: the seeded dev branch's build already wrote a dev line.
    const dev = await t.call(`/api/v1/deployments/2/logs?source=dev&after=${cursor}`);
    expect(dev.body.items.map((l: {message: string}) => l.message)).toEqual(['query ran in 12 ms']);
    const vector = await t.call('/api/v1/deployments/2/logs?container=vector');
    expect(vector.body.items).toHaveLength(1);
    const pod = await t.call('/api/v1/deployments/2/logs?pod=cube-refresh-worker-2-0');
    expect(pod.body.items.map((l: {pod: string}) => l.pod)).toEqual(['cube-refresh-worker-2-0']);
  });

  it('records each data API query, with its members, status and branch', async () => {
    const token = (await t.call('/api/v1/deployments/2/token', {method: 'POST'})).body.cubeApiToken as string;
    const query = encodeURIComponent(JSON.stringify({measures: ['orders.count'], dimensions: ['orders.status']}));
    const res = await t.call(`/data/2/cubejs-api/v1/load?query=${query}`, {key: null, headers: {authorization: token}});
    expect(res.status).toBe(200);
    await t.call('/data/2/cubejs-api/v1/load', {method: 'POST', key: token, json: {query: {measures: ['orders.nope']}}});
    const lines = (await t.call('/api/v1/deployments/2/logs?source=production')).body.items.map((l: {message: string}) => l.message);
    expect(lines).toContainEqual(expect.stringMatching(/^data API load orders\.count, orders\.status: 200 in \d+ ms$/));
    expect(lines).toContainEqual(expect.stringMatching(/^data API load orders\.nope: 400 in \d+ ms$/));
    await t.call('/data/2/dev-mode/ghost/cubejs-api/v1/load?query=%7B%7D', {key: null, headers: {authorization: token}});
    const dev = (await t.call('/api/v1/deployments/2/logs?source=dev')).body.items.map((l: {message: string; pod: string}) => `${l.pod} ${l.message}`);
    expect(dev).toContainEqual(expect.stringMatching(/^cube-dev-2-0 data API load on ghost: 404 in \d+ ms$/));
  });

  it('pages a tail with first and reports older lines', async () => {
    for (let i = 0; i < 5; i++) appendLog(t.ctx.db, t.ctx.clock, {deploymentId: 2, source: 'production', message: `line ${i}`});
    const res = await t.call('/api/v1/deployments/2/logs?first=2');
    expect(res.body.items.map((l: {message: string}) => l.message)).toEqual(['line 3', 'line 4']);
    expect(res.body.pageInfo.hasPreviousPage).toBe(true);
  });

  it('rejects bad queries, missing credentials and keys scoped elsewhere', async () => {
    expect((await t.call('/api/v1/deployments/1/logs?source=staging')).status).toBe(400);
    expect((await t.call('/api/v1/deployments/1/logs?container=db')).status).toBe(400);
    expect((await t.call('/api/v1/deployments/1/logs?after=bogus')).status).toBe(400);
    expect((await t.call('/api/v1/deployments/1/logs', {key: null})).status).toBe(401);
    expect((await t.call('/api/v1/deployments/1/logs', {key: t.scopedKey})).status).toBe(200);
    const other = await t.call('/api/v1/deployments/2/logs', {key: t.scopedKey});
    expect(other.status).toBe(403);
    expect(other.body.error).toMatch(/not authorized for deployment 2/);
  });

  it('lists the pods with their state', async () => {
    const res = await t.call('/api/v1/deployments/1/pods');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({name: 'cube-api-1-0', type: 'api', status: 'Running', ready: true});
    expect(res.body.items.map((p: {name: string}) => p.name)).toContain('cube-refresh-worker-1-0');
  });
});

describe('env vars', () => {
  it('starts with connection settings and never answers the password', async () => {
    const res = await t.call('/api/v1/deployments/1/env-vars');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.items.map((v: {name: string; value: string}) => [v.name, v.value]));
    expect(byName).toMatchObject({CUBEJS_DB_TYPE: 'postgres', CUBEJS_DB_PASS: '[ENCRYPTED]'});
    expect(res.body.data).toEqual(res.body.items);
  });

  it('upserts, masks every secret-looking name, and keeps the others', async () => {
    const put = await t.call('/api/v1/deployments/1/env-vars', {
      method: 'PUT',
      json: {env_variables: [{name: 'CUBEJS_DB_HOST', value: 'db.example.com'}, {name: 'MY_API_KEY', value: 's3cr3t-value'}, {name: 'aws_credential_file', value: 'x'}]},
    });
    expect(put.status).toBe(200);
    const byName = Object.fromEntries(put.body.items.map((v: {name: string; value: string}) => [v.name, v.value]));
    expect(byName).toMatchObject({CUBEJS_DB_HOST: 'db.example.com', MY_API_KEY: '[ENCRYPTED]', aws_credential_file: '[ENCRYPTED]', CUBEJS_DB_TYPE: 'postgres'});
    expect(JSON.stringify(put.body)).not.toContain('s3cr3t-value');
    const stored = t.ctx.db.prepare("SELECT value FROM env_vars WHERE deployment_id = 1 AND name = 'MY_API_KEY'").pluck().get();
    expect(stored).toBe('s3cr3t-value');
  });

  it('rejects [ENCRYPTED], bad new names, empty lists; needs DeploymentManage and the right deployment', async () => {
    const put = (json: unknown, key?: string) => t.call('/api/v1/deployments/1/env-vars', {method: 'PUT', json, ...(key ? {key} : {})});
    const encrypted = await put({env_variables: [{name: 'CUBEJS_DB_PASS', value: '[ENCRYPTED]'}]});
    expect(encrypted.status).toBe(400);
    expect(encrypted.body.error).toMatch(/placeholder/);
    const badName = await put({env_variables: [{name: '1BAD-NAME', value: 'x'}]});
    expect(badName.status).toBe(400);
    expect(badName.body.error).toMatch(/invalid name `1BAD-NAME`/);
    expect((await put({env_variables: []})).status).toBe(400);
    expect((await put({vars: []})).status).toBe(400);
    expect((await put({env_variables: [{name: 'A', value: 'b'}]}, t.scopedKey)).status).toBe(403);
    expect((await t.call('/api/v1/deployments/2/env-vars', {key: t.scopedKey})).status).toBe(403);
  });
});

describe('github', () => {
  it('lists the installation, its repositories and branches', async () => {
    expect((await t.call('/api/v1/github/status')).body).toMatchObject({connected: true});
    const inst = await t.call('/api/v1/github/installations');
    expect(inst.body.items).toEqual([expect.objectContaining({installationId: '4242', login: 'acme-analytics'})]);
    const repos = await t.call('/api/v1/github/installations/4242/repositories?first=2');
    expect(repos.body.items).toHaveLength(2);
    expect(repos.body.pageInfo.hasNextPage).toBe(true);
    const rest = await t.call(`/api/v1/github/installations/4242/repositories?after=${repos.body.pageInfo.endCursor}`);
    expect(rest.body.items).toHaveLength(1);
    const branches = await t.call('/api/v1/github/repositories/acme-analytics/analytics-model/branches?installationId=4242');
    expect(branches.body.items[0]).toEqual({name: 'main', isDefault: true});
    expect((await t.call('/api/v1/github/repositories/acme-analytics/analytics-model/branches')).status).toBe(400);
    expect((await t.call('/api/v1/github/installations/9/repositories')).status).toBe(404);
  });

  it('connects a repository branch and builds it', async () => {
    const res = await t.call('/build/api/v1/deployments/3/github/connect', {method: 'POST', json: {installationId: 4242, name: 'dbt-project', deployBranchName: 'develop'}});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({id: 3, creationStep: 'databases'});
    const settings = await t.call('/api/v1/deployments/3/settings');
    expect(settings.body).toMatchObject({deployBranchName: 'develop', deployMode: 'git', creationMethod: 'github'});
    const bad = await t.call('/build/api/v1/deployments/3/github/connect', {method: 'POST', json: {installationId: 4242, name: 'dbt-project', deployBranchName: 'nope'}});
    expect(bad.status).toBe(400);
    expect((await t.call('/build/api/v1/deployments/3/github/connect', {method: 'POST', json: {installationId: 4242, name: ''}})).status).toBe(400);
  });
});

describe('creation steps', () => {
  it('advances to a valid step, rejects others, and resets to project', async () => {
    const adv = await t.call('/api/v1/deployments/2/creation-step/advance', {method: 'POST', json: {creationStep: 'github'}});
    expect(adv.body).toMatchObject({id: 2, creationStep: 'github'});
    const bad = await t.call('/api/v1/deployments/2/creation-step/advance', {method: 'POST', json: {creationStep: 'launch'}});
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/creationStep/);
    const reset = await t.call('/api/v1/deployments/2/creation-step/reset', {method: 'POST'});
    expect(reset.body.creationStep).toBe('project');
    expect((await t.call('/api/v1/deployments/999/creation-step/reset', {method: 'POST'})).status).toBe(404);
  });
});
