// Environment tokens and the metadata API from the command tree in-process against the service.
// `environments create-token` prints the token once; `environments tokens` lists redacted values; the token opens
// the environment's data or metadata API by its scopes, and the security context decides what it sees.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;
let production: string;
beforeAll(async () => {
  h = await startInProcessHarness();
  const doc = JSON.parse((await h.admin(['--json', 'environments', 'list', '1', '--type', 'production'])).stdout);
  production = String(doc.data.environments[0].id);
});
afterAll(() => h.close());

const fetchWith = (path: string, token: string) =>
  fetch(`${h.url}${path}`, {headers: {authorization: token}}).then(async (r) => ({status: r.status, body: (await r.json()) as any}));

describe('svc environments create-token / tokens', () => {
  it('prints the token once, and the listing shows only its tail', async () => {
    const made = await h.admin(['environments', 'create-token', '1', production, '--security-context', '{"tenant":"acme"}', '--scope', 'meta']);
    expect(made).toMatchObject({code: 0, stderr: ''});
    const token = made.stdout.trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const list = await h.admin(['environments', 'tokens', '1', production]);
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TOKEN\s+SCOPES\s+SECURITY CONTEXT\s+CREATED\s+EXPIRES$/);
    expect(lines[1]).toMatch(new RegExp(`^…${token.slice(-8)}\\s+meta\\s+\\{"tenant":"acme"\\}\\s+\\d{4}-`));
    expect(list.stdout).not.toContain(token);
    const json = JSON.parse((await h.admin(['--json', 'environments', 'tokens', '1', production])).stdout);
    expect(json).toMatchObject({items: [{token: `…${token.slice(-8)}`, security_context: {tenant: 'acme'}}], pagination: {total: 1}});
  });

  it('--json prints the whole answer; the token works on the metadata API and the tenancy rule applies', async () => {
    const acme = JSON.parse((await h.admin(['--json', 'environments', 'create-token', '1', production, '--security-context', '{"tenant":"acme"}'])).stdout);
    expect(acme.data).toMatchObject({security_context: {tenant: 'acme'}, scopes: ['data', 'meta']});
    const globex = (await h.admin(['environments', 'create-token', '1', production, '--security-context', '{"tenant":"globex"}', '--scope', 'data', '--scope', 'meta'])).stdout.trim();
    const names = (body: {items: Array<{name: string}>}) => body.items.map((i) => i.name).sort();
    const a = await fetchWith('/data/1/v1/entities', acme.data.token);
    const g = await fetchWith('/data/1/v1/entities', globex);
    expect(names(a.body)).toContain('users');
    expect(names(g.body)).not.toContain('users');
    expect(names(g.body)).toContain('sales');
  });

  it('--meta-sync issues a metadata token: metadata yes, queries no', async () => {
    const meta = (await h.admin(['environments', 'create-token', '1', production, '--security-context', '{}', '--meta-sync'])).stdout.trim();
    expect((await fetchWith('/data/1/v1/data-sources', meta)).status).toBe(200);
    const q = encodeURIComponent(JSON.stringify({measures: ['orders.count']}));
    const refused = await fetchWith(`/data/1/cubejs-api/v1/load?query=${q}`, meta);
    expect(refused.status).toBe(403);
  });

  it('usage errors exit 2 before any request; the service’s refusals exit 1; never a stack trace', async () => {
    const usage = [
      ['environments', 'create-token', '1', production],
      ['environments', 'create-token', '1', production, '--security-context', '[]'],
      ['environments', 'create-token', '1', production, '--security-context', '{}', '--meta-sync', '--scope', 'data'],
      ['environments', 'create-token', '1', production, '--security-context', '{}', '--scope', ''],
      ['environments', 'tokens', '1'],
      ['environments', 'tokens', 'x', production],
    ];
    for (const args of usage) {
      const run = await h.admin(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^error: /);
      expect(run.stderr).not.toMatch(STACK_LINE);
    }
    for (const args of [
      ['environments', 'create-token', '1', production, '--security-context', '{}', '--expires-in', '3601'],
      ['environments', 'create-token', '1', production, '--security-context', '{}', '--scope', 'admin'],
      ['environments', 'tokens', '1', '99999'],
    ]) {
      const run = await h.admin(args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^error: /);
      expect(run.stderr).not.toMatch(STACK_LINE);
    }
  });

  it('has help for both commands', async () => {
    for (const cmd of ['tokens', 'create-token']) {
      const run = await h.admin(['environments', cmd, '--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: svc environments ${cmd}`);
    }
  });
});
