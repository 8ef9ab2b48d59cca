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
