/**
 * Multi-column group keys on dictionary-coded columns: each row gets a dense group id, with the
 * distinct key tuples kept once. This is the engine under rollup and resampleFlows.
 */
import { encodeColumn } from "../table/engine-arrays";
import type { CodedColumn } from "../table/column";

/** Dense group ids for rows, and each group's key values (one array per key column). */
export interface GroupIndex {
  /** `ids[i]` is row i's group, 0..groups-1, in first-seen order. */
  readonly ids: Int32Array;
  readonly groups: number;
  /** `keys[c][g]` is the value of key column c for group g. */
  readonly keys: unknown[][];
}

/**
 * Groups rows by the tuple of values in `columns` (null is a value of its own, as in a SQL GROUP BY).
 * With no columns every row is in group 0.
 */
export function groupRows(columns: readonly (readonly unknown[])[], length: number): GroupIndex {
  return groupCoded(columns.map((c) => encodeColumn(c)), length);
}

/** `groupRows` on columns already dictionary-coded. */
export function groupCoded(coded: readonly CodedColumn[], length: number): GroupIndex {
  const ids = new Int32Array(length);
  if (coded.length === 0) return { ids, groups: length === 0 ? 0 : 1, keys: [] };
  let radix = 1;
  for (const c of coded) radix *= Math.max(1, c.dict.length);
  const keys: unknown[][] = coded.map(() => []);
  let groups = 0;
  if (radix <= 2 ** 31) {
    // Dense composite codes: a flat table instead of a hash map when it is small enough.
    const table = radix <= 4_000_000 ? new Int32Array(radix).fill(-1) : undefined;
    const map = table === undefined ? new Map<number, number>() : undefined;
    for (let i = 0; i < length; i++) {
      let code = 0;
      for (let c = 0; c < coded.length; c++) code = code * coded[c]!.dict.length + coded[c]!.codes[i]!;
      let g = table !== undefined ? table[code]! : (map!.get(code) ?? -1);
      if (g < 0) {
        g = groups++;
        if (table !== undefined) table[code] = g;
        else map!.set(code, g);
        for (let c = 0; c < coded.length; c++) keys[c]!.push(coded[c]!.dict[coded[c]!.codes[i]!]);
      }
      ids[i] = g;
    }
    return { ids, groups, keys };
  }
  const map = new Map<string, number>();
  for (let i = 0; i < length; i++) {
    let code = "";
    for (let c = 0; c < coded.length; c++) code += `${coded[c]!.codes[i]!},`;
    let g = map.get(code);
    if (g === undefined) {
      g = groups++;
      map.set(code, g);
      for (let c = 0; c < coded.length; c++) keys[c]!.push(coded[c]!.dict[coded[c]!.codes[i]!]);
    }
    ids[i] = g;
  }
  return { ids, groups, keys };
}

/** Total order for key values: numbers before strings, each ascending; null last. */
export function compareKeys(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Group ids ordered by their key tuples (column by column, see `compareKeys`). */
export function sortedGroups(index: Pick<GroupIndex, "groups" | "keys">): Int32Array {
  const order = Int32Array.from({ length: index.groups }, (_, g) => g);
  const keys = index.keys;
  order.sort((x, y) => {
    for (let c = 0; c < keys.length; c++) {
      const d = compareKeys(keys[c]![x], keys[c]![y]);
      if (d !== 0) return d;
    }
    return x - y;
  });
  return order;
}
