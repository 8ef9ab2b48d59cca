// THE console's one activity watcher (workflows/activity.ts) for its session, shared by every screen so its
// request budget holds for the console as a whole. It watches:
//  - every deployment while `:activity` shows (`view()`),
//  - else only the pinned deployments and those where this console started a run (`started()`).
// With none of these (nothing pinned, nothing started, `:activity` not open) it sends nothing. When a run of a pinned
// deployment, or a run started here, ends, it calls `onNotice` once for it.
//
// A run started here is in the rows at once, as this console knows it (queued, `startedHere: 'waiting'`, shown as
// "started here"), and its deployment is asked next and then at the pace of a run going. The watcher's listing of the
// run replaces that row (its data wins; one row by key, or for a caused build the build claimed for it). A run its
// deployment's runs have not listed after `idleMs` (30 s) of asking stays as `unknown` · "not listed" for the recent
// window, and is no longer waited for.
//
// Paused (live updates off), the watcher stops asking but keeps what it knew: on resume its next look at each
// deployment compares with that, so a run that ended meanwhile is noticed then, once (a fresh watcher would take it
// for history).
import {
  ACTIVITY_BUDGET,
  ActivityWatcher,
  newestFirst,
  realClock,
  type ActivityBudget,
  type ActivityClock,
  type ActivityEvent,
  type ActivityRun,
  type ActivitySource,
} from '../../workflows/activity.js';

export {causedBuild, type StartedRun} from './startedRun.js';
import type {StartedRun} from './startedRun.js';

/** The console's row of a run it started, until the watcher lists it. */
interface OwnRow {
  row: ActivityRun;
  /** A look at its deployment has asked since it started (a look under way then may not list it). */
  asked: boolean;
  /** When an unseen row leaves the list (feed clock). */
  until?: number;
}

/** The key of a caused build's own row: its id is not known until the watcher claims a build for it. */
const causedKey = (deploymentId: string) => `build:${deploymentId}:`;

export interface FeedState {
  /** Undefined until the first look. */
  readonly runs: ActivityRun[] | undefined;
  readonly error: string | undefined;
}

