// dbt sync over HTTP on a ManualClock: the stage sequence, result, logs, the branch it commits, failing refs with
// the phase they fail in, cancel, uploaded manifests and output files.
import {afterEach, describe, expect, it} from 'vitest';
import {DBT_STAGES} from '../../src/contract/dbt.js';
import {BASE, dbtService, runOf, runToEnd, startSync, type DbtService} from './dbtHelpers.js';
import {smallManifest} from '../helpers/dbtManifest.js';

const open: DbtService[] = [];
afterEach(() => open.splice(0).forEach((s) => s.close()));
const service = () => {
  const s = dbtService();
  open.push(s);
  return s;
};

describe('a sync of main', () => {
  it('walks every stage in order on the clock, then completes with a result', async () => {
    const s = service();
    const started = await startSync(s, {ref: 'main'});
    expect(started.branchName).toMatch(/^dbt-sync\/main-20260601090000-[0-9a-f]{8}$/);
    expect(started.workflowId).toEqual(expect.any(String));
    const first = await s.call(`${BASE}/${started.syncJobId}`);
    expect(first.body).toMatchObject({syncJobId: started.syncJobId, status: 'INITIALIZING', progress: {stage: 'INITIALIZING', percentComplete: 0}, error: null});
    expect((await s.call(`${BASE}/${started.syncJobId}/result`)).status).toBe(404);
    const {seen, last} = await runToEnd(s, started.syncJobId, 200);
    expect(seen).toEqual([...DBT_STAGES, 'COMPLETED']);
    expect(last.progress).toMatchObject({stage: 'COMPLETED', percentComplete: 100});
    const result = await s.call(`${BASE}/${started.syncJobId}/result`);
    expect(result.status).toBe(200);
    expect(result.body.cubeCount).toBe(7);
    expect(result.body.manifestStats).toMatchObject({models: 7, sources: 4});
    expect(result.body.manifestStats.macros).toBeGreaterThan(20);
    expect(result.body.generatedFiles.map((f: {path: string}) => f.path)).toContain('model/cubes/dbt/fct_orders.yml');
    expect(result.body.durationMs).toBe(Date.parse(result.body.completedAt) - Date.parse('2026-06-01T09:00:00Z'));
    expect(result.body.durationMs).toBeGreaterThan(10_000);
  });

  it('reports percentComplete rising with the stage and updatedAt at each stage change', async () => {
    const s = service();
    const {syncJobId} = await startSync(s);
    const seen: Array<{pct: number; updatedAt: string}> = [];
    for (let i = 0; i < 30; i++) {
      const {body} = await s.call(`${BASE}/${syncJobId}`);
      seen.push({pct: body.progress.percentComplete, updatedAt: body.updatedAt});
      s.clock.advance(1000);
    }
    const pcts = seen.map((x) => x.pct);
    expect(pcts).toEqual([...pcts].sort((a, b) => a - b));
    expect(new Set(pcts).size).toBeGreaterThan(6);
    expect(new Set(seen.map((x) => x.updatedAt)).size).toBeGreaterThan(6);
  });

  it('logs every phase once with its duration, and the history run has phases with offsets', async () => {
    const s = service();
    const {syncJobId} = await startSync(s);
    await runToEnd(s, syncJobId, 5000);
    const logs = (await s.call(`${BASE}/${syncJobId}/logs`)).body.items as Array<{phase: string | null; durationMs: number | null; message: string; level: string; timestamp: string}>;
    const phaseEnds = logs.filter((l) => l.phase !== null && l.durationMs !== null);
    expect(phaseEnds.map((l) => l.phase)).toEqual(['init', 'sandbox', 'repo-clone', 'install', 'dbt-deps', 'dbt-compile', 'process-manifest', 'write-cubes', 'finalize']);
    expect(logs.map((l) => l.timestamp)).toEqual([...logs.map((l) => l.timestamp)].sort());
    expect(logs.some((l) => /Found 7 models, \d+ data tests, 4 sources/.test(l.message))).toBe(true);
    const run = await runOf(s, syncJobId);
    expect(run).toMatchObject({status: 'COMPLETED', trigger: 'api', source: 'git', gitRef: 'main', failedPhase: null, lastStage: 'FINALIZING', userId: expect.any(Number)});
    expect(run.stats).toMatchObject({cubeCount: 7, generatedFileCount: 7, models: 7, dbtVersion: '1.8.7'});
    let offset = 0;
    for (const [i, phase] of run.phases.entries()) {
      expect(phase).toMatchObject({phase: phaseEnds[i]!.phase, startedOffsetMs: offset, durationMs: phaseEnds[i]!.durationMs, outcome: 'ok'});
      offset += phase.durationMs;
    }
    expect(offset).toBe(run.durationMs);
  });

  it('commits the generated cubes to a new shared branch beside the deploy branch’s files, without building it', async () => {
    const s = service();
    const {syncJobId, branchName} = await startSync(s);
    const branchesBefore = (await s.call('/build/api/v1/deployments/1/branches')).body.items.map((b: {name: string}) => b.name);
    expect(branchesBefore).not.toContain(branchName);
    await runToEnd(s, syncJobId, 5000);
    const branches = (await s.call('/build/api/v1/deployments/1/branches')).body.items as Array<{name: string; parentBranch: string}>;
    expect(branches.find((b) => b.name === branchName)).toMatchObject({parentBranch: 'main'});
    const tree = await s.call(`/build/api/v1/deployments/1/data-model/files?branchName=${encodeURIComponent(branchName)}&withContent=true`);
    const paths = JSON.stringify(tree.body.items);
    expect(paths).toContain('/model/cubes/dbt/dim_customers.yml');
    expect(paths).toContain('/model/cubes/orders.yml');
    const build = await s.call(`/api/v1/deployments/1/build-status?branchName=${encodeURIComponent(branchName)}`);
    expect(build.body.status).not.toBe('built');
  });

  it('pages the generated files with their content', async () => {
    const s = service();
    const {syncJobId} = await startSync(s);
    expect((await s.call(`${BASE}/${syncJobId}/generated-files`)).status).toBe(404);
    await runToEnd(s, syncJobId, 5000);
    const one = await s.call(`${BASE}/${syncJobId}/generated-files?first=3`);
    expect(one.body.items).toHaveLength(3);
    expect(one.body.items[0].content).toMatch(/^# Generated by dbt sync/);
    const rest = await s.call(`${BASE}/${syncJobId}/generated-files?first=100&after=${one.body.pageInfo.endCursor}`);
    expect(rest.body.pageInfo.hasNextPage).toBe(false);
    const all = [...one.body.items, ...rest.body.items].map((f: {path: string}) => f.path);
    expect(all).toHaveLength(7);
    expect(new Set(all).size).toBe(7);
  });

  it('syncs a tag into a branch named after it, with the model of that release', async () => {
    const s = service();
    const {syncJobId, branchName} = await startSync(s, {ref: 'v1.0.0'});
    expect(branchName).toMatch(/^dbt-sync\/v1\.0\.0-\d{14}-[0-9a-f]{8}$/);
    await runToEnd(s, syncJobId, 5000);
    expect((await s.call(`${BASE}/${syncJobId}/result`)).body).toMatchObject({cubeCount: 4, manifestStats: {models: 4}});
  });

  it('uses the integration’s saved branch without a ref, names the branch segment after it, and reports it as gitRef', async () => {
    const s = service();
    const {syncJobId, branchName} = await startSync(s, {});
    expect(branchName).toMatch(/^dbt-sync\/main-/);
    await runToEnd(s, syncJobId, 5000);
    expect(await runOf(s, syncJobId)).toMatchObject({status: 'COMPLETED', gitRef: 'main'});
  });
});

describe('the service log', () => {
  it('says when a sync starts and how it ended', async () => {
    const lines: string[] = [];
    const s = dbtService({log: (line) => lines.push(line)});
    open.push(s);
    lines.length = 0;
    const ok = await startSync(s);
    const bad = await startSync(s, {ref: 'broken-compile'});
    await runToEnd(s, ok.syncJobId, 5000);
    await runToEnd(s, bad.syncJobId, 5000);
    const dbtLines = lines.filter((l) => l.startsWith('[dbt]'));
    expect(dbtLines).toContain(`[dbt] deployment 1: sync ${ok.syncJobId} started from main into ${ok.branchName}`);
    expect(dbtLines).toContain(`[dbt] deployment 1: sync ${ok.syncJobId} completed`);
    expect(dbtLines).toContain(`[dbt] deployment 1: sync ${bad.syncJobId} failed in dbt-compile: Compilation Error`);
    expect(dbtLines).toHaveLength(4);
  });
});

describe('failing refs', () => {
  const cases = [
    {ref: 'broken-compile', phase: 'dbt-compile', stage: 'COMPILING_DBT', error: /depends on a node named 'stg_payments' which was not found/},
    {ref: 'bad-manifest', phase: 'process-manifest', stage: 'PROCESSING_MANIFEST', error: /unsupported manifest schema v4 written by dbt 1\.0\.9/},
    {ref: 'feature/nope', phase: 'repo-clone', stage: 'UPLOADING_PROJECT', error: /no branch or tag feature\/nope/},
  ];
  for (const c of cases) {
    it(`${c.ref} fails in ${c.stage} with failedPhase ${c.phase}`, async () => {
      const s = service();
      const {syncJobId} = await startSync(s, {ref: c.ref});
      const {seen, last} = await runToEnd(s, syncJobId, 200);
      expect(seen.at(-2)).toBe(c.stage);
      expect(seen.at(-1)).toBe('FAILED');
      expect(last.error).toMatch(c.error);
      const run = await runOf(s, syncJobId);
      expect(run).toMatchObject({status: 'FAILED', failedPhase: c.phase, lastStage: c.stage, gitRef: c.ref});
      expect(run.errorMessage).toMatch(c.error);
      expect(run.phases.at(-1)).toMatchObject({phase: c.phase, outcome: 'failed'});
      expect(run.phases.slice(0, -1).every((p: {outcome: string}) => p.outcome === 'ok')).toBe(true);
      const logs = (await s.call(`${BASE}/${syncJobId}/logs`)).body.items;
      expect(logs.some((l: {level: string; phase: string}) => l.level === 'error' && l.phase === c.phase)).toBe(true);
      const result = await s.call(`${BASE}/${syncJobId}/result`);
      expect(result.status).toBe(404);
      expect(result.body.error).toMatch(/FAILED/);
    });
  }
});

describe('cancel', () => {
  it('turns a RUNNING sync CANCELLED: history says CANCELLED, status reports a failure saying it was cancelled', async () => {
    const s = service();
    const {syncJobId, branchName} = await startSync(s);
    s.clock.advance(6000);
    const res = await s.call(`${BASE}/${syncJobId}`, {method: 'DELETE'});
    expect(res).toMatchObject({status: 200, body: {message: `Cancelled dbt sync ${syncJobId}`}});
    s.clock.advance(60_000);
    const status = (await s.call(`${BASE}/${syncJobId}`)).body;
    expect(status.status).toBe('FAILED');
    expect(status.error).toMatch(/cancelled/i);
    const run = await runOf(s, syncJobId);
    expect(run).toMatchObject({status: 'CANCELLED', durationMs: 6000});
    expect(run.phases.at(-1).outcome).toBe('failed');
    expect((await s.call(`${BASE}?status=CANCELLED&first=100`)).body.items.map((r: {syncJobId: string}) => r.syncJobId)).toContain(syncJobId);
    const branches = (await s.call('/build/api/v1/deployments/1/branches')).body.items.map((b: {name: string}) => b.name);
    expect(branches).not.toContain(branchName);
    const again = await s.call(`${BASE}/${syncJobId}`, {method: 'DELETE'});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/CANCELLED.*only a RUNNING sync/);
  });

  it('refuses to cancel a finished sync and an unknown one', async () => {
    const s = service();
    const {syncJobId} = await startSync(s);
    await runToEnd(s, syncJobId, 5000);
    expect((await s.call(`${BASE}/${syncJobId}`, {method: 'DELETE'})).status).toBe(409);
    expect((await s.call(`${BASE}/no-such-sync`, {method: 'DELETE'})).status).toBe(404);
  });
});

