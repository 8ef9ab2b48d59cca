// THE activity watcher behind `svc watch` and `:activity`: every build and dbt sync on every deployment the
// credential can see, within a request budget. The platform has no account-wide feed, so it asks each deployment
// in turn (its dbt runs list and its build status) on one schedule:
//  - a deployment with nothing queued or running is asked at most once per `idleMs` (30 s);
//  - one with a run queued or running every `activeMs` (5 s), ahead of idle ones that are due;
//  - requests start at least 1000/`perSecond` ms apart (10/s), whatever the number of deployments: at 500 an idle
//    round takes longer than 30 s, it never costs more;
//  - the deployments list itself is read again every `deploymentsMs` (5 min), a page per request.
// Requests go one at a time. The clock is injected, so the budget is tested on simulated time. The console keeps one
// watcher for its session and narrows it (`watchOnly`) to the pinned deployments and those where it started a run,
// widening it to all while `:activity` shows; both share this one budget.
import {oneLine} from '../api/errors.js';
import {chooseDeployments, DEPLOYMENTS_PAGE, listAllDeployments, type ActivitySource, type Named} from './activitySource.js';
import {buildRun, syncRun, type ActivityRun} from './activityRuns.js';
import {hasActive, mergeLook, newestFirst, shownRuns, type ActivityEvent, type Watched} from './activityMerge.js';
import {ACTIVITY_BUDGET, Pacer, realClock, type ActivityBudget, type ActivityClock} from './activityPace.js';

export type {ActivityRun, RunKind, RunStatus} from './activityRuns.js';
export {eventRecord, eventText, isRunActive} from './activityRuns.js';
export {apiSource, type ActivitySource} from './activitySource.js';
export {ACTIVITY_BUDGET, realClock, type ActivityBudget, type ActivityClock} from './activityPace.js';
export {newestFirst, type ActivityEvent, type ActivityEventType} from './activityMerge.js';

export interface ActivityOptions {
  /** Ids or names of the deployments to watch; all the credential sees when absent or empty. */
  deployments?: readonly string[];
  clock?: ActivityClock;
  budget?: Partial<ActivityBudget>;
  onEvent?: (event: ActivityEvent) => void;
  /** After every look that changed the snapshot. */
  onChange?: () => void;
  /** Right before a look at a deployment sends its first request. */
  onAsk?: (deploymentId: string) => void;
  /** After every look at a deployment, changed or not, with the keys of the runs it found (undefined: it failed). */
  onLook?: (deploymentId: string, found: ReadonlySet<string> | undefined) => void;
  /** A run already ended when its deployment was first looked at: no event (it is history), unless awaited. */
  onEarlier?: (run: ActivityRun) => void;
  /** A look at one deployment failed; it is asked again on its idle schedule. */
  onError?: (deploymentId: string, message: string) => void;
}

export class ActivityWatcher {
  private readonly clock: ActivityClock;
  private readonly budget: ActivityBudget;
  private readonly pacer: Pacer;
  private readonly watched = new Map<string, Watched>();
  private listDue = -Infinity;
  private listedOnce = false;
  /** The whole list as last read; `only` narrows what is watched of it (undefined: what `opts.deployments` says). */
  private listed: Named[] = [];
  private only: ReadonlySet<string> | undefined;
  /** Aborted to end the loop's wait early: the scope changed, or a deployment was poked. */
  private wakeUp = new AbortController();
  private lastPickActive = false;
  /** Deployments where a run is awaited (started from the console, not listed yet): asked as if one were going. */
  private awaited: ReadonlySet<string> = new Set();
  /** Deployments poked since their last look began: asked next, also when poked during a look. */
  private readonly poked = new Set<string>();

  constructor(
    private readonly source: ActivitySource,
    private readonly opts: ActivityOptions = {},
  ) {
    this.clock = opts.clock ?? realClock;
    this.budget = {...ACTIVITY_BUDGET, ...opts.budget};
    this.pacer = new Pacer(this.clock, 1000 / this.budget.perSecond);
  }

  /** Every run queued or running, and those ended within `recentMs`, newest first. */
  snapshot(): ActivityRun[] {
    const now = this.clock.now();
    return [...this.watched.values()].flatMap((w) => shownRuns(w, now)).sort(newestFirst);
  }

  /** Every watched deployment has been looked at once and nothing is queued or running (or awaited). */
  idle(): boolean {
    if (!this.listedOnce) return false;
    for (const w of this.watched.values()) if (!w.looked || this.going(w)) return false;
    return true;
  }

  /** A run is queued or running on the deployment, or one started from the console is awaited there. */
  private going(w: Watched): boolean {
    return this.awaited.has(w.id) || hasActive(w);
  }

  /** The name of a listed deployment. */
  nameOf(deploymentId: string): string | undefined {
    return this.listed.find((d) => d.id === deploymentId)?.name;
  }

  deploymentCount(): number {
    return this.watched.size;
  }

  /**
   * Asks this deployment next, ahead of anything else due (a run was just started on it); poked during a look at
   * it, it is asked again right after, since that look may have asked before the run existed.
   */
  poke(deploymentId: string): void {
    this.poked.add(deploymentId);
    const w = this.watched.get(deploymentId);
    if (w) w.due = -Infinity;
    this.wake();
  }

  /** The deployments where a run started from the console is awaited: asked at the pace of a run going. */
  expectRuns(deploymentIds: ReadonlySet<string>): void {
    this.awaited = deploymentIds;
  }

