// Whatever a client sends to the account-object and deployment-extra routes — any JSON body, any query value —
// the answer is a 2xx or an `{error}` 4xx, never a 5xx. Routes are taken from the published spec, so a route
// added to the resource table is covered without touching this file.
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {testApp, type TestApp} from '../helpers/startService.js';

const TAGS = new Set([
  'Folders', 'Workbooks', 'Reports', 'Notifications', 'Roles', 'Users Admin', 'User Attributes', 'User Attribute Values',
  'Embed Tenants', 'Tenant Settings', 'App Theme', 'Embed', 'Workspace', 'Meta', 'Env Variables', 'GitHub', 'GitHub Connection',
]);
const MINE = new Set(['logs', 'pods', 'advanceCreationStep', 'resetCreationStep']);

let t: TestApp;
let writes: Array<[string, string]>;
let reads: string[];
beforeAll(async () => {
  t = testApp('demo');
  const spec = (await t.call('/api/v1/spec')).body as {paths: Record<string, Record<string, {tags?: string[]; operationId: string}>>};
  const concrete = (path: string) =>
    path.replace('{deploymentId}', '1').replace('{embedTenantName}', 'acme').replace('{publicId}', 'AAAAAAAAAAAA').replace(/\{owner\}/, 'acme-analytics').replace(/\{[A-Za-z]+\}/g, '1');
  const ops = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => MINE.has(op.operationId) || (op.tags ?? []).some((tag) => TAGS.has(tag)))
      .map(([method, op]) => ({method: method.toUpperCase(), path: concrete(path), op})),
  );
  writes = ops.filter((o) => o.method !== 'GET').map((o) => [o.method, o.path]);
  reads = ops.filter((o) => o.method === 'GET').map((o) => o.path);
});
afterAll(() => t.close());

describe('no 5xx from the object routes', () => {
  it('finds the routes in the spec', () => {
    expect(writes.length).toBeGreaterThan(25);
    expect(reads.length).toBeGreaterThan(15);
  });

  it('random JSON bodies on every write route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({min: 0, max: 10_000}), fc.jsonValue({maxDepth: 3}), async (pick, body) => {
        const [method, path] = writes[pick % writes.length]!;
        const res = await t.call(path, {method, json: body});
        expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(res.status < 300 || typeof (res.body ?? {}).error === 'string').toBe(true);
      }),
      {numRuns: 400},
    );
  });

  it('bodies made of the fields these routes know, with values of any type', async () => {
    const fields = ['name', 'parentId', 'folderId', 'workbookId', 'dashboardId', 'dashboardPublicId', 'scheduleType', 'customCron', 'hour', 'slug',
      'publicId', 'email', 'username', 'type', 'policies', 'selectors', 'env_variables', 'creationStep', 'installationId', 'allowEmbed', 'userIds',
      'action', 'id', 'value', 'userAttributeId', 'userId', 'description', 'maintenanceWindowTime', 'deploymentId', 'environment'];
    const value = fc.oneof(fc.integer({min: -2, max: 5}), fc.string({maxLength: 12}), fc.constant(null), fc.boolean(), fc.constantFrom('DAILY', 'CUSTOM', 'FOLDER', 'DELETE', 'github', '12:30'),
      fc.array(fc.oneof(fc.integer({min: 0, max: 3}), fc.record({name: fc.string({maxLength: 4}), value: fc.string({maxLength: 4})}), fc.record({deploymentId: fc.integer({min: 0, max: 3})})), {maxLength: 2}));
    await fc.assert(
      fc.asyncProperty(fc.integer({min: 0, max: 10_000}), fc.subarray(fields, {maxLength: 3}), fc.array(value, {minLength: 3, maxLength: 3}), async (pick, keys, values) => {
        const [method, path] = writes[pick % writes.length]!;
        const body = Object.fromEntries(keys.map((k, i) => [k, values[i]]));
        const res = await t.call(path, {method, json: body});
        expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }),
      {numRuns: 600},
    );
  });

  it('random query values on every read route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({min: 0, max: 10_000}), fc.string(), fc.string({maxLength: 20}), async (pick, a, b) => {
        const path = reads[pick % reads.length]!;
        const q = ['first', 'after', 'parentId', 'folderId', 'search', 'type', 'source', 'container', 'pod', 'installationId']
          .map((k, i) => `${k}=${encodeURIComponent(i % 2 ? a : b)}`)
          .join('&');
        const res = await t.call(`${path}?${q}`);
        expect(res.status, `GET ${path}?${q} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }),
      {numRuns: 300},
    );
  });
});
