/**
 * The column core: every analysis function takes records or a danfo DataFrame and works on plain
 * column arrays, never on danfo's row-wise machinery.
 */
import type { DataFrame } from "danfojs-node";
import { DataError } from "../errors";

/** What analysis functions accept: an array of records or a danfojs DataFrame. */
export type FrameInput = readonly Record<string, unknown>[] | DataFrame;

/** Column arrays by name, all of length `length`. */
export interface ColumnTable {
  /** Column names, in frame order (records: first-seen order). */
  readonly names: readonly string[];
  readonly columns: ReadonlyMap<string, readonly unknown[]>;
  readonly length: number;
}

/**
 * Extracts `names` as plain columns and `numeric` as Float64Arrays (NaN for missing) in one pass
 * over records, without intermediate arrays: the hot path of the analysis functions. A value in a
 * numeric column that is not a number is a DataError naming column and row (see `numericColumn`).
 */
export function toTypedColumns(
  input: FrameInput,
  names: readonly string[],
  numeric: readonly string[],
): { columns: Map<string, readonly unknown[]>; numbers: Map<string, Float64Array>; length: number } {
  if (isDataFrame(input) || !Array.isArray(input)) {
    const t = toColumns(input, [...names, ...numeric]);
    return {
      columns: new Map(names.map((n) => [n, t.columns.get(n)!])),
      numbers: new Map(numeric.map((n) => [n, numericColumn(t.columns.get(n)!, n)])),
      length: t.length,
    };
  }
  const records = input as readonly Record<string, unknown>[];
  const n = records.length;
  const cols = names.map(() => new Array<unknown>(n));
  const nums = numeric.map(() => new Float64Array(n));
  compiledExtractor(names, numeric)(records, cols, n, nums, slowNumber);
  return {
    columns: new Map(names.map((name, j) => [name, cols[j]!])),
    numbers: new Map(numeric.map((name, j) => [name, nums[j]!])),
    length: n,
  };
}

function slowNumber(v: unknown, name: string, row: number): number {
  if (v === null || v === undefined || v === "") return NaN;
  const x = typeof v === "string" || typeof v === "bigint" ? Number(v) : NaN;
  if (Number.isNaN(x)) throw new DataError(`column "${name}" row ${row}: ${JSON.stringify(v)} is not a number`);
  return x;
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
  return Array.isArray(f.$columns) && Array.isArray(f.$data);
}

/**
 * Turns records or a DataFrame into column arrays. With `wanted`, only those columns are extracted
 * (a column absent everywhere is an all-null column, so callers decide what missing means).
 * Records are read in one pass; a DataFrame's columns are taken as it stores them, without copying.
 * @param input records or a danfojs DataFrame.
 * @param wanted column names to extract; default all.
 */
export function toColumns(input: FrameInput, wanted?: readonly string[]): ColumnTable {
  if (isDataFrame(input)) return frameColumns(input as unknown as DanfoInternals, wanted);
  if (!Array.isArray(input)) {
    throw new DataError(`expected an array of records or a danfojs DataFrame, got ${describe(input)}`);
  }
  return recordColumns(input as readonly Record<string, unknown>[], wanted);
}

function describe(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array";
  return typeof x === "object" ? `an object (${Object.keys(x as object).slice(0, 5).join(", ")})` : typeof x;
}

function recordColumns(records: readonly Record<string, unknown>[], wanted?: readonly string[]): ColumnTable {
  const n = records.length;
  if (wanted !== undefined) {
    const cols = wanted.map(() => new Array<unknown>(n));
    compiledExtractor(wanted)(records, cols, n);
    return { names: [...wanted], columns: new Map(wanted.map((name, j) => [name, cols[j]!])), length: n };
  }
  const names: string[] = [];
  const index = new Map<string, unknown[]>();
  for (let i = 0; i < n; i++) {
    const r = records[i];
    if (r === null || typeof r !== "object") throw new DataError(`record ${i} is ${describe(r)}, not an object`);
    for (const key in r) {
      let col = index.get(key);
      if (col === undefined) {
        col = new Array<unknown>(n).fill(null);
        index.set(key, col);
        names.push(key);
      }
      const v = r[key];
      col[i] = v === undefined ? null : v;
    }
  }
  return { names, columns: index, length: n };
}

type Extractor = (
  records: readonly Record<string, unknown>[],
  cols: unknown[][],
  n: number,
  nums?: Float64Array[],
  slow?: (v: unknown, name: string, row: number) => number,
) => void;
const extractors = new Map<string, Extractor>();

/**
 * A loop specialised to these field names. Reading `r["gas_daily"]` with a literal name lets V8 use
 * a fast named-property load; a variable key (`r[name]`) is a generic lookup several times slower,
 * which dominates on a million records. Names are embedded with JSON.stringify, so any string is safe.
 */
