// The audit recorder: what a successful mutating request leaves in the log, and what it never keeps.
import {describe, expect, it} from 'vitest';
import {eventNameFor} from '../../src/server/auditRecorder.js';
import {REDACTED, redact} from '../../src/server/auditRedact.js';
import {parseCsv} from '../helpers/csv.js';
import {TEST_EPOCH, testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

interface Event {
  id: string;
  createdAt: string;
  name: string;
  userEmail: string;
  data: Record<string, any>;
}

async function events(query = ''): Promise<Event[]> {
  const res = await t.app.request(`/api/v1/audit-logs/export${query}`, {headers: {authorization: `Bearer ${t.adminKey}`}});
  expect(res.status).toBe(200);
  const [header, ...rows] = parseCsv(await res.text());
  expect(header).toEqual(['id', 'created_at', 'event_name', 'user_email', 'data']);
  return rows.map(([id = '', createdAt = '', name = '', userEmail = '', data = '']) => ({id, createdAt, name, userEmail, data: JSON.parse(data)}));
}

describe('recording', () => {
  it('records a successful update with its name, user, service time, path parameters and body', async () => {
    t.clock.advance(90_000);
    expect((await t.call('/api/v1/deployments/2', {method: 'PUT', json: {releaseChannel: 'latest'}})).status).toBe(200);
    const [event, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      name: 'deployment.update',
      userEmail: 'admin@acme.example',
      createdAt: new Date(TEST_EPOCH + 90_000).toISOString(),
      data: {method: 'PUT', path: '/api/v1/deployments/2', status: 200, params: {deploymentId: '2'}, body: {releaseChannel: 'latest'}, credential: 'admin'},
    });
  });

  it('records nothing for reads and for refused or failed writes', async () => {
    await t.call('/api/v1/deployments');
    await t.call('/api/v1/deployments/2', {method: 'PUT', json: {releaseChannelVersion: '0.0.1'}});
    await t.call('/api/v1/deployments/2', {method: 'PUT', key: t.scopedKey, json: {releaseChannel: 'latest'}});
    await t.call('/api/v1/deployments/999', {method: 'DELETE'});
    await t.call('/api/v1/api-keys', {method: 'POST', key: null, json: {name: 'x'}});
    const load = await t.call('/data/1/cubejs-api/v1/load', {method: 'POST', key: (await t.call('/api/v1/deployments/1/token', {method: 'POST'})).body.cubeApiToken, json: {query: {measures: ['orders.count']}}});
    expect(load.status).toBe(200);
    expect((await events()).map((e) => e.name)).toEqual(['deploymentToken.create']);
  });

  it('names events after the operation, falling back to method and route', () => {
    expect(eventNameFor('updateDeployment', 'PUT')).toBe('deployment.update');
    expect(eventNameFor('createApiKey', 'POST')).toBe('apiKey.create');
    expect(eventNameFor('mergeToDefaultBranch', 'POST')).toBe('defaultBranch.merge');
    expect(eventNameFor('deploymentToken', 'POST')).toBe('deploymentToken.create');
    expect(eventNameFor('pull', 'POST')).toBe('pull');
  });

  it('never stores a key value, a security context or file contents', async () => {
    const created = await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'ci key'}});
    const key = created.body.key as string;
    await t.call('/api/v1/deployments/1/environments/1/tokens-for-meta-sync', {
      method: 'POST',
      json: {security_context: {tenant: 'hunter2-tenant'}, expires_in: 60},
    });
    const all = await events();
    const text = JSON.stringify(all);
    expect(all.map((e) => e.name)).toEqual(['apiKey.create', 'deploymentEnvironmentTokenForMetaSync.create']);
    expect(text).not.toContain(key);
    expect(text).not.toContain('hunter2-tenant');
    expect(all[1]?.data.body).toEqual({security_context: REDACTED, expires_in: 60});
  });

  it('redacts secrets by field name and describes contents instead of keeping them', () => {
    const body = {
      name: 'ok',
      password: 'p',
      apiKey: 'k',
      nested: {clientSecret: 's', refresh_token: 't', device_code: 'd', userCode: 'u'},
      files: [{path: 'model/cubes/orders.yml', content: 'cubes:\n  - name: orders\n'}],
      Operations: [{op: 'replace', path: 'password', value: 'new-password'}],
      long: 'x'.repeat(500),
    };
    expect(redact(body)).toEqual({
      name: 'ok',
      password: REDACTED,
      apiKey: REDACTED,
      nested: {clientSecret: REDACTED, refresh_token: REDACTED, device_code: REDACTED, userCode: REDACTED},
      files: [{path: 'model/cubes/orders.yml', content: '[24 chars]'}],
      Operations: [{op: 'replace', path: 'password', value: REDACTED}],
      long: `${'x'.repeat(200)}… [500 chars]`,
    });
  });
});
