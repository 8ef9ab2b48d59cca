import Database from 'better-sqlite3';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {BuildEngine} from '../../src/server/engines/builds.js';
import {ManualClock} from '../../src/server/engines/clock.js';
import {BUILDS_MIGRATION, latestBuildTime} from '../../src/server/store/builds.js';

function openDb(file = ':memory:') {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(BUILDS_MIGRATION);
  return db;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

describe('BuildEngine', () => {
  it('steps queued → building → warmup → built on the planned durations, with a timestamp per step', () => {
    const clock = new ManualClock();
    const t0 = clock.now();
    const engine = new BuildEngine(openDb(), clock);
    const build = engine.trigger(1, 'main', 'version switch', {filesHash: 'f1', lastHash: 'c1'});
    expect(build.step).toBe('queued');
    const seen: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      seen.push(engine.status(1, 'main')!.step);
      clock.advance(1_000);
    }
    expect(seen).toEqual(['queued', 'building', 'building', 'building', 'warmup', 'warmup', 'built']);
    const done = engine.status(1, 'main')!;
    expect(done).toMatchObject({id: build.id, buildingAt: t0 + 1_000, warmupAt: t0 + 4_000, finishedAt: t0 + 6_000, filesHash: 'f1', lastHash: 'c1'});
    expect(done.errorText).toBeUndefined();
  });

  it('records step times as planned even when nobody looked in between', () => {
    const clock = new ManualClock();
    const t0 = clock.now();
    const engine = new BuildEngine(openDb(), clock);
    engine.trigger(1, 'main', 'deploy');
    clock.advance(60_000);
    expect(engine.status(1, 'main')).toMatchObject({step: 'built', buildingAt: t0 + 1_000, warmupAt: t0 + 4_000, finishedAt: t0 + 6_000, updatedAt: t0 + 6_000});
    expect(engine.logs(1).map((l) => [l.at - t0, l.message])).toEqual([
      [0, 'build 1 queued (deploy)'],
      [1_000, 'build 1 building'],
      [4_000, 'build 1 warming up'],
      [6_000, 'build 1 built'],
    ]);
  });

  it('fails at the end of building with the compile error returned by the validate hook', () => {
    const clock = new ManualClock();
    const engine = new BuildEngine(openDb(), clock);
    engine.trigger(1, 'dev-ann-1', 'commit', {validate: () => 'model/cubes/orders.yml: unknown measure type `summ`'});
    clock.advance(3_999);
    expect(engine.status(1, 'dev-ann-1')).toMatchObject({step: 'building'});
    expect(engine.status(1, 'dev-ann-1')!.errorText).toBeUndefined();
    clock.advance(1);
    expect(engine.status(1, 'dev-ann-1')).toMatchObject({step: 'failed', errorText: 'model/cubes/orders.yml: unknown measure type `summ`'});
    clock.advance(60_000);
    expect(engine.status(1, 'dev-ann-1')!.step).toBe('failed');
    expect(engine.logs(1).at(-1)).toMatchObject({level: 'error', message: 'build 1 failed: model/cubes/orders.yml: unknown measure type `summ`'});
  });

  it('a validate hook returning null builds normally, and one that throws fails the build', () => {
    const clock = new ManualClock();
    const engine = new BuildEngine(openDb(), clock);
    engine.trigger(1, 'a', 'x', {validate: () => null});
    engine.trigger(1, 'b', 'x', {
      validate: () => {
        throw new Error('boom');
      },
    });
    clock.advance(10_000);
    expect(engine.status(1, 'a')!.step).toBe('built');
    expect(engine.status(1, 'b')).toMatchObject({step: 'failed', errorText: 'Model compiler error: boom'});
  });

  it('a new trigger supersedes a running build of the same branch only', () => {
    const clock = new ManualClock();
    const engine = new BuildEngine(openDb(), clock);
    const first = engine.trigger(1, 'main', 'deploy');
    const other = engine.trigger(1, 'feature', 'deploy');
    clock.advance(2_000);
    const second = engine.trigger(1, 'main', 'deploy again');
    expect(engine.get(first.id)).toMatchObject({step: 'cancelled', errorText: `Superseded by build ${second.id}`, finishedAt: clock.now()});
    expect(engine.status(1, 'main')).toMatchObject({id: second.id, step: 'queued'});
    clock.advance(6_000);
    expect(engine.status(1, 'main')!.step).toBe('built');
    expect(engine.get(first.id)!.step).toBe('cancelled');
    expect(engine.status(1, 'feature')).toMatchObject({id: other.id, step: 'built'});
  });

  it('a trigger after a finished build leaves the finished one alone and carries its hashes', () => {
    const clock = new ManualClock();
    const engine = new BuildEngine(openDb(), clock);
    const first = engine.trigger(1, 'main', 'deploy', {filesHash: 'f1', lastHash: 'c1'});
    clock.advance(6_000);
    engine.trigger(1, 'main', 'version switch');
    expect(engine.get(first.id)!.step).toBe('built');
    expect(engine.status(1, 'main')).toMatchObject({step: 'queued', filesHash: 'f1', lastHash: 'c1'});
  });

  it('keeps deployments apart and answers undefined for a branch never built', () => {
    const engine = new BuildEngine(openDb(), new ManualClock());
    engine.trigger(1, 'main', 'deploy');
    expect(engine.status(2, 'main')).toBeUndefined();
    expect(engine.status(1, 'other')).toBeUndefined();
  });

  it('resumes after a restart from the stored timestamps, losing nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-builds-'));
    dirs.push(dir);
    const file = join(dir, 'svc.db');
    const clock = new ManualClock();
    const t0 = clock.now();
    let db = openDb(file);
    let engine = new BuildEngine(db, clock);
    engine.trigger(1, 'main', 'deploy', {validate: () => null});
    engine.trigger(1, 'broken', 'deploy', {validate: () => 'bad yaml'});
    clock.advance(2_000);
    expect(engine.status(1, 'main')!.step).toBe('building');
    db.close();

    clock.advance(2_500);
    db = openDb(file);
    engine = new BuildEngine(db, clock, {durations: {queuedMs: 99_000}});
    // the stored plan wins over the new process's configuration
    expect(engine.status(1, 'main')).toMatchObject({step: 'warmup', buildingAt: t0 + 1_000, warmupAt: t0 + 4_000});
    expect(engine.status(1, 'broken')).toMatchObject({step: 'failed', errorText: 'bad yaml', finishedAt: t0 + 4_000});
    clock.advance(1_500);
    expect(engine.status(1, 'main')).toMatchObject({step: 'built', finishedAt: t0 + 6_000});
    expect(engine.logs(1, {branchName: 'main'}).map((l) => l.message)).toEqual([
      'build 1 queued (deploy)',
      'build 1 building',
      'build 1 warming up',
      'build 1 built',
    ]);
    db.close();
  });

  it('tick() writes due steps to the log for builds nobody reads, and the log callback sees them', () => {
    const clock = new ManualClock();
    const lines: string[] = [];
    const db = openDb();
    const engine = new BuildEngine(db, clock, {log: (l) => lines.push(l)});
    engine.trigger(3, 'main', 'deploy');
    clock.advance(1_500);
    engine.tick();
    const stored = db.prepare('SELECT state FROM builds').pluck().all();
    expect(stored).toEqual(['building']);
    expect(lines).toEqual(['[build] deployment 3 main: build 1 queued (deploy)', '[build] deployment 3 main: build 1 building']);
  });

  it('startTicking advances unwatched builds on a timer until stopped', async () => {
    // Fake intervals: the engine's timer fires exactly when the test advances time, and "never again" is checked
    // over a hundred intervals instead of a fixed sleep.
    vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
    try {
      const clock = new ManualClock();
      const lines: string[] = [];
      const engine = new BuildEngine(openDb(), clock, {log: (l) => lines.push(l)});
      engine.trigger(1, 'main', 'deploy');
      const stop = engine.startTicking(10);
      clock.advance(1_000);
      expect(lines).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(10);
      expect(lines.at(-1)).toBe('[build] deployment 1 main: build 1 building');
      stop();
      clock.advance(10_000);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(lines).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('recordFinished stores a complete built build ending at the given time', () => {
    const clock = new ManualClock();
    const engine = new BuildEngine(openDb(), clock);
    const end = clock.now() - 3_600_000;
    const build = engine.recordFinished(5, 'main', 'seed', {finishedAt: end, lastHash: 'abc'});
    expect(engine.status(5, 'main')).toMatchObject({id: build.id, step: 'built', finishedAt: end, warmupAt: end - 2_000, buildingAt: end - 5_000, lastHash: 'abc'});
  });

  it('compresses nothing itself: durations are in clock time', () => {
    const clock = new ManualClock();
    const engine = new BuildEngine(openDb(), clock, {durations: {queuedMs: 10, buildingMs: 10, warmupMs: 10}});
    engine.trigger(1, 'main', 'x');
    clock.advance(29);
    expect(engine.status(1, 'main')!.step).toBe('warmup');
    clock.advance(1);
    expect(engine.status(1, 'main')!.step).toBe('built');
  });
});

describe('latestBuildTime', () => {
  it('is the newest stored build time, undefined for no builds', () => {
    const db = openDb();
    expect(latestBuildTime(db)).toBeUndefined();
    const clock = new ManualClock(10_000);
    const engine = new BuildEngine(db, clock);
    engine.recordFinished(1, 'main', 'seed', {finishedAt: 5_000});
    clock.advance(1_000);
    engine.trigger(1, 'dev', 'x');
    expect(latestBuildTime(db)).toBe(11_000);
  });
});
