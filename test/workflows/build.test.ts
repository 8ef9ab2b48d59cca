import {describe, expect, it} from 'vitest';
import {ApiError, type Api} from '../../src/api/client.js';
import {getBuildStatus, isTerminalBuildStatus} from '../../src/api/builds.js';
import {
  BuildWaitError,
  buildFailureMessage,
  shellQuote,
  waitForBuild,
} from '../../src/workflows/build.js';
import {WaitTimeoutError} from '../../src/workflows/wait.js';

type Answer = Record<string, unknown> | Error;

/** An Api whose GETs answer from a script, recording the paths and query strings asked for. */
function scriptedApi(answers: Answer[]) {
  const requests: string[] = [];
  let i = 0;
  const api = {
    baseUrl: 'http://127.0.0.1:1',
    get: async (path: string, opts?: {searchParams?: Record<string, unknown>}) => {
      const query = new URLSearchParams(
        Object.entries(opts?.searchParams ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
      ).toString();
      requests.push(query === '' ? path : `${path}?${query}`);
      const answer = answers[Math.min(i, answers.length - 1)]!;
      i += 1;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as Api;
  return {api, requests};
}

function timeline() {
  let t = 5_000_000;
  return {now: () => t, sleep: async (ms: number) => void (t += ms)};
}

const doc = (status: string, extra: Record<string, unknown> = {}) => ({deploymentId: 1, branchName: 'main', mode: 'production', status, ...extra});

describe('isTerminalBuildStatus', () => {
  it('ends on built, failed and cancelled only; unknown values keep a wait going', () => {
    expect(['built', 'failed', 'cancelled', ' Built '].map(isTerminalBuildStatus)).toEqual([true, true, true, true]);
    expect(['building', 'warmup', 'none', 'stopped', 'provisioning', '', undefined].map(isTerminalBuildStatus)).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('getBuildStatus', () => {
  it('reads the document tolerantly: data wrapper, string ids, odd casing, nulls', async () => {
    const {api, requests} = scriptedApi([{data: {deploymentId: '7', branchName: 'dev-a', mode: 'dev_mode', status: 'WARMUP', buildJobId: 12, errorText: null, lastHash: 'abc'}}]);
    const s = await getBuildStatus(api, '7', 'dev-a');
    expect(s).toMatchObject({deploymentId: '7', branchName: 'dev-a', mode: 'dev_mode', status: 'warmup', buildJobId: 12, lastHash: 'abc'});
    expect(s.errorText).toBeUndefined();
    expect(requests).toEqual(['/api/v1/deployments/7/build-status?branchName=dev-a']);
  });

  it('sends an empty branch as is, so the service picks the default', async () => {
    const {api, requests} = scriptedApi([doc('built')]);
    await getBuildStatus(api, '1', '');
    await getBuildStatus(api, '1');
    expect(requests).toEqual(['/api/v1/deployments/1/build-status?branchName=', '/api/v1/deployments/1/build-status']);
  });
});

describe('waitForBuild', () => {
  it('reports label changes and resolves to the final document', async () => {
    const {api} = scriptedApi([doc('building'), doc('building'), doc('warmup'), doc('built', {buildJobId: 3})]);
    const lines: string[] = [];
    const final = await waitForBuild(api, '1', undefined, {timeoutMs: 60_000, intervalMs: 1_000, onProgress: (l) => lines.push(l), ...timeline()});
    expect(final).toMatchObject({status: 'built', buildJobId: 3});
    expect(lines).toEqual(['build: building', 'build: warmup']);
  });

  it('resolves (does not throw) on failed so the caller can print the document first', async () => {
    const {api} = scriptedApi([doc('building'), doc('failed', {errorText: 'orders.yml: unknown type\nline 3'})]);
    const final = await waitForBuild(api, '1', 'main', {timeoutMs: 60_000, intervalMs: 1_000, ...timeline()});
    expect(final.status).toBe('failed');
    expect(buildFailureMessage(final)).toBe('build failed for branch main: orders.yml: unknown type line 3');
  });

  it('treats a status it does not know as progress, so a new server stage never ends the wait', async () => {
    const {api} = scriptedApi([doc('provisioning'), doc('Compiling-Cubes'), doc('built')]);
    const lines: string[] = [];
    await expect(waitForBuild(api, '1', 'main', {timeoutMs: 60_000, intervalMs: 1_000, onProgress: (l) => lines.push(l), ...timeline()})).resolves.toMatchObject({status: 'built'});
    expect(lines).toEqual(['build: provisioning', 'build: compiling-cubes']);
  });

  it('puts the server text in the label', async () => {
    const {api} = scriptedApi([doc('building', {errorText: 'Waiting for a worker'}), doc('built')]);
    const lines: string[] = [];
    await waitForBuild(api, '1', 'main', {timeoutMs: 60_000, intervalMs: 1_000, onProgress: (l) => lines.push(l), ...timeline()});
    expect(lines).toEqual(['build: building (Waiting for a worker)']);
  });

  it('fails at once on a bad branch instead of waiting out the timeout', async () => {
    const {api, requests} = scriptedApi([doc('building', {branchName: 'nope', mode: 'dev_mode', errorText: 'Bad branch'})]);
    const err = await waitForBuild(api, '1', 'nope', {timeoutMs: 900_000, intervalMs: 5_000, ...timeline()}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildWaitError);
    expect((err as Error).message).toBe('branch nope is not building (Bad branch). There is no such branch — check the name with `svc data-model branches 1`');
    expect(requests).toHaveLength(1);
  });

  it('fails at once on an inactive branch, suggesting dev mode with the branch quoted', async () => {
    const {api} = scriptedApi([doc('building', {branchName: "team's", mode: 'dev_mode', errorText: 'Branch is not active'})]);
    const err = (await waitForBuild(api, '4', "team's", {timeoutMs: 900_000, intervalMs: 5_000, ...timeline()}).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(
      "branch team's is not building (Branch is not active). A branch only compiles once it is opened in dev mode — run `svc data-model dev-mode 4 'team'\\''s'` and wait on the dev-… branch it prints",
    );
  });

  it('gives `none` a minute of grace, measured in time, then says nothing is building the branch', async () => {
    const {api, requests} = scriptedApi([doc('none', {branchName: 'feature'})]);
    const lines: string[] = [];
    const err = (await waitForBuild(api, '1', 'feature', {timeoutMs: 900_000, intervalMs: 20_000, onProgress: (l) => lines.push(l), ...timeline()}).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/^nothing is building branch feature \(status none\)\. If the branch exists, it only compiles once it is opened in dev mode — run `svc data-model dev-mode 1 'feature'`/);
    // looks at 0, 20, 40 and 60 s are within the grace; the look at 80 s is not
    expect(requests).toHaveLength(5);
    expect(lines).toEqual(['build: none']);
  });

  it('an idle spell that ends resets the grace', async () => {
    const answers = [doc('stopped'), doc('stopped'), doc('stopped'), doc('building'), doc('stopped'), doc('stopped'), doc('stopped'), doc('built')];
    const {api} = scriptedApi(answers);
    await expect(waitForBuild(api, '1', 'main', {timeoutMs: 900_000, intervalMs: 30_000, ...timeline()})).resolves.toMatchObject({status: 'built'});
  });

  it('times out with advice naming the status command for this deployment and branch', async () => {
    const {api} = scriptedApi([doc('building')]);
    const err = (await waitForBuild(api, '1', 'main', {timeoutMs: 30_000, intervalMs: 10_000, ...timeline()}).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(err.message).toBe(
      "timed out after 30s waiting for build. It may still be running — check it with `svc deployments build-status 1 --branch 'main'`, or raise --timeout",
    );
  });

  it('absorbs service blips and gives up on a 403', async () => {
    const blip = new ApiError(502, 'GET', '/api/v1/deployments/1/build-status', '', 'Bad Gateway');
    const denied = new ApiError(403, 'GET', '/api/v1/deployments/1/build-status', 'this credential is not authorized for deployment 1');
    const lines: string[] = [];
    const ok = scriptedApi([doc('building'), blip, blip, doc('built')]);
    await expect(waitForBuild(ok.api, '1', 'main', {timeoutMs: 60_000, intervalMs: 1_000, onProgress: (l) => lines.push(l), ...timeline()})).resolves.toMatchObject({status: 'built'});
    expect(lines).toEqual([
      'build: building',
      'build: GET /api/v1/deployments/1/build-status failed with 502 Bad Gateway (retrying, 1/5)',
      'build: GET /api/v1/deployments/1/build-status failed with 502 Bad Gateway (retrying, 2/5)',
    ]);
    const bad = scriptedApi([doc('building'), denied]);
    await expect(waitForBuild(bad.api, '1', 'main', {timeoutMs: 60_000, intervalMs: 1_000, ...timeline()})).rejects.toBe(denied);
  });
});

describe('shellQuote', () => {
  it('single-quotes POSIX style and shows a blank name as <branch>', () => {
    expect(shellQuote('dbt-sync/main-1')).toBe("'dbt-sync/main-1'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('  ')).toBe('<branch>');
  });
});
