/**
 * The pieces of SQL the lake paths of `rollup` and `resampleFlows` share: columns checked against the
 * dataset's schema (so that a name reaches SQL only when the view has it, and then quoted), numbers with
 * NaN read as missing, UTC days and period starts, and the answer read back as plain arrays.
 */
import { InvalidParamsError } from "../errors";
import { quoteIdent, type LakeField, type LakeSource } from "../lake/lake-source";
import type { Table } from "../table/table";
import { closest } from "../util/closest";
import type { Freq } from "./periods";

/** The types SQL sums as numbers. */
const NUMERIC = new Set(["int", "float"]);
/** The types a period or a UTC day is read from. */
const DATED = new Set(["date", "timestamp"]);

/**
 * The column `name` of the dataset, or InvalidParamsError naming the option, the value, the columns and
 * the closest one. `want` narrows the types accepted (`"number"` for measures, `"date"` for periods).
 */
export function lakeColumn(fn: string, source: LakeSource, param: string, name: unknown, want?: "number" | "date"): LakeField {
  const names = source.columns.map((c) => c.name);
  const col = typeof name === "string" ? source.columns.find((c) => c.name === name) : undefined;
  if (col === undefined) {
    const guess = typeof name === "string" ? closest(name, names) : undefined;
    throw new InvalidParamsError(fn, [
      { param, value: name, expected: `a column of the lake dataset ${source.view} (${names.join(", ")})`, ...(guess === undefined ? {} : { suggestion: guess }) },
    ]);
  }
  if (want === "number" && !NUMERIC.has(col.type)) {
    throw new InvalidParamsError(fn, [
      { param, value: name, expected: `a numeric column to aggregate in DuckDB (${col.name} is ${col.duckType}); numbers held as text are read only in memory: lake.query the rows first` },
    ]);
  }
  if (want === "date" && !DATED.has(col.type)) {
    throw new InvalidParamsError(fn, [{ param, value: name, expected: `a DATE or TIMESTAMP column to cut into periods in DuckDB (${col.name} is ${col.duckType})` }]);
  }
  return col;
}

/** The column as a DOUBLE, NaN read as missing (NULL), as the in-memory sums skip it. */
export function numberSql(col: LakeField): string {
  const q = `CAST(${quoteIdent(col.name)} AS DOUBLE)`;
  return `(CASE WHEN isnan(${q}) THEN NULL ELSE ${q} END)`;
}

/**
 * The UTC calendar day of a DATE or TIMESTAMP column, as a DATE. Counted from the epoch so that a
 * TIMESTAMP WITH TIME ZONE is not moved by the session's time zone.
 */
export function utcDaySql(col: LakeField): string {
  return `(DATE '1970-01-01' + CAST(floor(epoch(${quoteIdent(col.name)}) / 86400) AS INTEGER))`;
}

/**
 * The first day of the period holding `day` (a DATE expression), as `periodStarts` computes it:
 * the day itself, the week's first day (`weekStart` 0 = Sunday ... 6 = Saturday) or the month's first.
 */
export function periodSql(day: string, freq: Freq, weekStart: number): string {
  if (freq === "day") return day;
  if (freq === "month") return `CAST(date_trunc('month', ${day}) AS DATE)`;
  return `(${day} - CAST(((dayofweek(${day}) - ${weekStart} + 7) % 7) AS INTEGER))`;
}

/** A DATE expression as a day number (days since 1970-01-01), the way the in-memory code keys periods. */
export function dayNumberSql(date: string): string {
  return `CAST(datediff('day', DATE '1970-01-01', ${date}) AS INTEGER)`;
}

/** A numeric column of an answer as numbers, a missing value as NaN. */
export function numbersOf(table: Table<Record<string, unknown>>, name: string): Float64Array {
  const values = table.column(name);
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out[i] = v === null || v === undefined ? NaN : Number(v);
  }
  return out;
}
