// `svc deployments build-status`: the command tree in-process (cliInProcess.ts) against the service in-process on
// loopback, its clock a JumpClock, with a counting proxy in front of it to see exactly what the wait asks for.
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it, onTestFinished} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {JumpClock, runInProcess, startCliService} from '../helpers/cliInProcess.js';
import {parseDuration} from '../../src/commands/buildStatus.js';

const ADMIN_KEY = 'svc_e2eBuildStatus0123456789abcdefgh';
const work = mkdtempSync(join(tmpdir(), 'svc-build-status-'));
const clock = new JumpClock();
let service: RunningService;

const svc = (args: string[], env: Record<string, string> = {}) =>
  runInProcess(args, {HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1', ...env});

/**
 * Forwards to `target` and records the status each build-status answer carried, in order; `onStatus` runs once a
 * status is recorded, before the answer goes back.
 */
function countingProxy(target: string, onStatus: () => void): Promise<{url: string; statuses: string[]; server: Server}> {
  const statuses: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(`${target}${req.url ?? '/'}`, {method: req.method, headers: {authorization: req.headers.authorization ?? ''}});
      const text = await upstream.text();
      if (req.url?.includes('/build-status')) {
        statuses.push(String((JSON.parse(text) as {status?: unknown}).status));
        onStatus();
      }
      res.writeHead(upstream.status, {'content-type': upstream.headers.get('content-type') ?? 'application/json'});
      res.end(text);
    })();
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, statuses, server})));
}

async function switchVersion(env: Record<string, string>): Promise<void> {
  const versions = await svc(['--json', 'deployments', 'versions', '1'], env);
  const body = JSON.parse(versions.stdout) as {items: Array<{releaseChannelVersion: string; isCurrent: boolean}>};
  const other = body.items.find((v) => !v.isCurrent)!;
  const update = await svc(['deployments', 'update', '1', '--release-channel-version', other.releaseChannelVersion], env);
  expect(update.code, update.stderr).toBe(0);
}

const collapse = (labels: string[]) => labels.filter((l, i) => l !== labels[i - 1]);

// A build takes 6 s of the service's clock (queued 1 s, building 3 s, warmup 2 s). While a wait runs, the clock
// stands still and moves on a second each time the proxy has answered a look (`stepped`): the wait sees the build
// step by step however late it starts on a loaded machine, in about seven looks instead of 6 s; standing still, the
// build outlasts a 1 s --timeout.
let fast: {url: string; scopedKey: string};
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let stepping = false;

beforeAll(async () => {
  service = await startCliService({dataFile: join(work, 'fast.db'), clock, adminKey: ADMIN_KEY});
  fast = {url: service.url, scopedKey: service.scopedKey ?? ''};
  proxy = await countingProxy(fast.url, () => stepping && clock.jump(1000));
});

afterAll(async () => {
  proxy?.server.close();
  await service?.close();
  rmSync(work, {recursive: true, force: true});
});

/** The service's clock stands still for the rest of the test; with `steps`, each look the proxy answers moves it 1 s. */
function standStill(steps: boolean): void {
  clock.pace(0);
  stepping = steps;
  proxy.statuses.length = 0;
  onTestFinished(() => {
    stepping = false;
    clock.pace(1);
  });
}

