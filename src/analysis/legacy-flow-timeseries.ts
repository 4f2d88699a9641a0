/**
 * The old API's `flow_timeseries` report, rebuilt from v1 volume_flows records.
 */
import { DataError, InvalidParamsError } from "../errors";
import type { FrameInput } from "../frame/columns";
import { canonicalUnit } from "../frame/convert-units";
import { resampleFlowColumns } from "./resample-flows";
import { sameVolumeUnit } from "../table/volume-unit";
import type { FieldSpec } from "../table/schema";
import type { Table } from "../table/table";
import { recordsTable } from "./output-table";

/** The old report's aggregations. */
export type LegacyAggregation = "daily" | "weekly" | "monthly";

/** Options of `legacyFlowTimeseries`. */
export interface LegacyFlowTimeseriesOptions {
  /** `"daily"` (default), `"weekly"` (weeks start on Monday, labelled by the Monday) or `"monthly"`. */
  aggregation?: LegacyAggregation;
  /**
   * A column naming each row's polygon (destination), when the input holds several series; each
   * distinct value becomes a data column, in first-seen order (`polygon_order`). Default: one series.
   */
  by?: string;
  /** Column name of the single series when `by` is not given. Default `"Global"`. */
  polygon?: string;
  /** `tx_type` to report (the v1 request's `transaction_type`). Default `"offloading"`. */
  txType?: string;
}

/** One period of the old flow_timeseries report: `{ date, <polygon>: volume, ... }`. */
export interface LegacyFlowRow {
  /** First day of the period, YYYY-MM-DD. */
  date: string;
  /** One volume per polygon (in `volume_unit`, rounded to 6 decimals; null for a period of null days). */
  [polygon: string]: string | number | null;
}

/** The old flow_timeseries report_result. */
export interface LegacyFlowTimeseries {
  /**
   * One row per period: `{ date, <polygon>: volume, ... }`; volumes rounded to 6 decimals, each
   * polygon's column in `volume_unit`. A Table: `data.rows()` (or `JSON.stringify(report)`) gives
   * the old report's rows.
   */
  data: Table<LegacyFlowRow>;
  polygon_order: string[];
  /** The old naming: `bcf` for v1's `gas_Bcf`, `mcf`; other units as given. */
  volume_unit: string | null;
  aggregation: LegacyAggregation;
  /** First and last day of the daily input; `partial_periods` lists periods with fewer daily rows than days. */
  details: { start_date: string | null; end_date: string | null; week_start: "Monday"; partial_periods: string[] };
  tx_type: string;
}

const FREQ = { daily: "day", weekly: "week", monthly: "month" } as const;

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/**
 * The old `flow_timeseries` report_result from v1 daily volume flows: sums per day, Monday-start
 * week or calendar month (via `resampleFlows`), one data column per polygon, labelled by the first day
 * of the period. Periods with fewer daily rows than days are listed in `details.partial_periods`.
 * A period whose daily volumes are all null reports null. Mixed units are a DataError.
 * @param flows v1 volume_flows records (or a frame), optionally with a polygon column named by `by`.
  * @example
  * const series = legacyFlowTimeseries(flows, { aggregation: "weekly" });
 */
export function legacyFlowTimeseries(flows: FrameInput, options: LegacyFlowTimeseriesOptions = {}): LegacyFlowTimeseries {
  const aggregation = (options.aggregation ?? "daily").toLowerCase() as LegacyAggregation;
  if (!Object.hasOwn(FREQ, aggregation)) {
    throw new InvalidParamsError("legacyFlowTimeseries", [{ param: "aggregation", value: options.aggregation, expected: `"daily", "weekly" or "monthly"` }]);
  }
  const r = resampleFlowColumns(flows, { freq: FREQ[aggregation], weekStart: "monday", ...(options.by ? { by: options.by } : {}) });
  const single = options.polygon ?? "Global";
  const order: string[] = [];
  const rows = new Map<string, Record<string, unknown>>();
  const partial = new Set<string>();
  let unit: string | null = null as string | null;
  for (let i = 0; i < r.period.length; i++) {
    const name = options.by ? String(r.byValues[0]![i]) : single;
    if (!order.includes(name)) order.push(name);
    const label = r.period[i]!;
    let row = rows.get(label);
    if (row === undefined) rows.set(label, (row = { date: label }));
    row[name] = Number.isNaN(r.volume[i]!) ? null : round6(r.volume[i]!);
    if (!r.complete[i]) partial.add(label);
    const u = r.volumeUnit[i];
    if (u !== null && u !== undefined) {
      if (unit !== null && !sameVolumeUnit(unit, u)) {
        throw new DataError(`legacyFlowTimeseries: polygons mix volume units ${JSON.stringify(unit)} and ${JSON.stringify(u)}; convert them to one unit first (convertUnits)`);
      }
      unit = u;
    }
  }
  const labels = [...rows.keys()].sort();
  // v1 writes `gas_Bcf`; the old API wrote plain `bcf` / `mcf`.
  if (unit !== null) unit = canonicalUnit(unit)?.toLowerCase() ?? unit;
  const fields: FieldSpec[] = [{ name: "date", type: "date" }, ...order.map((name): FieldSpec => (unit === null ? { name, type: "float" } : { name, type: "float", unit: unit }))];
  return {
    data: recordsTable("gasframes.legacyFlowTimeseries", labels.map((l) => rows.get(l)! as LegacyFlowRow), fields),
    polygon_order: order,
    volume_unit: unit,
    aggregation,
    details: {
      start_date: r.firstDay,
      end_date: r.lastDay,
      week_start: "Monday",
      partial_periods: [...partial].sort(),
    },
    tx_type: options.txType ?? "offloading",
  };
}
