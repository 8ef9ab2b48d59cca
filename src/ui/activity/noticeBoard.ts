// What the console does when something the user waits for ends: THE one path to the flash line's notices of ended
// runs and to the terminal's bell and desktop notifications (notice.ts says which, as the prefs and the terminal
// allow). Held while live updates are paused or the terminal is lent to another program (which would drop the bell
// and the notification, and outlast the flash); given, all in one notice naming each run, once that is over. A run
// that ends while the notice of another still shows (or waits behind a message shown over it) joins it.
import type {FlashApi} from '../hooks/useFlash.js';
import {terminalLent} from '../handOff.js';
import type {NavTarget} from '../nav/navReducer.js';
import type {ActivityRun} from '../../workflows/activity.js';
import {runsNotice, terminalNotice, type NoticeSettings, type Notice} from './notice.js';

/** How long a notice stays in the flash line. */
export const NOTICE_MS = 15_000;

/** The screen a run opens: the dbt run, or the build of its branch. */
export function runTarget(run: ActivityRun): NavTarget {
  const params = {deploymentId: run.deploymentId, deploymentName: run.deploymentName};
  return run.kind === 'sync'
    ? {screen: 'dbtRun', params: {...params, syncJobId: run.id}, label: run.id.slice(0, 8)}
    : {screen: 'build', params: {...params, branch: run.ref}, label: `build ${run.id}`};
}

/** What the board writes to, read anew for each notice. */
export interface NoticeOutlet {
  readonly flash: FlashApi;
  push(target: NavTarget): void;
  write(bytes: string): void;
  readonly settings: NoticeSettings;
  /** Live updates are paused. */
  readonly paused: boolean;
}

export class NoticeBoard {
  private held: ActivityRun[] = [];
  private heldBytes: Notice[] = [];
  /** The runs of the notice the flash shows (its `open` tells it from any other message) until it is opened or its time is over. */
  private showing: {runs: ActivityRun[]; open: () => void; until: number} | undefined;

  constructor(
    private readonly outlet: () => NoticeOutlet,
    /** The App's clock: a notice's time runs on it, as the flash line's does. */
    private readonly now: () => number = Date.now,
  ) {}

  /** A watched run ended. */
  ended = (run: ActivityRun): void => {
    if (this.holding()) this.held.push(run);
    else this.deliver([run]);
  };

  /** The bell and the desktop notification for something else that ended (a dbt gate's verdict, a watched run). */
  ring = (notice: Notice): void => {
    // While the terminal is lent its writes are dropped: held until it is back.
    if (terminalLent()) this.heldBytes.push(notice);
    else this.write(notice);
  };

  /** Gives what was held, once neither pause nor a lent terminal holds it. */
  release = (): void => {
    if (!terminalLent()) for (const notice of this.heldBytes.splice(0)) this.write(notice);
    if (!this.holding() && this.held.length > 0) this.deliver(this.held.splice(0));
  };

  /** Enter opened the notice: the next run that ends starts a notice of its own. */
  opened(): void {
    this.showing = undefined;
  }

  private holding(): boolean {
    return this.outlet().paused || terminalLent();
  }

  private deliver(runs: ActivityRun[]): void {
    const {flash, push} = this.outlet();
    const last = this.showing;
    const current = last !== undefined && (flash.message?.open === last.open || this.now() < last.until) ? last.runs : [];
    const all = [...current, ...runs];
    const [only] = all;
    const open = all.length === 1 && only ? () => push(runTarget(only)) : () => push({screen: 'activity', label: 'activity'});
    this.showing = {runs: all, open, until: this.now() + NOTICE_MS};
    const notice = runsNotice(all);
    flash.show(notice.level, `${notice.text} · ${all.length === 1 ? 'Enter to open' : 'Enter to open :activity'}`, {open, ttlMs: NOTICE_MS});
    // The bell and the notification are for what is new.
    this.write(runsNotice(runs));
  }

  private write(notice: Notice): void {
    const {write, settings} = this.outlet();
    const bytes = terminalNotice(notice, settings);
    if (bytes !== '') write(bytes);
  }
}
