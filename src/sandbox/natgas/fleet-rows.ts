import type { Fleet, FleetPosition } from "./model/fleet";
import type { RowSet } from "./row-set";

/**
 * Rows of a fleet between two days (inclusive, open when undefined), keeping positions that `match`.
 * Without a match function the rows are read by offset directly; with one, the matching positions are
 * found once (the handler caches the answer per query), so every page of the query is read by offset.
 */
export function fleetRows(
  fleet: Fleet,
  fromDay: number | undefined,
  toDay: number | undefined,
  match: ((p: FleetPosition) => boolean) | undefined,
  toRow: (p: FleetPosition) => Record<string, unknown>,
): RowSet {
  const first = fleet.firstPositionOf(fromDay ?? fleet.firstDay);
  const end = fleet.firstPositionOf(toDay === undefined ? fleet.lastDay + 1 : toDay + 1);
  if (!match) {
    return { count: Math.max(0, end - first), row: (k) => toRow(fleet.position(first + k)) };
  }
  const indices = (() => {
    let out = new Float64Array(1024);
    let n = 0;
    for (let i = first; i < end; i++) {
      if (!match(fleet.position(i))) continue;
      if (n === out.length) {
        const bigger = new Float64Array(out.length * 2);
        bigger.set(out);
        out = bigger;
      }
      out[n++] = i;
    }
    return out.subarray(0, n);
  })();
  return { count: indices.length, row: (k) => toRow(fleet.position(indices[k])) };
}
