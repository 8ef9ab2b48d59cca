// Every timer of the service runs through here. A timer callback that throws would be an uncaught exception
// and end the process; a guarded one logs the failure and tries again on its next tick. A busy database
// (another program holding the SQLite write lock) is the usual cause, so a tick never waits for the lock: it
// gives up at once and the next tick tries again.
import type {Db} from '../store/db.js';
import {isBusyError, withoutBusyWait} from '../store/db.js';

export interface GuardedTimerOptions {
  name: string;
  intervalMs: number;
  log: (line: string) => void;
  /** When given, the tick does not wait for a write lock held elsewhere. */
  db?: Db;
}

/** setInterval that can never throw out of its callback; the same failure is logged once until a tick succeeds. */
export function guardedInterval(opts: GuardedTimerOptions, tick: () => void): () => void {
  let lastFailure: string | undefined;
  const timer = setInterval(() => {
    try {
      if (opts.db) withoutBusyWait(opts.db, tick);
      else tick();
      if (lastFailure !== undefined) opts.log(`${opts.name}: recovered`);
      lastFailure = undefined;
    } catch (err) {
      const what = isBusyError(err) ? 'the database is locked by another program' : (err as Error)?.message ?? String(err);
      if (what !== lastFailure) opts.log(`${opts.name}: tick failed (${what}); retrying on the next tick`);
      lastFailure = what;
    }
  }, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
