// PUT …/env-vars: a change rebuilds the deploy branch (the build and the log line name the variables, never a
// value), an unchanged resend rebuilds nothing, and an empty value removes a variable.
import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

const put = (env_variables: {name: string; value: string}[]) => t.call('/api/v1/deployments/1/env-vars', {method: 'PUT', json: {env_variables}});
const status = async () => (await t.call('/api/v1/deployments/1/build-status?branchName=main')).body;
const names = (body: {items: {name: string}[]}) => body.items.map((v) => v.name);

describe('env vars: what a change causes', () => {
  it('rebuilds the deploy branch, naming the variables and not their values', async () => {
    const before = await status();
    expect(before.status).toBe('built');
    expect((await put([{name: 'FEATURE_FLAG', value: 'on'}, {name: 'MY_API_KEY', value: 'hush-hush-1'}])).status).toBe(200);
    const after = await status();
    expect(after.buildJobId).toBeGreaterThan(before.buildJobId);
    expect(after.status).toBe('building');
    const logs = (await t.call('/api/v1/deployments/1/logs?first=100')).body.items.map((l: {message: string}) => l.message).join('\n');
    expect(logs).toMatch(/build \d+ queued \(environment variables changed: FEATURE_FLAG, MY_API_KEY\)/);
    expect(logs).toContain('environment variables updated: FEATURE_FLAG, MY_API_KEY; rebuilding main');
    expect(logs).not.toContain('hush-hush-1');
  });

  it('does not rebuild for a resend that changes nothing', async () => {
    await put([{name: 'FEATURE_FLAG', value: 'on'}]);
    const first = (await status()).buildJobId;
    await put([{name: 'FEATURE_FLAG', value: 'on'}]);
    expect((await status()).buildJobId).toBe(first);
  });

  it('removes a variable sent with an empty value, and rebuilds for it', async () => {
    await put([{name: 'FEATURE_FLAG', value: 'on'}]);
    const first = (await status()).buildJobId;
    const res = await put([{name: 'FEATURE_FLAG', value: ''}]);
    expect(res.status).toBe(200);
    expect(names(res.body)).not.toContain('FEATURE_FLAG');
    expect(names((await t.call('/api/v1/deployments/1/env-vars')).body)).not.toContain('FEATURE_FLAG');
    expect((await status()).buildJobId).toBeGreaterThan(first);
    // Removing a name that is not there changes nothing.
    await put([{name: 'NEVER_SET', value: ''}]);
    expect(names((await t.call('/api/v1/deployments/1/env-vars')).body)).toContain('CUBEJS_DB_PASS');
  });
});
