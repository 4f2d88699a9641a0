import type { Fleet, FleetPosition } from "../model/fleet";
import type { RowSet } from "./row-set";

/** Which fleet positions a query keeps. */
export interface FleetFilter {
  /** Sub-regions (SUB_REGIONS order) whose units can match at all: the others are skipped unseen. */
  readonly subRegions: readonly boolean[];
  readonly match: (p: FleetPosition) => boolean;
}

/**
 * Rows of a fleet between two days (inclusive, open when undefined), keeping positions the filter
 * keeps. Without a filter the rows are read by offset directly; with one, the matching positions are
 * found once (the handler caches the answer per query), so every page of the query is read by offset.
 */
export function fleetRows(
  fleet: Fleet,
  fromDay: number | undefined,
  toDay: number | undefined,
  filter: FleetFilter | undefined,
  toRow: (p: FleetPosition) => Record<string, unknown>,
): RowSet {
  const firstDay = Math.max(fleet.firstDay, fromDay ?? fleet.firstDay);
  const lastDay = Math.min(fleet.lastDay, toDay ?? fleet.lastDay);
  const first = fleet.firstPositionOf(firstDay);
  const end = fleet.firstPositionOf(lastDay + 1);
  if (!filter) {
    return { count: Math.max(0, end - first), row: (k) => toRow(fleet.position(first + k)) };
  }
  let out = new Float64Array(1024);
  let n = 0;
  for (let day = firstDay; day <= lastDay; day++) {
    const units = fleet.unitsOn(day);
    const base = fleet.firstPositionOf(day);
    for (let unit = 0; unit < units; unit++) {
      if (!filter.subRegions[fleet.subRegionOf(unit)]) continue;
      if (!filter.match({ unit, day, pad: fleet.padOf(unit, day) })) continue;
      if (n === out.length) {
        const bigger = new Float64Array(out.length * 2);
        bigger.set(out);
        out = bigger;
      }
      out[n++] = base + unit;
    }
  }
  const indices = out.subarray(0, n);
  return { count: indices.length, row: (k) => toRow(fleet.position(indices[k])) };
}
