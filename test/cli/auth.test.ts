// login / whoami / context / logout from the command tree in-process (cliInProcess.ts).
import {readFileSync, statSync} from 'node:fs';
import {createServer, type AddressInfo} from 'node:net';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ADMIN_KEY, STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

describe('before login', () => {
  it('says how to log in', async () => {
    const run = await h.svc(['deployments', 'list']);
    expect(run).toMatchObject({code: 1, stdout: ''});
    expect(run.stderr).toBe('error: not logged in: run `svc login`, or set SVC_API_URL and SVC_API_KEY\n');
  });

  it('browser login says where it could not reach, saving nothing', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await h.svc(['login', '--url', url]);
    expect(run).toMatchObject({code: 1, stdout: ''});
    expect(run.stderr).toMatch(new RegExp(`^error: device authorization request to ${url.replace(/[.]/g, '\\.')}/auth/device/code failed: `));
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it('rejects a key the tenant does not accept, saving nothing', async () => {
    const run = await h.svc(['login', '--url', h.url, '--api-key', 'svc_wrongwrongwrongwrongwrongwrong12']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^error: ${h.url.replace(/[.]/g, '\\.')} rejected the API key \\(401\\)`));
    expect((await h.svc(['context', 'list'])).stderr).toBe('No results\n');
  });

  it('refuses to send a key over plain HTTP to another host', async () => {
    const run = await h.svc(['login', '--url', 'http://acme.example.com', '--api-key', ADMIN_KEY]);
    expect(run).toMatchObject({code: 1, stderr: 'error: refusing to send credentials over plain HTTP to acme.example.com: use https://\n'});
  });
});

describe('login and contexts', () => {
  it('logs in, validates the key and saves a 0600 config', async () => {
    const run = await h.svc(['login', '--url', `${h.url}/`, '--api-key', ADMIN_KEY, '--name', 'local']);
    const path = join(h.configDir, 'config.toml');
    expect(run).toMatchObject({code: 0, stderr: ''});
    expect(run.stdout).toBe(`✓ Logged in as admin@acme.example (context \`local\`, saved to ${path})\n`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(h.configDir).mode & 0o777).toBe(0o700);
    expect(readFileSync(path, 'utf8')).toContain(`[contexts.local]\nurl = "${h.url}"`);
  });

  it('whoami shows the user, in text and JSON', async () => {
    const run = await h.svc(['whoami']);
    expect(run).toMatchObject({code: 0, stdout: 'admin@acme.example (Ada Admin)\nid: 1\nrole: admin\n'});
    const json = JSON.parse((await h.svc(['whoami', '--json'])).stdout) as {email: string; isAdmin: boolean};
    expect(json).toMatchObject({email: 'admin@acme.example', isAdmin: true});
  });

  it('a second login keeps the default context unless --use asks (and says so)', async () => {
    const login = await h.svc(['login', '--url', h.url, '--api-key', '-', '--name', 'reader'], {input: `${h.scopedKey}\n`});
    expect(login.stdout).toMatch(/^✓ Logged in as .* \(context `reader`, saved to .*\); the default context stays `local` \(`svc context use reader` or --use switches\)\n$/);
    expect(JSON.parse((await h.svc(['context', 'list', '--json'])).stdout)).toMatchObject({default_context: 'local'});
  });

  it('lists contexts with the active one marked and never prints keys', async () => {
    const login = await h.svc(['login', '--url', h.url, '--api-key', '-', '--name', 'reader', '--use'], {input: `${h.scopedKey}\n`});
    expect(login.stdout).toMatch(/^✓ Logged in as .* \(context `reader`, saved to [^)]*\)\n$/);
    const list = await h.svc(['context', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(`   NAME    URL\n   local   ${h.url}\n*  reader  ${h.url}\n`);
    const json = await h.svc(['context', 'list', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({default_context: 'reader'});
    expect(json.stdout + list.stdout).not.toContain('svc_');
  });

  it('switches the default context and uses --context for one command', async () => {
    expect((await h.svc(['context', 'use', 'local'])).stdout).toBe('✓ Switched to context `local`\n');
    expect((await h.svc(['whoami'])).stdout).toMatch(/^admin@acme\.example/);
    const scoped = await h.svc(['deployments', 'get', '2', '--context', 'reader']);
    expect(scoped.code).toBe(1);
    expect(scoped.stderr).toMatch(/^error: forbidden \(403\)/);
  });

  it('names unknown contexts', async () => {
    expect(await h.svc(['context', 'use', 'nope'])).toMatchObject({code: 1, stderr: 'error: context `nope` not found (run `svc login --name nope`)\n'});
    expect(await h.svc(['whoami', '--context', 'nope'])).toMatchObject({
      code: 1,
      stderr: 'error: context `nope` not found in config (run `svc login --name nope`)\n',
    });
  });

  it('lets SVC_API_KEY override the context', async () => {
    const run = await h.svc(['deployments', 'get', '2'], {env: {SVC_API_KEY: h.scopedKey}});
    expect(run.stderr).toMatch(/^error: forbidden \(403\)/);
  });

  it('logs out: removes the context, picks the next default, and is quiet about unknown ones', async () => {
    expect((await h.svc(['logout'])).stdout).toBe('✓ Removed context `local`\n');
    expect((await h.svc(['context', 'list'])).stdout).toBe(`   NAME    URL\n*  reader  ${h.url}\n`);
    expect(await h.svc(['logout', '--name', 'ghost'])).toMatchObject({code: 0, stdout: '✓ No saved credentials for context `ghost`\n'});
    expect((await h.svc(['logout', '--name', 'reader'])).stdout).toBe('✓ Removed context `reader`\n');
    expect((await h.svc(['whoami'])).stderr).toMatch(/^error: not logged in/);
  });

  it('never shows a stack trace', async () => {
    const closed = await closedPort();
    const run = await h.svc(['whoami', '--api-url', `http://127.0.0.1:${closed}`, '--token', 'x']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: request to http://127.0.0.1:${closed}/api/v1/users/me failed: connect ECONNREFUSED 127.0.0.1:${closed}\n`);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});
