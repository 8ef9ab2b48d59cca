// The current user, regions and the API key lifecycle (values shown once, stored hashed).
import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

describe('account', () => {
  it('users/me names the user, tenant and the credential’s scope', async () => {
    const admin = await t.call('/api/v1/users/me');
    expect(admin.body).toMatchObject({email: 'admin@acme.example', isAdmin: true, tenant: {name: 'Acme Analytics'}});
    expect(admin.body.credential).toEqual({type: 'api-key', name: 'admin', apiKeyId: expect.any(Number), deploymentIds: null, permissions: null});
    // The key itself: what a delete of it would end.
    const keys = (await t.call('/api/v1/api-keys')).body.items as Array<{id: number; name: string}>;
    expect(keys.find((k) => k.id === admin.body.credential.apiKeyId)?.name).toBe('admin');
    const scoped = await t.call('/api/v1/users/me', {key: t.scopedKey});
    expect(scoped.body.credential).toMatchObject({deploymentIds: [1], permissions: ['DeploymentRead', 'SchemaRead']});
  });

  it('regions: items and data', async () => {
    const res = await t.call('/api/v1/regions');
    expect(res.body.items.length).toBeGreaterThan(2);
    expect(res.body.data).toEqual(res.body.items);
    expect(res.body.items[0]).toEqual({id: 1, name: 'aws-us-east-1', title: expect.any(String), provider: 'aws'});
  });

  it('create region must be one of the list', async () => {
    const res = await t.call('/build/api/v1/deployments', {method: 'POST', json: {name: 'x', region: 'mars-1'}});
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('aws-us-east-1');
  });
});

describe('API keys', () => {
  it('create returns the value once; list and get never show it; the store holds only a sha256', async () => {
    const created = await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'ci', deploymentIds: [2], permissions: ['SchemaRead']}});
    expect(created.status).toBe(200);
    expect(created.body.key).toMatch(/^svc_[0-9A-Za-z]{32}$/);
    expect(created.body).toMatchObject({name: 'ci', deploymentIds: [2], permissions: ['SchemaRead'], prefix: created.body.key.slice(0, 8)});
    const list = await t.call('/api/v1/api-keys');
    expect(list.body.items.map((k: {name: string}) => k.name)).toEqual(['admin', 'demo read-only', 'ci']);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    const one = await t.call(`/api/v1/api-keys/${created.body.id}`);
    expect(one.body).not.toHaveProperty('key');
    const stored = t.ctx.db.prepare('SELECT key_hash FROM api_keys WHERE id = ?').pluck().get(created.body.id);
    expect(stored).toBe(createHash('sha256').update(created.body.key).digest('hex'));
    const dump = JSON.stringify(t.ctx.db.prepare('SELECT * FROM api_keys').all());
    expect(dump).not.toContain(created.body.key);
  });

  it('the new key works within its scope', async () => {
    const created = await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'd2', deploymentIds: [2]}});
    expect((await t.call('/api/v1/deployments/2', {key: created.body.key})).status).toBe(200);
    expect((await t.call('/api/v1/deployments/1', {key: created.body.key})).status).toBe(403);
  });

  it('unknown deployment in deploymentIds → 400; unknown key → 404', async () => {
    expect((await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'x', deploymentIds: [999]}})).status).toBe(400);
    expect((await t.call('/api/v1/api-keys/999')).status).toBe(404);
    expect((await t.call('/api/v1/api-keys/999', {method: 'DELETE'})).status).toBe(404);
  });
});
