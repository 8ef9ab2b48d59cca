import {describe, expect, it} from 'vitest';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {testAppEach} from '../helpers/startService.js';

const D = '/build/api/v1/deployments/1';
const t = testAppEach();

const validate = (query = '') => t.call(`${D}/data-model/validate${query}`);

describe('validate', () => {
  it('validates the deploy branch by default, in production mode', async () => {
    const res = await validate();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({deploymentId: 1, branchName: 'main', mode: 'production', valid: true, errors: [], cubesCount: 4});
  });

  it('answers 200 with valid:false and per-file errors for a broken dev branch', async () => {
    const dev = (await t.call(`${D}/dev-mode`, {method: 'POST', json: {branchName: 'staging'}})).body.branchName;
    const broken = DEMO_MODEL_FILES.find((f) => f.path === 'model/cubes/orders.yml')!.content.replace('type: sum\n', 'type: summ\n');
    const line = broken.split('\n').findIndex((l) => l.includes('type: summ')) + 1;
    await t.call(`${D}/data-model/files`, {method: 'PUT', json: {files: [{path: 'model/cubes/orders.yml', content: broken}]}});
    for (const query of ['?devMode=true', `?branchName=${dev}`]) {
      const res = await validate(query);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({branchName: dev, mode: 'dev_mode', valid: false, cubesCount: 4});
      // The customers view includes the measure that no longer compiles, so it is reported too, against its own file.
      expect(res.body.errors.map((e: {fileName: string}) => e.fileName)).toEqual(['model/cubes/orders.yml', 'model/views/customers.yml']);
      expect(res.body.errors[0]).toEqual({fileName: 'model/cubes/orders.yml', line, message: `line ${line}: cube "orders": measure "total_amount": unknown type "summ" (expected one of count, sum, avg, min, max, count_distinct, number)`});
    }
    expect((await validate('?branchName=main')).body.valid).toBe(true);
  });

  it('refuses a shared branch with no active runtime, pointing to dev mode', async () => {
    await t.call(`${D}/branches`, {method: 'POST', json: {name: 'synced'}});
    const res = await validate('?branchName=synced');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Branch synced has no active runtime .*dev-mode 1 synced/);
    await t.call(`${D}/branches/staging-environment`, {method: 'PUT', json: {branchName: 'synced', enabled: true}});
    expect((await validate('?branchName=synced')).body).toMatchObject({branchName: 'synced', mode: 'dev_mode', valid: true});
  });

  it('rejects branchName with devMode, devMode without a session, and unknown branches', async () => {
    expect((await validate('?branchName=main&devMode=true')).body.error).toMatch(/mutually exclusive/);
    expect((await validate('?devMode=true')).body.error).toMatch(/no dev-mode session/);
    expect((await validate('?branchName=ghost')).status).toBe(404);
    expect((await validate('?devMode=yes')).status).toBe(400);
  });
});
