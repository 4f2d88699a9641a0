/**
 * The column core: every analysis function takes records or a danfo DataFrame and works on plain
 * column arrays, never on danfo's row-wise machinery.
 */
import type { DataFrame } from "danfojs-node";
import { DataError } from "../errors";

import { COLUMN_SOURCE as COLUMN_SOURCE_KEY } from "../table/record-columns";

/** The key of the method of records held as columns (a column-backed `Result`, `RecordColumns`): one symbol, defined with them. */
export { COLUMN_SOURCE_KEY };

/** Records held as columns, read without building row objects. */
export interface ColumnSource {
  readonly names: readonly string[];
  readonly length: number;
  /** Plain values (null where missing). */
  values(name: string): unknown[];
  /** A numeric column's Float64Array (NaN = missing), or undefined. */
  numbers(name: string): Float64Array | undefined;
  /** A dictionary-coded column (one code per distinct value), or undefined. */
  coded(name: string): { codes: Int32Array; values: readonly unknown[] } | undefined;
}

/** Anything holding records as columns: it hands them out through `COLUMN_SOURCE_KEY`. */
export interface HasColumnSource {
  [COLUMN_SOURCE_KEY](): ColumnSource;
}

/** What analysis functions accept: an array of records, a danfojs DataFrame, or a Result (records as columns). */
export type FrameInput = readonly Record<string, unknown>[] | DataFrame | HasColumnSource;

/** The columns of a column-holding input, or undefined for records and frames. */
export function columnSourceOf(x: unknown): ColumnSource | undefined {
  if (x === null || typeof x !== "object" || Array.isArray(x)) return undefined;
  const get = (x as Partial<HasColumnSource>)[COLUMN_SOURCE_KEY];
  return typeof get === "function" ? get.call(x) : undefined;
}

/** Column arrays by name, all of length `length`. */
export interface ColumnTable {
  /** Column names, in frame order (records: first-seen order). */
  readonly names: readonly string[];
  readonly columns: ReadonlyMap<string, readonly unknown[]>;
  readonly length: number;
}

/** Which columns to extract, and in which form. */
export interface TypedColumnSpec {
  /** Columns kept as plain value arrays. */
  readonly values?: readonly string[];
  /** Columns read as numbers into Float64Arrays (NaN for missing). */
  readonly numbers?: readonly string[];
  /** Date or timestamp columns read as UTC day numbers into Int32Arrays (bad or missing values throw). */
  readonly days?: readonly string[];
  /** Columns dictionary-coded into Int32Arrays of codes (null is a value of its own; undefined and NaN are null). */
  readonly codes?: readonly string[];
  /** The calling function's name, for error messages. */
  readonly fn?: string;
}

/** Columns extracted by `toTypedColumns`. */
export interface TypedColumns {
  readonly length: number;
  readonly values: Map<string, readonly unknown[]>;
  readonly numbers: Map<string, Float64Array>;
  readonly days: Map<string, Int32Array>;
  readonly codes: Map<string, CodedColumn>;
}

/**
 * Extracts columns in the forms the analysis engine works on, in one pass over records and without
 * intermediate arrays of a million values (typed arrays live outside the garbage-collected heap, so
 * the extraction does not make the collector walk the caller's records again and again). A value that
 * does not fit (a number column holding text, a date column holding a non-date) is a DataError
 * naming the column and row.
 * @param toDay the date parser for `days` (injected: the frame layer does not own analysis messages).
 */
