/**
 * Key columns of `rollup`: date keys merged across spellings, period starts coded, and the tests that
 * tell a date or timestamp key from any other.
 */
import { parseDateText, parseTimestampMs } from "../table/dates";
import { normaliseColumn } from "../table/normalise";
import { codesFor } from "../table/narrow-codes";
import { CodedColumn } from "../table/column";

/** A date key's dictionary normalised to YYYY-MM-DD, merging spellings of one day (1/5/2024, 2024-01-05). */
export function mergeDates(col: CodedColumn, name: string): CodedColumn {
  const iso = normaliseColumn(name, col.dict, "date");
  const index = new Map<unknown, number>();
  const values: unknown[] = [];
  const remap = new Int32Array(iso.length);
  iso.forEach((v, j) => {
    let c = index.get(v);
    if (c === undefined) {
      c = values.length;
      values.push(v);
      index.set(v, c);
    }
    remap[j] = c;
  });
  // Dates already in YYYY-MM-DD (the usual case) keep their codes: no pass over the rows.
  if (values.length === col.dict.length) return new CodedColumn(col.codes, values);
  const codes = codesFor(values.length, col.codes.length);
  for (let i = 0; i < codes.length; i++) codes[i] = remap[col.codes[i]!]!;
  return new CodedColumn(codes, values);
}

/** Dictionary-codes an integer column (period starts). */
export function encodeInts(col: Int32Array): CodedColumn {
  const codes = new Int32Array(col.length);
  const values: unknown[] = [];
  const index = new Map<number, number>();
  for (let i = 0; i < col.length; i++) {
    let c = index.get(col[i]!);
    if (c === undefined) {
      c = values.length;
      values.push(col[i]!);
      index.set(col[i]!, c);
    }
    codes[i] = c;
  }
  return new CodedColumn(codes, values);
}

/**
 * Whether key values are instants (timestamps with a time of day, as the date codec reads them, or
 * Date objects): each group is then one instant.
 */
export function isTimeLike(values: readonly unknown[]): boolean {
  let present = 0;
  for (let i = 0; i < values.length && present < 50; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (!(v instanceof Date) && (typeof v !== "string" || v.trim().length <= 10 || Number.isNaN(parseTimestampMs(v)))) return false;
    present++;
  }
  return present > 0;
}

/** Whether a column holds date strings (YYYY-MM-DD or the aggregated M/D/YYYY, as the date codec reads them) and nothing else. */
export function isDateLike(values: readonly unknown[]): boolean {
  let present = 0;
  for (let i = 0; i < values.length && present < 50; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (typeof v !== "string" || Number.isNaN(parseDateText(v))) return false;
    present++;
  }
  return present > 0;
}
