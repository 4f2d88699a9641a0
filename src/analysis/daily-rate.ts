/**
 * Monthly volume <-> daily rate, using the days of each month: the `add_daily` step analysts expect
 * (e.g. `gas_monthly` MCF in a 29-day February is 29 days of production, not 30 or 30.4).
 */
import { DataError } from "../errors";
import { columnsOf, requireColumns, type FrameInput } from "../frame/columns";
import { numericColumn } from "../table/engine-arrays";
import { convertUnits } from "../frame/convert-units";
import { civilFromDay, daysInMonth } from "../table/dates";
import { unitsOf } from "../frame/units";
import { dayColumn } from "./day-column";
import { withColumns } from "./with-column";
import type { Table } from "../table/table";

/** Options of `addDailyRate` and `addMonthlyVolume`. */
export interface RateOptions {
  /** The column to convert (e.g. `gas_monthly` for `addDailyRate`, `gas_daily` for `addMonthlyVolume`). Required. */
  column: string;
  /** The date column naming each row's month. Default `"date"`. */
  date?: string;
  /** Name of the new column. Default `<column>_per_day` / `<column>_per_month`. */
  as?: string;
  /**
   * Unit of the new column. Defaults: `addDailyRate` gives the source unit per day (MCF -> MCF/day);
   * `addMonthlyVolume` gives MCF for gas rates and the source volume for others (BBL/day -> BBL).
   */
  unit?: string;
  /** Unit of `column` when the frame does not know it (see `unitsOf`). */
  from?: string;
}

/** Days in the month of each row's date. */
function monthDays(input: FrameInput, date: string, fn: string): Int32Array {
  const days = dayColumn(columnsOf(input, [date]).valuesView(date), date, fn);
  const out = new Int32Array(days.length);
  for (let i = 0; i < days.length; i++) {
    const c = civilFromDay(days[i]!);
    out[i] = daysInMonth(c.year, c.month);
  }
  return out;
}

function sourceUnit(input: FrameInput, options: RateOptions, fn: string): string {
  const unit = options.from ?? unitsOf(input)[options.column];
  if (unit === undefined) {
    throw new DataError(`${fn}: the unit of "${options.column}" is unknown; pass { from: "MCF" } (or the right unit)`);
  }
  return unit;
}

/**
 * Adds a daily-rate column computed from a monthly volume column and the days of each row's month.
 * `gas_monthly` (MCF) -> `gas_monthly_per_day` (MCF/day by default; `unit: "BCF/day"` to compare
 * with `gas_daily`). Oil and water volumes (BBL) become BBL/day. Missing values stay missing.
 * @param input records, a Result or Table, or a danfo frame with the volume column and a date column.
 * @returns a Table of the input's columns and the new one, with their units (`toFrame()` gives the
 *   danfo frame).
  * @example
  * const rates = addDailyRate(production, { column: "gas_monthly" }); // adds gas_monthly_per_day
 */
export function addDailyRate(input: FrameInput, options: RateOptions): Table<Record<string, unknown>> {
  const fn = "addDailyRate";
  const date = options.date ?? "date";
  requireColumns(input, [options.column, date], fn);
  const from = sourceUnit(input, options, fn);
  const to = options.unit ?? (/^BBL$/i.test(from) ? "BBL/day" : `${from.replace(/\/month$/i, "")}/day`);
  const values = numericColumn(columnsOf(input, [options.column]).valuesView(options.column), options.column);
  const days = monthDays(input, date, fn);
  const out = new Float64Array(values.length);
  const bbl = /^BBL$/i.test(from);
  for (let i = 0; i < values.length; i++) {
    out[i] = bbl ? values[i]! / days[i]! : convertUnits(values[i]!, from, to, { days: days[i]! });
  }
  return withColumns(input, [{ name: options.as ?? `${options.column}_per_day`, values: out, type: "float", unit: to }], "gasframes.addDailyRate");
}

/**
 * Adds a monthly-volume column computed from a daily-rate column and the days of each row's month.
 * `gas_daily` (BCF/day) -> `gas_daily_per_month` (MCF by default, comparable with `gas_monthly`).
 * @param input records, a Result or Table, or a danfo frame with the rate column and a date column.
 * @returns a Table of the input's columns and the new one, with their units.
  * @example
  * const volumes = addMonthlyVolume(rates, { column: "gas_monthly_per_day" });
 */
export function addMonthlyVolume(input: FrameInput, options: RateOptions): Table<Record<string, unknown>> {
  const fn = "addMonthlyVolume";
  const date = options.date ?? "date";
  requireColumns(input, [options.column, date], fn);
  const from = sourceUnit(input, options, fn);
  const bbl = /^BBL\/day$/i.test(from);
  const to = options.unit ?? (bbl ? "BBL" : "MCF");
  const values = numericColumn(columnsOf(input, [options.column]).valuesView(options.column), options.column);
  const days = monthDays(input, date, fn);
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    out[i] = bbl ? values[i]! * days[i]! : convertUnits(values[i]!, from, to, { days: days[i]! });
  }
  return withColumns(input, [{ name: options.as ?? `${options.column}_per_month`, values: out, type: "float", unit: to }], "gasframes.addMonthlyVolume");
}
