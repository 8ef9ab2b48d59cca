// Arrays of any length. Spreading an array into a call (`push` or `Math.max` with `...rows`) passes every
// element as an argument and throws "Maximum call stack size exceeded" somewhere past ~100k elements, and server
// lists have no upper bound — so client code uses these loops instead (test/lib/lists.test.ts guards the tree).

/** The largest value, or `floor` when there is none larger. */
export function maxOf(values: Iterable<number>, floor = -Infinity): number {
  let max = floor;
  for (const v of values) if (v > max) max = v;
  return max;
}

/** Appends every item to `target` in place and returns it. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** A cursor-paged list's page end, as the answer's `pageInfo` says it. */
export interface PageInfo {
  hasNextPage: boolean;
  endCursor?: string;
}

/**
 * Every item of a cursor-paged list, page after page from `after` (the start when undefined), stopping after
 * `maxPages` (a runaway cursor must not loop forever) or at a cursor it was given before (a server answering the
 * same page again); `complete` says whether the last page was reached, `endCursor` where it stopped otherwise.
 */
export async function allPages<T>(
  fetchPage: (after: string | undefined) => Promise<{items: T[]; pageInfo: PageInfo}>,
  maxPages: number,
  after?: string,
): Promise<{items: T[]; complete: boolean; endCursor?: string}> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor = after;
  for (let page = 0; page < maxPages; page++) {
    const got = await fetchPage(cursor);
    appendAll(items, got.items);
    const next = got.pageInfo.endCursor;
    if (!got.pageInfo.hasNextPage || !next) return {items, complete: true};
    if (seen.has(next)) return {items, complete: false, endCursor: next};
    seen.add(next);
    cursor = next;
  }
  return {items, complete: false, ...(cursor === undefined ? {} : {endCursor: cursor})};
}

/** Where a page a list command printed ends: what the answer says about the rest. */
export interface PageEnd {
  /** Rows on this page. */
  readonly shown: number;
  /** Cursor paging: the cursor after this page, given only when there is a next page. */
  readonly after?: string;
  /** Offset paging: where this page started, and how many rows there are in all (when the answer says). */
  readonly offset?: number;
  readonly total?: number;
}

/**
 * THE line a list command prints (on stderr, after its table) when its page is not the whole list: how many it
 * showed and the flag that shows the next page (`--after <cursor>` or `--offset <n>`, as the command was paged),
 * and `--all` where the command has it. Undefined when nothing is left.
 */
export function moreHint(end: PageEnd, opts: {cursor: boolean; all?: boolean}): string | undefined {
  const all = opts.all === true ? ', or --all for every one' : '';
  if (opts.cursor) return end.after === undefined ? undefined : `${end.shown} shown; more: --after ${end.after}${all}`;
  const from = end.offset ?? 0;
  if (end.total === undefined || from + end.shown >= end.total || end.shown === 0) return undefined;
  return `${from + 1}-${from + end.shown} of ${end.total} shown; more: --offset ${from + end.shown}${all}`;
}
