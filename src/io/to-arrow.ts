/**
 * A table as an Apache Arrow table: typed columns with their units kept as field metadata, the way
 * DuckDB, Polars, Spark and BigQuery read them (through Parquet, see `to-parquet.ts`).
 *
 * apache-arrow is required on first use only: loading gasframes does not load it.
 */
import type * as Arrow from "apache-arrow";
import { DataError } from "../errors";
import type { RecordColumns } from "../table/record-columns";
import type { Codes } from "../table/column";
import { parseTimestamp, toDayNumber } from "../table/dates";
import { inferFieldType } from "../table/normalise";
import type { FieldSpec, FieldType } from "../table/schema";

/** What `tableToArrow` needs of a table: its columns, names, schema fields, units and provenance. */
export interface ArrowSource {
  readonly names: readonly string[];
  readonly units: Readonly<Record<string, string>>;
  readonly fields: ReadonlyMap<string, FieldSpec>;
  readonly columns: RecordColumns;
  /** Written as the schema's `gasframes.schema` metadata. */
  readonly schemaName?: string;
  /** Provenance (never holds the token), written as the schema's `gasframes.meta` metadata (JSON). */
  readonly meta?: object;
  /**
   * Every text column as plain Utf8, repeated or not. Default false (repeated text is dictionary-encoded).
   * The lake's files need one Arrow type per column across files: nodejs-polars reads a dictionary
   * column as Categorical and refuses to union it with a Utf8 one (String) under default options.
   */
  readonly plainText?: boolean;
  /**
   * Every `int` column as Int64, whatever its values. Default false (Int32 when every value fits).
   * The lake's files need one type per column across files (a table has one schema): polars refuses
   * to union Int32 with Int64 under default options, and Spark, Delta and DuckDB readers expect a
   * `long`/BIGINT for an integer field.
   */
  readonly int64?: boolean;
}

let arrowModule: typeof Arrow | undefined;

