// Poll policies. `refetchInterval` is always a function of the query, so polling stops by itself on a
// terminal state and when live updates are paused, and resumes when that changes.

/** How a screen wants live data: the UI passes the pause toggle (`p`) and its interval; command mode omits it. */
export interface LivePolicy {
  paused: boolean;
  intervalMs: number;
}

/** Lists refresh slowly: a person is reading them (the header says how long ago they were updated). */
export const LIST_REFRESH_MS = 10_000;
/** A running build is watched closely. */
export const BUILD_POLL_MS = 2_000;

/** Refetch every `live.intervalMs` unless paused, absent, or `done(data)` says the watched thing finished. */
export function pollUntil<T>(live: LivePolicy | undefined, done?: (data: T) => boolean) {
  // Typed by the one field it reads, so it fits every query's key and data types.
  return (query: {state: {data: T | undefined}}): number | false => {
    if (!live || live.paused) return false;
    const data = query.state.data;
    if (done && data !== undefined && done(data)) return false;
    return live.intervalMs;
  };
}
