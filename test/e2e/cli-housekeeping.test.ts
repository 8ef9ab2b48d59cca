// Client housekeeping end to end with the bundled CLI, where the real process matters: bash completion sourced in
// a real bash, the background update check against a tiny release server (a detached child, cached 24 h, never
// delaying the command, notice only on a terminal) and anonymous telemetry into the local service, sent at exit
// (fields, nothing identifying, off under CI / SVC_NO_TELEMETRY / for completion). The zsh and fish scripts,
// `svc update --check` and the update hint under an API error run in-process: test/cli/housekeeping.test.ts.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ADMIN_KEY, CLI, runCli, startHarness, STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {eventually} from '../helpers/eventually.js';

/** Waits (every 100 ms, at most 8 s) for what the CLI's detached child or its exit writes. */
const until = (check: () => boolean | Promise<boolean>, what: string) => eventually(check, what, {withinMs: 8_000, everyMs: 100});

describe('svc completion', () => {
  /** The bash completion script the built CLI prints, once for the file (each completion below sources it). */
  let script = '';
  beforeAll(async () => {
    const run = await runCli(['completion', 'bash'], {PATH: process.env.PATH ?? '', HOME: tmpdir()});
    expect(run).toMatchObject({code: 0, stderr: ''});
    script = join(mkdtempSync(join(tmpdir(), 'svc-completion-')), 'svc.bash');
    writeFileSync(script, run.stdout);
  });
  afterAll(() => rmSync(dirname(script), {recursive: true, force: true}));

  const bash = (command: string) =>
    spawnSync('bash', ['--norc', '--noprofile', '-c', `source '${script}' && ${command}`], {encoding: 'utf8', env: {PATH: process.env.PATH ?? '', HOME: tmpdir()}});

  function complete(line: string[]): string[] {
    const words = line.map((w) => `'${w}'`).join(' ');
    const run = bash(`COMP_WORDS=(${words}) && COMP_CWORD=${line.length - 1} && _svc_complete && printf '%s\\n' "\${COMPREPLY[@]}"`);
    expect(run.stderr).toBe('');
    return run.stdout.split('\n').filter(Boolean);
  }

  it('completes top-level commands, subcommands through aliases, and options in bash', () => {
    expect(complete(['svc', 'deploym'])).toEqual(['deployments']);
    expect(complete(['svc', 'depl']).sort()).toEqual(['deploy', 'deployments']);
    expect(complete(['svc', 'integrations', 'tokens', 'r'])).toEqual(['revoke']);
    expect(complete(['svc', 'oauth', 'tokens', ''])).toEqual(['list', 'get', 'revoke', 'initiate']);
    expect(complete(['svc', 'deployments', 'list', '--js'])).toEqual(['--json']);
    expect(complete(['svc', 'login', '--api-'])).toEqual(['--api-key', '--api-url']);
    expect(complete(['svc', '--json', 'oi'])).toEqual(['oidc']);
    expect(bash('complete -p svc').stdout.trim()).toBe('complete -F _svc_complete svc');
  });
});

