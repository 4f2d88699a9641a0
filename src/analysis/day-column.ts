/**
 * A date or timestamp column as UTC day numbers, failing loudly on a value that is not a date.
 */
import { DataError } from "../errors";
import { toDayNumber } from "../table/dates";

/**
 * The UTC day of every value of `col` (the common UTC forms take an allocation-free fast path).
 * A missing or unparseable value is a DataError naming the function, column and row.
 */
export function dayColumn(col: readonly unknown[], name: string, fn: string): Int32Array {
  const out = new Int32Array(col.length);
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    const d = toDayNumber(v);
    if (Number.isNaN(d)) {
      throw new DataError(`${fn}: column "${name}" row ${i}: ${JSON.stringify(v ?? null)} is not a date or timestamp`);
    }
    out[i] = d;
  }
  return out;
}