/** apache-arrow, loaded on first use. */
export function loadArrow(): typeof Arrow {
  arrowModule ??= require("apache-arrow") as typeof Arrow;
  return arrowModule;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * The Arrow table of a table's records. Column types:
 * - `int` fields: Int32 when every value fits, else Int64 (always Int64 with `int64`); a value that is not an integer is a DataError;
 * - `float`: Float64; `bool`: Bool;
 * - `date`: Date32 (days), read by the table's date codec (M/D/YYYY included);
 * - `timestamp`: Timestamp in microseconds, UTC (the LNG service's microseconds are kept);
 * - `string`: dictionary-encoded (Int32 codes over Utf8) when values repeat, else Utf8;
 * - `json` (nested values): Utf8 holding the JSON text.
 * Missing values (null, absent, NaN) are Arrow nulls. A field's unit, basis, gasframes type and
 * description are field metadata (`unit`, `basis`, `gasframes.type`, `description`).
 */
export function tableToArrow(source: ArrowSource): Arrow.Table {
  const A = loadArrow();
  const vectors: Record<string, Arrow.Vector> = {};
  const fields: Arrow.Field[] = [];
  for (const name of source.names) {
    const spec = source.fields.get(name);
    const present = source.columns.columns.has(name);
    const type: FieldType = spec?.type ?? (present ? inferFieldType(source.columns.valuesView(name)) : "string");
    // A schema field no record carries is a column of nulls.
    const int64 = source.int64 === true;
    const vector = present ? columnVector(A, source.columns, name, type, source.plainText === true, int64) : A.vectorFromArray(new Array<null>(source.columns.length).fill(null), nullColumnType(A, type, int64));
    const metadata = new Map<string, string>([["gasframes.type", type]]);
    const unit = source.units[name];
    if (unit !== undefined) metadata.set("unit", unit);
    if (spec?.basis !== undefined) metadata.set("basis", spec.basis);
    if (spec?.description !== undefined) metadata.set("description", spec.description);
    vectors[name] = vector;
    fields.push(new A.Field(name, vector.type, true, metadata));
  }
  const schemaMeta = new Map<string, string>();
  if (source.schemaName !== undefined) schemaMeta.set("gasframes.schema", source.schemaName);
  if (source.meta !== undefined) schemaMeta.set("gasframes.meta", JSON.stringify(source.meta));
  const schema = new A.Schema(fields, schemaMeta);
  const length = source.columns.length;
  const data = A.makeData({ type: new A.Struct(fields), length, nullCount: 0, children: fields.map((f) => vectors[f.name]!.data[0]!) });
  return new A.Table(schema, new A.RecordBatch(schema, data));
}

/** The Arrow type of a column of nulls of a field's type. */
function nullColumnType(A: typeof Arrow, type: FieldType, int64: boolean): Arrow.DataType {
  switch (type) {
    case "int":
      return int64 ? new A.Int64() : new A.Int32();
    case "float":
      return new A.Float64();
    case "date":
      return new A.DateDay();
    case "timestamp":
      return new A.TimestampMicrosecond("UTC");
    case "bool":
      return new A.Bool();
    default:
      return new A.Utf8();
  }
}

function columnVector(A: typeof Arrow, columns: RecordColumns, name: string, type: FieldType, plainText: boolean, int64: boolean): Arrow.Vector {
  switch (type) {
    case "int":
      return intVector(A, columns, name, int64);
    case "float":
      return floatVector(A, numbersOf(columns, name));
    case "date":
      return dateVector(A, columns, name);
    case "timestamp":
      return timestampVector(A, columns, name);
    case "bool":
      return boolVector(A, columns, name);
    case "json":
      return A.vectorFromArray(columns.valuesView(name).map((v) => (v === null || v === undefined ? null : JSON.stringify(v))), new A.Utf8());
    default:
      return stringVector(A, columns, name, plainText);
  }
}

/** A validity bitmap (1 = a value) for `isNull`, and the number of nulls. */
function validity(length: number, isNull: (i: number) => boolean): { bitmap: Uint8Array; nulls: number } {
  const bitmap = new Uint8Array(Math.ceil(length / 8));
  let nulls = 0;
  for (let i = 0; i < length; i++) {
    if (isNull(i)) nulls++;
    else bitmap[i >> 3]! |= 1 << (i & 7);
  }
  return { bitmap, nulls };
}

/** {@link validity} of numbers, NaN being null (a loop without a call per value: a month's measurements). */
function nanValidity(values: Float64Array): { bitmap: Uint8Array; nulls: number } {
  const length = values.length;
  const bitmap = new Uint8Array(Math.ceil(length / 8));
  let nulls = 0;
  for (let i = 0; i < length; i++) {
    const v = values[i]!;
    if (v !== v) nulls++;
    else bitmap[i >> 3]! |= 1 << (i & 7);
  }
  return { bitmap, nulls };
}

function numbersOf(columns: RecordColumns, name: string): Float64Array {
  const own = columns.numbers(name);
  if (own !== undefined) return own;
  const values = columns.valuesView(name);
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) out[i] = NaN;
    else if (typeof v === "number") out[i] = v;
    else if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) out[i] = Number(v);
    else throw new DataError(`toArrow: column "${name}" row ${i}: ${JSON.stringify(v)} is not a number`);
  }
  return out;
}

function floatVector(A: typeof Arrow, values: Float64Array): Arrow.Vector {
  const { bitmap, nulls } = nanValidity(values);
  return A.makeVector(A.makeData({ type: new A.Float64(), length: values.length, nullCount: nulls, nullBitmap: nulls > 0 ? bitmap : null, data: values }));
}

