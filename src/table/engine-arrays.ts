/**
 * The typed arrays the analysis engine computes on, read from `RecordColumns`: numbers as
 * Float64Arrays, dates as UTC day numbers, keys dictionary-coded. Columns already in that form (a
 * number column, a coded column) are used as they are; a coded date column is parsed once per
 * distinct value.
 */
import { DataError } from "../errors";
import { CodedColumn } from "./column";
import { toDayNumber } from "./dates";
import type { RecordColumns } from "./record-columns";

/** Which columns to extract, and in which form. */
export interface EngineArraySpec {
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

/** The arrays `engineArrays` reads out of a table's columns, by field name (coded keys stay `CodedColumn`s). */
export interface EngineArrays {
  readonly length: number;
  readonly values: Map<string, readonly unknown[]>;
  readonly numbers: Map<string, Float64Array>;
  readonly days: Map<string, Int32Array>;
  readonly codes: Map<string, CodedColumn>;
}

/**
 * The columns of `spec` in the forms the analysis engine works on. A value that does not fit (a number
 * column holding text, a date column holding a non-date) is a DataError naming the column and row.
 * Plain values may be the columns' own arrays: they must not be changed.
 * @param columns the records as columns.
 * @param toDay the date parser for `days`; default the table's codec (`toDayNumber`).
 */
export function engineArrays(columns: RecordColumns, spec: EngineArraySpec, toDay: (v: unknown) => number = toDayNumber): EngineArrays {
  return {
    length: columns.length,
    values: new Map((spec.values ?? []).map((n) => [n, columns.valuesView(n)])),
    numbers: new Map((spec.numbers ?? []).map((n) => [n, columns.numbers(n) ?? numericColumn(columns.valuesView(n), n)])),
    days: new Map((spec.days ?? []).map((n) => [n, dayColumnOf(columns, n, toDay, spec.fn)])),
    codes: new Map((spec.codes ?? []).map((n) => [n, columns.coded(n) ?? encodeColumn(columns.valuesView(n))])),
  };
}

/** Day numbers of a column: computed once per distinct value when it is dictionary-coded. */
function dayColumnOf(columns: RecordColumns, name: string, toDay: (v: unknown) => number, fn?: string): Int32Array {
  const coded = columns.coded(name);
  if (coded === undefined) return dayNumbers(columns.valuesView(name), name, toDay, fn);
  const dict = coded.dict.map(toDay);
  const out = new Int32Array(coded.codes.length);
  for (let i = 0; i < out.length; i++) {
    const d = dict[coded.codes[i]!]!;
    if (Number.isNaN(d)) badDay(coded.dict[coded.codes[i]!], name, i, fn);
    out[i] = d;
  }
  return out;
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
      const x = typeof v === "bigint" ? Number(v) : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
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
  const out = new CodedColumn(codes, values);
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
