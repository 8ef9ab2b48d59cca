// What counts as a change to the account since the service started (what `svc ui --local` loses on quitting, so q
// asks first): creates, updates and deletes. A token issued to read or query, a query, a validation, a sign-in and
// the service's own start are audit events too, but no change.
import {afterEach, describe, expect, it} from 'vitest';
import {changesAccount} from '../../src/server/auditRecorder.js';
import type {RunningService} from '../../src/server/index.js';
import {startTestService, testApp} from '../helpers/startService.js';

let service: RunningService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function call(path: string, init: {method?: string; json?: unknown; key?: string} = {}) {
  const res = await fetch(`${service!.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {authorization: `Bearer ${init.key ?? service!.adminKey}`, ...(init.json !== undefined ? {'content-type': 'application/json'} : {})},
    ...(init.json !== undefined ? {body: JSON.stringify(init.json)} : {}),
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

describe('changes since the service started', () => {
  it('a query session (data, metadata and environment tokens, queries, reads) changes nothing', async () => {
    service = await startTestService({seed: 'demo'});
    const {cubeApiToken} = await call('/api/v1/deployments/1/token', {method: 'POST'});
    await call('/data/1/cubejs-api/v1/load', {method: 'POST', key: cubeApiToken, json: {query: {measures: ['orders.count']}}});
    await call('/data/1/cubejs-api/v1/meta', {key: cubeApiToken});
    const environments = (await call('/api/v1/deployments/1/environments')).data.environments as Array<{id: string; type: string}>;
    const production = environments.find((e) => e.type === 'production')!.id;
    await call(`/api/v1/deployments/1/environments/${production}/tokens-for-meta-sync`, {method: 'POST', json: {security_context: {tenant: 'acme'}}});
    await call(`/api/v1/deployments/1/environments/${production}/tokens`, {method: 'POST', json: {security_context: {tenant: 'acme'}}});
    await call('/api/v1/deployments');
    expect(service.changesSinceStart()).toEqual([]);
  });

  it('creates, updates and deletes are changes, named as the audit log names them, oldest first', async () => {
    service = await startTestService({seed: 'demo'});
    await call('/api/v1/deployments/1/token', {method: 'POST'});
    await call('/api/v1/deployments/2', {method: 'PUT', json: {name: 'renamed-here'}});
    await call('/api/v1/api-keys', {method: 'POST', json: {name: 'second shell'}});
    expect(service.changesSinceStart()).toEqual(['deployment.update', 'apiKey.create']);
  });

  it('the only writes that are no change: sign-ins and sign-outs, tokens and sessions to read or query, queries, metric-view previews, SCIM searches, telemetry', () => {
    const {app, close} = testApp('demo');
    try {
      const mutating = app.openAPIRegistry.definitions.flatMap((d) => (d.type === 'route' && d.route.operationId && d.route.method !== 'get' ? [d.route.operationId] : []));
      // A new write operation is a change unless its permission is a read one: this list grows only by decision.
      expect(mutating.filter((id) => !changesAccount(id)).sort()).toEqual([
        'cancelPreview', 'createDeploymentEnvironmentToken', 'createDeploymentEnvironmentTokenForMetaSync', 'createToken', 'decideDeviceApproval',
        'deploymentToken', 'describeMeta', 'generateSession', 'loadBranchPost', 'loadPost', 'pollDeviceToken', 'postDashboardPythonRun',
        'postTokenBySessionId', 'refreshAccessToken', 'requestDeviceCode', 'revokeToken', 'searchScimGroups', 'searchScimResources',
        'searchScimUsers', 'sendTelemetry', 'startPreview',
      ]);
    } finally {
      close();
    }
  });
});
