// Durations and ages as the console and the command line print them: THE duration format of the tree (a run, a
// step, a phase, how long something has been running), and the short age of lists and headers. Without Intl, like
// format.ts.

/** A short duration: "45s", "3m", "2h", "5d" (the header's "updated 3m ago", the lists' AGE). */
export function shortDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

/** How long ago `iso` was, from `now` (`shortDuration`); '' without a valid time. */
export function age(iso: string | undefined, now: number): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return shortDuration(Math.round((now - t) / 1000));
}

/**
 * How long a run or a step took, from its `durationMs` (never by subtracting timestamps, which come from
 * different clocks): `999ms`, `59s`, `15m 12s`, `1h 30m`; '' when unknown or negative. Each unit is cut, never rounded
 * up, so a value just under a second reads `999ms`, not `1000ms`.
 */
export function runDuration(ms: number | undefined): string {
  if (ms === undefined || ms < 0) return '';
  if (ms < 1000) return `${Math.floor(ms)}ms`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

/**
 * A span a message states (a timeout, how long a wait took), true to what was given: milliseconds under a second,
 * tenths of a second under a minute, then as `runDuration`: `500ms`, `1.5s`, `12s`, `2m 5s`, `1h 30m`.
 */
export function timeSpan(ms: number): string {
  const t = Math.max(0, ms);
  if (Math.round(t) < 1000) return `${Math.round(t)}ms`;
  if (Math.round(t / 100) < 600) return `${Math.round(t / 100) / 10}s`;
  return runDuration(Math.round(t / 1000) * 1000);
}

/**
 * How long something that began at `start` (an ISO time or ms since the epoch) has been going at `now`, in whole
 * seconds as `runDuration` writes them, so a ticking clock does not flicker: `0s`, `59s`, `3m 5s`; '' when unknown.
 */
export function elapsedSince(start: string | number | undefined, now: number): string {
  const at = typeof start === 'string' ? Date.parse(start) : (start ?? NaN);
  if (Number.isNaN(at)) return '';
  const s = Math.max(0, Math.floor((now - at) / 1000));
  return s === 0 ? '0s' : runDuration(s * 1000);
}
