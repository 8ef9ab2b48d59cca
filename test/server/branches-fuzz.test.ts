// Whatever a client sends to the data model routes — any JSON body, any branch name, any query — never a 5xx.
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {testApp, type TestApp} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = testApp('demo');
  await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}});
  token = (await t.call('/api/v1/deployments/1/token', {method: 'POST'})).body.cubeApiToken;
});
afterAll(() => t.close());

const WRITES: Array<[string, string]> = [
  ['POST', `${D}/branches`],
  ['PUT', `${D}/branches/staging-environment`],
  ['POST', `${D}/dev-mode`],
  ['PUT', `${D}/data-model/files`],
  ['DELETE', `${D}/data-model/files`],
  ['POST', `${D}/data-model/files/rename`],
  ['POST', `${D}/commit`],
  ['POST', `${D}/merge`],
  ['POST', `${D}/merge-to-default`],
  ['POST', `${D}/pull`],
  ['POST', `${D}/data-model/upload/start`],
  ['POST', `${D}/data-model/upload/finish`],
  ['POST', '/data/1/cubejs-api/v1/load'],
];

// Bodies shaped like the real ones, with hostile values, beside fully random JSON.
const text = fc.oneof(fc.string({maxLength: 20}), fc.constantFrom('', ' ', '..', '../x', '/model/a.yml', 'model/\u0000.yml', 'main', 'staging', 'dev-x', 'a/b'));
const shaped = fc.record({
  name: text,
  branchName: text,
  branchId: fc.oneof(fc.integer(), text),
  enabled: fc.oneof(fc.boolean(), text),
  files: fc.oneof(fc.array(fc.record({path: text, content: text, newPath: text}, {requiredKeys: []}), {maxLength: 3}), fc.dictionary(text, fc.record({hash: text}))),
  transaction: fc.oneof(text, fc.record({id: text})),
  query: fc.oneof(fc.jsonValue({maxDepth: 2}), fc.record({measures: fc.array(text, {maxLength: 2}), filters: fc.jsonValue({maxDepth: 2})}, {requiredKeys: []})),
}, {requiredKeys: []});

describe('data model routes: no 5xx for any input', () => {
  it('random and hostile JSON bodies on every write route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITES), fc.oneof(fc.jsonValue({maxDepth: 3}), shaped), async ([method, path], body) => {
        const key = path.startsWith('/data/') ? token : undefined;
        const res = await t.call(path, {method, json: body, key});
        expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }),
      {numRuns: 250},
    );
  });

  it('random branch names and query strings on reads and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.string({maxLength: 40}), async (branch, raw) => {
        const b = encodeURIComponent(branch);
        for (const path of [`${D}/data-model/files?branchName=${b}&first=${encodeURIComponent(raw)}`, `${D}/data-model/file-hashes?branchName=${b}`,
          `${D}/branches?after=${encodeURIComponent(raw)}`, `${D}/data-model/validate?branchName=${b}&devMode=${encodeURIComponent(raw)}`]) {
          expect((await t.call(path)).status, path).toBeLessThan(500);
        }
        expect((await t.call(`/data/1/dev-mode/${b || 'x'}/cubejs-api/v1/load?query=${encodeURIComponent(raw)}`, {key: token})).status).toBeLessThan(500);
        expect((await t.call(`${D}/branches?branchName=${b}`, {method: 'DELETE'})).status).toBeLessThan(500);
      }),
      {numRuns: 100},
    );
  });
});
