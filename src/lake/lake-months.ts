/**
 * Calendar months of a lake: parsing `YYYY-MM`, listing a range, and each month's filter values.
 */
import type { LakeAxis } from "./lake-axis";

/** A month, `YYYY-MM`. */
export type MonthKey = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether `value` is a `YYYY-MM` month. */
export function isMonthKey(value: unknown): value is MonthKey {
  return typeof value === "string" && MONTH.test(value);
}

/** The month of a UTC instant (epoch ms). */
export function monthOf(epochMs: number): MonthKey {
  return new Date(epochMs).toISOString().slice(0, 7);
}

/** The months from `first` to `last`, both included, in order. */
export function monthsBetween(first: MonthKey, last: MonthKey): MonthKey[] {
  const out: MonthKey[] = [];
  let [y, m] = first.split("-").map(Number) as [number, number];
  for (let key = first; key <= last; ) {
    out.push(key);
    m += 1;
    if (m === 13) [y, m] = [y + 1, 1];
    key = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}`;
  }
  return out;
}

/** Epoch ms of the first instant after `month` (midnight UTC on the 1st of the next month). */
export function monthEndMs(month: MonthKey): number {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return Date.UTC(y, m, 1);
}

/**
 * The two filter values that select exactly `month` on `axis`. Dates: the first and last day, both
 * inclusive (as v3 and v4 take them). Timestamps: midnight on the 1st to the last millisecond of the
 * month, so a record stamped at midnight on the 1st of the next month falls in one month only, whether
 * the service reads the upper bound as inclusive or exclusive.
 */
export function monthFilter(axis: LakeAxis, month: MonthKey): Record<string, string> {
  const start = `${month}-01`;
  const endMs = monthEndMs(month);
  if (axis.kind === "date") {
    const lastDay = new Date(endMs - 86_400_000).toISOString().slice(0, 10);
    return { [axis.minParam]: start, [axis.maxParam]: lastDay };
  }
  return { [axis.minParam]: `${start}T00:00:00.000Z`, [axis.maxParam]: new Date(endMs - 1).toISOString() };
}
