// Typed, tolerant reading of detail answers: the field names and kinds come from the contract (checked by tsc),
// and at run time a listed field of another kind is dropped while everything else is kept for `--json`.
import {describe, expect, expectTypeOf, it} from 'vitest';
import type {DeploymentSettings} from '../../src/contract/deployments.js';
import {createApi} from '../../src/api/client.js';
import {getDeploymentSettings} from '../../src/api/deployments.js';
import {fieldReader} from '../../src/api/read.js';
import {failure, json, startStub} from '../helpers/httpStub.js';

const read = fieldReader<DeploymentSettings>()({name: 'string', deployBranchName: 'string', isCubeSqlEnabled: 'boolean'});

describe('fieldReader', () => {
  it('keeps the listed fields of their kind, null, and every field it does not list', () => {
    const out = read({name: 'analytics', deployBranchName: null, isCubeSqlEnabled: true, extra: {nested: 1}});
    expect(out).toEqual({name: 'analytics', deployBranchName: null, isCubeSqlEnabled: true, extra: {nested: 1}});
    expectTypeOf(out.name).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(out.isCubeSqlEnabled).toEqualTypeOf<boolean | null | undefined>();
  });

  it('drops a listed field of another kind (a hostile or broken answer), without touching the input', () => {
    const body = {name: {toString: 'x'}, deployBranchName: 42, isCubeSqlEnabled: 'yes', region: 7};
    const out = read(body);
    expect(out).toEqual({region: 7});
    expect(body.deployBranchName).toBe(42);
  });

  it('is checked against the contract at compile time', () => {
    // @ts-expect-error a field the contract does not have
    fieldReader<DeploymentSettings>()({nmae: 'string'});
    // @ts-expect-error a field of another kind
    fieldReader<DeploymentSettings>()({name: 'number'});
    expect(true).toBe(true);
  });
});

describe('getDeploymentSettings reads through it', () => {
  it('answers a wrong-kind name as absent, so screens fall back to what they know', async () => {
    const stub = await startStub({'/api/v1/deployments/1/settings': (_req, res) => json(res, 200, {id: 1, name: ['not', 'a', 'name'], deployBranchName: 'main'})});
    try {
      const settings = await getDeploymentSettings(createApi({baseUrl: stub.url, token: 't'}), '1');
      expect(settings.name).toBeUndefined();
      expect(settings.deployBranchName).toBe('main');
      expect(settings.id).toBe(1);
    } finally {
      await stub.close();
    }
  });

  it('still refuses an answer that is not an object', async () => {
    const stub = await startStub({'/api/v1/deployments/1/settings': (_req, res) => json(res, 200, ['x'])});
    try {
      expect((await failure(getDeploymentSettings(createApi({baseUrl: stub.url, token: 't'}), '1'))).message).toMatch(/expected a JSON object/);
    } finally {
      await stub.close();
    }
  });
});
