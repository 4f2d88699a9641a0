/**
 * How one month of a lake dataset becomes Parquet bytes: rows sorted by the dataset's entity key then
 * its date, row groups with min/max statistics (per column chunk and per page), and the units written
 * twice: in the Arrow schema (`ARROW:schema`, read by Arrow-based tools) and as plain Parquet key-value
 * metadata (`gasframes.units`, `gasframes.unit.<column>`), which DuckDB, Spark and BigQuery read.
 * See docs/lake.md, "File layout".
 */
import type { EndpointSpec } from "../catalog/types";
import { RecordColumns } from "../table/record-columns";
import { codesFor } from "../table/narrow-codes";
import { CodedColumn, MixedColumn, NumberColumn, type Codes, type Column } from "../table/column";
import type { Result } from "../table/result";
import type { FieldSpec, RecordSchema } from "../table/schema";
import { loadArrow, tableToArrow, type ArrowSource } from "../io/to-arrow";
import type { LakeAxis } from "./lake-axis";

/** Rows per row group of a month file: readers skip whole groups by their statistics. */
export const MONTH_ROW_GROUP_ROWS = 8_192;

// Typed by path: TypeScript's Node10 resolution does not read the package's `exports`, Node's require does.
type ParquetWasm = typeof import("parquet-wasm/node/parquet_wasm");
let parquetModule: ParquetWasm | undefined;

/**
 * The entity key of a dataset's rows, from its catalog entry: the record's identifier fields (names
 * ending `_id`: `well_id`), else its text fields the endpoint also takes as a filter (the dimensions:
 * `region_natgas`, `operator`, `origin_country`...), in the record's order. Then comes the date field.
 * @param spec the catalog entry.
 * @param schema the rows' schema (the aggregated one for an aggregated lake); default the entry's record.
 */
export function lakeEntityKey(spec: EndpointSpec, schema: RecordSchema = spec.record): string[] {
  const fields = schema.fields.filter((f, i, all) => all.findIndex((g) => g.name === f.name) === i);
  const ids = fields.filter((f) => /_id$/.test(f.name) && (f.type === "string" || f.type === "int")).map((f) => f.name);
  if (ids.length > 0) return ids;
  const params = new Set(spec.params.map((p) => p.name));
  return fields.filter((f) => f.type === "string" && params.has(f.name)).map((f) => f.name);
}

/** The sort key of a month file: the entity key, then the axis field. */
export function lakeSortKey(spec: EndpointSpec, axis: LakeAxis, schema: RecordSchema = spec.record): string[] {
  const key = lakeEntityKey(spec, schema).filter((k) => k !== axis.field);
  return schema.fields.some((f) => f.name === axis.field) ? [...key, axis.field] : key;
}

/** A counting sort is used while the composite ranks number at most this many per row (see {@link sortedRowOrder}). */
const COUNTING_SORT_KEYS_PER_ROW = 4;

/** The row order that sorts `columns` by `key` (nulls and NaN last, ties in arrival order). */
export function sortedRowOrder(columns: RecordColumns, key: readonly string[]): Uint32Array {
  const n = columns.length;
  const ranks: { rank: Int32Array; distinct: number }[] = [];
  for (const name of key) if (columns.columns.has(name)) ranks.push(denseRanks(columns, name));
  const rows = new Uint32Array(n);
  for (let i = 0; i < n; i++) rows[i] = i;
  if (ranks.length === 0 || n === 0) return rows;
  let keys = 1;
  for (const r of ranks) keys *= r.distinct;
  if (keys <= COUNTING_SORT_KEYS_PER_ROW * n + 1024) {
    // Few composite ranks (a month of a well dataset: one well id a row, one date): a counting sort,
    // stable, so ties keep their arrival order, in linear time (the native sort below was a twentieth
    // of a month's write).
    const key = new Int32Array(n);
    const starts = new Int32Array(keys + 1);
    for (let i = 0; i < n; i++) {
      let k = 0;
      for (const r of ranks) k = k * r.distinct + r.rank[i]!;
      key[i] = k;
      starts[k + 1]!++;
    }
    for (let k = 0; k < keys; k++) starts[k + 1]! += starts[k]!;
    for (let i = 0; i < n; i++) rows[starts[key[i]!]!++] = i;
    return rows;
  }
  let span = n;
  for (const r of ranks) span *= r.distinct;
  if (span < Number.MAX_SAFE_INTEGER) {
    // One number a row, (composite rank) * n + row, sorted natively: no comparator calls.
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let k = 0;
      for (const r of ranks) k = k * r.distinct + r.rank[i]!;
      packed[i] = k * n + i;
    }
    packed.sort();
    for (let i = 0; i < n; i++) rows[i] = packed[i]! % n;
    return rows;
  }
  const idx = Array.from(rows);
  idx.sort((a, b) => {
    for (const r of ranks) if (r.rank[a] !== r.rank[b]) return r.rank[a]! - r.rank[b]!;
    return a - b;
  });
  rows.set(idx);
  return rows;
}

