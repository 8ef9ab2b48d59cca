// --timeout bounds the whole wait, the request in flight included: the CLI (in-process) against a loopback server
// that accepts every request and never answers (a hung gateway). Before, each look waited for the client's 120 s
// idle limit, so `--timeout 2s` ran for minutes. One second shows the same bound in half the time.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {STACK_LINE} from '../helpers/cliHarness.js';
import {runInProcess} from '../helpers/cliInProcess.js';
import {stubsPerTest} from '../helpers/httpStub.js';

const stub = stubsPerTest();
const work = mkdtempSync(join(tmpdir(), 'svc-timeout-'));
const silent = () => stub({'/api/v1/deployments/1/build-status': () => {}, '/api/v1/deployments/1/dbt-sync/s-1': () => {}});

async function timed(url: string, args: string[]) {
  const started = Date.now();
  const run = await runInProcess(args, {HOME: work, SVC_CONFIG_DIR: join(work, 'config'), CI: 'true', NO_COLOR: '1', SVC_API_URL: url, SVC_API_KEY: 'svc_k'});
  return {...run, seconds: (Date.now() - started) / 1000};
}

/** The time the timeout message says the wait took, in seconds: between the timeout and how long the run took. */
function expectTimeSaid(run: {stderr: string; seconds: number}, what: string): void {
  const said = Number(new RegExp(`^error: timed out after (\\d+(?:\\.\\d)?)s waiting for ${what}\\. .*Last error: no answer to the request in flight\n$`, 'm').exec(run.stderr)?.[1]);
  expect(said, run.stderr).toBeGreaterThanOrEqual(1);
  expect(said, run.stderr).toBeLessThanOrEqual(run.seconds + 0.05);
}

describe('--timeout against a service that never answers', () => {
  it('build-status --wait --timeout 1s ends after about 1 s, saying the request got no answer', async () => {
    const server = await silent();
    const run = await timed(server.url, ['deployments', 'build-status', '1', '--wait', '--timeout', '1s']);
    expect(run.code).toBe(1);
    expect(run.seconds).toBeGreaterThanOrEqual(0.95);
    expect(run.seconds).toBeLessThan(5);
    expectTimeSaid(run, 'build');
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(server.requests.map((r) => r.url.split('?')[0])).toEqual(['/api/v1/deployments/1/build-status']);
  });

  it('dbt status --wait --timeout 1s ends after about 1 s too', async () => {
    const server = await silent();
    const run = await timed(server.url, ['dbt', 'status', '1', 's-1', '--wait', '--timeout', '1s']);
    expect(run.code).toBe(1);
    expect(run.seconds).toBeGreaterThanOrEqual(0.95);
    expect(run.seconds).toBeLessThan(5);
    expectTimeSaid(run, 'dbt sync');
  });
});
