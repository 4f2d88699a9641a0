/**
 * Normalises one column's values to its field type, and infers a type when there is no schema.
 */
import { DataError } from "../errors";
import type { FieldType } from "./schema";
import { isCalendarDate, isoFromDay, parseTimestamp, toDayNumber, toIsoTimestamp } from "./dates";

function bad(name: string, row: number, value: unknown, expected: string): DataError {
  let shown: string;
  try {
    shown = JSON.stringify(value) ?? String(value);
  } catch {
    shown = String(value);
  }
  return new DataError(`column "${name}" row ${row}: ${shown.slice(0, 80)} is not ${expected}`);
}

function isMissing(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === "number" && Number.isNaN(v));
}

/**
 * The column's values converted to `type`, in a new array. Missing values (null, undefined, NaN, and
 * empty strings for non-text types) become NaN in numeric columns and null elsewhere. A value that
 * cannot be converted is a DataError naming the column, the row and the value: never a silent 0 or
 * null.
 * @param inPlace write into `values` instead of a new array; default false.
 */
export function normaliseColumn(name: string, values: readonly unknown[], type: FieldType, inPlace = false): unknown[] {
  const n = values.length;
  const out = inPlace ? (values as unknown[]) : new Array<unknown>(n);
  switch (type) {
    case "int":
    case "float":
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (typeof v === "number") {
          if (!inPlace) out[i] = v;
        } else if (isMissing(v) || v === "") out[i] = NaN;
        else {
          const x = typeof v === "string" ? Number(v.trim()) : NaN;
          if (Number.isNaN(x) || (typeof v === "string" && v.trim() === "")) throw bad(name, i, v, "a number");
          out[i] = x;
        }
      }
      return out;
    case "date":
      return textThroughCache(values, out, (v) => {
        const d = toDayNumber(v);
        return Number.isNaN(d) ? undefined : isoFromDay(d);
      }, (i, v) => bad(name, i, v, typeof v === "string" ? "a date (YYYY-MM-DD, M/D/YYYY or a timestamp)" : "a date"));
    case "timestamp":
      return textThroughCache(values, out, toIsoTimestamp, (i, v) => bad(name, i, v, "a timestamp"));
    case "bool":
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (typeof v === "boolean") out[i] = v;
        else if (isMissing(v) || v === "") out[i] = null;
        else if (v === "true" || v === "True" || v === 1 || v === "1") out[i] = true;
        else if (v === "false" || v === "False" || v === 0 || v === "0") out[i] = false;
        else throw bad(name, i, v, "a boolean");
      }
      return out;
    case "string":
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (typeof v === "string") {
          if (!inPlace) out[i] = v;
        } else if (isMissing(v)) out[i] = null;
        else if (typeof v === "object") out[i] = JSON.stringify(v);
        else out[i] = String(v);
      }
      return out;
    default:
      for (let i = 0; i < n; i++) {
        const v = values[i];
        out[i] = v === undefined ? null : v;
      }
      return out;
  }
}


/**
 * The type a column's values suggest, for frames built without a schema: all numbers -> `int` or
 * `float`; all booleans -> `bool`; all `YYYY-MM-DD` strings -> `date`; all ISO date-times -> `timestamp`;
 * objects -> `json`; anything else (including mixed numbers and text) -> `string`. Missing values
 * do not vote; an all-missing column is `float` (all NaN).
 */
export function inferFieldType(values: readonly unknown[]): FieldType {
  let numbers = 0;
  let ints = 0;
  let bools = 0;
  let dates = 0;
  let stamps = 0;
  let strings = 0;
  let objects = 0;
  let present = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (isMissing(v)) continue;
    present++;
    if (typeof v === "number") {
      numbers++;
      if (Number.isInteger(v)) ints++;
    } else if (typeof v === "boolean") bools++;
    else if (typeof v === "string") {
      strings++;
      // Read by the date codec: a real calendar date `YYYY-MM-DD`, or an ISO 8601 date-time.
      if (v.length === 10 && isCalendarDate(v)) dates++;
      else if (v.length > 10 && v.charCodeAt(4) === 45 && parseTimestamp(v) !== undefined) stamps++;
    } else objects++;
  }
  if (present === 0) return "float";
  if (objects > 0) return "json";
  if (numbers === present) return ints === present ? "int" : "float";
  if (bools === present) return "bool";
  if (strings === present) {
    if (dates === present) return "date";
    if (stamps === present) return "timestamp";
  }
  return "string";
}

/**
 * Each value through `convert` (missing and "" become null), a text's answer remembered for its repeats
 * (dates and timestamps repeat across rows; at most 100,000 texts are kept); a value `convert` refuses
 * (undefined) is the error `fail` makes.
 */
function textThroughCache(values: ArrayLike<unknown>, out: unknown[], convert: (v: unknown) => string | undefined, fail: (i: number, v: unknown) => Error): unknown[] {
  const cache = new Map<string, string>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (isMissing(v) || v === "") {
      out[i] = null;
      continue;
    }
    const key = typeof v === "string" ? v : undefined;
    let s = key === undefined ? undefined : cache.get(key);
    if (s === undefined) {
      s = convert(v);
      if (s === undefined) throw fail(i, v);
      if (key !== undefined && cache.size < 100_000) cache.set(key, s);
    }
    out[i] = s;
  }
  return out;
}
