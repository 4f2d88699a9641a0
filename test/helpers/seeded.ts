/**
 * A seeded generator in [0, 1) (mulberry32, as bench/lib/records.mjs's `random`): the same numbers in
 * every run for a seed, so a random choice in a test (a kill point) can be replayed.
 */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
