// Client housekeeping from the command tree in-process (cliInProcess.ts): the zsh and fish completion scripts,
// `svc update --check` against a tiny release server (newer, current, offline, nonsense), and the update hint under
// an API error. What needs the real process stays in test/e2e/cli-housekeeping.test.ts: bash sourcing the script,
// the background update check (a detached child), the notice on a terminal, and telemetry (sent at process exit).
import {mkdtempSync, writeFileSync} from 'node:fs';
import {createServer, type AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {STACK_LINE} from '../helpers/cliHarness.js';
import {runInProcess} from '../helpers/cliInProcess.js';
import {json, stubsPerTest} from '../helpers/httpStub.js';

const stub = stubsPerTest();

describe('svc completion', () => {
  it('prints zsh and fish scripts and refuses other shells as a usage error', async () => {
    const env = {CI: 'true'};
    expect((await runInProcess(['completion', 'zsh'], env)).stdout).toMatch(/^#compdef svc\n[^]*bashcompinit[^]*complete -F _svc_complete svc/);
    const fish = (await runInProcess(['completion', 'fish'], env)).stdout;
    expect(fish).toContain("complete -c svc -f -n \"test (__svc_path) = ''\" -a 'deployments'");
    expect(fish).toContain("case 'integrations tokens|revoke'");
    expect(await runInProcess(['completion', 'tcsh'], env)).toMatchObject({code: 2, stdout: '', stderr: 'error: unsupported shell `tcsh`: choose bash, zsh or fish\n'});
  });
});

describe('updates', () => {
  /** A release source answering `answer` for the latest release; its address becomes SVC_UPDATE_URL. */
  async function releases(answer: unknown, api?: {status: number; body: unknown}) {
    const server = await stub({
      '/releases/latest': (_req, res) => json(res, 200, answer),
      ...(api && {'/api/v1/regions': (_req, res) => json(res, api.status, api.body)}),
    });
    return {server, url: `${server.url}/releases/latest`};
  }
  const env = (url: string, extra: Record<string, string> = {}) => ({CI: 'true', SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-upd-')), SVC_UPDATE_URL: url, ...extra});
  const release = (tag: string) => ({tag_name: tag, assets: []});

  it('svc update --check reports a newer release, or that this one is current', async () => {
    const newer = await releases(release('v9.9.9'));
    expect(await runInProcess(['update', '--check'], env(newer.url))).toMatchObject({
      code: 0,
      stdout: 'A new release of svc is available: 0.1.0 → 9.9.9\nRun `svc update` to install it.\n',
    });
    const current = await releases(release('v0.1.0'));
    expect(await runInProcess(['update', '--check'], env(current.url))).toMatchObject({code: 0, stdout: '✓ svc 0.1.0 is up to date (latest release: 0.1.0)\n'});
  });

  it('says it could not check when offline or answered nonsense', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const offline = await runInProcess(['update', '--check'], env(`http://127.0.0.1:${port}/releases/latest`));
    expect(offline.code).toBe(1);
    expect(offline.stderr).toBe(`error: could not check for updates: http://127.0.0.1:${port}/releases/latest: connect ECONNREFUSED 127.0.0.1:${port}\n`);
    const odd = await runInProcess(['update', '--check'], env((await releases({name: 'no tag'})).url));
    expect(odd.stderr).toBe('error: could not check for updates: the release source answered no version (tag_name missing)\n');
    expect(odd.stderr + offline.stderr).not.toMatch(STACK_LINE);
  });

  it('hints at a known newer release under an API error, and only then', async () => {
    const {server, url} = await releases(release('v9.9.9'), {status: 500, body: {error: 'database unavailable'}});
    const e = env(url, {CI: '', SVC_API_URL: server.url, SVC_API_KEY: 'svc_anything'});
    const cache = join(e.SVC_CONFIG_DIR, 'update-check.json');
    writeFileSync(cache, JSON.stringify({checkedAt: Date.now(), latest: '9.9.9'}));
    const failed = await runInProcess(['regions'], e);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      'error: GET /api/v1/regions failed with 500 Internal Server Error: database unavailable\n' +
        'hint: this request failed on the API side, and svc 9.9.9 is available — run `svc update` to upgrade from 0.1.0, then try again\n',
    );
    // Under CI (no update checks), when this release is the latest, and for errors that are not the API's: no hint.
    expect((await runInProcess(['regions'], {...e, CI: 'true'})).stderr).not.toContain('hint:');
    expect((await runInProcess(['regions'], {...e, SVC_API_URL: 'http://127.0.0.1:1'})).stderr).not.toContain('hint:');
    writeFileSync(cache, JSON.stringify({checkedAt: Date.now(), latest: '0.1.0'}));
    expect((await runInProcess(['regions'], e)).stderr).toBe('error: GET /api/v1/regions failed with 500 Internal Server Error: database unavailable\n');
  });
});
