/**
 * Cells read for charting through the table layer: dates and timestamps by the one date codec
 * (`toEpochMs`), numbers as the analysis functions read them (`slowNumber`). What a chart adds is the
 * wording: errors that name the chart, row, column and value, the text of a group key and an axis date
 * format. Times are UTC throughout. Statistics (weekly means, resampling, rollups) are analysis's: a
 * chart only adds up the rows that share one mark (a stack's segment), as a Vega-Lite `sum` would.
 */
import { DataError } from "../errors";
import { slowNumber } from "../table/read-records";
import { isoFromMs } from "../table/dates";
import { toEpochMs } from "../table/instants";

/** Whether a cell holds no value: null, undefined, "" or NaN (how a danfo frame holds a missing number). */
export function isMissing(v: unknown): boolean {
  return v === null || v === undefined || v === "" || (typeof v === "number" && v !== v);
}

/** A cell as it goes into a spec: missing in a frame (undefined, NaN) as null, anything else as it is. */
export function cellValue(v: unknown): unknown {
  return v === undefined || (typeof v === "number" && v !== v) ? null : v;
}

/** The instant in row `i` of a column, or null when missing; a DataError naming row, column and value when it is not a date. */
export function timeAt(col: readonly unknown[], i: number, column: string, chart: string): number | null {
  const v = col[i];
  if (isMissing(v)) return null;
  const t = toEpochMs(v);
  if (Number.isNaN(t)) {
    throw new DataError(
      `${chart}: row ${i}: ${column} = ${JSON.stringify(v)} is not a date (expected YYYY-MM-DD, M/D/YYYY or an ISO 8601 timestamp)`,
    );
  }
  return t;
}

/** A cell as a number (a number, a numeric string or a bigint); null when missing; NaN when it is no finite number. */
export function cellNumber(v: unknown): number | null {
  if (isMissing(v)) return null;
  let x: number;
  if (typeof v === "number") x = v;
  else {
    try {
      x = slowNumber(v, "", 0);
    } catch (e) {
      if (e instanceof DataError) return NaN;
      throw e;
    }
  }
  return Number.isFinite(x) ? x : NaN;
}

/** The number in row `i` of a column, or null when missing; a DataError naming row, column and value when unreadable. */
export function numberAt(col: readonly unknown[], i: number, column: string, chart: string): number | null {
  const n = cellNumber(col[i]);
  if (n !== null && Number.isNaN(n)) {
    throw new DataError(`${chart}: row ${i}: ${column} = ${JSON.stringify(col[i])} is not a number`);
  }
  return n;
}

/**
 * The sums of `amounts` (NaN = missing) of the rows that share one mark (the same tuple of `keys`), in
 * first-seen order of the tuples: each tuple and its sum, null when none of its rows had a value.
 */
export function groupSums<K extends unknown[]>(keys: { [C in keyof K]: readonly K[C][] }, amounts: ArrayLike<number>): { key: K; sum: number | null }[] {
  const columns = keys as readonly (readonly unknown[])[];
  const index = new Map<string, { key: K; sum: number | null }>();
  for (let i = 0; i < amounts.length; i++) {
    const key = columns.map((c) => c[i] ?? null) as K;
    const id = JSON.stringify(key);
    let group = index.get(id);
    if (group === undefined) index.set(id, (group = { key, sum: null }));
    const x = amounts[i]!;
    if (x === x) group.sum = (group.sum ?? 0) + x;
  }
  return [...index.values()];
}

/** ISO 8601 UTC text for a time in milliseconds (what the specs carry, so Vega reads it the same in any zone). */
export function isoUtc(t: number): string {
  // Whole milliseconds, as a Date keeps them: an epoch number may carry a fraction.
  return isoFromMs(Math.trunc(t));
}

/** Text for a group key (a missing value shown as "(none)", so a row without a key is still drawn). */
export function keyText(v: unknown): string {
  return isMissing(v) ? "(none)" : String(v);
}

/** An axis date format that suits the times shown: "%b %Y" when every time is the 1st of a month, else "%Y-%m-%d". */
export function axisDateFormat(times: readonly number[]): string {
  const monthly = times.length > 0 && times.every((t) => {
    const d = new Date(t);
    return d.getUTCDate() === 1 && d.getUTCHours() === 0 && d.getUTCMinutes() === 0;
  });
  return monthly ? "%b %Y" : "%Y-%m-%d";
}
