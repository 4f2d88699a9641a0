/**
 * Deterministic pseudo-random numbers as pure functions of integer keys, so any record of the synthetic
 * data can be generated on its own (random access) without generating the ones before it.
 */

/** The running hash before any key. */
export const START = 0x9e3779b9 | 0;

/** The running hash `h` with one more integer key folded in. */
export function mixKey(h: number, key: number): number {
  // Numbers above 2^32 (days, API numbers) are folded in two halves so no key bits are lost.
  const lo = key | 0;
  const hi = Math.floor(key / 4294967296) | 0;
  h = Math.imul(h ^ lo, 0x85ebca6b);
  h = (h << 13) | (h >>> 19);
  h = Math.imul(h ^ hi, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * mixKey for a key in [0, 2^32), whose high half is 0: the same number, without the division. Small
 * enough in bytecode that V8 inlines a normal draw built of it into its caller (keyed-noise.ts).
 */
export function mixSmallKey(h: number, key: number): number {
  h = Math.imul(h ^ (key | 0), 0x85ebca6b);
  h = Math.imul((h << 13) | (h >>> 19), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The running hash of `keys`, not yet finalised. */
function mixKeys(keys: readonly number[]): number {
  let h = START;
  for (let i = 0; i < keys.length; i++) h = mixKey(h, keys[i]!);
  return h;
}

/** The murmur3-style finaliser: the 32-bit hash of a running hash. */
export function finish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** 32-bit mix of any number of integer keys (murmur3-style finaliser over a running hash). */
export function hashInts(...keys: number[]): number {
  return finish(mixKeys(keys));
}

/** Uniform number in [0, 1) from integer keys. */
export function unit(...keys: number[]): number {
  return finish(mixKeys(keys)) / 4294967296;
}

/** Integer in [0, n) from integer keys. */
export function pick(n: number, ...keys: number[]): number {
  return Math.floor((finish(mixKeys(keys)) / 4294967296) * n);
}

/** Approximately standard-normal number from integer keys (sum of three uniforms, rescaled). */
export function normal(...keys: number[]): number {
  // unit(...keys, 1), unit(...keys, 2) and unit(...keys, 3), the keys' running hash mixed once for all three.
  const h = mixKeys(keys);
  const a = finish(mixKey(h, 1)) / 4294967296;
  const b = finish(mixKey(h, 2)) / 4294967296;
  const c = finish(mixKey(h, 3)) / 4294967296;
  return (a + b + c - 1.5) * 2;
}