function intVector(A: typeof Arrow, columns: RecordColumns, name: string, int64: boolean): Arrow.Vector {
  const values = numbersOf(columns, name);
  let fits32 = !int64;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    if (!Number.isSafeInteger(v)) throw new DataError(`toArrow: column "${name}" is typed int, but row ${i} holds ${v}`);
    if (v < INT32_MIN || v > INT32_MAX) fits32 = false;
  }
  const { bitmap, nulls } = nanValidity(values);
  const nullBitmap = nulls > 0 ? bitmap : null;
  if (fits32) {
    const data = new Int32Array(values.length);
    for (let i = 0; i < values.length; i++) data[i] = Number.isNaN(values[i]!) ? 0 : values[i]!;
    return A.makeVector(A.makeData({ type: new A.Int32(), length: values.length, nullCount: nulls, nullBitmap, data }));
  }
  // Each value's two 32-bit halves (little-endian, two's complement), written without a BigInt a value.
  const data = new BigInt64Array(values.length);
  const halves = new Int32Array(data.buffer);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v) continue;
    const high = Math.floor(v / 4294967296);
    halves[2 * i] = v - high * 4294967296;
    halves[2 * i + 1] = high;
  }
  return A.makeVector(A.makeData({ type: new A.Int64(), length: values.length, nullCount: nulls, nullBitmap, data }));
}

/** Converts each distinct value once when the column is dictionary-coded. */
function perValue<T>(columns: RecordColumns, name: string, convert: (v: unknown, row: number) => T, out: { set(i: number, v: T): void }): void {
  const coded = columns.coded(name);
  if (coded !== undefined) {
    const firstRow = new Int32Array(coded.dict.length).fill(-1);
    for (let i = 0; i < coded.codes.length; i++) if (firstRow[coded.codes[i]!] === -1) firstRow[coded.codes[i]!] = i;
    const converted = coded.dict.map((v, code) => convert(v, Math.max(0, firstRow[code]!)));
    for (let i = 0; i < coded.codes.length; i++) out.set(i, converted[coded.codes[i]!]!);
    return;
  }
  const values = columns.valuesView(name);
  for (let i = 0; i < values.length; i++) out.set(i, convert(values[i], i));
}

function isMissing(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === "number" && Number.isNaN(v));
}

function dateVector(A: typeof Arrow, columns: RecordColumns, name: string): Arrow.Vector {
  const day = (v: unknown): number | undefined => {
    const d = toDayNumber(v);
    return Number.isNaN(d) ? undefined : d;
  };
  return convertedVector(A, columns, name, "date", day, new Int32Array(columns.length), new A.DateDay());
}

function timestampVector(A: typeof Arrow, columns: RecordColumns, name: string): Arrow.Vector {
  return convertedVector(A, columns, name, "timestamp", microsOf, new BigInt64Array(columns.length), new A.TimestampMicrosecond("UTC"));
}

/**
 * A column whose values `convert` reads into `data` (a value it cannot read is a DataError naming the column,
 * the row and `what` was expected); missing values are nulls.
 */
function convertedVector<T extends number | bigint>(
  A: typeof Arrow,
  columns: RecordColumns,
  name: string,
  what: string,
  convert: (v: unknown) => T | undefined,
  data: { [i: number]: T; readonly length: number },
  type: Arrow.DataType,
): Arrow.Vector {
  const length = columns.length;
  const nulls = new Uint8Array(length);
  perValue(
    columns,
    name,
    (v, row) => {
      if (isMissing(v)) return null;
      const out = convert(v);
      if (out === undefined) throw new DataError(`toArrow: column "${name}" row ${row}: ${JSON.stringify(v)} is not a ${what}`);
      return out;
    },
    { set: (i, x: T | null) => (x === null ? (nulls[i] = 1) : (data[i] = x)) },
  );
  const { bitmap, nulls: count } = validity(length, (i) => nulls[i] === 1);
  // makeData is typed per Arrow type; each caller pairs its type with the matching array (Int32 days, Int64 micros).
  return A.makeVector(A.makeData({ type, length, nullCount: count, nullBitmap: count > 0 ? bitmap : null, data } as never));
}