export class ActivityFeed {
  private watcher: ActivityWatcher | undefined;
  private stop: AbortController | undefined;
  private state: FeedState = {runs: undefined, error: undefined};
  private readonly listeners = new Set<() => void>();
  private viewers = 0;
  private pins: ReadonlySet<string>;
  /** Runs started here, by key, with their deployment. */
  private readonly tracked = new Map<string, string>();
  /** Deployments where this console caused a build that has not been seen yet, with the build it replaces. */
  private readonly awaitedBuilds = new Map<string, string | undefined>();
  private readonly noticed = new Set<string>();
  /** The rows of runs started here, by key, until the watcher lists them. */
  private readonly own = new Map<string, OwnRow>();
  /** The watcher's snapshot as last read; undefined until its first look. */
  private seen: ActivityRun[] | undefined;
  /** Undefined until the first `setBudget`. */
  private budget: Partial<ActivityBudget> | undefined;
  /** Live updates are paused: the watcher's loop does not run. */
  private paused = false;
  /** The watcher's loops, one after the other: a resumed loop starts once the paused one has returned. */
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly source: ActivitySource,
    private readonly onNotice: (run: ActivityRun) => void,
    pins: Iterable<string> = [],
    /** The watcher's clock: its looks and the spacing of its requests (the App's clock in the console). */
    private readonly clock: ActivityClock = realClock,
  ) {
    this.pins = new Set(pins);
  }

  /**
   * Watches within `budget`, or not at all while it is undefined (live updates paused: the list stays as it was and
   * the watcher keeps what it knew, to go on from there). A different budget starts a new watcher.
   */
  setBudget(budget: Partial<ActivityBudget> | undefined): void {
    const changed = budget !== undefined && this.budget !== undefined && !sameBudget(budget, this.budget);
    if (budget !== undefined) this.budget = budget;
    if (budget === undefined || changed) this.suspend();
    if (changed) this.halt(true);
    this.paused = budget === undefined;
    this.rescope();
  }

  /** Stops watching; what was seen is forgotten unless `keep`. */
  halt(keep = false): void {
    this.suspend();
    this.watcher = undefined;
    if (keep) return;
    this.seen = undefined;
    this.state = {runs: this.rows(), error: undefined};
  }

  /** Ends the watcher's loop; the watcher and what it knows stay. */
  private suspend(): void {
    this.stop?.abort();
    this.stop = undefined;
  }

  private create(budget: Partial<ActivityBudget>): ActivityWatcher {
    const watcher: ActivityWatcher = new ActivityWatcher(this.source, {
      budget,
      clock: this.clock,
      onEvent: (e) => this.onEvent(e),
      onChange: () => this.publish(watcher.snapshot()),
      onEarlier: (run) => this.onEarlier(run),
      onAsk: (id) => this.onAsk(id),
      onLook: (id, found) => this.onLook(id, found, watcher),
    });
    this.watcher = watcher;
    return watcher;
  }

  /** Runs the watcher's loop (after the one before it has returned) until `suspend`. */
  private resume(watcher: ActivityWatcher): void {
    const stop = new AbortController();
    this.stop = stop;
    this.loop = this.loop.then(() =>
      stop.signal.aborted
        ? undefined
        : watcher.run(stop.signal).catch((err: unknown) => {
            if (this.watcher === watcher) this.set({error: err instanceof Error ? err.message : String(err)});
          }),
    );
  }

  getState = (): FeedState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** `:activity` shows: every deployment is watched until the returned function is called. */
  view(): () => void {
    this.viewers++;
    this.rescope();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.viewers--;
      this.rescope();
    };
  }

  setPins(ids: Iterable<string>): void {
    this.pins = new Set(ids);
    this.rescope();
  }

  /**
   * This console started a run: it is in the rows at once (until the watcher lists it), its deployment is asked
   * next and at the pace of a run going, and it is noticed when it ends.
   */
  started(run: StartedRun): void {
    const key = run.kind === 'sync' ? `sync:${run.deploymentId}:${run.id}` : causedKey(run.deploymentId);
    if (run.kind === 'sync') this.tracked.set(key, run.deploymentId);
    else this.awaitedBuilds.set(run.deploymentId, run.replaces);
    const row: ActivityRun = {
      key,
      kind: run.kind,
      deploymentId: run.deploymentId,
      deploymentName: this.watcher?.nameOf(run.deploymentId) ?? run.deploymentName ?? '',
      id: run.kind === 'sync' ? run.id : '',
      ref: run.ref ?? '',
      status: 'queued',
      phase: 'started here',
      startedAt: this.clock.now(),
      startedHere: 'waiting',
    };
    this.own.set(key, {row, asked: false});
    this.rescope();
    this.watcher?.poke(run.deploymentId);
    this.publish();
  }

  private rescope(): void {
    const wanted = new Set([...this.pins, ...this.tracked.values(), ...this.awaitedBuilds.keys()]);
    if (this.budget === undefined) return;
    if (this.viewers === 0 && wanted.size === 0) {
      if (this.watcher) this.halt(this.paused);
      return;
    }
    const watcher = this.watcher ?? this.create(this.budget);
    watcher.expectRuns(new Set([...this.own.values()].filter((o) => o.row.startedHere === 'waiting').map((o) => o.row.deploymentId)));
    watcher.watchOnly(this.viewers > 0 ? undefined : wanted);
    if (!this.paused && this.stop === undefined) this.resume(watcher);
  }

  /** The rows: the watcher's, and the console's own of runs it started that the watcher has not listed. */
  private rows(): ActivityRun[] | undefined {
    const now = this.clock.now();
    for (const [key, own] of this.own) if (own.until !== undefined && own.until <= now) this.own.delete(key);
    if (this.own.size === 0) return this.seen;
    const listed = new Set(this.seen?.map((r) => r.key));
    const mine = [...this.own.values()].map((o) => o.row).filter((r) => !listed.has(r.key));
    return mine.length === 0 ? this.seen : [...(this.seen ?? []), ...mine].sort(newestFirst);
  }

  /** The rows again, with the watcher's snapshot when given. */
  private publish(seen?: ActivityRun[]): void {
    if (seen) this.seen = seen;
    this.set({runs: this.rows()});
  }

  private onAsk(deploymentId: string): void {
    for (const own of this.own.values()) if (own.row.deploymentId === deploymentId) own.asked = true;
  }

  /**
   * A look at a deployment found these runs: a run started here that it lists is the watcher's row from now on;
   * one still not listed `idleMs` after it started is not waited for any longer.
   */
  private onLook(deploymentId: string, found: ReadonlySet<string> | undefined, watcher: ActivityWatcher): void {
    let changed = false;
    const now = this.clock.now();
    const patience = this.budget?.idleMs ?? ACTIVITY_BUDGET.idleMs;
    for (const [key, own] of this.own) {
      const {row} = own;
      if (row.deploymentId !== deploymentId || row.startedHere !== 'waiting' || !own.asked || found === undefined) continue;
      if (found.has(key)) {
        this.own.delete(key);
        changed = true;
      } else if (now - (row.startedAt ?? now) >= patience) {
        own.row = {...row, status: 'unknown', phase: 'not listed', startedHere: 'unseen'};
        own.until = now + (this.budget?.recentMs ?? ACTIVITY_BUDGET.recentMs);
        this.tracked.delete(key);
        if (row.kind === 'build') this.awaitedBuilds.delete(deploymentId);
        changed = true;
      }
    }
    if (changed) this.rescope();
    if (changed || this.seen === undefined) this.publish(watcher.snapshot());
  }

  private set(change: Partial<FeedState>): void {
    this.state = {...this.state, ...change};
    for (const listener of this.listeners) listener();
  }

  private onEvent({type, run}: ActivityEvent): void {
    if (type === 'started') this.claimBuild(run, false);
    if (type === 'finished' && (this.pins.has(run.deploymentId) || this.tracked.has(run.key))) this.notice(run);
  }

  /**
   * A build on a deployment where this console caused one: it is that build unless it is the one the change
   * replaced. Seen ended at the first look (no event), it is taken only when the replaced build is known.
   */
  private claimBuild(run: ActivityRun, ended: boolean): void {
    if (run.kind !== 'build' || !this.awaitedBuilds.has(run.deploymentId)) return;
    const replaces = this.awaitedBuilds.get(run.deploymentId);
    if (run.id === replaces || (ended && replaces === undefined)) return;
    this.awaitedBuilds.delete(run.deploymentId);
    this.own.delete(causedKey(run.deploymentId));
    this.tracked.set(run.key, run.deploymentId);
    this.rescope();
  }

  /** A run started here that had ended before its deployment was first looked at (no event) is noticed all the same. */
  private onEarlier(run: ActivityRun): void {
    this.claimBuild(run, true);
    if (this.tracked.has(run.key)) this.notice(run);
  }

  private notice(run: ActivityRun): void {
    this.tracked.delete(run.key);
    if (this.noticed.has(run.key)) return;
    this.noticed.add(run.key);
    this.rescope();
    this.onNotice(run);
  }
}

function sameBudget(a: Partial<ActivityBudget>, b: Partial<ActivityBudget>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof ActivityBudget)[]);
  return [...keys].every((k) => a[k] === b[k]);
}
