/**
 * The way into the one column model for what analysis and chart functions accept: records, a danfo
 * DataFrame, or anything holding records as columns (a Table, a Result, `RecordColumns`). Each
 * becomes `RecordColumns`; a danfo frame's columns are taken as danfo stores them, without copying.
 */
import type { DataFrame } from "danfojs-node";
import { DataError } from "../errors";
import { COLUMN_SOURCE, MixedColumn, type Column } from "../table/column";
import { describeValue, readRecords, type RecordReadSpec } from "../table/read-records";
import { RecordColumns } from "../table/record-columns";
import { Table } from "../table/table";
import { engineArrays, type EngineArrays, type EngineArraySpec } from "../table/engine-arrays";

/** Anything holding records as columns: it hands them out through `COLUMN_SOURCE`. */
export interface HasColumnSource {
  [COLUMN_SOURCE](): RecordColumns;
}

/** What analysis functions accept: an array of records, a danfojs DataFrame, or a Table / Result (records as columns). */
export type FrameInput = readonly Record<string, unknown>[] | DataFrame | HasColumnSource;

/** The columns of a column-holding input, or undefined for records and frames. */
export function columnSourceOf(x: unknown): RecordColumns | undefined {
  if (x === null || typeof x !== "object" || Array.isArray(x)) return undefined;
  const get = (x as Partial<HasColumnSource>)[COLUMN_SOURCE];
  return typeof get === "function" ? get.call(x) : undefined;
}

interface DanfoInternals {
  $columns?: string[];
  $data?: unknown[][];
  $dataIncolumnFormat?: unknown[][];
  $config?: { isLowMemoryMode?: boolean };
  shape?: number[];
  columns?: string[];
  values?: unknown[][];
}

/** Whether `x` looks like a danfojs DataFrame (duck-typed: two copies of danfo may be loaded). */
export function isDataFrame(x: unknown): x is DataFrame {
  if (x === null || typeof x !== "object" || Array.isArray(x)) return false;
  const f = x as DanfoInternals;
  // `in`, not a read: a frame from toFrame() builds its rows when `$data` is first read (see table/frame-over-columns).
  return Array.isArray(f.$columns) && "$data" in f && Array.isArray(f.$dataIncolumnFormat ?? f.$data);
}

/**
 * Records, a danfo frame or a Table as `RecordColumns`. With `wanted`, only those columns are read (a
 * column the input lacks reads as all null, so callers decide what missing means); a spec also says
 * in which form records' fields are read (see `readRecords`). Read the values with `valuesView` when
 * they are not changed: a frame's or records' column is then not copied again.
 * @param input records, a danfojs DataFrame, or a Table / Result.
 * @param wanted column names (or a read spec) to extract; default all.
 * @throws DataError for any other input, naming what it is.
 */
export function columnsOf(input: FrameInput, wanted?: readonly string[] | RecordReadSpec): RecordColumns {
  const source = columnSourceOf(input);
  if (source !== undefined) return source;
  const names = wanted === undefined ? undefined : Array.isArray(wanted) ? (wanted as readonly string[]) : specNames(wanted as RecordReadSpec);
  if (isDataFrame(input)) return frameColumns(input as unknown as DanfoInternals, names);
  if (!Array.isArray(input)) {
    throw new DataError(`expected an array of records or a danfojs DataFrame, got ${describeValue(input)}`);
  }
  return readRecords(input as readonly Record<string, unknown>[], wanted);
}

function specNames(spec: RecordReadSpec): string[] {
  return [...new Set([...(spec.values ?? []), ...(spec.numbers ?? []), ...(spec.codes ?? [])])];
}

/**
 * The columns of `spec` in the forms the analysis engine works on (see `engineArrays`), read from any
 * input in one pass: records' fields are read straight into numbers and dictionary codes (date columns
 * are coded, then parsed once per distinct value).
 * @param toDay the date parser for `days`; default the table's codec.
 */
export function toEngineArrays(input: FrameInput, spec: EngineArraySpec, toDay?: (v: unknown) => number): EngineArrays {
  const read: RecordReadSpec = { values: spec.values ?? [], numbers: spec.numbers ?? [], codes: [...(spec.codes ?? []), ...(spec.days ?? [])] };
  return engineArrays(columnsOf(input, read), spec, toDay);
}

/**
 * A danfo frame's columns, as it stores them (no copy) when it keeps a column copy, else built from its
 * rows. The rows are read only when a column must be built from them: a frame from toFrame() makes its
 * rows when `$data` is first read, and reading only its columns leaves them unmade.
 */
function frameColumns(df: DanfoInternals, wanted?: readonly string[]): RecordColumns {
  const names = df.$columns ?? df.columns ?? [];
  let rowsRead: unknown[][] | undefined;
  const rows = (): unknown[][] => (rowsRead ??= df.$data ?? []);
  const n = names.length === 0 ? 0 : (df.shape?.[0] ?? rows().length);
  const stored = df.$config?.isLowMemoryMode === false ? df.$dataIncolumnFormat : undefined;
  const columns = new Map<string, Column>();
  const pick = wanted ?? names;
  for (const name of pick) {
    const j = names.indexOf(name);
    if (j < 0) continue;
    let col = stored !== undefined && stored.length === names.length ? stored[j] : undefined;
    if (col === undefined || col.length !== n) {
      const all = rows();
      col = new Array<unknown>(n);
      for (let i = 0; i < n; i++) col[i] = all[i]![j];
    }
    columns.set(name, new MixedColumn(col));
  }
  return new RecordColumns([...columns.keys()], columns, n);
}

/** Whether the input has a column (a frame column, or a key of any record). */
export function hasColumn(input: FrameInput, name: string): boolean {
  const source = columnSourceOf(input);
  if (source !== undefined) return source.names.includes(name);
  if (isDataFrame(input)) return ((input as unknown as DanfoInternals).$columns ?? []).includes(name);
  return (input as readonly Record<string, unknown>[]).some((r) => r !== null && typeof r === "object" && name in r);
}

/** Column names of any input: a frame's, a Table's, or every field of the records in first-seen order. */
export function columnNames(input: FrameInput): string[] {
  if (input instanceof Table) return [...input.names];
  const source = columnSourceOf(input);
  if (source !== undefined) return [...source.names];
  if (isDataFrame(input)) return [...((input as unknown as DanfoInternals).$columns ?? [])];
  const seen = new Set<string>();
  for (const r of input as readonly Record<string, unknown>[]) if (r !== null && typeof r === "object") for (const k in r) seen.add(k);
  return [...seen];
}

/**
 * Throws a DataError naming the function and the missing columns unless each is present.
 * An empty input passes: it has no rows that could lack a field.
 */
export function requireColumns(input: FrameInput, names: readonly string[], fn: string): void {
  const source = columnSourceOf(input);
  if (isDataFrame(input) || (source !== undefined && source.length > 0)) {
    const cols = source?.names ?? (input as unknown as DanfoInternals).$columns ?? [];
    const missing = names.filter((n) => !cols.includes(n));
    if (missing.length > 0) {
      throw new DataError(`${fn}: the frame has no column ${missing.map((m) => `"${m}"`).join(", ")} (columns: ${cols.join(", ")})`);
    }
    return;
  }
  if (source !== undefined) return;
  const recs = input as readonly Record<string, unknown>[];
  if (recs.length === 0) return;
  const missing = names.filter((n) => !hasColumn(recs, n));
  if (missing.length > 0) {
    throw new DataError(`${fn}: no record has field ${missing.map((m) => `"${m}"`).join(", ")}`);
  }
}
