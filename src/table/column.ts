/**
 * The one column of gasframes: numbers in a Float64Array, dictionary codes, or plain values, each
 * behind the same `length`, `type` and `at(i)`. A `Table` is named columns of equal length; decoders,
 * builders, analysis and the views all make and read these three kinds. Hot loops switch on `kind` once
 * and read the arrays (`values`, `codes` and `dict`) directly; `at(i)` is for code that reads a cell or
 * a few.
 */
import { inferFieldType, normaliseColumn } from "./normalise";
import type { FieldType } from "./schema";

/**
 * Dictionary codes, in the narrowest array their dictionary allows: Uint8Array up to 256 entries,
 * Uint16Array up to 65,536, else Int32Array (producers may also hand out a wider kind than needed).
 * Four-byte codes were a third of a million-row v3 Result, whose dictionaries hold a few hundred values.
 */
export type Codes = Uint8Array | Uint16Array | Int32Array;

/** What every column answers, whatever its kind. */
export interface ColumnAccess {
  /** How the values are held: `number`, `coded` or `mixed` (switch on it to read the arrays). */
  readonly kind: "number" | "coded" | "mixed";
  /** Number of rows. */
  readonly length: number;
  /**
   * The column's type as its values show it (`int`, `float`, `string`, `date`, `timestamp`, `bool`,
   * `json`), worked out on first read and kept; a table's schema may say more (its `type` wins).
   */
  readonly type: FieldType;
  /** `absent[i] === 1` when record i has no such field at all (not even null); undefined when none is absent. */
  readonly absent?: Uint8Array;
  /**
   * Row i's value as a record shows it: undefined where the record lacks the field, null for null (a
   * number column's NaN), else the value.
   */
  at(i: number): unknown;
}

/** The one column interface: one of its three kinds. */
export type Column = NumberColumn | CodedColumn | MixedColumn;

const types = new WeakMap<Column, FieldType>();

/** Numbers; NaN stands for null (JSON has no NaN, so nothing is lost). */
export class NumberColumn implements ColumnAccess {
  readonly kind = "number" as const;
  declare readonly absent?: Uint8Array;

  /** @param values the numbers (NaN for null). @param absent rows that lack the field; default none. */
  constructor(
    readonly values: Float64Array,
    absent?: Uint8Array,
  ) {
    if (absent !== undefined) (this as { absent?: Uint8Array }).absent = absent;
  }

  get length(): number {
    return this.values.length;
  }

  get type(): FieldType {
    return typeOf(this, () => {
      const v = this.values;
      for (let i = 0; i < v.length; i++) if (v[i] === v[i] && !Number.isInteger(v[i])) return "float";
      for (let i = 0; i < v.length; i++) if (v[i] === v[i]) return "int";
      return "float";
    });
  }

  at(i: number): unknown {
    if (this.absent !== undefined && this.absent[i] === 1) return undefined;
    const v = this.values[i];
    return v === v ? v : null;
  }
}

/**
 * Dictionary-coded values: `dict[codes[i]]` is row i's value. Strings, booleans, null, numbers and nested
 * values. What the builders hold, what `RecordColumns#coded` gives, and what the analysis engine groups
 * on (`encodeColumn`), where each distinct value has one code (null included, once).
 */
export class CodedColumn implements ColumnAccess {
  readonly kind = "coded" as const;
  declare readonly absent?: Uint8Array;

  /** @param codes one code a row. @param dict the values the codes name. @param absent rows that lack the field; default none. */
  constructor(
    readonly codes: Codes,
    readonly dict: readonly unknown[],
    absent?: Uint8Array,
  ) {
    if (absent !== undefined) (this as { absent?: Uint8Array }).absent = absent;
  }

  get length(): number {
    return this.codes.length;
  }

  get type(): FieldType {
    return typeOf(this, () => fieldTypeOf(this.dict));
  }

