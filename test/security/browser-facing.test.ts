// The device flow's browser-facing rules (issue 23 class 7), against a service on a real socket: every endpoint
// of the flow refuses a foreign Host (DNS rebinding), refused approvals count against their code and one
// service-wide budget, never against the address every local user shares, and the audit log records each refused
// approval and who approved a sign-in.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {startTestService} from '../helpers/startService.js';
import {rawRequest} from '../helpers/rawRequest.js';

let s: RunningService;
beforeAll(async () => {
  s = await startTestService({seed: 'demo'});
});
afterAll(() => s.close());

/** A request with any Host (fetch sets its own). */
const raw = (method: string, path: string, headers: Record<string, string>, body?: string) => rawRequest(s.url, method, path, headers, body);

const formType = {'content-type': 'application/x-www-form-urlencoded'};
const startDevice = async () =>
  (await (await fetch(`${s.url}/auth/device/code`, {method: 'POST', body: new URLSearchParams({client_id: 'svc-cli'})})).json()) as {device_code: string; user_code: string};
const decide = (fields: Record<string, string>) => {
  const host = new URL(s.url).host;
  return raw('POST', '/device', {...formType, host, origin: `http://${host}`}, new URLSearchParams(fields).toString());
};
const auditCsv = async () => (await (await fetch(`${s.url}/api/v1/audit-logs/export?search=deviceSignIn`, {headers: {authorization: `Bearer ${s.adminKey}`}})).text());

describe('browser-facing endpoints', () => {
  it('every device-flow endpoint answers 421 to a foreign Host, and works at its own', async () => {
    const port = new URL(s.url).port;
    const endpoints: Array<[string, string, string]> = [
      ['POST', '/auth/device/code', 'client_id=svc-cli'],
      ['POST', '/auth/device/token', 'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=x&client_id=svc-cli'],
      ['POST', '/auth/oauth2/refresh', 'grant_type=refresh_token&refresh_token=x&client_id=svc-cli'],
      ['GET', '/.well-known/oauth-authorization-server', ''],
      ['GET', '/.well-known/openid-configuration', ''],
      ['POST', '/auth/oauth2/revoke', 'token=x&client_id=svc-cli'],
      ['GET', '/device', ''],
    ];
    for (const [method, path, body] of endpoints) {
      for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`, `127.0.0.1:1`]) {
        const res = await raw(method, path, {...formType, host}, body);
        expect(res.status, `${method} ${path} with Host ${host}`).toBe(421);
      }
      const own = await raw(method, path, {...formType, host: `127.0.0.1:${port}`}, body);
      expect(own.status, `${method} ${path} at its own Host`).not.toBe(421);
    }
  });

  it('refusals count against their code, not the address everyone shares: others still approve', async () => {
    // Two codes killed with five refusals each: ten failures from 127.0.0.1, which used to lock every local user out.
    for (let n = 0; n < 2; n++) {
      const {user_code} = await startDevice();
      for (let i = 0; i < 5; i++) expect((await decide({user_code, decision: 'approve', credential: `svc_${'0'.repeat(31)}${i}`})).status).toBe(403);
    }
    const {user_code} = await startDevice();
    const ok = await decide({user_code, decision: 'approve', credential: s.adminKey});
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('Signed in as admin@acme.example');
  });

  it('audits every refused approval and names the approver of a sign-in', async () => {
    const {user_code: refused} = await startDevice();
    expect((await decide({user_code: refused, decision: 'approve', credential: 'svc_not-a-key'})).status).toBe(403);
    const {user_code: approved} = await startDevice();
    expect((await decide({user_code: approved, decision: 'approve', credential: s.adminKey})).status).toBe(200);
    const {user_code: denied} = await startDevice();
    expect((await decide({user_code: denied, decision: 'deny'})).status).toBe(200);
    const rows = (await auditCsv()).split('\n');
    const row = (name: string, code: string) => rows.find((r) => r.includes(name) && r.includes(code));
    expect(row('deviceSignIn.refuse', refused)).toMatch(/not a valid API key/);
    expect(row('deviceSignIn.approve', approved)).toContain('admin@acme.example');
    expect(row('deviceSignIn.deny', denied)).toBeDefined();
    expect(rows.join('\n')).not.toContain('svc_not-a-key');
  });
});
