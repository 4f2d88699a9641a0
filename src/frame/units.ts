/**
 * Units per column. danfo frames carry no metadata, so units are found three ways, in order:
 * 1. units registered for this very frame object (a WeakMap filled by `toFrame`, the analysis
 *    functions and `withUnits`);
 * 2. the column name: the services' measure names are fixed (`gas_daily` is BCF/day,
 *    `prod_oil_bbl_month` is BBL), so any frame derived from one (head, query, sort, concat, copy)
 *    still knows its units;
 * 3. for an LNG `volume` column, the values of its `volume_unit` column.
 * A renamed measure column loses its unit unless registered again with `withUnits`.
 */
import type { DataFrame } from "danfojs-node";
import { columnSourceOf, isDataFrame, toColumns, type FrameInput } from "./columns";
import { distinctVolumeUnits } from "../table/volume-unit";
import { isDailyRateUnit, MIXED_UNITS, unitForField } from "../table/units";
import { registeredUnits, withUnits } from "../table/frame-units";

export { isDailyRateUnit, MIXED_UNITS, unitForField, withUnits };

/**
 * The unit of each column of a frame (or records) that has one: `{ gas_daily: "BCF/day", volume: "gas_Bcf" }`.
 * Registered units come first, then units known from column names, then an LNG `volume` column's
 * unit read from its `volume_unit` column (`"mixed"` when the rows name two units; `gas_Bcf` and `bcf`
 * are one unit, reported as first spelt). Columns with no known
 * unit are left out.
 */
export function unitsOf(frame: FrameInput): Record<string, string> {
  const out: Record<string, string> = {};
  const names = columnNames(frame);
  for (const name of names) {
    const u = unitForField(name);
    if (u !== undefined) out[name] = u;
  }
  if (names.includes("volume_unit")) {
    const labels = new Set<unknown>();
    for (const v of toColumns(frame, ["volume_unit"]).columns.get("volume_unit")!) if (v !== null) labels.add(v);
    const units = distinctVolumeUnits(labels);
    const unit = units.length === 1 ? units[0] : units.length > 1 ? MIXED_UNITS : undefined;
    if (unit !== undefined) {
      for (const name of names) if (isVolumeColumn(name)) out[name] = unit;
    }
  }
  const own = registeredUnits(frame as object);
  if (own !== undefined) for (const [k, v] of Object.entries(own)) if (names.includes(k)) out[k] = v;
  return out;
}

/** LNG columns measured in `volume_unit`: volume and its derived statistics. */
function isVolumeColumn(name: string): boolean {
  return name === "volume" || name === "volume_std" || name === "route_score_weighted_volume";
}

function columnNames(frame: FrameInput): string[] {
  const source = columnSourceOf(frame);
  if (source !== undefined) return [...source.names];
  if (isDataFrame(frame)) return [...(frame as unknown as { $columns: string[] }).$columns];
  const seen = new Set<string>();
  for (const r of frame as readonly Record<string, unknown>[]) for (const k in r) seen.add(k);
  return [...seen];
}