describe('svc deployments build-status', () => {
  it('prints the status document of the deploy branch; an empty --branch lets the service pick it', async () => {
    const env = {SVC_API_URL: fast.url, SVC_API_KEY: ADMIN_KEY};
    const plain = await svc(['deployments', 'build-status', '1'], env);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout)).toMatchObject({deploymentId: 1, branchName: 'main', mode: 'production', status: 'built'});
    const empty = await svc(['deployments', 'build-status', '1', '--branch', ''], env);
    expect(empty.code).toBe(0);
    expect(JSON.parse(empty.stdout)).toMatchObject({branchName: 'main', status: 'built'});
  });

  it('waits out a version switch and ends with the built document', async () => {
    const env = {SVC_API_URL: fast.url, SVC_API_KEY: ADMIN_KEY};
    const before = JSON.parse((await svc(['deployments', 'build-status', '1'], env)).stdout) as {buildJobId: number};
    standStill(true);
    await switchVersion(env);
    const run = await svc(['deployments', 'build-status', '1', '--wait', '--poll', '20ms'], {...env, SVC_API_URL: proxy.url});
    expect(run.code, run.stderr).toBe(0);
    const final = JSON.parse(run.stdout) as {status: string; buildJobId: number};
    expect(final.status).toBe('built');
    expect(final.buildJobId).toBeGreaterThan(before.buildJobId);
    // stderr holds only progress lines, one per label change
    for (const line of run.stderr.split('\n').filter(Boolean)) expect(line).toMatch(/^build: (building|warmup)$/);
  });

  it('shows each step once on stderr and stops polling at built (counted by a proxy)', async () => {
    standStill(true);
    await switchVersion({SVC_API_URL: fast.url, SVC_API_KEY: ADMIN_KEY});
    const run = await svc(['deployments', 'build-status', '1', '--wait', '--poll', '20ms'], {SVC_API_URL: proxy.url, SVC_API_KEY: ADMIN_KEY});
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({status: 'built', branchName: 'main'});
    const seen = [...proxy.statuses];
    expect(seen.at(-1)).toBe('built');
    expect(seen.filter((s) => s === 'built')).toHaveLength(1);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const progress = run.stderr.split('\n').filter(Boolean);
    expect(progress).toEqual(collapse(seen.slice(0, -1)).map((s) => `build: ${s}`));
    expect(progress[0]).toBe('build: building');
  });

  it('times out with the advice to check again, exit 1', async () => {
    const env = {SVC_API_URL: fast.url, SVC_API_KEY: ADMIN_KEY};
    standStill(false);
    await switchVersion(env);
    const started = performance.now();
    const run = await svc(['deployments', 'build-status', '1', '--wait', '--timeout', '1', '--poll', '1s'], env);
    const took = (performance.now() - started) / 1000;
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const last = run.stderr.trim().split('\n').at(-1) ?? '';
    // How long the wait took, to a tenth of a second: the 1 s timeout and a look at the deadline.
    const said = /^error: timed out after (\d+(?:\.\d)?)s waiting for build\. /.exec(last)?.[1];
    expect(last.replace(`after ${said}s`, 'after …s')).toBe(
      'error: timed out after …s waiting for build. It may still be running — check it with `svc deployments build-status 1`, or raise --timeout',
    );
    expect(Number(said)).toBeGreaterThanOrEqual(1);
    expect(Number(said)).toBeLessThanOrEqual(took + 0.05);
  });

  it('fails at once for a branch that does not exist', async () => {
    const started = Date.now();
    const run = await svc(['deployments', 'build-status', '1', '--branch', 'no-such-branch', '--wait'], {SVC_API_URL: fast.url, SVC_API_KEY: ADMIN_KEY});
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: branch no-such-branch is not building (Bad branch). There is no such branch — check the name with `svc data-model branches 1`\n');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a key scoped to another deployment as forbidden', async () => {
    const run = await svc(['deployments', 'build-status', '2'], {SVC_API_URL: fast.url, SVC_API_KEY: fast.scopedKey});
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: forbidden \(403\): .*deployment 2/);
  });

  it('rejects bad durations and an empty --branch with --wait as usage errors (exit 2) before any request', async () => {
    const env = {SVC_API_URL: 'http://127.0.0.1:9', SVC_API_KEY: ADMIN_KEY};
    const cases: Array<[string[], string]> = [
      [['--wait', '--timeout', '0'], 'error: `0` must be greater than zero'],
      [['--wait', '--timeout=-5m'], 'error: `-5m` must be greater than zero'],
      [['--wait', '--poll', '2d'], 'error: `2d` is not a duration (try 30s, 15m, or 1h)'],
      [['--wait', '--poll', 'soon'], 'error: `soon` is not a duration (try 30s, 15m, or 1h)'],
    ];
    for (const [flags, message] of cases) {
      const run = await svc(['deployments', 'build-status', '1', ...flags], env);
      expect([run.code, run.stderr.trim()]).toEqual([2, message]);
    }
    const empty = await svc(['deployments', 'build-status', '1', '--branch', '', '--wait'], env);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^error: an empty --branch names no branch — with --wait it would fall back to a server-picked branch/);
  });
});

describe('parseDuration', () => {
  it('reads milliseconds, seconds, minutes and hours, bare numbers as seconds, any case', () => {
    expect(['30s', '15m', '1h', '45', '2H', ' 10S ', '250ms', '5MS'].map(parseDuration)).toEqual([30_000, 900_000, 3_600_000, 45_000, 7_200_000, 10_000, 250, 5]);
  });

  it('rejects zero, negatives, days, fractions, overflow and words', () => {
    for (const bad of ['0', '0s', '-1m']) expect(() => parseDuration(bad)).toThrow(`\`${bad}\` must be greater than zero`);
    for (const bad of ['1d', '1.5m', '99999999999999999h', 'm', '', 'ten', 'ms', '1.5ms', '10 m s']) expect(() => parseDuration(bad)).toThrow(`\`${bad}\` is not a duration (try 30s, 15m, or 1h)`);
  });
});
