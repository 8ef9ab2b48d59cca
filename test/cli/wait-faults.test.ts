// `--wait` and transient failures, from the command tree in-process (cliInProcess.ts) through a proxy in front of
// the in-process service that fails on demand: five in a row (503, 429, 408, a dropped connection, 502) are ridden
// out with backoff, a sixth ends the wait with a clear message, a 404 ends it at once. The backoff is the poll
// interval × 1, 2, 4, 8, 16 (workflows/wait.ts), so a 5 ms poll keeps it short (155 ms of backoff a run). kill -9 of the service:
// test/e2e/faults.test.ts.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {STACK_LINE} from '../helpers/cliHarness.js';
import {runInProcess, startCliService} from '../helpers/cliInProcess.js';
import {drop, startFaultProxy, status, type FaultProxy} from '../helpers/faultProxy.js';

let service: RunningService;
const proxies: FaultProxy[] = [];
beforeAll(async () => {
  service = await startCliService();
});
afterEach(async () => {
  for (const p of proxies.splice(0)) await p.close();
});
afterAll(() => service.close());

async function proxy(): Promise<FaultProxy> {
  const p = await startFaultProxy(service.url);
  proxies.push(p);
  return p;
}

function cli(url: string, args: string[]) {
  const work = mkdtempSync(join(tmpdir(), 'svc-wait-faults-'));
  return runInProcess(args, {HOME: work, SVC_CONFIG_DIR: join(work, 'config'), CI: 'true', NO_COLOR: '1', SVC_API_URL: url, SVC_API_KEY: service.adminKey});
}

describe('--wait and transient failures', () => {
  it('absorbs five in a row (503, 429, 408, dropped, 502) and fails clearly on the sixth', async () => {
    const [survives, givesUp] = [await proxy(), await proxy()];
    survives.inject(status(503), status(429), status(408), drop, status(502));
    givesUp.inject(status(503), status(503), status(503), status(503), status(503), status(503));
    const args = ['deployments', 'build-status', '1', '--wait', '--poll', '5ms', '--timeout', '2m'];

    const ok = await cli(survives.url, args);
    expect(ok.stderr).toMatch(/\(retrying, 1\/5\)/);
    expect(ok.stderr).toMatch(/\(retrying, 5\/5\)/);
    expect(ok.stderr).not.toMatch(STACK_LINE);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).status).toBeDefined();
    expect(survives.requests.filter((r) => r.includes('/build-status'))).toHaveLength(6);

    const failed = await cli(givesUp.url, args);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/\(retrying, 5\/5\)/);
    expect(failed.stderr).toMatch(/^error: .*503/m);
    expect(failed.stderr).not.toMatch(STACK_LINE);
    expect(failed.stdout).toBe('');
    expect(givesUp.requests.filter((r) => r.includes('/build-status'))).toHaveLength(6);
  });

  it('a non-transient answer (404) ends the wait at once', async () => {
    const p = await proxy();
    p.inject(status(404));
    const r = await cli(p.url, ['deployments', 'build-status', '1', '--wait', '--poll', '1s', '--timeout', '1m']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/retrying/);
    expect(p.requests.filter((q) => q.includes('/build-status'))).toHaveLength(1);
  });
});
