// svc integrations (alias oauth) and svc oidc against the service in-process: tables, JSON for get/create, the
// token lifecycle through initiate and the provider's redirect, and no secret ever printed.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;
beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

const body = (url: string) =>
  JSON.stringify({
    name: 'Acme SSO',
    type: 'oidc',
    authUrl: 'https://sso.acme.example/authorize',
    tokenUrl: 'https://sso.acme.example/token',
    clientId: 'svc-local',
    clientSecret: 'top-secret-value',
    redirectUri: `${url}/oauth/callback`,
    scopes: ['openid', 'email'],
  });

describe('svc integrations', () => {
  it('creates, lists and shows an integration without its secret', async () => {
    const created = await h.admin(['integrations', 'create', '-d', body(h.url)]);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({id: 1, name: 'Acme SSO', scopes: ['openid', 'email']});
    const list = await h.admin(['oauth', 'list']);
    expect(list.stdout).toBe('ID  NAME      TYPE  CLIENT ID  SCOPES\n1   Acme SSO  oidc  svc-local  openid email\n');
    const get = await h.admin(['integration', 'get', '1']);
    expect(JSON.parse(get.stdout)).toMatchObject({id: 1, clientId: 'svc-local'});
    expect(created.stdout + list.stdout + get.stdout).not.toContain('top-secret-value');
  });

  it('walks a token through initiate, the redirect, get, list and revoke', async () => {
    expect(await h.admin(['integrations', 'tokens', 'list'])).toMatchObject({code: 0, stdout: '', stderr: 'No results\n'});
    const missing = await h.admin(['integrations', 'tokens', 'get', '1']);
    expect(missing).toMatchObject({code: 1});
    expect(missing.stderr).toBe('error: not found (404): GET /api/v1/user-oauth-tokens/1. no OAuth token for integration 1: run `svc integrations tokens initiate 1`\n');

    const started = await h.admin(['integrations', 'tokens', 'initiate', '1']);
    const url = /^To connect integration 1, open the following URL in your browser:\n {2}(\S+)\n$/.exec(started.stdout)?.[1];
    expect(url).toMatch(/^https:\/\/sso\.acme\.example\/authorize\?response_type=code&client_id=svc-local&/);
    const state = new URL(url!).searchParams.get('state');
    // The provider sends the browser back with a code.
    expect((await fetch(`${h.url}/oauth/callback?state=${state}&code=xyz`)).status).toBe(200);

    const token = JSON.parse((await h.admin(['oauth', 'tokens', 'get', '1'])).stdout) as Record<string, unknown>;
    expect(token).toMatchObject({integrationId: 1, status: 'active'});
    const list = await h.admin(['oauth', 'tokens', 'ls']);
    expect(list.stdout).toMatch(/^ID {2}INTEGRATION {2}STATUS {2}EXPIRES\n1 {3}1 {12}active {2}\d{4}-\d\d-\d\dT/);
    expect(await h.admin(['integrations', 'tokens', 'revoke', '1'])).toMatchObject({code: 0, stdout: '✓ Revoked your OAuth token for integration 1\n'});
    expect((await h.admin(['integrations', 'tokens', 'revoke', '1'])).code).toBe(1);
  });

  it('rejects a bad id as a usage error and deletes', async () => {
    const bad = await h.admin(['integrations', 'get', 'abc']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toMatch(STACK_LINE);
    expect((await h.admin(['integrations', 'delete', '1'])).stdout).toBe('✓ Deleted OAuth integration 1\n');
    expect((await h.admin(['integrations', 'list'])).stderr).toBe('No results\n');
  });
});

describe('svc oidc', () => {
  it('creates, lists, updates and deletes token configs', async () => {
    const created = await h.admin(['oidc', 'create', '-d', '{"audienceType":"custom","customAudience":"sts.amazonaws.com","name":"aws","targetEnvVar":"AWS_TOKEN"}']);
    expect(JSON.parse(created.stdout)).toMatchObject({name: 'aws', audience: 'sts.amazonaws.com', isEnabled: true});
    expect((await h.admin(['oidc', 'list'])).stdout).toBe('ID  NAME  AUDIENCE           ENABLED  ENV VAR\n1   aws   sts.amazonaws.com  yes      AWS_TOKEN\n');
    const updated = await h.admin(['oidc', 'update', '1', '-d', '{"isEnabled":false}']);
    expect(JSON.parse(updated.stdout)).toMatchObject({isEnabled: false, targetEnvVar: 'AWS_TOKEN'});
    const invalid = await h.admin(['oidc', 'create', '-d', '{"audienceType":"custom"}']);
    expect(invalid).toMatchObject({code: 1, stderr: 'error: POST /api/v1/oidc-token-configs failed with 400 Bad Request: customAudience is required when audienceType is custom\n'});
    expect((await h.admin(['oidc', 'delete', '1'])).stdout).toBe('✓ Deleted OIDC token config 1\n');
  });
});
