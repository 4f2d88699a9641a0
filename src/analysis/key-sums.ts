/**
 * One measure summed per distinct tuple of key values, on the group-key engine: what a chart draws per
 * (date, region) or per (week, rig class). Moved down from the charts, which had a grouping of their own.
 */
import { groupRows } from "./group-keys";

/** Groups in first-seen order of their key tuples, with the sum of the measure in each. */
export interface KeySums {
  readonly groups: number;
  /** `keys[c][g]`: the value of key column c in group g (undefined and NaN read as null, as in `groupRows`). */
  readonly keys: unknown[][];
  /** `sums[g]`: the sum of the group's values; NaN when none of its rows had one (no value is not 0). */
  readonly sums: Float64Array;
}

/**
 * Sums `values` (NaN = missing) per distinct tuple of `keys` (one column per key, each as long as
 * `values`; null is a key value of its own). Values are added in row order.
 */
export function sumByKeys(keys: readonly (readonly unknown[])[], values: ArrayLike<number>): KeySums {
  const g = groupRows(keys, values.length);
  const sums = new Float64Array(g.groups).fill(NaN);
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (x !== x) continue;
    const s = sums[g.ids[i]!]!;
    sums[g.ids[i]!] = (s === s ? s : 0) + x;
  }
  return { groups: g.groups, keys: g.keys, sums };
}