function compiledExtractor(names: readonly string[], numeric: readonly string[] = []): Extractor {
  const key = JSON.stringify([names, numeric]);
  let fn = extractors.get(key);
  if (fn === undefined) {
    const body = names
      .map((name, j) => `v = r[${JSON.stringify(name)}]; cols[${j}][i] = v === undefined ? null : v;`)
      .concat(numeric.map((name, j) => `v = r[${JSON.stringify(name)}]; nums[${j}][i] = typeof v === "number" ? v : slow(v, ${JSON.stringify(name)}, i);`))
      .join("\n");
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const make = new Function("DataError", "describe", `return function extract(records, cols, n, nums, slow) {
      let v;
      for (let i = 0; i < n; i++) {
        const r = records[i];
        if (r === null || typeof r !== "object") throw new DataError("record " + i + " is " + describe(r) + ", not an object");
        ${body}
      }
    };`) as (e: typeof DataError, d: typeof describe) => Extractor;
    fn = make(DataError, describe);
    if (extractors.size < 256) extractors.set(key, fn);
  }
  return fn;
}

function frameColumns(df: DanfoInternals, wanted?: readonly string[]): ColumnTable {
  const names = df.$columns ?? df.columns ?? [];
  const rows = df.$data ?? [];
  const n = names.length === 0 ? 0 : rows.length;
  const stored = df.$config?.isLowMemoryMode === false ? df.$dataIncolumnFormat : undefined;
  const columns = new Map<string, unknown[]>();
  const pick = wanted ?? names;
  for (const name of pick) {
    const j = names.indexOf(name);
    if (j < 0) {
      columns.set(name, new Array<unknown>(n).fill(null));
      continue;
    }
    let col = stored !== undefined && stored.length === names.length ? stored[j] : undefined;
    if (col === undefined || col.length !== n) {
      col = new Array<unknown>(n);
      for (let i = 0; i < n; i++) col[i] = rows[i]![j];
    }
    columns.set(name, col);
  }
  return { names: [...pick], columns, length: n };
}

/** Whether the input has a column (a frame column, or a key of any record). */
export function hasColumn(input: FrameInput, name: string): boolean {
  if (isDataFrame(input)) return ((input as unknown as DanfoInternals).$columns ?? []).includes(name);
  return (input as readonly Record<string, unknown>[]).some((r) => r !== null && typeof r === "object" && name in r);
}

/**
 * Throws a DataError naming the function and the missing columns unless each is present.
 * An empty input passes: it has no rows that could lack a field.
 */
export function requireColumns(input: FrameInput, names: readonly string[], fn: string): void {
  if (isDataFrame(input)) {
    const cols = (input as unknown as DanfoInternals).$columns ?? [];
    const missing = names.filter((n) => !cols.includes(n));
    if (missing.length > 0) {
      throw new DataError(`${fn}: the frame has no column ${missing.map((m) => `"${m}"`).join(", ")} (columns: ${cols.join(", ")})`);
    }
    return;
  }
  const recs = input as readonly Record<string, unknown>[];
  if (recs.length === 0) return;
  const missing = names.filter((n) => !hasColumn(recs, n));
  if (missing.length > 0) {
    throw new DataError(`${fn}: no record has field ${missing.map((m) => `"${m}"`).join(", ")}`);
  }
}

/**
 * Numbers of a column as a Float64Array: null, undefined, NaN and empty strings become NaN (missing);
 * numeric strings are parsed. Anything else is a DataError naming the column and row: a value that is
 * not a number is never silently dropped.
 */
export function numericColumn(col: readonly unknown[], name: string): Float64Array {
  const out = new Float64Array(col.length);
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (typeof v === "number") out[i] = v;
    else if (v === null || v === undefined || v === "") out[i] = NaN;
    else {
      const x = typeof v === "string" ? Number(v) : typeof v === "bigint" ? Number(v) : NaN;
      if (Number.isNaN(x)) throw new DataError(`column "${name}" row ${i}: ${JSON.stringify(v)} is not a number`);
      out[i] = x;
    }
  }
  return out;
}

/** A dictionary-coded column: `codes[i]` indexes `values`; missing values have their own code. */
export interface CodedColumn {
  readonly codes: Int32Array;
  /** Distinct values in first-seen order (null included once if present). */
  readonly values: unknown[];
}

/** Dictionary-codes a column by value identity (strings, numbers, booleans, null). */
export function encodeColumn(col: readonly unknown[]): CodedColumn {
  const codes = new Int32Array(col.length);
  const values: unknown[] = [];
  const index = new Map<unknown, number>();
  for (let i = 0; i < col.length; i++) {
    let v = col[i];
    if (v === undefined || (typeof v === "number" && Number.isNaN(v))) v = null;
    let c = index.get(v);
    if (c === undefined) {
      c = values.length;
      values.push(v);
      index.set(v, c);
    }
    codes[i] = c;
  }
  return { codes, values };
}
