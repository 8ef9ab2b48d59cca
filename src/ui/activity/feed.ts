// THE console's one activity watcher (workflows/activity.ts) for its session, shared by every screen so its
// request budget holds for the console as a whole. It watches:
//  - every deployment while `:activity` shows (`view()`),
//  - else only the pinned deployments and those where this console started a run (`started()`).
// With none of these (nothing pinned, nothing started, `:activity` not open) it sends nothing. When a run of a pinned
// deployment, or a run started here, ends, it calls `onNotice` once for it.
import {ActivityWatcher, isRunActive, type ActivityBudget, type ActivityEvent, type ActivityRun, type ActivitySource} from '../../workflows/activity.js';

/** A run this console started: a dbt sync (its id is known), or a build it caused (the next one on the deployment). */
export type StartedRun = {kind: 'sync'; deploymentId: string; id: string} | {kind: 'build'; deploymentId: string};

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
  /** Deployments where this console caused a build that has not been seen yet. */
  private readonly awaitedBuilds = new Set<string>();
  private readonly noticed = new Set<string>();
  /** Undefined while live updates are paused. */
  private budget: Partial<ActivityBudget> | undefined;

  constructor(
    private readonly source: ActivitySource,
    private readonly onNotice: (run: ActivityRun) => void,
    pins: Iterable<string> = [],
  ) {
    this.pins = new Set(pins);
  }

  /** Watches (again, from scratch) within `budget`, or not at all while it is undefined (live updates paused). */
  setBudget(budget: Partial<ActivityBudget> | undefined): void {
    this.budget = budget;
    // Paused: the list stays as it was (the screen says live updates are paused); resumed, the new watcher's looks
    // replace it.
    this.halt(budget === undefined);
    this.rescope();
  }

  /** Stops watching; what was seen is forgotten unless `keep`. */
  halt(keep = false): void {
    this.stop?.abort();
    this.stop = undefined;
    this.watcher = undefined;
    if (!keep) this.state = {runs: undefined, error: undefined};
  }

  private start(budget: Partial<ActivityBudget>): ActivityWatcher {
    const stop = new AbortController();
    const watcher: ActivityWatcher = new ActivityWatcher(this.source, {
      budget,
      onEvent: (e) => this.onEvent(e),
      onChange: () => this.onChange(watcher),
      onLook: () => {
        if (this.state.runs === undefined) this.set({runs: watcher.snapshot()});
      },
    });
    this.watcher = watcher;
    this.stop = stop;
    watcher.run(stop.signal).catch((err: unknown) => {
      if (this.watcher === watcher) this.set({error: err instanceof Error ? err.message : String(err)});
    });
    return watcher;
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
    else this.awaitedBuilds.add(run.deploymentId);
    this.rescope();
    this.watcher?.poke(run.deploymentId);
  }

  private rescope(): void {
    const wanted = new Set([...this.pins, ...this.tracked.values(), ...this.awaitedBuilds]);
    if (this.budget === undefined || (this.viewers === 0 && wanted.size === 0)) {
      if (this.watcher) this.halt(this.budget === undefined);
      return;
    }
    (this.watcher ?? this.start(this.budget)).watchOnly(this.viewers > 0 ? undefined : wanted);
  }

  private set(change: Partial<FeedState>): void {
    this.state = {...this.state, ...change};
    for (const listener of this.listeners) listener();
  }

  private onEvent({type, run}: ActivityEvent): void {
    if (type === 'started' && run.kind === 'build' && this.awaitedBuilds.delete(run.deploymentId)) this.tracked.set(run.key, run.deploymentId);
    if (type === 'finished' && (this.pins.has(run.deploymentId) || this.tracked.has(run.key))) this.notice(run);
  }

  private onChange(watcher: ActivityWatcher): void {
    const runs = watcher.snapshot();
    // A run started here that had ended before its deployment was first looked at (no event): noticed from the list.
    for (const run of runs) if (this.tracked.has(run.key) && !isRunActive(run)) this.notice(run);
    this.set({runs});
  }

  private notice(run: ActivityRun): void {
    this.tracked.delete(run.key);
    if (this.noticed.has(run.key)) return;
    this.noticed.add(run.key);
    this.rescope();
    this.onNotice(run);
  }
}