export function toTypedColumns(input: FrameInput, spec: TypedColumnSpec, toDay: (v: unknown) => number): TypedColumns {
  const values = spec.values ?? [];
  const numbers = spec.numbers ?? [];
  const days = spec.days ?? [];
  const codes = spec.codes ?? [];
  const source = columnSourceOf(input);
  if (source !== undefined) {
    return {
      length: source.length,
      values: new Map(values.map((n) => [n, source.values(n)])),
      numbers: new Map(numbers.map((n) => [n, source.numbers(n) ?? numericColumn(source.values(n), n)])),
      days: new Map(days.map((n) => [n, sourceDays(source, n, toDay, spec.fn)])),
      codes: new Map(codes.map((n) => [n, codedOf(source, n)])),
    };
  }
  if (isDataFrame(input) || !Array.isArray(input)) {
    const t = toColumns(input, [...new Set([...values, ...numbers, ...days, ...codes])]);
    return {
      length: t.length,
      values: new Map(values.map((n) => [n, t.columns.get(n)!])),
      numbers: new Map(numbers.map((n) => [n, numericColumn(t.columns.get(n)!, n)])),
      days: new Map(days.map((n) => [n, dayNumbers(t.columns.get(n)!, n, toDay, spec.fn)])),
      codes: new Map(codes.map((n) => [n, encodeColumn(t.columns.get(n)!)])),
    };
  }
  const records = input as readonly Record<string, unknown>[];
  const n = records.length;
  const out = {
    values: values.map(() => new Array<unknown>(n)),
    numbers: numbers.map(() => new Float64Array(n)),
    days: days.map(() => new Int32Array(n)),
    codes: codes.map(() => new Int32Array(n)),
    dicts: codes.map(() => new Map<unknown, number>()),
    dictValues: codes.map((): unknown[] => []),
  };
  const fail = (v: unknown, name: string, row: number): never => badDay(v, name, row, spec.fn);
  compiledExtractor(values, numbers, days, codes)(records, n, out, { slowNumber, toDay, badDay: fail });
  return {
    length: n,
    values: new Map(values.map((name, j) => [name, out.values[j]!])),
    numbers: new Map(numbers.map((name, j) => [name, out.numbers[j]!])),
    days: new Map(days.map((name, j) => [name, out.days[j]!])),
    codes: new Map(codes.map((name, j) => [name, { codes: out.codes[j]!, values: out.dictValues[j]! }])),
  };
}

/** Day numbers of a source column: computed once per distinct value when it is dictionary-coded. */
function sourceDays(source: ColumnSource, name: string, toDay: (v: unknown) => number, fn?: string): Int32Array {
  const coded = source.coded(name);
  if (coded === undefined) return dayNumbers(source.values(name), name, toDay, fn);
  const dict = coded.values.map(toDay);
  const out = new Int32Array(coded.codes.length);
  for (let i = 0; i < out.length; i++) {
    const d = dict[coded.codes[i]!]!;
    if (Number.isNaN(d)) badDay(coded.values[coded.codes[i]!], name, i, fn);
    out[i] = d;
  }
  return out;
}

function codedOf(source: ColumnSource, name: string): CodedColumn {
  const c = source.coded(name);
  return c !== undefined ? { codes: c.codes, values: [...c.values] } : encodeColumn(source.values(name));
}

function badDay(v: unknown, name: string, row: number, fn?: string): never {
  throw new DataError(`${fn ? `${fn}: ` : ""}column "${name}" row ${row}: ${JSON.stringify(v ?? null)} is not a date or timestamp`);
}

function dayNumbers(col: readonly unknown[], name: string, toDay: (v: unknown) => number, fn?: string): Int32Array {
  const out = new Int32Array(col.length);
  for (let i = 0; i < col.length; i++) {
    const d = toDay(col[i]);
    if (Number.isNaN(d)) badDay(col[i], name, i, fn);
    out[i] = d;
  }
  return out;
}

/**
 * A value that is not already a number, as a number: NaN (missing) for null, undefined and "", the
 * parsed value of a numeric string or a bigint; anything else is a DataError naming column and row.
 */
