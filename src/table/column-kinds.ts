/**
 * The kinds of one column of records, and the few operations every part of the column model shares.
 * A leaf: the builders, the accumulator and `RecordColumns` all stand on it.
 */

/** Numbers; NaN stands for null (JSON has no NaN, so nothing is lost). */
export interface NumberColumn {
  readonly kind: "number";
  readonly values: Float64Array;
}

/**
 * Dictionary codes, in the narrowest array their dictionary allows: Uint8Array up to 256 entries,
 * Uint16Array up to 65,536, else Int32Array (producers may also hand out a wider kind than needed).
 * Four-byte codes were a third of a million-row v3 Result, whose dictionaries hold a few hundred values.
 */
export type Codes = Uint8Array | Uint16Array | Int32Array;

/**
 * Dictionary-coded values: `dict[codes[i]]` is row i's value. Strings, booleans, null, numbers and nested
 * values. The one coded column of gasframes: what the builders hold, what `RecordColumns#coded` gives,
 * and what the analysis engine groups on (`encodeColumn`), where each distinct value has one code (null
 * included, once).
 */
export interface CodedColumn {
  readonly kind: "coded";
  readonly codes: Codes;
  readonly dict: readonly unknown[];
}

/** Values of mixed kinds, as they came. */
export interface MixedColumn {
  readonly kind: "mixed";
  readonly values: readonly unknown[];
}

/** One column of records. `absent[i] === 1` when record i has no such field at all (not even null). */
export type RecordColumn = (NumberColumn | CodedColumn | MixedColumn) & { readonly absent?: Uint8Array };

/**
 * The key of the method through which the frame and analysis functions read records held as columns
 * without building row objects (`Symbol.for`, so two loaded copies of gasframes agree). The method
 * returns a {@link RecordColumns}.
 */
export const COLUMN_SOURCE: unique symbol = Symbol.for("gasframes.columnSource") as never;

/** Named columns of equal length: what `RecordColumns` holds, and what the accumulator appends. */
export interface ColumnSet {
  readonly names: readonly string[];
  readonly columns: ReadonlyMap<string, RecordColumn>;
  readonly length: number;
}

const NEGATIVE_ZERO = Symbol("-0");

/**
 * A scalar's key in a dictionary's map: the value itself, but -0 apart from 0 (a Map treats them as
 * one, and JSON.parse keeps -0).
 */
export function dictionaryKey(value: unknown): unknown {
  return value === 0 && 1 / value < 0 ? NEGATIVE_ZERO : value;
}

/** The value of a cell (null for NaN in a number column). */
export function cellOf(col: RecordColumn, i: number): unknown {
  if (col.kind === "number") {
    const v = col.values[i]!;
    return v === v ? v : null;
  }
  if (col.kind === "coded") return col.dict[col.codes[i]!];
  return col.values[i];
}

/**
 * The first `n` values of a column's array: the array itself, a view when little room is left over
 * (a sixteenth at most), else an exact copy (a view would pin the spare room for the answer's life).
 */
export function trimmed<T extends Float64Array | Codes>(a: T, n: number): T {
  if (a.length === n) return a;
  return (a.length - n <= a.length / 16 ? a.subarray(0, n) : a.slice(0, n)) as T;
}
