/**
 * Deterministic pseudo-random numbers as pure functions of integer keys, so any record of the synthetic
 * data can be generated on its own (random access) without generating the ones before it.
 */

/** 32-bit mix of any number of integer keys (murmur3-style finaliser over a running hash). */
export function hashInts(...keys: number[]): number {
  let h = 0x9e3779b9 | 0;
  for (const key of keys) {
    // Numbers above 2^32 (days, API numbers) are folded in two halves so no key bits are lost.
    const lo = key | 0;
    const hi = Math.floor(key / 4294967296) | 0;
    h = Math.imul(h ^ lo, 0x85ebca6b);
    h = (h << 13) | (h >>> 19);
    h = Math.imul(h ^ hi, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Uniform number in [0, 1) from integer keys. */
export function unit(...keys: number[]): number {
  return hashInts(...keys) / 4294967296;
}

/** Integer in [0, n) from integer keys. */
export function pick(n: number, ...keys: number[]): number {
  return Math.floor(unit(...keys) * n);
}

/** Approximately standard-normal number from integer keys (sum of three uniforms, rescaled). */
export function normal(...keys: number[]): number {
  const a = unit(...keys, 1);
  const b = unit(...keys, 2);
  const c = unit(...keys, 3);
  return (a + b + c - 1.5) * 2;
}

