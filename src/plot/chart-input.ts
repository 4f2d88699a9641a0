/**
 * What a builder accepts (records, a danfojs DataFrame or a client Result) and the column checks
 * every builder makes before it draws anything.
 */
import type { DataFrame } from "danfojs-node";
import { DataError, InvalidParamsError } from "../errors";
import { COLUMN_SOURCE, type RecordColumns } from "../table/record-columns";

/**
 * Rows to chart: plain records, a danfojs DataFrame, anything with a `records` array (a client
 * `Result`), or a gasframes Table (what the analysis functions return).
 */
export type ChartInput =
  | readonly Record<string, unknown>[]
  | DataFrame
  | { readonly records: readonly Record<string, unknown>[] }
  | { [COLUMN_SOURCE](): RecordColumns };

/** Records plus the columns they carry (the frame's columns when the input was a frame, even an empty one). */
export interface ChartData {
  readonly records: readonly Record<string, unknown>[];
  readonly columns: readonly string[];
}

/** Turns any accepted input into records and columns. A DataError names what was wrong with anything else. */
export function chartData(input: unknown, chart: string): ChartData {
  if (Array.isArray(input)) return fromRecords(input, chart);
  if (isFrameLike(input)) return fromFrame(input, chart);
  if (typeof input === "object" && input !== null && Array.isArray((input as { records?: unknown }).records)) {
    return fromRecords((input as { records: unknown[] }).records, chart);
  }
  if (typeof input === "object" && input !== null && typeof (input as { [COLUMN_SOURCE]?: unknown })[COLUMN_SOURCE] === "function") {
    // A Table: its records, and its columns (its `names`, schema first) even when it has no rows.
    const columns = (input as { [COLUMN_SOURCE](): RecordColumns })[COLUMN_SOURCE]();
    const names = (input as { names?: unknown }).names;
    return { records: columns.toRecords(), columns: Array.isArray(names) ? names.map(String) : [...columns.names] };
  }
  throw new DataError(
    `${chart}: expected records (an array of objects), a danfojs DataFrame or a Result, got ${describe(input)}`,
  );
}

/** Throws a DataError naming every column in `needed` that the data lacks, and the columns it has. */
export function requireColumns(data: ChartData, needed: readonly string[], chart: string): void {
  const have = new Set(data.columns);
  const missing = needed.filter((c) => !have.has(c));
  if (missing.length === 0) return;
  const names = missing.map((c) => `"${c}"`).join(", ");
  throw new DataError(
    `${chart}: missing column${missing.length > 1 ? "s" : ""} ${names} (columns present: ${listColumns(data)})`,
  );
}

/** The first of `candidates` the data has; a DataError naming all of them otherwise. */
export function firstColumn(data: ChartData, candidates: readonly string[], chart: string, role: string): string {
  const found = candidates.find((c) => data.columns.includes(c));
  if (found !== undefined) return found;
  throw new DataError(
    `${chart}: missing column for ${role}: expected one of ${candidates.map((c) => `"${c}"`).join(", ")} ` +
      `(columns present: ${listColumns(data)})`,
  );
}

function listColumns(data: ChartData): string {
  return data.columns.length === 0 ? "none" : data.columns.join(", ");
}

function fromRecords(rows: readonly unknown[], chart: string): ChartData {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (typeof row !== "object" || row === null || Array.isArray(row)) {
      throw new DataError(`${chart}: record ${i} is ${describe(row)}, expected an object`);
    }
    for (const k of Object.keys(row)) {
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
    }
  }
  return { records: rows as Record<string, unknown>[], columns };
}

interface FrameLike {
  columns: string[];
  values: unknown[][];
}

function isFrameLike(x: unknown): x is FrameLike {
  if (typeof x !== "object" || x === null) return false;
  const f = x as { columns?: unknown; values?: unknown; $data?: unknown };
  return Array.isArray(f.columns) && Array.isArray(f.values) && "$data" in f;
}

function fromFrame(frame: FrameLike, chart: string): ChartData {
  const columns = frame.columns.map(String);
  const rows = frame.values;
  const records: Record<string, unknown>[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!Array.isArray(row)) throw new DataError(`${chart}: frame row ${i} is not an array of values`);
    const rec: Record<string, unknown> = {};
    for (let j = 0; j < columns.length; j++) {
      const v = row[j];
      // danfo stores a missing number as NaN; charts treat missing as null.
      rec[columns[j]!] = v === undefined || (typeof v === "number" && Number.isNaN(v)) ? null : v;
    }
    records[i] = rec;
  }
  return { records, columns };
}

function describe(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array";
  if (typeof x === "object") return `an object with keys ${Object.keys(x).slice(0, 5).join(", ") || "(none)"}`;
  return `${typeof x} ${String(x).slice(0, 40)}`;
}

/** A builder option with a wrong value: an InvalidParamsError naming the option, the value and what was expected. */
export function optionError(chart: string, param: string, value: unknown, expected: string, suggestion?: string): InvalidParamsError {
  return new InvalidParamsError(chart, [{ param, value, expected, ...(suggestion === undefined ? {} : { suggestion }) }]);
}
