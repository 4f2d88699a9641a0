/**
 * Forecast vintages: backcasts (shorttermforecasthistory) against later actuals and against the
 * current forecast, per region (or any key) and month.
 */
import { InvalidParamsError } from "../errors";
import { columnsOf, requireColumns, type FrameInput } from "../frame/columns";
import { numericColumn } from "../table/engine-arrays";
import { civilFromDay, isoFromDay } from "../table/dates";
import { unitForField } from "../frame/units";
import { dayColumn } from "./day-column";
import { groupRows, sortedGroups } from "./group-keys";
import { periodStarts } from "./periods";
import { inferKeyType } from "./resample-flows";
import { outputTable, type OutputField } from "./output-table";
import type { Table } from "../table/table";

/** Inputs of `compareForecastVintages`. */
export interface ForecastVintageInputs {
  /** shorttermforecasthistory records or frame (date, forecast_run_date, the measure, the key). Required. */
  backcasts: FrameInput;
  /** Actual production for the same months (e.g. productionbycountyandoperator). Optional. */
  actuals?: FrameInput;
  /** The current short-term forecast (shorttermforecast). Optional. */
  current?: FrameInput;
}

/** Options of `compareForecastVintages`. */
export interface ForecastVintageOptions {
  /** Key columns. Default `["region"]` (use `["sub_region"]`, `["county"]`, or `[]` for the total). */
  by?: string | readonly string[];
  /** The measure to compare. Default `"gas_daily"`. */
  measure?: string;
  /** The month column of every input. Default `"date"`. */
  date?: string;
  /** The forecast run column of backcasts and current forecast. Default `"forecast_run_date"`. */
  runDate?: string;
}

/**
 * One row of `compareForecastVintages`: the `by` columns, the month and run columns (named by the
 * `date` and `runDate` options: `date` and `forecast_run_date` by default, YYYY-MM-DD), then the
 * figures. `actual`, `error` and `pct_error` are there with `actuals`; `current`, `current_run_date`
 * and `revision` with `current`. A missing number is null.
 */
export interface ForecastVintageRow {
  /** Month minus the run's month. */
  horizon_months: number;
  /** The summed backcast measure (the measure's unit). */
  backcast: number | null;
  actual?: number | null;
  /** backcast - actual. */
  error?: number | null;
  /** 100 * error / actual, in %. */
  pct_error?: number | null;
  current?: number | null;
  current_run_date?: string | null;
  /** current - backcast. */
  revision?: number | null;
  /** The `by`, month and run columns. */
  [column: string]: unknown;
}

interface Summed {
  keys: unknown[][];
  month: number[];
  run: number[];
  value: number[];
}

/** Sums `measure` per (keys, month[, run]); months are first days of month. */
function sumBy(input: FrameInput, by: string[], date: string, run: string | undefined, measure: string, fn: string): Summed {
  requireColumns(input, [...by, date, measure, ...(run ? [run] : [])], fn);
  const t = columnsOf(input, [...by, date, measure, ...(run ? [run] : [])]);
  const month = periodStarts(dayColumn(t.valuesView(date), date, fn), "month", 1);
  const runDay = run ? dayColumn(t.valuesView(run), run, fn) : undefined;
  const cols: unknown[][] = [...by.map((b) => t.valuesView(b) as unknown[]), Array.from(month)];
  if (runDay) cols.push(Array.from(runDay));
  const g = groupRows(cols, t.length);
  const v = numericColumn(t.valuesView(measure), measure);
  const sum = new Float64Array(g.groups);
  const has = new Uint8Array(g.groups);
  for (let i = 0; i < t.length; i++) {
    const x = v[i]!;
    if (x === x) {
      sum[g.ids[i]!]! += x;
      has[g.ids[i]!] = 1;
    }
  }
  const order = sortedGroups(g);
  return {
    keys: by.map((_, c) => Array.from(order, (o) => g.keys[c]![o])),
    month: Array.from(order, (o) => g.keys[by.length]![o] as number),
    run: runDay ? Array.from(order, (o) => g.keys[by.length + 1]![o] as number) : [],
    value: Array.from(order, (o) => (has[o] ? sum[o]! : NaN)),
  };
}

function monthIndex(day: number): number {
  const c = civilFromDay(day);
  return c.year * 12 + c.month - 1;
}

