// The activity watcher's request budget on simulated time (no real sleeping): a fake clock whose sleep moves time,
// and a fake platform that records when each request started. Then the events it derives from scripted runs, and
// from real runs of the local service.
import {describe, expect, it} from 'vitest';
import type {BuildStatus} from '../../src/api/builds.js';
import {createApi} from '../../src/api/client.js';
import {startDbtSync, type DbtRun} from '../../src/api/dbt.js';
import {setEnvVars} from '../../src/api/envVars.js';
import {ManualClock} from '../../src/server/engines/clock.js';
import {ActivityWatcher, apiSource, type ActivityClock, type ActivityEvent, type ActivitySource} from '../../src/workflows/activity.js';
import {startRecordingProxy} from '../helpers/recordingProxy.js';
import {adminApi, startTestService} from '../helpers/startService.js';

const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
const MINUTES_10 = 10 * 60_000;

/** Simulated time: sleeping moves the clock; reaching `end` aborts the watch. */
function simClock(end: number, stop: AbortController): ActivityClock & {t: number} {
  const clock = {
    t: T0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
      if (clock.t >= end) stop.abort();
    },
  };
  return clock;
}

interface Recorded {
  at: number;
  what: 'deployments' | 'syncs' | 'build';
  id?: string;
}

/** `runs(id, t)` scripts the dbt runs a deployment reports at time t. */
function fakePlatform(count: number, clock: {now(): number}, runs: (id: string, t: number) => DbtRun[] = () => []) {
  const requests: Recorded[] = [];
  const all = Array.from({length: count}, (_, i) => ({id: String(i + 1), name: `dep-${i + 1}`}));
  const source: ActivitySource = {
    deployments: async (offset, limit) => {
      requests.push({at: clock.now(), what: 'deployments'});
      return {items: all.slice(offset, offset + limit), total: all.length};
    },
    syncs: async (id) => {
      requests.push({at: clock.now(), what: 'syncs', id});
      return runs(id, clock.now());
    },
    build: async (id): Promise<BuildStatus> => {
      requests.push({at: clock.now(), what: 'build', id});
      return {deploymentId: id, branchName: 'main', mode: 'production', status: 'built', buildJobId: 1, deploymentStatus: 'built', updatedAt: new Date(T0 - 86_400_000).toISOString(), raw: {}};
    },
  };
  return {source, requests};
}

async function simulate(count: number, runs?: (id: string, t: number) => DbtRun[]) {
  const stop = new AbortController();
  const clock = simClock(T0 + MINUTES_10, stop);
  const platform = fakePlatform(count, clock, runs);
  const events: ActivityEvent[] = [];
  const watcher = new ActivityWatcher(platform.source, {clock, onEvent: (e) => events.push(e)});
  await watcher.run(stop.signal);
  return {...platform, events, watcher};
}

