// GET /api/v1/spec: a valid OpenAPI 3.1.0 document (version 1.0.0) listing every route the app serves.
import {Validator} from '@seriousme/openapi-schema-validator';
import {createRoute, z} from '@hono/zod-openapi';
import {afterAll, beforeAll, describe, expect, it, onTestFinished} from 'vitest';
import {PERMISSION_EXTENSION} from '../../src/server/permissions.js';
import {testApp, type TestApp} from '../helpers/startService.js';

let t: TestApp;
let doc: {openapi: string; info: {version: string}; paths: Record<string, Record<string, {responses: Record<string, unknown>}>>; components: any; security: unknown};
beforeAll(async () => {
  t = testApp('demo');
  const res = await t.call('/api/v1/spec');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is generated once and served again, naming the address the service answers on, also after it changed', async () => {
    expect((await t.call('/api/v1/spec')).body).toEqual(doc);
    expect((doc as unknown as {servers: Array<{url: string}>}).servers).toEqual([{url: t.ctx.baseUrl}]);
    const before = t.ctx.baseUrl;
    try {
      t.ctx.baseUrl = 'http://127.0.0.1:9';
      expect((await t.call('/api/v1/spec', {headers: {host: '127.0.0.1:9'}})).body.servers).toEqual([{url: 'http://127.0.0.1:9'}]);
    } finally {
      t.ctx.baseUrl = before;
    }
  });

  it('is the same for every app of the process with the same routes (made once), and each app\u2019s routes are its own', async () => {
    const other = testApp('empty');
    const extra = testApp('demo');
    onTestFinished(() => [other, extra].forEach((a) => a.close()));
    extra.app.openapi(
      createRoute({method: 'get', path: '/api/v1/extra', operationId: 'getExtra', [PERMISSION_EXTENSION]: {credential: 'management', permission: null}, responses: {200: {description: 'extra', content: {'application/json': {schema: z.object({})}}}}}),
      (c) => c.json({}, 200),
    );
    // What the app's own routes make, without any document kept for another app.
    const fresh = (a: TestApp): unknown => JSON.parse(JSON.stringify(a.app.getOpenAPI31Document({openapi: '3.1.0', info: {title: '', version: ''}}).paths));
    const [otherDoc, extraDoc] = [(await other.call('/api/v1/spec')).body, (await extra.call('/api/v1/spec')).body];
    expect(otherDoc).toEqual(doc);
    expect(otherDoc.paths).toEqual(fresh(other));
    expect(Object.keys(extraDoc.paths)).toEqual([...Object.keys(doc.paths), '/api/v1/extra']);
    expect((await t.call('/api/v1/spec')).body.paths).not.toHaveProperty(['/api/v1/extra']);
  });

  it('is valid OpenAPI 3.1.0, description version 1.0.0', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the app serves, and nothing it does not', () => {
    const served = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`),
    );
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)));
    expect([...served].sort()).toEqual([...documented].sort());
    for (const op of ['get /api/v1/deployments', 'put /api/v1/deployments/{deploymentId}', 'post /build/api/v1/deployments', 'get /api/v1/spec']) {
      expect(documented.has(op)).toBe(true);
    }
  });

  it('declares bearer auth globally and documents the error answers', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({type: 'http', scheme: 'bearer'});
    expect(doc.security).toEqual([{bearerAuth: []}]);
    const put = doc.paths['/api/v1/deployments/{deploymentId}']!.put!;
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(doc.components.schemas).toHaveProperty('DeploymentListItem');
    expect(doc.components.schemas).toHaveProperty('Error');
  });

  it('needs a credential like every other endpoint', async () => {
    expect((await t.call('/api/v1/spec', {key: null})).status).toBe(401);
  });
});
