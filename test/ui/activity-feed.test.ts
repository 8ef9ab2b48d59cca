// The console's one activity watcher (src/ui/activity/feed.ts) on a counting fake platform and short intervals:
// it asks nothing until something is pinned, started or viewed; pinned deployments only, all of them while
// :activity shows, then pinned only again; nothing while paused. Notices: a pinned deployment's run and a run
// started here, once each; a run elsewhere seen while :activity shows is no notice. A run started here is a row at
// once; a caused build's row becomes the build claimed for it; one never listed ends as unknown, "not listed".
import {describe, expect, it} from 'vitest';
import type {BuildStatus} from '../../src/api/builds.js';
import type {DbtRun} from '../../src/api/dbt.js';
import {ActivityFeed} from '../../src/ui/activity/feed.js';
import type {ActivityRun, ActivitySource} from '../../src/workflows/activity.js';
import {eventually} from '../helpers/eventually.js';

const BUDGET = {idleMs: 20, activeMs: 10, perSecond: 1000, deploymentsMs: 60_000};

function platform(count: number) {
  const asked: string[] = [];
  /** Each deployment's dbt runs, as the list answers them. */
  const runs = new Map<string, DbtRun[]>();
  /** Each deployment's newest build (else build 1, built). */
  const builds = new Map<string, Pick<BuildStatus, 'status' | 'buildJobId' | 'deploymentStatus'>>();
  const source: ActivitySource = {
    deployments: async (offset, limit) => {
      asked.push('list');
      const all = Array.from({length: count}, (_, i) => ({id: String(i + 1), name: `dep-${i + 1}`}));
      return {items: all.slice(offset, offset + limit), total: count};
    },
    syncs: async (id) => {
      asked.push(id);
      return runs.get(id) ?? [];
    },
    build: async (id): Promise<BuildStatus> => ({deploymentId: id, branchName: 'main', mode: 'production', status: 'built', buildJobId: 1, deploymentStatus: 'built', raw: {}, ...builds.get(id)}),
  };
  return {source, asked, runs, builds};
}

const running = (id: string): DbtRun => ({syncJobId: id, status: 'RUNNING', lastStage: 'COMPILING_DBT', startedAt: new Date().toISOString(), raw: {}});
const failed = (id: string): DbtRun => ({syncJobId: id, status: 'FAILED', failedPhase: 'dbt-compile', startedAt: new Date().toISOString(), durationMs: 5, raw: {}});

describe('the console activity feed', () => {
  it('asks only what is pinned, everything while viewed, nothing while paused or with nothing to watch', async () => {
    const p = platform(6);
    const feed = new ActivityFeed(p.source, () => {});
    feed.setBudget(BUDGET);
    // Nothing pinned, started or viewed: not even the list. (Proven below by the first request being the list
    // once something is pinned.)
    expect(p.asked).toEqual([]);
    feed.setPins(['2', '5']);
    await eventually(() => p.asked.filter((a) => a === '2').length >= 3 && p.asked.filter((a) => a === '5').length >= 3, 'looks at 2 and 5');
    expect(p.asked[0]).toBe('list');
    expect(new Set(p.asked)).toEqual(new Set(['list', '2', '5']));
    const release = feed.view();
    await eventually(() => ['1', '3', '4', '6'].every((id) => p.asked.includes(id)), 'a look at every deployment');
    release();
    const mark = p.asked.length;
    await eventually(() => p.asked.slice(mark).filter((a) => a === '2').length >= 3, 'more looks at 2');
    // A request sent before the view ended is counted before the mark; a look still waiting for its turn then asks
    // nothing of a deployment no longer watched (forced in test/workflows/activity.test.ts). Every look after is of a pin.
    expect(new Set(p.asked.slice(mark))).toEqual(new Set(['2', '5']));
    feed.setBudget(undefined);
    const stopped = p.asked.length;
    feed.setPins(['1']);
    expect(p.asked.length).toBe(stopped);
    feed.halt();
  });

  it("notices a pinned deployment's run and a run started here, once each; not a run elsewhere", async () => {
    const p = platform(4);
    const notices: ActivityRun[] = [];
    const feed = new ActivityFeed(p.source, (run) => notices.push(run), ['1']);
    p.runs.set('1', [running('a')]);
    p.runs.set('3', [running('b')]);
    p.runs.set('4', [running('c')]);
    feed.setBudget(BUDGET);
    const release = feed.view();
    feed.started({kind: 'sync', deploymentId: '4', id: 'c'});
    await eventually(() => feed.getState().runs?.length === 3, 'the three running syncs');
    p.runs.set('1', [failed('a')]);
    p.runs.set('3', [failed('b')]);
    p.runs.set('4', [failed('c')]);
    await eventually(() => notices.length >= 2 && feed.getState().runs?.every((r) => r.status === 'failed') === true, 'the ends');
    expect(notices.map((r) => `${r.deploymentId} ${r.id} ${r.status}`).sort()).toEqual(['1 a failed', '4 c failed']);
    release();
    feed.halt();
  });

  it("a run started here is a row at once; a caused build's row becomes the build claimed for it", async () => {
    const p = platform(3);
    const feed = new ActivityFeed(p.source, () => {});
    feed.started({kind: 'build', deploymentId: '2', replaces: '1', deploymentName: 'dep-2', ref: 'main'});
    // Before any budget (nothing asked yet): the console's own row.
    expect(feed.getState().runs).toMatchObject([{kind: 'build', deploymentName: 'dep-2', ref: 'main', status: 'queued', phase: 'started here', startedHere: 'waiting'}]);
    p.builds.set('2', {status: 'building', buildJobId: 2, deploymentStatus: 'queued'});
    feed.setBudget(BUDGET);
    await eventually(() => feed.getState().runs?.some((r) => r.id === '2') === true, 'the claimed build');
    expect(feed.getState().runs).toMatchObject([{key: 'build:2:2', status: 'queued'}]);
    expect(feed.getState().runs?.[0]?.startedHere).toBeUndefined();
    feed.halt();
  });

  it('a sync started here that its deployment never lists ends as unknown, not listed', async () => {
    const p = platform(3);
    const feed = new ActivityFeed(p.source, () => {});
    feed.setBudget(BUDGET);
    feed.started({kind: 'sync', deploymentId: '3', id: 'gone', deploymentName: 'dep-3', ref: 'main'});
    await eventually(() => feed.getState().runs?.[0]?.status === 'unknown', 'the sync given up');
    expect(feed.getState().runs).toMatchObject([{key: 'sync:3:gone', status: 'unknown', phase: 'not listed', startedHere: 'unseen'}]);
    feed.halt();
  });
});