describe('updates', () => {
  let releases: Server;
  let url: string;
  let answer: {status: number; body: string} = {status: 200, body: '{}'};
  let hits = 0;
  /** While set, answers wait here until the test sends them. */
  let held: Array<() => void> | undefined;
  beforeAll(async () => {
    releases = createServer((req, res) => {
      hits++;
      const send = () => res.writeHead(answer.status, {'content-type': 'application/json'}).end(answer.body);
      if (held) held.push(send);
      else send();
    });
    await new Promise<void>((r) => releases.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(releases.address() as AddressInfo).port}/releases/latest`;
  });
  afterAll(() => {
    releases.closeAllConnections();
    releases.close();
  });
  const release = (tag: string) => ({status: 200, body: JSON.stringify({tag_name: tag, assets: []})});
  const env = (extra: Record<string, string> = {}) => ({PATH: process.env.PATH ?? '', CI: 'true', SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-upd-')), SVC_UPDATE_URL: url, ...extra});

  it('without a configured release source, starts no check and `svc update` says there is none', async () => {
    // No SVC_UPDATE_URL and a build that names no source: the rule of telemetry, no traffic to a host the user did
    // not name. The check claims its turn in the cache file before it starts a child, so no file means no check.
    const {SVC_UPDATE_URL: _none, ...e} = env({CI: ''});
    const before = hits;
    expect(await runCli(['context', 'list'], e)).toMatchObject({code: 0, stderr: 'No results\n'});
    expect(existsSync(join(e.SVC_CONFIG_DIR, 'update-check.json'))).toBe(false);
    for (const args of [['update'], ['update', '--check']]) {
      const run = await runCli(args, e);
      expect(run).toMatchObject({code: 1, stdout: ''});
      expect(run.stderr).toMatch(/^error: no release source is configured: this build of svc names no release host, so it never checks for updates by itself — set SVC_UPDATE_URL to /);
      expect(run.stderr).not.toMatch(STACK_LINE);
    }
    // A cached answer from an earlier configured source gives no notice or hint without a source now.
    writeFileSync(join(e.SVC_CONFIG_DIR, 'update-check.json'), JSON.stringify({checkedAt: Date.now(), latest: '9.9.9'}));
    const tty = spawnSync('script', ['-qec', `node '${CLI}' context list`, '/dev/null'], {encoding: 'utf8', env: e});
    expect(tty.stdout).not.toContain('A new release');
    expect(hits).toBe(before);
  });

  it('checks in the background at most once a day, without delaying the command', async () => {
    // The release source holds its answer until the command has exited: a command that waited for the check
    // would never exit (the bound says so instead of the test's timeout).
    answer = release('v9.9.9');
    held = [];
    const e = env({CI: ''});
    const before = hits;
    const run = await Promise.race([
      runCli(['context', 'list'], e),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the command waited for the update check')), 10_000).unref()),
    ]);
    expect(run.stderr).toBe('No results\n');
    await until(() => held!.length === 1, 'the update check to reach the release server');
    for (const send of held.splice(0)) send();
    held = undefined;
    const cache = join(e.SVC_CONFIG_DIR, 'update-check.json');
    await until(() => existsSync(cache) && JSON.parse(readFileSync(cache, 'utf8')).latest === '9.9.9', 'the update cache to name 9.9.9');
    expect(hits).toBe(before + 1);
    // A check claims its turn in the cache file before it starts its child (update/background.ts), so a cache
    // left as it was when the command has exited means no check was started.
    const checked = readFileSync(cache, 'utf8');
    await runCli(['context', 'list'], e);
    await runCli(['context', 'list'], {...e, SVC_NO_UPDATE_CHECK: '1'});
    expect(readFileSync(cache, 'utf8')).toBe(checked);
    // A day-old answer is checked again; SVC_NO_UPDATE_CHECK stops that.
    const dayOld = JSON.stringify({checkedAt: Date.now() - 25 * 3600_000, latest: '9.9.9'});
    writeFileSync(cache, dayOld);
    await runCli(['context', 'list'], {...e, SVC_NO_UPDATE_CHECK: '1'});
    expect(readFileSync(cache, 'utf8')).toBe(dayOld);
    expect(hits).toBe(before + 1);
  });

  it('prints the notice on stderr only when stderr is a terminal', async () => {
    const e = env({CI: ''});
    writeFileSync(join(e.SVC_CONFIG_DIR, 'update-check.json'), JSON.stringify({checkedAt: Date.now(), latest: '9.9.9'}));
    const piped = await runCli(['context', 'list'], e);
    expect(piped.stderr).toBe('No results\n');
    const tty = spawnSync('script', ['-qec', `node '${CLI}' context list`, '/dev/null'], {encoding: 'utf8', env: e});
    expect(tty.stdout).toContain('A new release of svc is available: 0.1.0 → 9.9.9');
    const ci = spawnSync('script', ['-qec', `node '${CLI}' context list`, '/dev/null'], {encoding: 'utf8', env: {...e, CI: 'true'}});
    expect(ci.stdout).not.toContain('A new release');
  });

});

describe('telemetry', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const events = async (): Promise<Array<Record<string, unknown>>> => {
    const res = await fetch(`${h.url}/api/v1/telemetry/events`, {headers: {authorization: `Bearer ${ADMIN_KEY}`}});
    return (await res.json()) as Array<Record<string, unknown>>;
  };

  it('sends one anonymous event per command, success or failure, and nothing identifying', async () => {
    const env = {SVC_TELEMETRY_URL: `${h.url}/telemetry`, CI: '', SVC_NO_UPDATE_CHECK: '1'};
    await h.svc(['context', 'list'], {env});
    await h.svc(['deployments', 'get', '424242', '--token', 'svc_secretsecretsecretsecretsecret12', '--api-url', h.url], {env});
    await until(async () => (await events()).length === 2, 'two telemetry events');
    const got = await events();
    expect(got.map((e) => [e.command, e.success]).sort()).toEqual([
      ['context', true],
      ['deployments', false],
    ]);
    for (const e of got) {
      expect(Object.keys(e).sort()).toEqual(['anonymousId', 'arch', 'cliVersion', 'clientTimestamp', 'command', 'event', 'platform', 'receivedAt', 'success']);
      expect(e).toMatchObject({event: 'svc command', cliVersion: '0.1.0', platform: process.platform, arch: process.arch});
      expect(e.anonymousId).toMatch(/^[0-9a-f]{64}$/);
    }
    const text = JSON.stringify(got);
    for (const secret of ['svc_secret', '424242', h.configDir, h.url]) expect(text).not.toContain(secret);
  });

  it('is off under CI, with SVC_NO_TELEMETRY, and for completion', async () => {
    const before = (await events()).length;
    const env = {SVC_TELEMETRY_URL: `${h.url}/telemetry`, SVC_NO_UPDATE_CHECK: '1'};
    await h.svc(['context', 'list'], {env: {...env, CI: 'true'}});
    await h.svc(['context', 'list'], {env: {...env, CI: '', SVC_NO_TELEMETRY: '1'}});
    await h.svc(['completion', 'bash'], {env: {...env, CI: ''}});
    // Then one command that sends: once its event is in, an event of the runs before it would be too (each run's
    // sender starts when that run exits, before the next run starts).
    await h.svc(['context', 'list'], {env: {...env, CI: ''}});
    await until(async () => (await events()).length > before, 'a new telemetry event');
    expect((await events()).length).toBe(before + 1);
  });
});
