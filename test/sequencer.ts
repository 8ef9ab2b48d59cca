// The order files start in: vitest's own (a group after the other, a tier after the other, a file that failed last
// time first, then the longest first), with one change. Vitest knows a file's length only from a run on this copy of
// the repository (node_modules/.vite); without one, as in CI's clean clone, it starts the largest files first, and a
// short file with a long run (the Prism tour, the Esc walk) started last and ran alone at the end while the other
// workers stood idle. Here a file vitest has no timing for takes its length from test/timings.json
// (scripts/test-timings.mjs writes it from a run's JSON report). This decides the order only, never which files run.
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';

export const TIMINGS: Record<string, number> = JSON.parse(readFileSync(resolve(import.meta.dirname, 'timings.json'), 'utf8'));

/** What the order needs of a file: its tier's place, and what vitest remembers of its last run here (if any). */
export interface FileToRun {
  /** `test/…`, from the repository root. */
  file: string;
  groupOrder: number;
  project: string;
  isolate: boolean;
  last?: {failed: boolean; duration: number};
  size: number;
}

/** The files in the order they start. */
export function startOrder<T extends FileToRun>(files: T[], timings: Record<string, number> = TIMINGS): T[] {
  const ms = (f: FileToRun) => f.last?.duration ?? (timings[f.file] ?? 0) * 1000;
  return [...files].sort(
    (a, b) =>
      a.groupOrder - b.groupOrder ||
      (a.project === b.project ? 0 : a.project < b.project ? -1 : 1) ||
      Number(b.isolate) - Number(a.isolate) ||
      Number(b.last?.failed ?? false) - Number(a.last?.failed ?? false) ||
      ms(b) - ms(a) ||
      b.size - a.size,
  );
}
