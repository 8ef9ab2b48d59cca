// Bad input is a 400 `{error: "<field>: <message>"}` (or 415 for a non-JSON body), never a 5xx.
import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

const META = '/api/v1/deployments/1/environments/1/tokens-for-meta-sync';

/** [what, method, path, body (object → JSON, string → raw), substring the error must contain] */
const BAD: Array<[string, string, string, unknown, string]> = [
  ['negative offset', 'GET', '/api/v1/deployments?offset=-1', undefined, 'offset'],
  ['non-numeric limit', 'GET', '/api/v1/deployments?limit=ten', undefined, 'limit'],
  ['limit 0', 'GET', '/api/v1/deployments?limit=0', undefined, 'limit must be between 1'],
  ['limit too large', 'GET', '/api/v1/deployments?limit=5000', undefined, 'limit must be between 1'],
  ['non-numeric deployment id', 'GET', '/api/v1/deployments/abc', undefined, 'deployment id must be numeric'],
  ['unknown environment type', 'GET', '/api/v1/deployments/1/environments?type=qa', undefined, 'type must be one of production, staging, development'],
  ['malformed JSON', 'PUT', '/api/v1/deployments/1', '{"name": ', 'Malformed JSON'],
  ['create without name', 'POST', '/build/api/v1/deployments', {region: 'aws-us-east-1'}, 'name: required'],
  ['create without region', 'POST', '/build/api/v1/deployments', {name: 'x'}, 'region: required'],
  ['create with an empty body', 'POST', '/build/api/v1/deployments', {}, 'name: required'],
  ['create with a blank name', 'POST', '/build/api/v1/deployments', {name: '   ', region: 'aws-us-east-1'}, 'name: must not be empty'],
  ['create with an unknown cloud provider', 'POST', '/build/api/v1/deployments', {name: 'x', region: 'aws-us-east-1', cloudProvider: 'azure'}, 'cloudProvider'],
  ['create with a JSON array', 'POST', '/build/api/v1/deployments', [1, 2], 'body'],
  ['update with a bad deployMode', 'PUT', '/api/v1/deployments/1', {deployMode: 'ftp'}, 'deployMode'],
  ['update with an unknown channel', 'PUT', '/api/v1/deployments/1', {releaseChannel: 'nightly'}, 'releaseChannel'],
  ['update with an unknown field', 'PUT', '/api/v1/deployments/1', {cubeImage: 'x'}, 'cubeImage'],
  ['update name of the wrong type', 'PUT', '/api/v1/deployments/1', {name: 42}, 'name'],
  ['version not on the list', 'PUT', '/api/v1/deployments/1', {releaseChannelVersion: '0.0.1'}, 'valid choices'],
  ['meta token without security_context', 'POST', META, {expires_in: 60}, 'security_context: required'],
  ['meta token with a string security_context', 'POST', META, {security_context: 'tenant=1'}, 'security_context'],
  ['meta token with a negative expires_in', 'POST', META, {security_context: {}, expires_in: -5}, 'expires_in'],
  ['meta token with an expires_in under a second (a fraction above one is rounded down)', 'POST', META, {security_context: {}, expires_in: 0.5}, 'expires_in'],
  ['non-numeric environment id', 'POST', '/api/v1/deployments/1/environments/x/tokens-for-meta-sync', {security_context: {}}, 'environment id must be numeric'],
  ['deployment token expiresIn below 60', 'POST', '/api/v1/deployments/1/token', {expiresIn: 10}, 'expiresIn'],
  ['deployment token expiresIn above a day', 'POST', '/api/v1/deployments/1/token', {expiresIn: 90000}, 'expiresIn'],
  ['api key without a name', 'POST', '/api/v1/api-keys', {}, 'name: required'],
  ['api key with an unknown permission', 'POST', '/api/v1/api-keys', {name: 'k', permissions: ['Everything']}, 'permissions'],
  ['api key with an empty scope', 'POST', '/api/v1/api-keys', {name: 'k', deploymentIds: []}, 'deploymentIds'],
  ['non-numeric api key id', 'GET', '/api/v1/api-keys/abc', undefined, 'api key id must be numeric'],
];

describe('400 for bad params and bodies', () => {
  for (const [what, method, path, body, fragment] of BAD) {
    it(what, async () => {
      const res = await t.call(path, typeof body === 'string' ? {method, body} : {method, json: body});
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(fragment);
    });
  }

  it('a non-JSON content type is refused as a client error', async () => {
    const res = await t.call('/api/v1/deployments/1', {method: 'PUT', body: 'name=x', headers: {'content-type': 'text/plain'}});
    expect(res.status).toBe(415);
    expect(res.body.error).toMatch(/media type/i);
  });

  it('a failed request changes nothing', async () => {
    await t.call('/api/v1/deployments/1', {method: 'PUT', json: {name: 'ok', deployMode: 'ftp'}});
    expect((await t.call('/api/v1/deployments/1')).body.name).toBe('analytics-prod');
  });
});

describe('500s are JSON without internals', () => {
  it('an unexpected failure answers {error: "internal error"} and logs the cause', async () => {
    t.ctx.db.exec('DROP TABLE environments');
    const res = await t.call('/api/v1/deployments/1/environments');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({error: 'internal error'});
  });
});