export function slowNumber(v: unknown, name: string, row: number): number {
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
  const source = columnSourceOf(input);
  if (source !== undefined) {
    const pick = wanted ?? source.names;
    return { names: [...pick], columns: new Map(pick.map((n) => [n, source.values(n)])), length: source.length };
  }
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
    compiledExtractor(wanted)(records, n, { values: cols, numbers: [], days: [], codes: [], dicts: [], dictValues: [] }, { slowNumber, toDay: () => NaN, badDay });
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

interface ExtractOut {
  values: unknown[][];
  numbers: Float64Array[];
  days: Int32Array[];
  codes: Int32Array[];
  dicts: Map<unknown, number>[];
  dictValues: unknown[][];
}
interface ExtractHelpers {
  slowNumber: (v: unknown, name: string, row: number) => number;
  toDay: (v: unknown) => number;
  badDay: (v: unknown, name: string, row: number) => never;
}
type Extractor = (records: readonly Record<string, unknown>[], n: number, out: ExtractOut, h: ExtractHelpers) => void;
const extractors = new Map<string, Extractor>();

/**
 * A loop specialised to these field names. Reading `r["gas_daily"]` with a literal name lets V8 use
 * a fast named-property load; a variable key (`r[name]`) is a generic lookup several times slower,
 * which dominates on a million records. Names are embedded with JSON.stringify, so any string is safe.
 */
function compiledExtractor(
  values: readonly string[],
  numbers: readonly string[] = [],
  days: readonly string[] = [],
  codes: readonly string[] = [],
): Extractor {
  const key = JSON.stringify([values, numbers, days, codes]);
  let fn = extractors.get(key);
  if (fn === undefined) {
    const q = (name: string): string => JSON.stringify(name);
    const body = [
      ...values.map((name, j) => `v = r[${q(name)}]; V${j}[i] = v === undefined ? null : v;`),
      ...numbers.map((name, j) => `v = r[${q(name)}]; N${j}[i] = typeof v === "number" ? v : h.slowNumber(v, ${q(name)}, i);`),
      ...days.map((name, j) => `v = r[${q(name)}]; d = h.toDay(v); if (d !== d) h.badDay(v, ${q(name)}, i); D${j}[i] = d;`),
      ...codes.map(
        (name, j) =>
          `v = r[${q(name)}]; if (v === undefined || v !== v) v = null; c = M${j}.get(v); if (c === undefined) { c = L${j}.length; L${j}.push(v); M${j}.set(v, c); } C${j}[i] = c;`,
      ),
    ].join("\n");
    const locals = [
      ...values.map((_, j) => `const V${j} = out.values[${j}];`),
      ...numbers.map((_, j) => `const N${j} = out.numbers[${j}];`),
      ...days.map((_, j) => `const D${j} = out.days[${j}];`),
      ...codes.map((_, j) => `const C${j} = out.codes[${j}], M${j} = out.dicts[${j}], L${j} = out.dictValues[${j}];`),
    ].join("\n");
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const make = new Function("DataError", "describe", `return function extract(records, n, out, h) {
      ${locals}
      let v, d, c;
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
  const source = columnSourceOf(input);
  if (source !== undefined) return source.names.includes(name);
  if (isDataFrame(input)) return ((input as unknown as DanfoInternals).$columns ?? []).includes(name);
  return (input as readonly Record<string, unknown>[]).some((r) => r !== null && typeof r === "object" && name in r);
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

/**
 * Numbers of a column as a Float64Array: null, undefined, NaN and empty strings become NaN (missing);
 * numeric strings are parsed. Anything else is a DataError naming the column and row: a value that is
 * not a number is never silently dropped.
 */
export function numericColumn(col: readonly unknown[], name: string): Float64Array {
  const out = new Float64Array(col.length);
  if (allNumbers(col)) {
    for (let i = 0; i < col.length; i++) out[i] = +(col[i] as number);
    return out;
  }
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

/**
 * Whether every element is a number (NaN included). Checked first so that the loop reading a frame's
 * numeric column can take each value with `+`: a loop that also handles other values makes V8 box
 * every element of the holey double arrays frames hold (a heap number per row, and the garbage
 * collection it brings).
 */
export function allNumbers(col: readonly unknown[]): boolean {
  for (let i = 0; i < col.length; i++) if (typeof col[i] !== "number") return false;
  return true;
}

/** A dictionary-coded column: `codes[i]` indexes `values`; missing values have their own code. */
export interface CodedColumn {
  readonly codes: Int32Array;
  /** Distinct values in first-seen order (null included once if present). */
  readonly values: unknown[];
}

/**
 * The code of a value seen for the first time in a column being dictionary-coded: `index` maps raw
 * values to codes (undefined and NaN are keys of their own, sharing null's code), `values` holds one
 * value per code.
 */
export function firstSighting(index: Map<unknown, number>, values: unknown[], v: unknown): number {
  const value = v === undefined || v !== v ? null : v;
  let c = index.get(value);
  if (c === undefined) {
    c = values.length;
    values.push(value);
    index.set(value, c);
  }
  index.set(v, c);
  return c;
}

/** Dictionary-codes a column by value identity (strings, numbers, booleans, null). */
export function encodeColumn(col: readonly unknown[]): CodedColumn {
  const codes = new Int32Array(col.length);
  const values: unknown[] = [];
  // Made before the loop: code that first runs after a long loop has no type feedback, and V8 throws
  // the loop's optimised code away when it gets there, so the next call would start slow again.
  const out: CodedColumn = { codes, values };
  // Raw values to codes: undefined and NaN are keys of their own here, sharing null's code.
  const index = new Map<unknown, number>();
  // Rows usually come sorted or grouped, so a value often repeats the previous row's: that check is
  // cheaper than the map lookup. The loop holds no rarely taken branch (first sightings are a call),
  // for the same reason as above.
  let last: unknown = index;
  let lastCode = 0;
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (v === last) {
      codes[i] = lastCode;
      continue;
    }
    let c = index.get(v);
    if (c === undefined) c = firstSighting(index, values, v);
    codes[i] = c;
    last = v;
    lastCode = c;
  }
  return out;
}
