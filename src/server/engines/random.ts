// Deterministic pseudo-random numbers for seeded data (the sample warehouse, the demo dbt history): the same
// seed gives the same rows on every machine, which tests and screen captures rely on.

/** mulberry32: tiny, fast and good enough to spread rows; determinism is what matters here. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
