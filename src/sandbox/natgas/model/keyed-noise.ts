/**
 * `unit` and `normal` of core/hash.ts for exactly four integer keys, without the rest-parameter arrays
 * and with the three draws of `normal` sharing the hash of their four common keys: the same numbers
 * (test/sandbox/ndjson-speed-guard.test.ts compares them), a third of the work. Per-well noise is drawn
 * several times for every row of productionbywell, so this is most of a row's generation time.
 */

import { finish, mixKey as mix, mixSmallKey, START } from "../../core/hash";

/** The finaliser of hashInts, as a uniform number in [0, 1). */
const toUnit = (h: number): number => finish(h) / 4294967296;

/**
 * The running hash of three keys (seed, well index, month): what the draws of a well-month have in
 * common, made once for its gas noise, oil noise and null draw (`unitAfter`, `normalAfter`).
 */
export function key3(a: number, b: number, c: number): number {
  return mix(mix(mix(START, a), b), c);
}

/** `unit(a, b, c, d)` of core/hash.ts, from `key3(a, b, c)`; `d` a salt in [0, 2^32). */
export function unitAfter(h3: number, d: number): number {
  return toUnit(mixSmallKey(h3, d));
}

/**
 * `normal(a, b, c, d)` of core/hash.ts, from `key3(a, b, c)`; `d` a salt in [0, 2^32). Built of
 * mixSmallKey so that V8 inlines it into a row's loop: a number a call returns is boxed otherwise.
 */
export function normalAfter(h3: number, d: number): number {
  return normalOf(mixSmallKey(h3, d));
}

/** `normal` of core/hash.ts from the running hash of all its keys. */
function normalOf(h: number): number {
  return (toUnit(mixSmallKey(h, 1)) + toUnit(mixSmallKey(h, 2)) + toUnit(mixSmallKey(h, 3)) - 1.5) * 2;
}

/** `unit(a, b, c, d)` of core/hash.ts. */
export function unit4(a: number, b: number, c: number, d: number): number {
  return toUnit(mix(key3(a, b, c), d));
}

/** `normal(a, b, c, d)` of core/hash.ts: (unit(a..d, 1) + unit(a..d, 2) + unit(a..d, 3) - 1.5) * 2. */
export function normal4(a: number, b: number, c: number, d: number): number {
  return normalOf(mix(key3(a, b, c), d));
}