/** Each row's rank among the column's distinct values (0 = smallest; equal values, equal ranks; null last). */
function denseRanks(columns: RecordColumns, name: string): { rank: Int32Array; distinct: number } {
  const n = columns.length;
  const rank = new Int32Array(n);
  const numbers = columns.numbers(name);
  if (numbers !== undefined) {
    // Typed-array sort puts NaN (null) last.
    const sorted = Float64Array.from(numbers).sort();
    const distinctValues: number[] = [];
    for (let i = 0; i < n; i++) if (i === 0 || !(sorted[i] === sorted[i - 1] || (sorted[i] !== sorted[i] && sorted[i - 1] !== sorted[i - 1]))) distinctValues.push(sorted[i]!);
    const finite = distinctValues.filter((v) => v === v);
    for (let i = 0; i < n; i++) {
      const v = numbers[i]!;
      if (v !== v) {
        rank[i] = finite.length;
        continue;
      }
      let lo = 0;
      let hi = finite.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (finite[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      rank[i] = lo;
    }
    return { rank, distinct: distinctValues.length };
  }
  const coded = columns.coded(name);
  const values = coded === undefined ? columns.valuesView(name) : coded.dict;
  if (coded !== undefined) {
    const digits = keptDigitRanks(values);
    if (digits !== undefined) {
      for (let i = 0; i < n; i++) rank[i] = digits.rankOf[coded.codes[i]!]!;
      return { rank, distinct: digits.distinct };
    }
  }
  if (coded !== undefined && values.every((v) => typeof v === "string")) {
    // Distinct texts (a dictionary's): the native sort, whose order is `<`'s, then one lookup each;
    // a comparator over 24,000 well ids was a tenth of a month's write.
    const byText = new Map<unknown, number>();
    (values as string[]).slice().sort().forEach((v, i) => byText.set(v, i));
    const rankOf = new Int32Array(values.length);
    for (let c = 0; c < values.length; c++) rankOf[c] = byText.get(values[c])!;
    for (let i = 0; i < n; i++) rank[i] = rankOf[coded.codes[i]!]!;
    return { rank, distinct: Math.max(1, values.length) };
  }
  const order = Array.from(values.keys()).sort((a, b) => compareValues(values[a], values[b]));
  const rankOf = new Int32Array(values.length);
  let r = 0;
  order.forEach((v, i) => {
    if (i > 0 && compareValues(values[order[i - 1]!], values[v]) !== 0) r++;
    rankOf[v] = r;
  });
  if (coded !== undefined) for (let i = 0; i < n; i++) rank[i] = rankOf[coded.codes[i]!]!;
  else rank.set(rankOf);
  return { rank, distinct: values.length === 0 ? 1 : r + 1 };
}

/** {@link digitRanks} of the dictionaries seen, by dictionary (with its length then). */
const digitRanksOf = new WeakMap<readonly unknown[], { size: number; ranks: ReturnType<typeof digitRanks> }>();

/**
 * {@link digitRanks}, kept with the dictionary: the writer thread is handed the same dictionary month
 * after month (month-writer.ts keeps the big ones), so 24,000 well ids are ranked once.
 */
function keptDigitRanks(values: readonly unknown[]): ReturnType<typeof digitRanks> {
  const known = digitRanksOf.get(values);
  if (known !== undefined && known.size === values.length) return known.ranks;
  const ranks = digitRanks(values);
  digitRanksOf.set(values, { size: values.length, ranks });
  return ranks;
}

/**
 * Dense ranks of a dictionary whose values are all texts of ASCII digits of one length (API well
 * numbers: `"0512310000"`), or undefined for any other. For such texts `<` orders them as their
 * numbers do, so one native sort of numbers ranks them: (number * size + code), which is exact while
 * it stays below 2^53. The text sort and its Map were a tenth of a month's write (24,000 well ids).
 */
function digitRanks(values: readonly unknown[]): { rankOf: Int32Array; distinct: number } | undefined {
  const size = values.length;
  const first = values[0];
  if (size < 2 || typeof first !== "string" || first.length === 0 || first.length > 15) return undefined;
  const width = first.length;
  if (10 ** width * size >= Number.MAX_SAFE_INTEGER) return undefined;
  const packed = new Float64Array(size);
  for (let code = 0; code < size; code++) {
    const v = values[code];
    if (typeof v !== "string" || v.length !== width) return undefined;
    let x = 0;
    for (let i = 0; i < width; i++) {
      const d = v.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return undefined;
      x = x * 10 + d;
    }
    packed[code] = x * size + code;
  }
  packed.sort();
  const rankOf = new Int32Array(size);
  let r = -1;
  let last = -1;
  for (let i = 0; i < size; i++) {
    const code = packed[i]! % size;
    const x = (packed[i]! - code) / size;
    if (x !== last) {
      r++;
      last = x;
    }
    rankOf[code] = r;
  }
  return { rankOf, distinct: r + 1 };
}

/**
 * `columns`' rows in `order`, every dictionary kept as it is (only the codes move): what the Arrow
 * conversion reads is the same as `take`'s, without `take`'s new dictionary in the rows' new
 * first-seen order (a remap and a push per distinct value: 24,000 well ids and as many names a month).
 * The columns themselves when the order is already the arrival order.
 */
function inOrder(columns: RecordColumns, order: Uint32Array): RecordColumns {
  const n = order.length;
  let same = true;
  for (let i = 0; i < n; i++)
    if (order[i] !== i) {
      same = false;
      break;
    }
  if (same) return columns;
  const out = new Map<string, Column>();
  for (const name of columns.names) {
    const col = columns.columns.get(name)!;
    let absent: Uint8Array | undefined;
    if (col.absent !== undefined) {
      const from = col.absent;
      absent = new Uint8Array(n);
      for (let i = 0; i < n; i++) absent[i] = from[order[i]!]!;
    }
    if (col.kind === "number") {
      const from = col.values;
      const v = new Float64Array(n);
      for (let i = 0; i < n; i++) v[i] = from[order[i]!]!;
      out.set(name, new NumberColumn(v, absent));
    } else if (col.kind === "coded") {
      out.set(name, new CodedColumn(movedCodes(col.codes, order), col.dict, absent));
    } else {
      const from = col.values;
      const v = new Array<unknown>(n);
      for (let i = 0; i < n; i++) v[i] = from[order[i]!];
      out.set(name, new MixedColumn(v, absent));
    }
  }
  return new RecordColumns(columns.names, out, n);
}

/** `codes` in `order`, in an array of the same kind (one loop per kind: each stays monomorphic). */
function movedCodes(codes: Codes, order: Uint32Array): Codes {
  const n = order.length;
  if (codes instanceof Uint8Array) {
    const c = new Uint8Array(n);
    for (let i = 0; i < n; i++) c[i] = codes[order[i]!]!;
    return c;
  }
  if (codes instanceof Uint16Array) {
    const c = new Uint16Array(n);
    for (let i = 0; i < n; i++) c[i] = codes[order[i]!]!;
    return c;
  }
  const c = new Int32Array(n);
  for (let i = 0; i < n; i++) c[i] = codes[order[i]!]!;
  return c;
}

/** Text, numbers and booleans in their natural order; null and undefined last. */
function compareValues(a: unknown, b: unknown): number {
  const na = a === null || a === undefined;
  const nb = b === null || b === undefined;
  if (na || nb) return na === nb ? 0 : na ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The file-level key-value metadata of a month file (besides `ARROW:schema`, which the writer adds). */
export function monthKeyValues(units: Readonly<Record<string, string>>, sortKey: readonly string[], schemaName: string | undefined): Map<string, string> {
  const kv = new Map<string, string>();
  kv.set("gasframes.units", JSON.stringify(units));
  for (const [column, unit] of Object.entries(units)) kv.set(`gasframes.unit.${column}`, unit);
  kv.set("gasframes.sort_key", JSON.stringify(sortKey));
  if (schemaName !== undefined) kv.set("gasframes.schema", schemaName);
  return kv;
}

/**
 * The Parquet bytes of one month of a dataset: sorted by {@link lakeSortKey}, Snappy, dictionary
 * encoding, statistics per page, row groups of {@link MONTH_ROW_GROUP_ROWS}, units as key-value metadata.
 * @param result the month's rows as collected (its schema and provenance are written too; never a token).
 * @param spec the dataset's catalog entry.
 * @param axis the dataset's date axis.
 * @param month for the year layout (`year=YYYY/...`): the `month` column (`YYYY-MM`) added to every row; default none.
 */
export function monthParquetBytes(result: Result<unknown>, spec: EndpointSpec, axis: LakeAxis, month?: string): Uint8Array {
  return monthFileBytes(monthFileInput(result, spec, axis, month));
}

/** What a month file is made of: plain data, so that a worker thread can write it (see month-writer.ts). */
export interface MonthFileInput {
  readonly names: readonly string[];
  readonly columns: RecordColumns;
  readonly units: Readonly<Record<string, string>>;
  readonly schema: RecordSchema;
  readonly meta: object;
  readonly sortKey: readonly string[];
  readonly month?: string;
}

/** The {@link MonthFileInput} of {@link monthParquetBytes}'s arguments. */
export function monthFileInput(result: Result<unknown>, spec: EndpointSpec, axis: LakeAxis, month?: string): MonthFileInput {
  const schema = result.schema ?? spec.record;
  const input = { names: result.names, columns: result.columns(), units: result.units, schema, meta: result.meta, sortKey: lakeSortKey(spec, axis, schema) };
  return month === undefined ? input : { ...input, month };
}

/** The Parquet bytes of a {@link MonthFileInput}: see {@link monthParquetBytes}. */
export function monthFileBytes(input: MonthFileInput): Uint8Array {
  const { schema, sortKey, month } = input;
  const held = input.columns;
  let columns = inOrder(held, sortedRowOrder(held, sortKey));
  const fields = new Map<string, FieldSpec>();
  for (const f of schema.fields) if (!fields.has(f.name)) fields.set(f.name, f);
  let names = input.names;
  if (month !== undefined) {
    // The year layout: the folder names the year only, so the rows carry their month.
    names = [...names.filter((n) => n !== "month"), "month"];
    columns = new RecordColumns(names, new Map([...columns.columns, ["month", new CodedColumn(codesFor(1, columns.length), [month])]]), columns.length);
    fields.set("month", { name: "month", type: "string" });
  }
  const units = input.units;
  // Plain Utf8 in the stored Arrow schema (as DuckDB's compacted files have none) and every int as
  // Int64: one type per column in every file of the folder, so polars unions them; Parquet still
  // dictionary-encodes below.
  const source: ArrowSource = { names, units, fields, columns, schemaName: schema.name, meta: input.meta, plainText: true, int64: true };
  const A = loadArrow();
  parquetModule ??= require("parquet-wasm/node") as ParquetWasm;
  const P = parquetModule;
  const table = P.Table.fromIPCStream(A.tableToIPC(tableToArrow(source), "stream"));
  let builder = new P.WriterPropertiesBuilder()
    .setCompression(P.Compression.SNAPPY)
    .setDictionaryEnabled(true)
    .setStatisticsEnabled(P.EnabledStatistics.Page)
    .setMaxRowGroupSize(MONTH_ROW_GROUP_ROWS)
    .setKeyValueMetadata(monthKeyValues(units, sortKey, schema.name));
  for (const name of names) if (!repeats(columns, name)) builder = builder.setColumnDictionaryEnabled(name, false);
  return P.writeParquet(table, builder.build());
}

/**
 * Whether a column's values repeat enough for a Parquet dictionary: text with fewer distinct values
 * than half the rows (what the Arrow conversion dictionary-encodes too). Ids, names and measurements
 * are written plain: a dictionary the writer gives up on part-way cost a fifth of the write time and
 * made the files a fifth bigger (a productionByWell month: 1,175 KB with, 957 KB without).
 */
function repeats(columns: RecordColumns, name: string): boolean {
  const coded = columns.coded(name);
  if (coded === undefined) return false;
  if (coded.dict.length * 2 <= columns.length) return true;
  // A dictionary may hold values no row uses (a Result's columns, kept as they are by inOrder): the
  // distinct values the rows use decide, as when the rows were taken into a dictionary of their own.
  const used = new Uint8Array(coded.dict.length);
  let distinct = 0;
  for (let i = 0; i < coded.codes.length; i++) {
    const c = coded.codes[i]!;
    if (used[c] === 0) {
      used[c] = 1;
      distinct++;
    }
  }
  return distinct * 2 <= columns.length;
}
