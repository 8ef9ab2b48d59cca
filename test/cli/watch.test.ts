// `svc watch` from the command tree in-process (cliInProcess.ts) against the in-process service at --speed 4 (a
// broken-compile sync fails in about 4 s), the watcher's budget 20× faster (a running deployment asked every 250 ms,
// so the sync is seen in several phases even when the watch starts late on a loaded machine): --until-idle after a
// failed sync exits 1 with parseable JSON lines; a deployment it cannot see is refused. ctrl+c (SIGINT) ending the
// watch with 130: test/e2e/cli-watch.test.ts.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it, onTestFinished} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {ACTIVITY_BUDGET} from '../../src/workflows/activity.js';
import {STACK_LINE} from '../helpers/cliHarness.js';
import {runInProcess, startCliService} from '../helpers/cliInProcess.js';

const work = mkdtempSync(join(tmpdir(), 'svc-watch-'));
let service: RunningService;
beforeAll(async () => {
  service = await startCliService({speed: 4});
});
afterAll(() => service.close());

/**
 * The watcher's budget `factor`× faster for this test (its intervals shorter, its rate higher). `svc watch` reads
 * the budget when it starts; it is put back when the test finishes.
 */
function fasterWatcher(factor: number): void {
  const saved = {...ACTIVITY_BUDGET};
  Object.assign(ACTIVITY_BUDGET, {idleMs: saved.idleMs / factor, activeMs: saved.activeMs / factor, perSecond: saved.perSecond * factor, deploymentsMs: saved.deploymentsMs / factor});
  onTestFinished(() => void Object.assign(ACTIVITY_BUDGET, saved));
}

const svc = (args: string[]) => runInProcess(args, {HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1', SVC_API_URL: service.url, SVC_API_KEY: service.adminKey});

describe('svc watch', () => {
  it('--until-idle --json: a sync that fails is started, changes phase, finishes failed; exit 1', async () => {
    fasterWatcher(20);
    const started = await svc(['--json', 'dbt', 'sync', '1', '--ref', 'broken-compile']);
    expect(started.code, started.stderr).toBe(0);
    const syncJobId = JSON.parse(started.stdout).syncJobId as string;
    const run = await svc(['--json', 'watch', '--deployment', '1', '--until-idle']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.stderr).toContain('idle: 1 watched run failed');
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = lines.filter((l) => l.id === syncJobId);
    expect(mine[0]).toMatchObject({event: 'started', kind: 'sync', deploymentId: '1', ref: 'broken-compile', trigger: 'api', status: 'running'});
    expect(mine.at(-1)).toMatchObject({event: 'finished', status: 'failed', phase: 'dbt-compile', durationMs: expect.any(Number)});
    expect(mine.some((l) => l.event === 'phase')).toBe(true);
  }, 60_000);

  it('refuses a deployment the credential cannot see, naming it; exit 1', async () => {
    const run = await svc(['watch', '--deployment', 'no-such-deployment', '--until-idle']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error: no deployment 'no-such-deployment' among the \d+ this credential can see/);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});
