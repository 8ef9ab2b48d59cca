// Counts and sizes as the console and the command line print them (durations and ages: time.ts). Without Intl on purpose: the first
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