/** Microseconds since the epoch, keeping the fraction's 4th to 6th digits of a text timestamp. */
function microsOf(v: unknown): bigint | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : BigInt(v.getTime()) * 1000n;
  if (typeof v === "number") return Number.isFinite(v) ? BigInt(Math.round(v * 1000)) : undefined;
  if (typeof v !== "string") return undefined;
  const parts = parseTimestamp(v);
  if (parts === undefined) {
    const day = toDayNumber(v);
    return Number.isNaN(day) ? undefined : BigInt(day) * 86_400_000_000n;
  }
  const extra = parts.fraction.length > 3 ? Number(parts.fraction.slice(3, 6).padEnd(3, "0")) : 0;
  return BigInt(parts.ms) * 1000n + BigInt(extra);
}

function boolVector(A: typeof Arrow, columns: RecordColumns, name: string): Arrow.Vector {
  const values = columns.valuesView(name);
  return A.vectorFromArray(
    values.map((v, i) => {
      if (isMissing(v)) return null;
      if (typeof v === "boolean") return v;
      throw new DataError(`toArrow: column "${name}" row ${i}: ${JSON.stringify(v)} is not a boolean`);
    }),
    new A.Bool(),
  );
}

/** Strings: dictionary-encoded when values repeat (fewer distinct values than half the rows). */
function stringVector(A: typeof Arrow, columns: RecordColumns, name: string, plain: boolean): Arrow.Vector {
  const length = columns.length;
  const text = (v: unknown): string | null => (isMissing(v) ? null : typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v));
  const coded = columns.coded(name);
  let codes: Codes;
  let dictValues: (string | null)[];
  if (coded !== undefined) {
    codes = coded.codes;
    dictValues = coded.dict.map(text);
  } else {
    const index = new Map<string | null, number>();
    dictValues = [];
    codes = new Int32Array(length);
    const values = columns.valuesView(name);
    for (let i = 0; i < length; i++) {
      const t = text(values[i]);
      let code = index.get(t);
      if (code === undefined) {
        code = dictValues.length;
        index.set(t, code);
        dictValues.push(t);
      }
      codes[i] = code;
    }
  }
  if (plain && dictValues.length * 2 <= length) return repeatedUtf8Vector(A, codes, dictValues);
  if (plain || dictValues.length * 2 > length) {
    return utf8Vector(A, length, (i) => dictValues[codes[i]!]!);
  }
  // Arrow dictionaries hold no null: a null value is a null index. Two dictionary values may also map to
  // one text (the number 1 and the string "1"): they share an entry.
  const entry = new Map<string, number>();
  const dictionary: string[] = [];
  const remap = new Int32Array(dictValues.length).fill(-1);
  dictValues.forEach((t, code) => {
    if (t === null) return;
    let e = entry.get(t);
    if (e === undefined) {
      e = dictionary.length;
      entry.set(t, e);
      dictionary.push(t);
    }
    remap[code] = e;
  });
  const indices = new Int32Array(length);
  for (let i = 0; i < length; i++) indices[i] = Math.max(0, remap[codes[i]!]!);
  const { bitmap, nulls } = validity(length, (i) => remap[codes[i]!] === -1);
  const type = new A.Dictionary(new A.Utf8(), new A.Int32());
  const dict = utf8Vector(A, dictionary.length, (i) => dictionary[i]!);
  return A.makeVector(A.makeData({ type, length, nullCount: nulls, nullBitmap: nulls > 0 ? bitmap : null, data: indices, dictionary: dict }));
}


/**
 * A Utf8 vector of `length` texts (null for null), its bytes written into one buffer: Arrow's own
 * builder encodes and copies each value on its own (most of a lake month's write time went there).
 */