/**
 * An error table of forecast vintages: one row per key, month and backcast run, sorted by them, with
 * - `backcast`: the summed backcast measure; `horizon_months`: month minus the run's month
 *   (negative for the months a backcast fills in before its run);
 * - with `actuals`: `actual`, `error` = backcast - actual, `pct_error` = 100 * error / actual
 *   (NaN when the actual is 0 or missing);
 * - with `current`: `current` (summed over the current forecast's latest run for that key and month),
 *   `current_run_date`, and `revision` = current - backcast.
 * Null values are skipped in every sum; a month with no value is missing (null in the rows, NaN in
 * the frame), never 0. The measure's unit is the unit of `backcast`, `actual`, `error`, `current`
 * and `revision`; `pct_error` is in %.
 * @returns a Table of the vintages (`toFrame()` gives the danfo frame).
  * @example
  * const table = compareForecastVintages({ actual, forecast, backcasts });
 */
export function compareForecastVintages(inputs: ForecastVintageInputs, options: ForecastVintageOptions = {}): Table<ForecastVintageRow> {
  const fn = "compareForecastVintages";
  if (inputs === null || typeof inputs !== "object" || inputs.backcasts === undefined) {
    throw new InvalidParamsError(fn, [{ param: "backcasts", expected: "shorttermforecasthistory records or a frame" }]);
  }
  const by = options.by === undefined ? ["region"] : typeof options.by === "string" ? [options.by] : [...options.by];
  const measure = options.measure ?? "gas_daily";
  const date = options.date ?? "date";
  const run = options.runDate ?? "forecast_run_date";
  const b = sumBy(inputs.backcasts, by, date, run, measure, fn);
  const keyOf = (keys: unknown[][], i: number, month: number): string => JSON.stringify([...keys.map((k) => k[i]), month]);

  const actual = new Map<string, number>();
  if (inputs.actuals !== undefined) {
    const a = sumBy(inputs.actuals, by, date, undefined, measure, fn);
    a.month.forEach((m, i) => actual.set(keyOf(a.keys, i, m), a.value[i]!));
  }
  const current = new Map<string, { value: number; run: number }>();
  if (inputs.current !== undefined) {
    const c = sumBy(inputs.current, by, date, run, measure, fn);
    c.month.forEach((m, i) => {
      const k = keyOf(c.keys, i, m);
      const prev = current.get(k);
      if (prev === undefined || c.run[i]! > prev.run) current.set(k, { value: c.value[i]!, run: c.run[i]! });
    });
  }

  const n = b.month.length;
  const unit = unitForField(measure);
  const measureCol = (name: string, values: ArrayLike<number>): OutputField =>
    unit === undefined ? { name, values, type: "float" } : { name, values, type: "float", unit };
  const cols: OutputField[] = by.map((name, c) => ({ name, values: b.keys[c]!, type: inferKeyType(b.keys[c]!) }));
  cols.push({ name: date, values: b.month.map(isoFromDay), type: "date" });
  cols.push({ name: run, values: b.run.map(isoFromDay), type: "date" });
  cols.push({ name: "horizon_months", values: b.month.map((m, i) => monthIndex(m) - monthIndex(b.run[i]!)), type: "int" });
  cols.push(measureCol("backcast", b.value));
  if (inputs.actuals !== undefined) {
    const act = b.month.map((m, i) => actual.get(keyOf(b.keys, i, m)) ?? NaN);
    const err = act.map((a, i) => b.value[i]! - a);
    cols.push(measureCol("actual", act));
    cols.push(measureCol("error", err));
    cols.push({ name: "pct_error", values: err.map((e, i) => (act[i] === 0 ? NaN : (100 * e) / act[i]!)), type: "float", unit: "%" });
  }
  if (inputs.current !== undefined) {
    const cur = b.month.map((m, i) => current.get(keyOf(b.keys, i, m)));
    cols.push(measureCol("current", cur.map((c) => c?.value ?? NaN)));
    cols.push({ name: "current_run_date", values: cur.map((c) => (c === undefined ? null : isoFromDay(c.run))), type: "date" });
    cols.push(measureCol("revision", cur.map((c, i) => (c === undefined ? NaN : c.value - b.value[i]!))));
  }
  return outputTable<ForecastVintageRow>("gasframes.compareForecastVintages", cols, n);
}
