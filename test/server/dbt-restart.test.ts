// A service closed mid-sync and reopened on the same data file: the run resumes its stored plan and ends exactly
// as an uninterrupted run would, with each phase logged once and nothing it acknowledged lost.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {ManualClock} from '../../src/server/engines/clock.js';
import {BASE, EPOCH, dbtService, runOf, runToEnd, startSync, type DbtService} from './dbtHelpers.js';

const dirs: string[] = [];
const open: DbtService[] = [];
afterEach(() => {
  open.splice(0).forEach((s) => s.close());
  dirs.splice(0).forEach((d) => rmSync(d, {recursive: true, force: true}));
});

function onFile(): {file: string; first: DbtService} {
  const dir = mkdtempSync(join(tmpdir(), 'svc-dbt-'));
  dirs.push(dir);
  const file = join(dir, 'svc.db');
  const first = dbtService({dataFile: file});
  return {file, first};
}

function reopen(file: string, at: number, keys: {adminKey: string; scopedKey: string}): DbtService {
  const s = dbtService({dataFile: file, clock: new ManualClock(at), keys});
  open.push(s);
  return s;
}

describe('restart mid-run', () => {
  it('resumes from the stored plan and completes at the planned time, committing the branch', async () => {
    const {file, first} = onFile();
    const {syncJobId, branchName} = await startSync(first);
    // Stage lengths vary per run (±20 %), so step into dbt compile rather than jumping a fixed time.
    while ((await first.call(`${BASE}/${syncJobId}`)).body.status !== 'COMPILING_DBT') first.clock.advance(200);
    const stoppedAt = first.clock.now();
    first.close();

    const again = reopen(file, stoppedAt + 1000, first);
    expect((await again.call(`${BASE}/${syncJobId}`)).body.status).toBe('COMPILING_DBT');
    const {last} = await runToEnd(again, syncJobId, 700);
    expect(last.status).toBe('COMPLETED');
    const run = await runOf(again, syncJobId);
    expect(run.durationMs).toBe(run.phases.reduce((sum: number, p: {durationMs: number}) => sum + p.durationMs, 0));
    const logs = (await again.call(`${BASE}/${syncJobId}/logs`)).body.items as Array<{phase: string | null; durationMs: number | null}>;
    const ends = logs.filter((l) => l.phase !== null && l.durationMs !== null).map((l) => l.phase);
    expect(ends).toEqual(['init', 'sandbox', 'repo-clone', 'install', 'dbt-deps', 'dbt-compile', 'process-manifest', 'write-cubes', 'finalize']);
    const branches = (await again.call('/build/api/v1/deployments/1/branches')).body.items.map((b: {name: string}) => b.name);
    expect(branches).toContain(branchName);
  });

  it('ends a run that was due while the service was down at the time its plan says, the same on every reopen', async () => {
    const {file, first} = onFile();
    const {syncJobId} = await startSync(first, {ref: 'broken-compile'});
    first.clock.advance(3000);
    await first.call(`${BASE}/${syncJobId}`);
    first.close();

    const later = reopen(file, EPOCH + 3_600_000, first);
    const status = (await later.call(`${BASE}/${syncJobId}`)).body;
    expect(status.status).toBe('FAILED');
    const run = await runOf(later, syncJobId);
    expect(run.failedPhase).toBe('dbt-compile');
    expect(run.durationMs).toBeLessThan(25_000);
    later.close();
    open.splice(0);

    const third = reopen(file, EPOCH + 7_200_000, first);
    expect(await runOf(third, syncJobId)).toEqual(run);
    expect((await third.call(`${BASE}/${syncJobId}`)).body).toEqual(status);
  });

  it('keeps a cancel acknowledged before the restart', async () => {
    const {file, first} = onFile();
    const {syncJobId} = await startSync(first);
    first.clock.advance(4000);
    expect((await first.call(`${BASE}/${syncJobId}`, {method: 'DELETE'})).status).toBe(200);
    first.close();
    const again = reopen(file, EPOCH + 60_000, first);
    expect(await runOf(again, syncJobId)).toMatchObject({status: 'CANCELLED', durationMs: 4000});
  });
});