function utf8Vector(A: typeof Arrow, length: number, textAt: (i: number) => string | null): Arrow.Vector {
  const offsets = new Int32Array(length + 1);
  const nullBitmap = new Uint8Array(Math.ceil(length / 8));
  let nulls = 0;
  let chars = 0;
  for (let i = 0; i < length; i++) chars += textAt(i)?.length ?? 0;
  // A UTF-16 unit is at most 3 bytes of UTF-8 (a pair, 4 bytes for 2 units).
  const data = Buffer.allocUnsafe(Math.max(1, chars * 3));
  let at = 0;
  for (let i = 0; i < length; i++) {
    const t = textAt(i);
    if (t === null) nulls++;
    else {
      nullBitmap[i >> 3]! |= 1 << (i & 7);
      // A short ASCII text (ids, names) by a loop here: a call into Buffer's writer per value was most
      // of this function's time; anything else (or longer) through it.
      const n = t.length;
      let k = 0;
      if (n < 64) {
        for (; k < n; k++) {
          const c = t.charCodeAt(k);
          if (c >= 0x80) break;
          data[at + k] = c;
        }
      }
      if (k === n) at += n;
      else at += data.write(t, at, "utf8");
    }
    offsets[i + 1] = at;
  }
  const bytes = new Uint8Array(data.buffer, data.byteOffset, at);
  return A.makeVector(A.makeData({ type: new A.Utf8(), length, nullCount: nulls, nullBitmap: nulls > 0 ? nullBitmap : null, valueOffsets: offsets, data: bytes }));
}

/** A Utf8 vector of repeated texts: each distinct text encoded once into one buffer, its bytes copied per row. */
function repeatedUtf8Vector(A: typeof Arrow, codes: Codes, dictValues: readonly (string | null)[]): Arrow.Vector {
  const length = codes.length;
  // One buffer of the distinct texts with their offsets (a Buffer per text made the copy loop read a
  // different object each row: most of this function's time in a lake month's write).
  const starts = new Int32Array(dictValues.length + 1);
  let chars = 0;
  for (const t of dictValues) chars += t?.length ?? 0;
  const encoded = Buffer.allocUnsafe(Math.max(1, chars * 3));
  const isNull = new Uint8Array(dictValues.length);
  let used = 0;
  for (let c = 0; c < dictValues.length; c++) {
    const t = dictValues[c];
    if (t === null || t === undefined) isNull[c] = 1;
    else if (t.length > 0) used += encoded.write(t, used, "utf8");
    starts[c + 1] = used;
  }
  const offsets = new Int32Array(length + 1);
  const nullBitmap = new Uint8Array(Math.ceil(length / 8));
  let nulls = 0;
  let total = 0;
  for (let i = 0; i < length; i++) total += starts[codes[i]! + 1]! - starts[codes[i]!]!;
  const data = new Uint8Array(Math.max(1, total));
  let at = 0;
  // A run of rows of one value at a time: sorted rows repeat a value for hundreds of rows (a lake
  // month's county, state and regions), whose bytes are then copied by doubling, not row by row.
  let i = 0;
  while (i < length) {
    const c = codes[i]!;
    let end = i + 1;
    while (end < length && codes[end] === c) end++;
    if (isNull[c] === 1) {
      nulls += end - i;
      for (let k = i; k < end; k++) offsets[k + 1] = at;
      i = end;
      continue;
    }
    const from = starts[c]!;
    const size = starts[c + 1]! - from;
    const begin = at;
    for (let k = i; k < end; k++) {
      nullBitmap[k >> 3]! |= 1 << (k & 7);
      at += size;
      offsets[k + 1] = at;
    }
    const bytes = at - begin;
    if (bytes < 64) {
      // Short texts (names, codes) copy faster byte by byte than through set().
      let p = begin;
      for (let k = i; k < end; k++) for (let b = from; b < from + size; b++) data[p++] = encoded[b]!;
    } else {
      if (size < 32) for (let b = 0; b < size; b++) data[begin + b] = encoded[from + b]!;
      else data.set(encoded.subarray(from, from + size), begin);
      for (let filled = size; filled < bytes; filled *= 2) data.copyWithin(begin + filled, begin, begin + Math.min(filled, bytes - filled));
    }
    i = end;
  }
  return A.makeVector(A.makeData({ type: new A.Utf8(), length, nullCount: nulls, nullBitmap: nulls > 0 ? nullBitmap : null, valueOffsets: offsets, data: data.subarray(0, at) }));
}
