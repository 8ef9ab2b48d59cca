// What the CLI sends (the command tree in-process), seen through a recording proxy in front of the service: the
// fields the platform's reference marks required, --json as the API's own document, ids that round-trip, paging
// flags, enum values in the case help prints, and login's usage error.
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {proxiedServicePerFile, runInProcess} from '../helpers/cliInProcess.js';
import type {Exchange} from '../helpers/recordingProxy.js';

const proxied = proxiedServicePerFile('svc-requests-');
const {work} = proxied;
const svc = (args: string[], extra: Record<string, string> = {}) => runInProcess(args, {...proxied.env(), NO_COLOR: '1', ...extra});

/** The exchanges a run produced. */
async function traced(args: string[]): Promise<{run: Awaited<ReturnType<typeof svc>>; sent: Exchange[]}> {
  const before = proxied.proxy.exchanges.length;
  const run = await svc(args);
  return {run, sent: proxied.proxy.exchanges.slice(before)};
}

describe('requests the platform would accept', () => {
  it('deployments create sends cloudProvider, isManaged, targetPlatform and creationStep (defaults, and from flags)', async () => {
    const plain = await traced(['deployments', 'create', '--name', 'req-a', '--region', 'cubecloud-local']);
    expect(plain.run.code, plain.run.stderr).toBe(0);
    const body = JSON.parse(plain.sent.find((e) => e.method === 'POST')?.requestBody ?? '{}');
    expect(body).toEqual({name: 'req-a', region: 'cubecloud-local', cloudProvider: 'cubecloud', isManaged: true, targetPlatform: 'aws', creationStep: 'project'});
    const flags = await traced(['deployments', 'create', '--name', 'req-b', '--region', 'cubecloud-local', '--cloud-provider', 'gcp', '--target-platform', 'gcp', '--unmanaged', '--creation-step', 'upload']);
    expect(flags.run.code, flags.run.stderr).toBe(0);
    expect(JSON.parse(flags.sent.find((e) => e.method === 'POST')?.requestBody ?? '{}')).toMatchObject({cloudProvider: 'gcp', isManaged: false, targetPlatform: 'gcp', creationStep: 'upload'});
  });

  it('deployments update --name renames', async () => {
    const {run, sent} = await traced(['deployments', 'update', '2', '--name', 'renamed-two']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(sent.find((e) => e.method === 'PUT')?.requestBody ?? '{}')).toEqual({name: 'renamed-two'});
    expect(JSON.parse((await svc(['deployments', 'get', '2'])).stdout).name).toBe('renamed-two');
  });

  it('merge-to-default always sends a message', async () => {
    expect((await svc(['data-model', 'create-branch', '1', 'to-merge'])).code).toBe(0);
    const {sent} = await traced(['data-model', 'merge-to-default', '1', '--branch', 'to-merge']);
    const body = JSON.parse(sent.find((e) => e.path.endsWith('/merge-to-default'))?.requestBody ?? '{}');
    expect(body.message).toBe('Merge to-merge into the default branch');
    const given = await traced(['data-model', 'merge-to-default', '1', '--branch', 'to-merge', '-m', 'ship it']);
    expect(JSON.parse(given.sent.find((e) => e.path.endsWith('/merge-to-default'))?.requestBody ?? '{}').message).toBe('ship it');
  });

  it('data-model branches --json prints the API document as returned, and its id is accepted back', async () => {
    expect((await svc(['data-model', 'create-branch', '1', 'by-id'])).code).toBe(0);
    // A new branch sorts last: one page large enough for all of deployment 1's branches holds it.
    const {run, sent} = await traced(['data-model', 'branches', '1', '--json', '--first', '500']);
    expect(run.code, run.stderr).toBe(0);
    const answered = sent.find((e) => e.path.endsWith('/branches'));
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(answered?.responseBody ?? 'null'));
    const doc = JSON.parse(run.stdout) as {items?: Array<{id: unknown; name: string}>; data?: Array<{id: unknown; name: string}>};
    const row = (doc.items ?? doc.data ?? []).find((b) => b.name === 'by-id');
    expect(typeof row?.id).toBe('number');
    const enable = await traced(['data-model', 'enable-branch', '1', '--id', String(row?.id)]);
    expect(enable.run.code, enable.run.stderr).toBe(0);
    expect(JSON.parse(enable.sent.at(-1)?.requestBody ?? '{}')).toEqual({branchId: row?.id, enabled: true});
    await svc(['data-model', 'disable-branch', '1', '--id', String(row?.id)]);
  });

  it('data-model branches pages with --first/--after', async () => {
    const {run, sent} = await traced(['data-model', 'branches', '1', '--first', '1', '--after', 'abc']);
    expect(sent[0]?.query.get('first')).toBe('1');
    expect(sent[0]?.query.get('after')).toBe('abc');
    expect(run.stderr).not.toMatch(/unknown option/);
  });

  // Every command over a list the reference pages (operations with `first`/`after`) passes the cursor through.
  it('--first/--after reach the API on every paged list', async () => {
    const paged = [
      ['deployments', 'list'],
      ['deployments', 'versions', '1'],
      ['environments', 'list', '1'],
      ['variables', 'list', '1'],
      ['regions'],
      ['data-model', 'list', '1'],
      ['data-model', 'branches', '1'],
      ['dbt', 'history', '1'],
      ['github', 'installations'],
      ['folders', 'list', '1'],
      ['workbooks', 'list', '1'],
      ['reports', 'list', '1'],
      ['notifications', 'list', '1'],
    ];
    const missed: string[] = [];
    for (const args of paged) {
      const {run, sent} = await traced([...args, '--first', '1']);
      const request = sent[0];
      if (run.code === 2 || request?.query.get('first') !== '1') missed.push(`${args.join(' ')}: ${run.code} ${run.stderr.split('\n')[0]}`);
    }
    expect(missed).toEqual([]);
  });

  it('users bulk accepts the action in the case help prints and in lower case', async () => {
    const help = await svc(['users', 'bulk', '--help']);
    expect(help.stdout).toContain('"DEACTIVATE"');
    const created = await svc(['users', 'create', '--data', JSON.stringify({email: 'bulk@example.com', username: 'bulk'})]);
    expect(created.code, created.stderr).toBe(0);
    const id = String((JSON.parse(created.stdout) as {id: number}).id);
    for (const action of ['DEACTIVATE', 'activate', 'deactivate', 'ACTIVATE']) {
      const {run, sent} = await traced(['users', 'bulk', action, id]);
      expect(run.code, `${action}: ${run.stderr}`).not.toBe(2);
      expect(JSON.parse(sent.at(-1)?.requestBody ?? '{}').action).toBe(action.toUpperCase());
    }
  });

  it('a 403 advises which credential to use, never "run svc login"; a 401 names the key SVC_API_KEY holds', async () => {
    const forbidden = await svc(['deployments', 'get', '2'], {SVC_API_KEY: proxied.service.scopedKey!});
    expect(forbidden.code).toBe(1);
    expect(forbidden.stderr).toContain('forbidden (403)');
    expect(forbidden.stderr).toContain('lacks the permission or deployment scope');
    expect(forbidden.stderr).not.toContain('svc login');
    const unknown = await svc(['deployments', 'get', '2'], {SVC_API_KEY: 'svc_notAKeyAtAll0000000000000000000'});
    expect(unknown.stderr).toContain('unauthorized (401): the key in SVC_API_KEY was refused');
  });

  it('login without --url and no terminal is a usage error with the usage line', async () => {
    const run = await runInProcess(['login'], {HOME: work, SVC_CONFIG_DIR: join(work, 'login-config'), CI: 'true'});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: svc login --url <url>');
  });
});