  at(i: number): unknown {
    if (this.absent !== undefined && this.absent[i] === 1) return undefined;
    return this.dict[this.codes[i]!];
  }
}

/** Values of mixed kinds, as they came. */
export class MixedColumn implements ColumnAccess {
  readonly kind = "mixed" as const;
  declare readonly absent?: Uint8Array;

  /** @param values the values (null for null). @param absent rows that lack the field; default none. */
  constructor(
    readonly values: readonly unknown[],
    absent?: Uint8Array,
  ) {
    if (absent !== undefined) (this as { absent?: Uint8Array }).absent = absent;
  }

  get length(): number {
    return this.values.length;
  }

  get type(): FieldType {
    return typeOf(this, () => fieldTypeOf(this.values));
  }

  at(i: number): unknown {
    if (this.absent !== undefined && this.absent[i] === 1) return undefined;
    return this.values[i];
  }
}

function typeOf(col: Column, infer: () => FieldType): FieldType {
  let t = types.get(col);
  if (t === undefined) {
    t = infer();
    types.set(col, t);
  }
  return t;
}

/**
 * A column that crossed a thread as a structured clone (kind, arrays and absent, no prototype) made a
 * column again; a column is returned as it is.
 */
export function revivedColumn(plain: { kind: string; values?: unknown; codes?: unknown; dict?: unknown; absent?: Uint8Array }): Column {
  if (plain instanceof NumberColumn || plain instanceof CodedColumn || plain instanceof MixedColumn) return plain;
  if (plain.kind === "number") return new NumberColumn(plain.values as Float64Array, plain.absent);
  if (plain.kind === "coded") return new CodedColumn(plain.codes as Codes, plain.dict as unknown[], plain.absent);
  return new MixedColumn(plain.values as unknown[], plain.absent);
}

/**
 * The column of values computed as `type` (what analysis functions answer): numbers in a Float64Array
 * for `int` and `float` (anything not a number is NaN), else the values (undefined as null; a `string`
 * column's non-text keys as the text a frame shows). A clean array is kept, not copied.
 * @param name the column's name, for messages.
 */
export function columnOfType(name: string, v: ArrayLike<unknown>, type: FieldType): Column {
  if (type === "int" || type === "float") {
    if (v instanceof Float64Array) return new NumberColumn(v);
    const out = new Float64Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      out[i] = typeof x === "number" ? x : NaN;
    }
    return new NumberColumn(out);
  }
  let clean = true;
  const text = type === "string";
  for (let i = 0; i < v.length && clean; i++) {
    const x = v[i];
    if (x === undefined || (text && x !== null && typeof x !== "string")) clean = false;
  }
  if (clean && Array.isArray(v)) return new MixedColumn(v);
  const values = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    values[i] = x === undefined ? null : x;
  }
  if (text && !clean) normaliseColumn(name, values, "string", true);
  return new MixedColumn(values);
}

/** A column's type from its values (`inferFieldType`), with a column of Date objects as `timestamp`. */
export function fieldTypeOf(values: readonly unknown[]): FieldType {
  let dates = 0;
  let present = 0;
  for (const v of values) {
    if (v === null || v === undefined || v !== v) continue;
    present++;
    if (v instanceof Date) dates++;
  }
  return present > 0 && dates === present ? "timestamp" : inferFieldType(values);
}

/**
 * The key of the method through which the frame and analysis functions read records held as columns
 * without building row objects (`Symbol.for`, so two loaded copies of gasframes agree). The method
 * returns a {@link RecordColumns}.
 */
export const COLUMN_SOURCE: unique symbol = Symbol.for("gasframes.columnSource") as never;

/** Named columns of equal length: what `RecordColumns` holds, and what the accumulator appends. */
export interface ColumnSet {
  readonly names: readonly string[];
  readonly columns: ReadonlyMap<string, Column>;
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

/** The value of a cell, whether or not the row is absent (null for NaN in a number column). */
export function cellOf(col: Column, i: number): unknown {
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