  /**
   * Watches only these deployment ids from now on (undefined: every one again). What it knew of the others is
   * dropped; one it has not listed yet (created since the last list) has the list read again first.
   */
  watchOnly(ids: ReadonlySet<string> | undefined): void {
    this.only = ids;
    if (this.listedOnce) {
      this.apply(this.listed);
      if (ids && [...ids].some((id) => !this.listed.some((d) => d.id === id))) this.listDue = -Infinity;
    }
    this.wake();
  }

  private wake(): void {
    this.wakeUp.abort();
    this.wakeUp = new AbortController();
  }

  /**
   * Watches until `signal` aborts, or with `untilIdle` until `idle()`. A failure to list the deployments the
   * first time is thrown (nothing can be watched); later failures keep the old list.
   */
  async run(signal: AbortSignal, untilIdle = false): Promise<void> {
    while (!signal.aborted) {
      if (untilIdle && this.idle()) return;
      const now = this.clock.now();
      if (now >= this.listDue) {
        await this.refreshDeployments(signal);
        continue;
      }
      const next = this.pick(now);
      if (next === undefined) {
        await this.clock.sleep(Math.max(1, Math.min(this.earliestDue(), this.listDue) - now), AbortSignal.any([signal, this.wakeUp.signal]));
        continue;
      }
      await this.look(next, signal);
    }
  }

  private earliestDue(): number {
    let due = Infinity;
    for (const w of this.watched.values()) due = Math.min(due, w.due);
    return due;
  }

  /**
   * The due deployment to ask: one poked (a run was just started there) first, then one never asked, then the
   * longest overdue with a run going and the longest overdue idle one in turns, so neither starves the other when
   * more is due than the rate allows (more than 25 deployments with a run going fill 10 requests a second on their
   * own).
   */
  private pick(now: number): Watched | undefined {
    let active: Watched | undefined;
    let idle: Watched | undefined;
    let fresh: Watched | undefined;
    for (const w of this.watched.values()) {
      if (w.due > now) continue;
      if (this.poked.has(w.id)) return w;
      if (!w.looked) {
        fresh ??= w;
        continue;
      }
      if (this.going(w)) {
        if (active === undefined || w.due < active.due) active = w;
      } else if (idle === undefined || w.due < idle.due) idle = w;
    }
    if (fresh) return fresh;
    const next = active && idle ? (this.lastPickActive ? idle : active) : (active ?? idle);
    if (next) this.lastPickActive = next === active;
    return next;
  }

  private async refreshDeployments(signal: AbortSignal): Promise<void> {
    let seen: Named[];
    try {
      seen = await listAllDeployments(this.source, this.pacer, DEPLOYMENTS_PAGE, signal);
    } catch (err) {
      if (signal.aborted) return;
      if (!this.listedOnce) throw err;
      this.opts.onError?.('', `listing deployments: ${messageOf(err)}`);
      this.listDue = this.clock.now() + this.budget.idleMs;
      return;
    }
    if (signal.aborted) return;
    this.listDue = this.clock.now() + this.budget.deploymentsMs;
    // The deployments named on the command line must exist when the watch begins.
    const named = chooseDeployments(seen, this.opts.deployments ?? [], !this.listedOnce);
    this.listed = named;
    this.apply(named);
    this.listedOnce = true;
  }

  /** Watches `list` (narrowed by `only`): new ones are asked at once, gone ones forgotten. */
  private apply(list: Named[]): void {
    const chosen = this.only ? list.filter((d) => this.only!.has(d.id)) : list;
    const ids = new Set(chosen.map((d) => d.id));
    for (const id of [...this.watched.keys()]) if (!ids.has(id)) this.watched.delete(id);
    for (const d of chosen) {
      const w = this.watched.get(d.id);
      if (w) w.name = d.name;
      else this.watched.set(d.id, {id: d.id, name: d.name, due: -Infinity, looked: false, runs: new Map(), keepUntil: new Map()});
    }
  }

  private async look(w: Watched, signal: AbortSignal): Promise<void> {
    let changed = false;
    let found: ActivityRun[] | undefined;
    try {
      if (!(await this.turn(w, signal))) return;
      this.poked.delete(w.id);
      this.opts.onAsk?.(w.id);
      const syncs = await this.source.syncs(w.id, signal);
      if (!(await this.turn(w, signal))) return;
      const build = await this.source.build(w.id, signal);
      found = [];
      for (const r of syncs) {
        const run = syncRun(w, r);
        if (run) found.push(run);
      }
      const built = buildRun(w, build, w.runs.get(`build:${w.id}:${build.buildJobId ?? ''}`));
      if (built) found.push(built);
      changed = mergeLook(w, found, this.clock.now(), this.budget.recentMs, this.opts);
    } catch (err) {
      if (signal.aborted) return;
      this.opts.onError?.(w.id, messageOf(err));
    }
    w.looked = true;
    w.due = this.poked.has(w.id) ? -Infinity : this.clock.now() + (this.going(w) ? this.budget.activeMs : this.budget.idleMs);
    if (changed) this.opts.onChange?.();
    this.opts.onLook?.(w.id, found && new Set(found.map((r) => r.key)));
  }

  /**
   * Waits for the pacer's next request slot; false when the watch ended or the deployment left the scope meanwhile
   * (`watchOnly`): then nothing is asked of it.
   */
  private async turn(w: Watched, signal: AbortSignal): Promise<boolean> {
    await this.pacer.acquire(signal);
    return !signal.aborted && this.watched.get(w.id) === w;
  }
}

function messageOf(err: unknown): string {
  return oneLine(err instanceof Error ? err.message : String(err));
}
