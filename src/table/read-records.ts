/**
 * Named fields of records read into `RecordColumns` in one pass, each in the form it will be used in:
 * the analysis engine's way into the column model for records (a Table or a Result already is one).
 */
import { DataError } from "../errors";
import { CodedColumn, MixedColumn, NumberColumn, type Column } from "./column";
import { RecordColumns } from "./record-columns";

/** Which fields to read, and in which form. A field named in several lists is read as plain values. */
export interface RecordReadSpec {
  /** Fields kept as plain values (null where missing). */
  readonly values?: readonly string[];
  /**
   * Fields read as numbers into Float64Arrays (NaN where missing; numeric strings parsed). A value that
   * is not a number is a DataError naming the column and row.
   */
  readonly numbers?: readonly string[];
  /** Fields dictionary-coded (undefined and NaN are null). */
  readonly codes?: readonly string[];
}

/**
 * The records as columns. With a spec (or a list of names, read as plain values), only those fields
 * are read, in one pass compiled for them, and a field no record has is a column of nulls; without,
 * every field is read as plain values in first-seen order. The arrays are the columns' own: nothing
 * of the records is copied twice (typed arrays live outside the garbage-collected heap, so a million
 * records do not make the collector walk the caller's records again and again).
 * @throws DataError naming the record that is not an object, or the column and row of a value that
 *   is not a number in a `numbers` field.
 */
export function readRecords(records: readonly Record<string, unknown>[], spec?: RecordReadSpec | readonly string[]): RecordColumns {
  if (spec === undefined) return allFields(records);
  const s: RecordReadSpec = isNameList(spec) ? { values: spec } : spec;
  const numberList = s.numbers ?? [];
  const codeList = s.codes ?? [];
  // One column per name: a field wanted in two forms is read as plain values, converted later.
  const plain = new Set(s.values ?? []);
  for (const name of numberList) if (codeList.includes(name)) plain.add(name);
  const values = [...plain];
  const nums = [...new Set(numberList)].filter((name) => !plain.has(name));
  const codes = [...new Set(codeList)].filter((name) => !plain.has(name));
  const n = records.length;
  const out: ExtractOut = {
    values: values.map(() => new Array<unknown>(n)),
    numbers: nums.map(() => new Float64Array(n)),
    codes: codes.map(() => new Int32Array(n)),
    dicts: codes.map(() => new Map<unknown, number>()),
    dictValues: codes.map((): unknown[] => []),
  };
  compiledExtractor(values, nums, codes)(records, n, out, { slowNumber });
  const columns = new Map<string, Column>();
  values.forEach((name, j) => columns.set(name, new MixedColumn(out.values[j]!)));
  nums.forEach((name, j) => columns.set(name, new NumberColumn(out.numbers[j]!)));
  codes.forEach((name, j) => columns.set(name, new CodedColumn(out.codes[j]!, out.dictValues[j]!)));
  const names = [...values, ...nums, ...codes];
  return new RecordColumns(names, columns, n);
}

function isNameList(spec: RecordReadSpec | readonly string[]): spec is readonly string[] {
  return Array.isArray(spec);
}

/** A description of a value for messages: `null`, `an array`, `an object (a, b)`, `string`. */
export function describeValue(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array";
  return typeof x === "object" ? `an object (${Object.keys(x as object).slice(0, 5).join(", ")})` : typeof x;
}

/**
 * A value that is not already a number, as a number: NaN (missing) for null, undefined and "", the
 * parsed value of a numeric string or a bigint; anything else (a blank or non-numeric string included)
 * is a DataError naming column and row.
 */
export function slowNumber(v: unknown, name: string, row: number): number {
  if (v === null || v === undefined || v === "") return NaN;
  // Number("  ") is 0: a blank string is refused, never read as a zero.
  const x = typeof v === "bigint" ? Number(v) : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  if (Number.isNaN(x)) throw new DataError(`column "${name}" row ${row}: ${JSON.stringify(v)} is not a number`);
  return x;
}

function allFields(records: readonly Record<string, unknown>[]): RecordColumns {
  const n = records.length;
  const names: string[] = [];
  const index = new Map<string, unknown[]>();
  for (let i = 0; i < n; i++) {
    const r = records[i];
    if (r === null || typeof r !== "object") throw new DataError(`record ${i} is ${describeValue(r)}, not an object`);
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
  const columns = new Map<string, Column>();
  for (const name of names) columns.set(name, new MixedColumn(index.get(name)!));
  return new RecordColumns(names, columns, n);
}

interface ExtractOut {
  values: unknown[][];
  numbers: Float64Array[];
  codes: Int32Array[];
  dicts: Map<unknown, number>[];
  dictValues: unknown[][];
}
interface ExtractHelpers {
  slowNumber: (v: unknown, name: string, row: number) => number;
}
type Extractor = (records: readonly Record<string, unknown>[], n: number, out: ExtractOut, h: ExtractHelpers) => void;
const extractors = new Map<string, Extractor>();

/**
 * A loop specialised to these field names. Reading `r["gas_daily"]` with a literal name lets V8 use
 * a fast named-property load; a variable key (`r[name]`) is a generic lookup several times slower,
 * which dominates on a million records. Names are embedded with JSON.stringify, so any string is safe.
 */
function compiledExtractor(values: readonly string[], numbers: readonly string[], codes: readonly string[]): Extractor {
  const key = JSON.stringify([values, numbers, codes]);
  let fn = extractors.get(key);
  if (fn === undefined) {
    const q = (name: string): string => JSON.stringify(name);
    const body = [
      ...values.map((name, j) => `v = r[${q(name)}]; V${j}[i] = v === undefined ? null : v;`),
      ...numbers.map((name, j) => `v = r[${q(name)}]; N${j}[i] = typeof v === "number" ? v : h.slowNumber(v, ${q(name)}, i);`),
      ...codes.map(
        (name, j) =>
          `v = r[${q(name)}]; if (v === undefined || v !== v) v = null; c = M${j}.get(v); if (c === undefined) { c = L${j}.length; L${j}.push(v); M${j}.set(v, c); } C${j}[i] = c;`,
      ),
    ].join("\n");
    const locals = [
      ...values.map((_, j) => `const V${j} = out.values[${j}];`),
      ...numbers.map((_, j) => `const N${j} = out.numbers[${j}];`),
      ...codes.map((_, j) => `const C${j} = out.codes[${j}], M${j} = out.dicts[${j}], L${j} = out.dictValues[${j}];`),
    ].join("\n");
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const make = new Function("DataError", "describe", `return function extract(records, n, out, h) {
      ${locals}
      let v, c;
      for (let i = 0; i < n; i++) {
        const r = records[i];
        if (r === null || typeof r !== "object") throw new DataError("record " + i + " is " + describe(r) + ", not an object");
        ${body}
      }
    };`) as (e: typeof DataError, d: typeof describeValue) => Extractor;
    fn = make(DataError, describeValue);
    if (extractors.size < 256) extractors.set(key, fn);
  }
  return fn;
}
