// Counts, sizes and ages as the console and the command line print them. Without Intl on purpose: the first
// toLocaleString of a process loads ICU's number data (BENCHMARKS.md, "Second pass"), and the console's first frame
// shows a count.

/** An integer with thousands separators, as `toLocaleString('en-US')` writes it: 12345 → `12,345`. */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = `${digits.slice(Math.max(0, end - 3), end)}${out === '' ? '' : ','}${out}`;
  return n < 0 ? `-${out}` : out;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

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
