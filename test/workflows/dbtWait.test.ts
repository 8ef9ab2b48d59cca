// The dbt sync wait on a scripted API and a fake clock: only COMPLETED and FAILED end it, unknown statuses are
// progress, a 404 is "starting" for a minute and then an error naming the sync, and the result read treats
// 404, null and {} as "not yet".
import {describe, expect, it} from 'vitest';
import {ApiError, type Api} from '../../src/api/client.js';
import {getDbtSyncLogs, listDbtSyncs} from '../../src/api/dbt.js';
import {isTerminalSyncStatus, syncLabel, waitForSync, waitForSyncResult} from '../../src/workflows/dbtWait.js';
import {WaitTimeoutError} from '../../src/workflows/wait.js';

type Answer = unknown | Error;

function scriptedApi(answers: Answer[]) {
  let i = 0;
  const api = {
    baseUrl: 'http://127.0.0.1:1',
    get: async () => {
      const answer = answers[Math.min(i, answers.length - 1)];
      i += 1;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as Api;
  return {api, calls: () => i};
}

function timeline() {
  let t = 1_000_000;
  return {now: () => t, sleep: async (ms: number) => void (t += ms)};
}

const status = (s: string, extra: Record<string, unknown> = {}) => ({syncJobId: 'j1', status: s, progress: {stage: s, percentComplete: 40, message: 'Running dbt compile'}, updatedAt: 'x', ...extra});
const notFound = () => new ApiError(404, 'GET', '/api/v1/deployments/1/dbt-sync/j1', 'no dbt sync j1');

describe('waitForSync', () => {
  it('reports each new label once and treats unknown statuses as running', async () => {
    const {api} = scriptedApi([status('COMPILING_DBT'), status('COMPILING_DBT'), status('SOMETHING_NEW'), status('FAILED', {error: 'boom'})]);
    const lines: string[] = [];
    const final = await waitForSync(api, '1', 'j1', {timeoutMs: 60_000, intervalMs: 1000, onProgress: (l) => lines.push(l), ...timeline()});
    expect(final).toMatchObject({status: 'FAILED', error: 'boom'});
    expect(lines).toEqual(['dbt sync: COMPILING_DBT 40% — Running dbt compile', 'dbt sync: SOMETHING_NEW 40% — Running dbt compile']);
  });

  it('waits through 404s for up to a minute, then names the missing sync', async () => {
    const early = scriptedApi([notFound(), notFound(), status('COMPLETED')]);
    expect((await waitForSync(early.api, '1', 'j1', {timeoutMs: 600_000, intervalMs: 5000, ...timeline()})).status).toBe('COMPLETED');
    const never = scriptedApi([notFound()]);
    await expect(waitForSync(never.api, '1', 'j1', {timeoutMs: 600_000, intervalMs: 5000, ...timeline()})).rejects.toThrow(
      /^no dbt sync j1 on deployment 1\. It may belong to another deployment/,
    );
    expect(never.calls()).toBeGreaterThanOrEqual(12);
    expect(never.calls()).toBeLessThanOrEqual(14);
  });

  it('times out with advice naming the status command', async () => {
    const {api} = scriptedApi([status('COMPILING_DBT')]);
    const wait = waitForSync(api, '1', 'j1', {timeoutMs: 10_000, intervalMs: 1000, ...timeline()});
    await expect(wait).rejects.toBeInstanceOf(WaitTimeoutError);
    await expect(waitForSync(api, '1', 'j1', {timeoutMs: 10_000, intervalMs: 1000, ...timeline()})).rejects.toThrow(/svc dbt status 1 'j1' --wait/);
  });

  it('labels and terminal values', () => {
    expect(isTerminalSyncStatus(' COMPLETED ')).toBe(true);
    expect(isTerminalSyncStatus('CANCELLED')).toBe(false);
    expect(syncLabel({syncJobId: 'j', status: 'RUNNING', stage: 'COMPILING_DBT', raw: null})).toBe('RUNNING (COMPILING_DBT)');
    expect(syncLabel({syncJobId: 'j', status: '', raw: null})).toBe('UNKNOWN');
  });
});

describe('waitForSyncResult', () => {
  it('treats 404, null and {} as not yet', async () => {
    const {api} = scriptedApi([notFound(), null, {}, {syncJobId: 'j1', generatedFiles: [{path: 'model/a.yml'}], cubeCount: 1, durationMs: 5}]);
    const result = await waitForSyncResult(api, '1', 'j1', {timeoutMs: 60_000, intervalMs: 1000, ...timeline()});
    expect(result).toMatchObject({generatedFiles: ['model/a.yml'], cubeCount: 1});
  });

  it('gives up after its own 30 s budget', async () => {
    const {api} = scriptedApi([null]);
    await expect(waitForSyncResult(api, '1', 'j1', {timeoutMs: 3_600_000, intervalMs: 5000, ...timeline()})).rejects.toThrow(/timed out after 30s/);
  });
});

describe('tolerant readers', () => {
  it('read older log field names and runs without ids', async () => {
    const logs = scriptedApi([{items: [{createdAt: 't', severity: 'ERROR', stage: 'dbt-compile', text: 'bad'}], pageInfo: {hasNextPage: false}}]);
    expect((await getDbtSyncLogs(logs.api, '1', 'j1')).entries[0]).toMatchObject({timestamp: 't', level: 'error', phase: 'dbt-compile', message: 'bad'});
    const runs = scriptedApi([{data: [{status: ' COMPLETED ', durationMs: '1200'}]}]);
    expect((await listDbtSyncs(runs.api, '1')).runs[0]).toMatchObject({status: 'COMPLETED', durationMs: 1200});
  });
});
