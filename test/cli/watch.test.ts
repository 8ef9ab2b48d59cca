// `svc watch` from the command tree in-process (cliInProcess.ts) against the in-process service, its clock a JumpClock
// standing still while the test watches: a broken-compile sync moves on only when the test jumps the clock, one stage
// once the watch has seen it start and the rest once it has seen the phase change, so each step is seen whatever the
// machine's load (before: --speed 4, about 4 s of real time for the sync). The watcher's budget is 20× faster (a
// running deployment asked every 250 ms). --until-idle after a failed sync exits 1 with parseable JSON lines; a
// deployment it cannot see is refused. ctrl+c (SIGINT) ending the watch with 130: test/e2e/cli-watch.test.ts.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it, onTestFinished} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {planOf} from '../../src/server/engines/dbt/engine.js';
import {findDbtSync} from '../../src/server/store/dbt.js';
import {ACTIVITY_BUDGET} from '../../src/workflows/activity.js';
import {STACK_LINE} from '../helpers/cliHarness.js';
import {JumpClock, runInBackgroundInProcess, runInProcess, startCliService} from '../helpers/cliInProcess.js';

const work = mkdtempSync(join(tmpdir(), 'svc-watch-'));
const clock = new JumpClock();
let service: RunningService;
beforeAll(async () => {
  service = await startCliService({clock});
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

const env = () => ({HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1', SVC_API_URL: service.url, SVC_API_KEY: service.adminKey});
const svc = (args: string[]) => runInProcess(args, env());

describe('svc watch', () => {
  it('--until-idle --json: a sync that fails is started, changes phase, finishes failed; exit 1', async () => {
    fasterWatcher(20);
    clock.pace(0);
    onTestFinished(() => clock.pace(1));
    const started = await svc(['--json', 'dbt', 'sync', '1', '--ref', 'broken-compile']);
    expect(started.code, started.stderr).toBe(0);
    const syncJobId = JSON.parse(started.stdout).syncJobId as string;
    const stages = planOf(findDbtSync(service.ctx.db, 1, syncJobId)!).stages;
    const watch = runInBackgroundInProcess(['--json', 'watch', '--deployment', '1', '--until-idle'], env());
    const line = (event: string) => new RegExp(`^(?=.*"event":"${event}")(?=.*"id":"${syncJobId}").*$`, 'm');
    await watch.waitForStdout(line('started'));
    clock.jump(stages[0]!.ms);
    await watch.waitForStdout(line('phase'));
    clock.jump(stages.reduce((sum, s) => sum + s.ms, 0));
    const run = await watch.done;
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
