/**
 * A date or timestamp column as UTC day numbers, failing loudly on a value that is not a date.
 */
import { DataError } from "../errors";
import { toDayNumber } from "../frame/dates";

/**
 * The UTC day of every value of `col` (strings repeat a lot, so each distinct one is parsed once).
 * A missing or unparseable value is a DataError naming the function, column and row.
 */
export function dayColumn(col: readonly unknown[], name: string, fn: string): Int32Array {
  const out = new Int32Array(col.length);
  const cache = new Map<unknown, number>();
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    let d = cache.get(v);
    if (d === undefined) {
      d = toDayNumber(v);
      if (Number.isNaN(d)) {
        throw new DataError(`${fn}: column "${name}" row ${i}: ${JSON.stringify(v ?? null)} is not a date or timestamp`);
      }
      if (typeof v === "string" && cache.size < 500_000) cache.set(v, d);
    }
    out[i] = d;
  }
  return out;
}
