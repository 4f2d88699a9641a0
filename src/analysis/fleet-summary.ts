/**
 * The fleet summary the old live_status report gave, rebuilt from v1 vessel records where the data
 * allows it.
 */
import { columnsOf, requireColumns, type FrameInput } from "../frame/columns";
import { parseTimestampMs } from "../table/dates";

/** What `fleetSummary` returns. Field names follow the old live_status summary where one exists. */
export interface FleetSummary {
  /** Vessels in the input (distinct `imo`; records without `imo` count once each). */
  lng_fleet_size: number;
  /** Vessels with `is_loaded` true. */
  laden: number;
  /** Vessels with `is_loaded` false (the old API spelt it `balast`). */
  balast: number;
  /** Vessels with `is_loaded` null or absent. */
  unknown: number;
  /** Vessels moving faster than `atSeaKnots` (a proxy for "at sea": v1 has no activity field). */
  at_sea: number;
  /** At-sea vessels with `is_loaded` true: the old summary's `laden` (it counted vessels at sea only). */
  laden_at_sea: number;
  /** At-sea vessels with `is_loaded` false: the old summary's `balast`. */
  balast_at_sea: number;
  /** Vessels per `status` (`ACTIVE`, ...); a missing status counts under `"null"`. */
  by_status: Record<string, number>;
  /** Vessels per `vessel_type` (`FSRU`, ...); a missing type counts under `"null"`. */
  by_vessel_type: Record<string, number>;
  /** Newest `last_ais_signal_timestamp`, ISO 8601 UTC, or null when no vessel has one. */
  datetime: string | null;
  /** The same instant in seconds since the epoch, or null. */
  epoch: number | null;
}

/** Options of `fleetSummary`. */
export interface FleetSummaryOptions {
  /** Speed (knots) above which a vessel counts as at sea. Default 1. */
  atSeaKnots?: number;
}

/**
 * Fleet size, laden / ballast / unknown counts (from `is_loaded`), the same among vessels at sea
 * (speed above `atSeaKnots`, which is how the old summary counted them), counts by `status` and
 * `vessel_type`, and the time of the newest AIS signal. When a vessel appears more than once (records
 * from several calls), the record with the newest AIS signal is used.
 * The old summary's at_terminal, left_liquefaction_terminal, left_regasification_terminal and
 * lng_volume cannot be rebuilt from v1 vessel records (see docs/analysis.md).
 * @param vessels v1 vessel records (or a frame of them).
  * @example
  * const summary = fleetSummary(await lng.vessels());
 */
export function fleetSummary(vessels: FrameInput, options: FleetSummaryOptions = {}): FleetSummary {
  requireColumns(vessels, ["imo"], "fleetSummary");
  const atSeaKnots = options.atSeaKnots ?? 1;
  const t = columnsOf(vessels, ["imo", "is_loaded", "status", "vessel_type", "last_ais_signal_timestamp", "speed"]);
  const speed = t.valuesView("speed");
  const imo = t.valuesView("imo");
  const ais = t.valuesView("last_ais_signal_timestamp");
  const aisMs = new Float64Array(t.length);
  for (let i = 0; i < t.length; i++) {
    const v = ais[i];
    aisMs[i] = typeof v === "string" ? parseTimestampMs(v) : NaN;
  }
  const pick = new Map<unknown, number>();
  const rows: number[] = [];
  for (let i = 0; i < t.length; i++) {
    const key = imo[i];
    if (key === null || key === undefined) {
      rows.push(i);
      continue;
    }
    const prev = pick.get(key);
    if (prev === undefined) pick.set(key, i);
    else if (!(aisMs[prev]! >= aisMs[i]!)) pick.set(key, i);
  }
  rows.push(...pick.values());
  const loaded = t.valuesView("is_loaded");
  const status = t.valuesView("status");
  const vtype = t.valuesView("vessel_type");
  const out: FleetSummary = {
    lng_fleet_size: rows.length, laden: 0, balast: 0, unknown: 0, at_sea: 0, laden_at_sea: 0, balast_at_sea: 0, by_status: {}, by_vessel_type: {}, datetime: null, epoch: null,
  };
  let newest = -Infinity;
  for (const i of rows) {
    const l = loaded[i];
    if (l === true || l === "true") out.laden++;
    else if (l === false || l === "false") out.balast++;
    else out.unknown++;
    const sp = speed[i];
    if (typeof sp === "number" && sp > atSeaKnots) {
      out.at_sea++;
      if (l === true || l === "true") out.laden_at_sea++;
      else if (l === false || l === "false") out.balast_at_sea++;
    }
    const s = String(status[i] ?? "null");
    out.by_status[s] = (out.by_status[s] ?? 0) + 1;
    const v = String(vtype[i] ?? "null");
    out.by_vessel_type[v] = (out.by_vessel_type[v] ?? 0) + 1;
    if (aisMs[i]! > newest) newest = aisMs[i]!;
  }
  if (newest > -Infinity) {
    out.datetime = new Date(newest).toISOString();
    out.epoch = Math.floor(newest / 1000);
  }
  return out;
}
