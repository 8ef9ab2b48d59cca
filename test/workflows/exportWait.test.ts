// The waits of `svc dashboards export --wait` and `svc metric-views preview --wait`: a progress line per change of
// state or percentage, done at a terminal state, and a timeout that names the status command.
import {describe, expect, it} from 'vitest';
import type {Api} from '../../src/api/client.js';
import {waitForExport, waitForPreview} from '../../src/workflows/exportWait.js';

/** A client whose GETs answer `answers` in turn (the last one again once they run out). */
function answering(answers: unknown[]): {api: Api; paths: string[]} {
  const paths: string[] = [];
  const api = {get: (path: string) => Promise.resolve(answers[Math.min(paths.push(path) - 1, answers.length - 1)])} as unknown as Api;
  return {api, paths};
}

const clock = () => {
  let t = 0;
  return {now: () => t, sleep: (ms: number) => Promise.resolve(void (t += ms))};
};

describe('waiting for a dashboard export', () => {
  it('prints a line when the state or its percentage changes, and ends at completed', async () => {
    const {api, paths} = answering([{status: 'pending', progress: 0}, {status: 'pending', progress: 0}, {status: 'processing', progress: 45}, {status: 'completed', progress: 100, contentType: 'application/pdf'}]);
    const lines: string[] = [];
    const done = await waitForExport(api, '1', 'abc', {timeoutMs: 60_000, intervalMs: 1_000, onProgress: (l) => lines.push(l), ...clock()});
    expect(done).toMatchObject({status: 'completed', contentType: 'application/pdf'});
    expect(lines).toEqual(['export abc: pending 0%', 'export abc: processing 45%']);
    expect(paths).toEqual(Array(4).fill('/api/v1/deployments/1/dashboard-exports/abc'));
  });

  it('ends at failed with the reason, and times out naming the status command', async () => {
    expect(await waitForExport(answering([{status: 'failed', error: 'widget chart: boom'}]).api, '1', 'abc', {timeoutMs: 5_000, intervalMs: 1_000, ...clock()})).toMatchObject({status: 'failed', error: 'widget chart: boom'});
    await expect(waitForExport(answering([{status: 'processing', progress: 10}]).api, '1', 'abc', {timeoutMs: 3_000, intervalMs: 1_000, ...clock()})).rejects.toThrow(
      /timed out after 3s waiting for export abc\. It may still be rendering — check with `svc dashboards export-status 1 abc`/,
    );
  });
});

describe('waiting for a metric view preview', () => {
  it('prints the stage, percentage and message as they change, and ends at a terminal state', async () => {
    const status = (s: string, percent: number, message: string) => ({previewId: 'p', status: s, progress: {stage: s, percentComplete: percent, message}});
    const {api} = answering([status('QUEUED', 0, 'waiting for a converter'), status('RUNNING', 40, 'converting views'), status('CANCELLED', 100, 'cancelled')]);
    const lines: string[] = [];
    expect(await waitForPreview(api, '1', 'p', {timeoutMs: 60_000, intervalMs: 1_000, onProgress: (l) => lines.push(l), ...clock()})).toMatchObject({status: 'CANCELLED'});
    expect(lines).toEqual(['preview p: QUEUED 0% (waiting for a converter)', 'preview p: RUNNING 40% (converting views)']);
  });
});