/** The most request starts in any window [t, t + 1 s). */
function busiestSecond(requests: Recorded[]): number {
  let most = 0;
  for (let i = 0, j = 0; i < requests.length; i++) {
    while (requests[i]!.at - requests[j]!.at >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

function perDeployment(requests: Recorded[], what: Recorded['what']): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  for (const r of requests) if (r.what === what) seen.set(r.id!, [...(seen.get(r.id!) ?? []), r.at]);
  return seen;
}

/** A sync running from 60 s to 120 s into the watch on deployment `id`, failing in dbt-compile. */
const oneSync = (id: string) => (dep: string, t: number): DbtRun[] => {
  const since = t - T0;
  if (dep !== id || since < 60_000) return [];
  const startedAt = new Date(T0 + 60_000).toISOString();
  if (since < 90_000) return [{syncJobId: 's1', status: 'RUNNING', lastStage: 'INSTALLING_DEPENDENCIES', trigger: 'webhook', gitRef: 'main', startedAt, raw: {}}];
  if (since < 120_000) return [{syncJobId: 's1', status: 'RUNNING', lastStage: 'COMPILING_DBT', trigger: 'webhook', gitRef: 'main', startedAt, raw: {}}];
  return [{syncJobId: 's1', status: 'FAILED', failedPhase: 'dbt-compile', trigger: 'webhook', gitRef: 'main', startedAt, durationMs: 60_000, errorMessage: 'compile', raw: {}}];
};

describe('activity watcher request budget (simulated 10 minutes)', () => {
  it('45 idle deployments: each asked once per 30 s at most, every one of them kept up', async () => {
    const {requests} = await simulate(45);
    const syncs = perDeployment(requests, 'syncs');
    expect(syncs.size).toBe(45);
    for (const times of syncs.values()) {
      expect(times.length).toBeLessThanOrEqual(MINUTES_10 / 30_000 + 1);
      expect(times.length).toBeGreaterThanOrEqual(MINUTES_10 / 30_000 - 1);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(30_000);
    }
    expect(perDeployment(requests, 'build').size).toBe(45);
    // 45 × 2 requests per 30 s, plus the deployments list every 5 minutes.
    expect(requests.length / 10).toBeLessThanOrEqual(181);
    expect(busiestSecond(requests)).toBeLessThanOrEqual(10);
  });

  it('500 deployments: never more than 10 requests in any second, no deployment more than once per 30 s', async () => {
    const {requests} = await simulate(500);
    expect(busiestSecond(requests)).toBeLessThanOrEqual(10);
    expect(requests.length).toBeLessThanOrEqual(6000);
    // The budget is used: the cap, not idleness, bounds the rate.
    expect(requests.length).toBeGreaterThan(5900);
    const syncs = perDeployment(requests, 'syncs');
    expect(syncs.size).toBe(500);
    for (const times of syncs.values()) {
      expect(times.length).toBeGreaterThanOrEqual(5);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(30_000);
    }
    expect(requests.filter((r) => r.what === 'deployments')).toHaveLength(5 * 2);
  });

  it('500 deployments: one with a run going is asked every 5 s, ahead of the idle round', async () => {
    const {requests, events} = await simulate(500, oneSync('250'));
    const times = perDeployment(requests, 'syncs').get('250')!;
    const during = times.filter((t) => t > T0 + 60_000 && t <= T0 + 125_000);
    // Seen running somewhere in the idle round (≤ 100 s late at 500), then every 5 s (plus pacing) until it ended.
    for (let i = 1; i < during.length; i++) expect(during[i]! - during[i - 1]!).toBeLessThanOrEqual(5_000 + 500);
    expect(busiestSecond(requests)).toBeLessThanOrEqual(10);
    expect(events.map((e) => e.type)).toContain('finished');
  });
});

describe('activity watcher under more active runs than the rate allows', () => {
  it('40 of 100 deployments with a sync going the whole time: every deployment is still asked, idle ones again and again', async () => {
    const going = (id: string): DbtRun[] =>
      Number(id) <= 40 ? [{syncJobId: `s${id}`, status: 'RUNNING', lastStage: 'COMPILING_DBT', startedAt: new Date(T0).toISOString(), raw: {}}] : [];
    const {requests} = await simulate(100, going);
    const syncs = perDeployment(requests, 'syncs');
    expect(syncs.size).toBe(100);
    for (let id = 41; id <= 100; id++) expect(syncs.get(String(id))!.length, `idle deployment ${id}`).toBeGreaterThanOrEqual(3);
    for (let id = 1; id <= 40; id++) expect(syncs.get(String(id))!.length, `active deployment ${id}`).toBeGreaterThanOrEqual(20);
    expect(busiestSecond(requests)).toBeLessThanOrEqual(10);
  });
});

describe('activity watcher scope (the console: pins, runs it started, :activity)', () => {
  it('watchOnly asks only those deployments; undefined widens to all again at once', async () => {
    const stop = new AbortController();
    const clock = simClock(T0 + 120_000, stop);
    let widenedAt: number | undefined;
    const platform = fakePlatform(10, clock, (_, t) => {
      if (widenedAt === undefined && t - T0 >= 60_000) {
        widenedAt = t;
        watcher.watchOnly(undefined);
      }
      return [];
    });
    const watcher: ActivityWatcher = new ActivityWatcher(platform.source, {clock});
    watcher.watchOnly(new Set(['3', '7']));
    await watcher.run(stop.signal);
    const before = platform.requests.filter((r) => r.what === 'syncs' && r.at < widenedAt!);
    expect(new Set(before.map((r) => r.id))).toEqual(new Set(['3', '7']));
    // Each asked once per 30 s while idle: 2 deployments × 3 looks in the first minute.
    expect(before.length).toBeLessThanOrEqual(6);
    const after = platform.requests.filter((r) => r.what === 'syncs' && r.at >= widenedAt!);
    expect(new Set(after.map((r) => r.id)).size).toBe(10);
    // Widening did not read the deployments list again (it had it).
    expect(platform.requests.filter((r) => r.what === 'deployments')).toHaveLength(1);
  });

  it('a deployment poked during a look at it is asked again right after, ahead of deployments never asked', async () => {
    const stop = new AbortController();
    const clock = simClock(T0 + 60_000, stop);
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    const platform = fakePlatform(3, clock);
    const syncs = platform.source.syncs;
    // The first look at deployment 1 is answered only once the run has been started (and the watcher poked).
    platform.source.syncs = async (id, signal) => {
      const answer = syncs(id, signal);
      if (id === '1' && platform.requests.filter((r) => r.id === '1').length === 1) await held;
      return answer;
    };
    const watcher = new ActivityWatcher(platform.source, {clock});
    const running = watcher.run(stop.signal);
    for (let i = 0; i < 100 && !platform.requests.some((r) => r.id === '1'); i++) await new Promise((r) => setImmediate(r));
    watcher.poke('1');
    letThrough();
    for (let i = 0; i < 100 && platform.requests.filter((r) => r.what === 'syncs').length < 3; i++) await new Promise((r) => setImmediate(r));
    stop.abort();
    await running;
    // The look under way may have asked before the run existed: 1 is asked again before 2 and 3 are first asked.
    expect(platform.requests.filter((r) => r.what === 'syncs').map((r) => r.id).slice(0, 3)).toEqual(['1', '1', '2']);
  });

  it('a deployment where a run is expected is asked at the pace of a run going until no longer expected', async () => {
    const stop = new AbortController();
    const clock = simClock(T0 + 120_000, stop);
    const platform = fakePlatform(3, clock);
    const watcher = new ActivityWatcher(platform.source, {clock});
    watcher.expectRuns(new Set(['2']));
    expect(watcher.idle()).toBe(false);
    await watcher.run(stop.signal);
    const syncs = perDeployment(platform.requests, 'syncs');
    // Every 5 s for two minutes; the others once per 30 s.
    expect(syncs.get('2')!.length).toBeGreaterThanOrEqual(120_000 / 5_000 - 1);
    for (const id of ['1', '3']) expect(syncs.get(id)!.length).toBeLessThanOrEqual(120_000 / 30_000 + 1);
    watcher.expectRuns(new Set());
    expect(watcher.idle()).toBe(true);
  });

  it('a look waiting for its turn at a deployment that leaves the scope sends nothing for it', async () => {
    // A clock whose sleeps end only when the test says: the look at deployment 1 is held in the pacer's wait while
    // the scope narrows to deployment 2 (the order that made :activity's feed ask for 1 after the view closed).
    let t = T0;
    let held: (() => void) | undefined;
    const clock: ActivityClock = {
      now: () => t,
      sleep: (ms, signal) =>
        new Promise((resolve) => {
          held = () => {
            t += ms;
            resolve();
          };
          signal.addEventListener('abort', () => resolve(), {once: true});
        }),
    };
    const stop = new AbortController();
    const platform = fakePlatform(3, clock);
    const watcher = new ActivityWatcher(platform.source, {clock, budget: {perSecond: 1}});
    const running = watcher.run(stop.signal);
    for (let i = 0; i < 100 && held === undefined; i++) await new Promise((r) => setImmediate(r));
    // The list was read; the first look (deployment 1) waits its second.
    expect(platform.requests.map((r) => r.what)).toEqual(['deployments']);
    watcher.watchOnly(new Set(['2']));
    held!();
    for (let i = 0; i < 100 && !platform.requests.some((r) => r.id === '2'); i++) {
      await new Promise((r) => setImmediate(r));
      const next = held;
      held = undefined;
      next?.();
    }
    stop.abort();
    held?.();
    await running;
    expect(platform.requests.filter((r) => r.id !== undefined).map((r) => r.id)).not.toContain('1');
    expect(platform.requests.some((r) => r.what === 'syncs' && r.id === '2')).toBe(true);
  });
});

describe('activity watcher events', () => {
  it('started, phase, finished with status, phase and duration; idle once nothing runs', async () => {
    const {events, watcher} = await simulate(3, oneSync('2'));
    expect(events.map((e) => [e.type, e.run.status, e.run.phase])).toEqual([
      ['started', 'running', 'INSTALLING_DEPENDENCIES'],
      ['phase', 'running', 'COMPILING_DBT'],
      ['finished', 'failed', 'dbt-compile'],
    ]);
    expect(events[2]!.run).toMatchObject({kind: 'sync', deploymentName: 'dep-2', ref: 'main', trigger: 'webhook', durationMs: 60_000});
    expect(watcher.idle()).toBe(true);
    // Ended within the hour: still in the snapshot.
    expect(watcher.snapshot().map((r) => r.key)).toEqual(['sync:2:s1']);
  });

  it('a run already going when the watch begins is reported as started; one ended before is not an event', async () => {
    const ended: DbtRun = {syncJobId: 'old', status: 'COMPLETED', startedAt: new Date(T0 - 7_200_000).toISOString(), durationMs: 1000, raw: {}};
    const going: DbtRun = {syncJobId: 'now', status: 'RUNNING', lastStage: 'FINALIZING', startedAt: new Date(T0 - 10_000).toISOString(), raw: {}};
    const {events, watcher} = await simulate(1, (_, t) => (t - T0 < 20_000 ? [going, ended] : [{...going, status: 'COMPLETED', durationMs: 25_000}, ended]));
    expect(events.map((e) => `${e.type} ${e.run.id} ${e.run.status}`)).toEqual(['started now running', 'finished now succeeded']);
    // The one that ended two hours before the watch is not kept.
    expect(watcher.snapshot().map((r) => r.id)).toEqual(['now']);
  });

  it('--deployment names a deployment the credential cannot see: refused with the names', async () => {
    const stop = new AbortController();
    const clock = simClock(T0 + 60_000, stop);
    const {source} = fakePlatform(3, clock);
    const watcher = new ActivityWatcher(source, {clock, deployments: ['dep-1', 'nope']});
    await expect(watcher.run(stop.signal)).rejects.toThrow("no deployment 'nope' among the 3 this credential can see");
  });
});

describe('activity watcher on the real local service', () => {
  it('a failing dbt sync from the API and an env-var rebuild: started, phases, finished in the right status', async () => {
    const service = new ManualClock(T0);
    const svc = await startTestService({seed: 'demo', clock: service});
    try {
      const api = adminApi(svc);
      const {syncJobId} = await startDbtSync(api, '1', {ref: 'broken-compile'});
      await setEnvVars(api, '2', [{name: 'ACTIVITY_PROBE', value: '1'}]);
      const events: ActivityEvent[] = [];
      // The watcher's sleeps move the service's clock, so builds and syncs progress exactly as it waits.
      const clock: ActivityClock = {now: () => service.now(), sleep: async (ms) => void service.advance(ms)};
      const watcher = new ActivityWatcher(apiSource(api), {clock, deployments: ['1', '2'], onEvent: (e) => events.push(e)});
      await watcher.run(new AbortController().signal, true);
      const lines = events.map((e) => `${e.type} ${e.run.kind} ${e.run.deploymentId} ${e.run.status}${e.run.phase ? ` ${e.run.phase}` : ''}`);
      expect(lines[0]).toMatch(/^started sync 1 running/);
      expect(lines).toContain('finished sync 1 failed dbt-compile');
      expect(lines.filter((l) => l.startsWith('phase sync 1')).length).toBeGreaterThan(0);
      expect(lines.some((l) => /^started build 2 (queued|running)/.test(l))).toBe(true);
      expect(lines.some((l) => /^finished build 2 succeeded/.test(l))).toBe(true);
      const failed = events.find((e) => e.type === 'finished' && e.run.kind === 'sync')!.run;
      expect(failed).toMatchObject({id: syncJobId, ref: 'broken-compile', trigger: 'api'});
      expect(failed.durationMs).toBeGreaterThan(0);
      expect(watcher.idle()).toBe(true);
    } finally {
      await svc.close();
    }
  });
});

describe('activity watcher requests', () => {
  it('pages through the deployments list without the default offset=0 (a strict gateway refuses it)', async () => {
    const svc = await startTestService({seed: 'demo'});
    const proxy = await startRecordingProxy(svc.url);
    try {
      const source = apiSource(createApi({baseUrl: proxy.url, token: svc.adminKey}));
      const signal = new AbortController().signal;
      const first = await source.deployments(0, 2, signal);
      const second = await source.deployments(2, 2, signal);
      expect(proxy.exchanges.map((e) => `${e.path}?${e.query.toString()}`)).toEqual(['/api/v1/deployments?limit=2', '/api/v1/deployments?offset=2&limit=2']);
      expect(second.items.map((d) => d.id)).not.toContain(first.items[0]!.id);
    } finally {
      await proxy.close();
      await svc.close();
    }
  });
});
