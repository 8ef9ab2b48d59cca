// A tenant without GET /api/v1/users/me (the platform's published API does not describe it): whoami and
// `login --api-key` fall back to PATCH /api/v1/users/me/settings with an empty patch, which answers the same User.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {json, startStub} from '../helpers/httpStub.js';
import {runInProcess} from '../helpers/cliInProcess.js';

const USER = {id: 7, email: 'ada@example.com', username: 'ada', isAdmin: true};
let withSettings: Awaited<ReturnType<typeof startStub>>;
let bare: Awaited<ReturnType<typeof startStub>>;

beforeAll(async () => {
  withSettings = await startStub({
    '/api/v1/users/me': (_q, res) => json(res, 404, {error: 'Not found'}),
    '/api/v1/users/me/settings': (req, res, body) => (req.method === 'PATCH' && body === '{}' ? json(res, 200, USER) : json(res, 400, {error: 'bad'})),
  });
  bare = await startStub({
    '/api/v1/users/me': (_q, res) => json(res, 404, {error: 'Not found'}),
    '/api/v1/deployments': (_q, res) => json(res, 200, {items: [], pageInfo: {hasNextPage: false}}),
  });
});
afterAll(async () => {
  await withSettings.close();
  await bare.close();
});

const work = mkdtempSync(join(tmpdir(), 'svc-whoami-'));
const env = (url: string, dir: string) => ({HOME: work, SVC_CONFIG_DIR: join(work, dir), CI: 'true', NO_COLOR: '1', SVC_API_URL: url});

describe('whoami without /users/me', () => {
  it('falls back to PATCH /users/me/settings {} for whoami and login --api-key', async () => {
    const who = await runInProcess(['whoami'], {...env(withSettings.url, 'a'), SVC_API_KEY: 'svc_k'});
    expect(who.code, who.stderr).toBe(0);
    expect(who.stdout).toBe('ada@example.com (ada)\nid: 7\nrole: admin\n');
    const login = await runInProcess(['login', '--url', withSettings.url, '--api-key', 'svc_k'], env(withSettings.url, 'b'));
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain('Logged in as ada@example.com');
    expect(withSettings.requests.filter((r) => r.url === '/api/v1/users/me/settings').every((r) => r.method === 'PATCH' && r.body === '{}')).toBe(true);
  });

  it('still logs in where neither is served, proving the key with a deployments read', async () => {
    const login = await runInProcess(['login', '--url', bare.url, '--api-key', 'svc_k'], env(bare.url, 'c'));
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain('Logged in (the tenant does not say as whom)');
  });
});
