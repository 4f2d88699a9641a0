/**
 * `unit` and `normal` of core/hash.ts for exactly four integer keys, without the rest-parameter arrays
 * and with the three draws of `normal` sharing the hash of their four common keys: the same numbers
 * (test/sandbox/ndjson-speed-guard.test.ts compares them), a third of the work. Per-well noise is drawn
 * several times for every row of productionbywell, so this is most of a row's generation time.
 */

const START = 0x9e3779b9 | 0;

/** One key folded into the running hash, exactly as hashInts does it. */
function mix(h: number, key: number): number {
  const lo = key | 0;
  const hi = Math.floor(key / 4294967296) | 0;
  h = Math.imul(h ^ lo, 0x85ebca6b);
  h = (h << 13) | (h >>> 19);
  h = Math.imul(h ^ hi, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The finaliser of hashInts, as a uniform number in [0, 1). */
function toUnit(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** `unit(a, b, c, d)` of core/hash.ts. */
export function unit4(a: number, b: number, c: number, d: number): number {
  return toUnit(mix(mix(mix(mix(START, a), b), c), d));
}

/** `normal(a, b, c, d)` of core/hash.ts: (unit(a..d, 1) + unit(a..d, 2) + unit(a..d, 3) - 1.5) * 2. */
export function normal4(a: number, b: number, c: number, d: number): number {
  const h = mix(mix(mix(mix(START, a), b), c), d);
  return (toUnit(mix(h, 1)) + toUnit(mix(h, 2)) + toUnit(mix(h, 3)) - 1.5) * 2;
}
