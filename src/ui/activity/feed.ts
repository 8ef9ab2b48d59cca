// THE console's one activity watcher (workflows/activity.ts) for its session, shared by every screen so its
// request budget holds for the console as a whole. It watches:
//  - every deployment while `:activity` shows (`view()`),
//  - else only the pinned deployments and those where this console started a run (`started()`).
// With none of these (nothing pinned, nothing started, `:activity` not open) it sends nothing. When a run of a pinned
// deployment, or a run started here, ends, it calls `onNotice` once for it.
//
// Paused (live updates off), the watcher stops asking but keeps what it knew: on resume its next look at each
// deployment compares with that, so a run that ended meanwhile is noticed then, once (a fresh watcher would take it
// for history).
import {ActivityWatcher, realClock, type ActivityBudget, type ActivityClock, type ActivityEvent, type ActivityRun, type ActivitySource} from '../../workflows/activity.js';

/**
 * A run this console started: a dbt sync (its id is known), or a build it caused: the next one on the deployment
 * other than `replaces`, the id of its newest build before the change ('' when it had none; undefined when not
 * known, then only a build seen going is taken for it).
 */
export type StartedRun = {kind: 'sync'; deploymentId: string; id: string} | {kind: 'build'; deploymentId: string; replaces?: string};

/**
 * The build a change on `deploymentId` causes (a variable, a version switch), given its build status as last read
 * before the change (undefined when not read): with it, the rebuild is noticed even if it ends before the watcher
 * first looks at the deployment.
 */
export function causedBuild(deploymentId: string, before: {readonly buildJobId?: number} | undefined): StartedRun {
  return {kind: 'build', deploymentId, ...(before ? {replaces: before.buildJobId === undefined ? '' : String(before.buildJobId)} : {})};
}

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
    if (!keep) this.state = {runs: undefined, error: undefined};
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
      onChange: () => this.set({runs: watcher.snapshot()}),
      onEarlier: (run) => this.onEarlier(run),
      onLook: () => {
        if (this.state.runs === undefined) this.set({runs: watcher.snapshot()});
      },
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

  /** This console started a run: it is watched (asked about at once) and noticed when it ends. */
  started(run: StartedRun): void {
    if (run.kind === 'sync') this.tracked.set(`sync:${run.deploymentId}:${run.id}`, run.deploymentId);
    else this.awaitedBuilds.set(run.deploymentId, run.replaces);
    this.rescope();
    this.watcher?.poke(run.deploymentId);
  }

  private rescope(): void {
    const wanted = new Set([...this.pins, ...this.tracked.values(), ...this.awaitedBuilds.keys()]);
    if (this.budget === undefined) return;
    if (this.viewers === 0 && wanted.size === 0) {
      if (this.watcher) this.halt(this.paused);
      return;
    }
    const watcher = this.watcher ?? this.create(this.budget);
    watcher.watchOnly(this.viewers > 0 ? undefined : wanted);
    if (!this.paused && this.stop === undefined) this.resume(watcher);
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
    this.tracked.set(run.key, run.deploymentId);
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
