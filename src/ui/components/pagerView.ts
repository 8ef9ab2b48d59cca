// Pure parts of the log pager: which lines are on screen (following the newest line or anchored where the reader
// scrolled to) and how a scroll moves. Lines carry a `seq` that only grows, so lines arriving while the reader
// looks back do not move what they are looking at.

export interface SeqLine {
  readonly seq: number;
}

/** Following the newest line, or anchored on the seq of the last line shown. */
export type Scroll = {follow: true} | {follow: false; lastSeq: number};

export interface PagerWindow<T> {
  readonly lines: T[];
  /** Lines below the window (newer than the last one shown). */
  readonly below: number;
  /** Index (in `all`) of the first line shown. */
  readonly start: number;
  /** Index (in `all`) just past the last shown line. */
  readonly end: number;
}

/**
 * The lines that fit in `height` rows ending at the scroll anchor. `rows(line)` is how many rows a line takes
 * (1 unless wrapped); the window never holds more rows than `height`, except for one line taller than all of it.
 */
export function pagerWindow<T extends SeqLine>(all: readonly T[], scroll: Scroll, height: number, rows: (line: T) => number = () => 1): PagerWindow<T> {
  let end = all.length;
  if (!scroll.follow) {
    const after = all.findIndex((l) => l.seq > scroll.lastSeq);
    end = after < 0 ? all.length : after;
  }
  // Scrolled to the top: the first screenful, not fewer lines.
  let start = end;
  let used = 0;
  while (start > 0 && used + rows(all[start - 1]!) <= height) used += rows(all[--start]!);
  while (end < all.length && used + rows(all[end]!) <= height && start === 0) used += rows(all[end++]!);
  if (start === end && end > 0) start = end - 1;
  return {lines: all.slice(start, end), below: all.length - end, start, end};
}

/** Moves the window by `delta` lines (negative: back to older lines); reaching the bottom follows again. */
export function scrollBy<T extends SeqLine>(all: readonly T[], scroll: Scroll, height: number, delta: number, rows?: (line: T) => number): Scroll {
  if (all.length === 0) return scroll;
  const {end, start} = pagerWindow(all, scroll, height, rows);
  const shown = end - start;
  const target = Math.max(Math.min(shown, all.length), Math.min(all.length, end + delta));
  if (target >= all.length) return {follow: true};
  const last = all[target - 1];
  return last ? {follow: false, lastSeq: last.seq} : scroll;
}

/** Scrolled to the first lines. */
export function scrollTop<T extends SeqLine>(all: readonly T[], height: number, rows?: (line: T) => number): Scroll {
  if (all.length === 0) return {follow: true};
  const top = pagerWindow(all, {follow: false, lastSeq: all[0]!.seq}, height, rows);
  if (top.end >= all.length) return {follow: true};
  return {follow: false, lastSeq: all[top.end - 1]!.seq};
}

/** The lines the `/` text keeps: case-insensitive, anywhere in the line's plain text. */
export function matchingLines<T>(lines: readonly T[], text: (line: T) => string, filter: string): readonly T[] {
  const needle = filter.toLowerCase();
  return needle ? lines.filter((l) => text(l).toLowerCase().includes(needle)) : lines;
}

/**
 * Where a pager's lines come from when they are more than memory keeps (a dbt run's whole log): the lines given
 * are a window of `total`, starting at line number (seq) `first`; the pager asks for more as the reader nears
 * either end of the window, jumps for g/G, and searches beyond the window with `find`.
 */
export interface PagerSource {
  readonly total: number;
  readonly first: number;
  /** Still reading toward the end of the log. */
  readonly loading: boolean;
  older(): void;
  newer(): void;
  jump(edge: 'start' | 'end'): void;
  /** The pager follows the newest line (new lines may push old ones out of memory) or not. */
  follow(on: boolean): void;
  /** The nearest line outside the window matching `term` (case-insensitive), loaded into the window. */
  find?(term: string, fromSeq: number, direction: 'older' | 'newer', signal: AbortSignal): Promise<number | undefined>;
}

/** The line's text cut around each case-insensitive occurrence of `term`. */
export function highlightParts(text: string, term: string): Array<{text: string; hit: boolean}> {
  if (term === '') return [{text, hit: false}];
  const lower = text.toLowerCase();
  const needle = term.toLowerCase();
  const parts: Array<{text: string; hit: boolean}> = [];
  let at = 0;
  for (let i = lower.indexOf(needle); i >= 0 && parts.length < 200; i = lower.indexOf(needle, i + needle.length)) {
    if (i > at) parts.push({text: text.slice(at, i), hit: false});
    parts.push({text: text.slice(i, i + needle.length), hit: true});
    at = i + needle.length;
  }
  if (at < text.length) parts.push({text: text.slice(at), hit: false});
  return parts;
}

/** The nearest loaded line matching `term` strictly before (older) or after (newer) `seq`. */
export function nearestMatch<T extends SeqLine>(lines: readonly T[], text: (line: T) => string, term: string, seq: number, direction: 'older' | 'newer'): T | undefined {
  const needle = term.toLowerCase();
  const hit = (l: T) => text(l).toLowerCase().includes(needle);
  if (direction === 'older') {
    for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.seq < seq && hit(lines[i]!)) return lines[i];
    return undefined;
  }
  return lines.find((l) => l.seq > seq && hit(l));
}
