/**
 * Units per column. A Table knows its units (`table.units`); danfo frames carry no metadata, so for
 * them (and for plain records) units are found three ways, in order:
 * 1. units registered for this very frame object (a WeakMap filled by `toFrame`, the analysis
 *    functions and `withUnits`);
 * 2. the column name: the services' measure names are fixed (`gas_daily` is BCF/day,
 *    `prod_oil_bbl_month` is BBL), so any frame derived from one (head, query, sort, concat, copy)
 *    still knows its units;
 * 3. for an LNG `volume` column, the values of its `volume_unit` column.
 * A renamed measure column loses its unit unless registered again with `withUnits`.
 */
import type { DataFrame } from "danfojs-node";
import { columnNames, columnsOf, type FrameInput } from "./columns";
import { Table } from "../table/table";
import { distinctVolumeUnits } from "../table/volume-unit";
import { isDailyRateUnit, MIXED_UNITS, unitForField } from "../table/units";
import { registeredUnits, withUnits } from "./frame-units";

export { isDailyRateUnit, MIXED_UNITS, unitForField, withUnits };

/**
 * The unit of each column of a frame (or records) that has one: `{ gas_daily: "BCF/day", volume: "gas_Bcf" }`.
 * Registered units come first, then units known from column names, then an LNG `volume` column's
 * unit read from its `volume_unit` column (`"mixed"` when the rows name two units; `gas_Bcf` and `bcf`
 * are one unit, reported as first spelt). Columns with no known
 * unit are left out.
  * @example
  * unitsOf(rigsFrame); // { gas_daily: "BCF/day", ... }
 */
export function unitsOf(frame: FrameInput): Record<string, string> {
  const names = columnNames(frame);
  const own = registeredUnits(frame as object);
  // A Table knows its units (schema, volume_unit, names) itself.
  const out: Record<string, string> = frame instanceof Table ? { ...frame.units } : unitsByName(frame, names);
  if (own !== undefined) for (const [k, v] of Object.entries(own)) if (names.includes(k)) out[k] = v;
  return out;
}

/** Units known from column names, and a volume's from its `volume_unit` column. */
function unitsByName(frame: FrameInput, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const u = unitForField(name);
    if (u !== undefined) out[name] = u;
  }
  if (names.includes("volume_unit")) {
    const labels = new Set<unknown>();
    for (const v of columnsOf(frame, ["volume_unit"]).valuesView("volume_unit")) if (v !== null) labels.add(v);
    const units = distinctVolumeUnits(labels);
    const unit = units.length === 1 ? units[0] : units.length > 1 ? MIXED_UNITS : undefined;
    if (unit !== undefined) {
      for (const name of names) if (isVolumeColumn(name)) out[name] = unit;
    }
  }
  return out;
}

/** LNG columns measured in `volume_unit`: volume and its derived statistics. */
function isVolumeColumn(name: string): boolean {
  return name === "volume" || name === "volume_std" || name === "route_score_weighted_volume";
}