describe('uploaded manifests and output files', () => {
  it('converts an uploaded manifest without the repository stages', async () => {
    const s = service();
    const first = await startSync(s, {ref: 'main'});
    await runToEnd(s, first.syncJobId, 5000);
    const files = (await s.call(`${BASE}/${first.syncJobId}/generated-files?first=100`)).body.items;
    expect(files.length).toBe(7);
    const {syncJobId, branchName} = await startSync(s, {source: 'manifest', manifest: smallManifest()});
    expect(branchName).toMatch(/^dbt-sync\/manifest-/);
    const {seen} = await runToEnd(s, syncJobId, 200);
    expect(seen).toEqual(['INITIALIZING', 'PROCESSING_MANIFEST', 'WRITING_CUBE_FILES', 'FINALIZING', 'COMPLETED']);
    expect((await s.call(`${BASE}/${syncJobId}/result`)).body).toMatchObject({cubeCount: 1, manifestStats: {models: 1, sources: 0, macros: 0}});
    expect(await runOf(s, syncJobId)).toMatchObject({source: 'manifest', gitRef: null, stats: {dbtVersion: '1.7.0', manifestGeneratedAt: '2026-05-30T12:00:00Z'}});
  });

  it('fails an uploaded manifest it cannot read in process-manifest', async () => {
    const s = service();
    const {syncJobId} = await startSync(s, {source: 'manifest', manifest: {nodes: {}}});
    const {last} = await runToEnd(s, syncJobId, 500);
    expect(last.error).toMatch(/not a dbt manifest/);
    expect((await runOf(s, syncJobId)).failedPhase).toBe('process-manifest');
  });

  it('holds the files of output files without writing a branch', async () => {
    const s = service();
    const branchNames = async () => ((await s.call('/build/api/v1/deployments/1/branches?first=1000')).body.items as Array<{name: string}>).map((b) => b.name);
    const before = await branchNames();
    const {syncJobId, branchName} = await startSync(s, {ref: 'main', output: 'files'});
    expect(branchName).toBe('');
    await runToEnd(s, syncJobId, 5000);
    const files = await s.call(`${BASE}/${syncJobId}/generated-files?first=100`);
    expect(files.body.items).toHaveLength(7);
    // No branch added (the seeded history's completed runs each wrote theirs earlier).
    expect(await branchNames()).toEqual(before);
  });
});
