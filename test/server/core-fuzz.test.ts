// Whatever a client sends — any JSON body, any query value, any id — the answer is never a 5xx.
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {testApp, type TestApp} from '../helpers/startService.js';

let t: TestApp;
beforeAll(() => {
  t = testApp('demo');
});
afterAll(() => t.close());

const WRITES: Array<[string, string]> = [
  ['POST', '/build/api/v1/deployments'],
  ['PUT', '/api/v1/deployments/2'],
  ['POST', '/api/v1/deployments/1/environments/1/tokens-for-meta-sync'],
  ['POST', '/api/v1/deployments/1/token'],
  ['POST', '/api/v1/api-keys'],
];
const READS = ['/api/v1/deployments', '/api/v1/deployments/1/environments'];

describe('no 5xx for any input', () => {
  it('random JSON bodies on every write route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITES), fc.jsonValue({maxDepth: 3}), async ([method, path], body) => {
        const res = await t.call(path, {method, json: body});
        expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(typeof (res.body ?? {}).error === 'string' || res.status < 300).toBe(true);
      }),
      {numRuns: 150},
    );
  });

  it('random query values and path ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...READS), fc.string(), fc.string(), fc.string({maxLength: 30}), async (path, offset, limit, id) => {
        const q = `?offset=${encodeURIComponent(offset)}&limit=${encodeURIComponent(limit)}&type=${encodeURIComponent(id)}`;
        expect((await t.call(path + q)).status).toBeLessThan(500);
        expect((await t.call(`/api/v1/deployments/${encodeURIComponent(id)}/versions`)).status).toBeLessThan(500);
      }),
      {numRuns: 150},
    );
  });
});
