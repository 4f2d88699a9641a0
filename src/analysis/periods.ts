/**
 * Calendar periods on UTC day numbers: the first day of the week or month holding a day, and the
 * length of that period. Shared by resampleFlows, rollup and the legacy reports.
 */
import { InvalidParamsError } from "../errors";
import { civilFromDay, dayFromCivil, daysInMonth, weekdayOfDay } from "../table/dates";

/** A resampling frequency. */
export type Freq = "day" | "week" | "month";

/** The day a week starts on (any letter case). */
export type WeekStart = "monday" | "saturday" | "sunday" | "Monday" | "Saturday" | "Sunday";

const WEEKDAYS: Record<string, number> = { sunday: 0, monday: 1, saturday: 6 };

/** Checks a `freq` option, accepting any letter case. */
export function parseFreq(fn: string, value: unknown, allowed: readonly Freq[]): Freq {
  const v = typeof value === "string" ? value.toLowerCase() : value;
  if (typeof v === "string" && (allowed as readonly string[]).includes(v)) return v as Freq;
  throw new InvalidParamsError(fn, [{ param: "freq", value, expected: `one of ${allowed.map((a) => `"${a}"`).join(", ")}` }]);
}

/** Checks a `weekStart` option (default `monday`), accepting any letter case. */
export function parseWeekStart(fn: string, value: unknown): number {
  if (value === undefined) return WEEKDAYS.monday;
  const v = typeof value === "string" ? value.toLowerCase() : value;
  if (typeof v === "string" && Object.hasOwn(WEEKDAYS, v)) return WEEKDAYS[v]!;
  const guess = typeof v === "string" ? Object.keys(WEEKDAYS).find((k) => k.startsWith(v.slice(0, 2))) : undefined;
  throw new InvalidParamsError(fn, [
    { param: "weekStart", value, expected: `"monday", "saturday" or "sunday"`, ...(guess ? { suggestion: guess } : {}) },
  ]);
}

/**
 * Maps each day number to the first day of its period. `weekStart` is a weekday number
 * (0 = Sunday, 1 = Monday, 6 = Saturday), used for weeks only.
 */
export function periodStarts(days: Int32Array, freq: Freq, weekStart: number): Int32Array {
  const out = new Int32Array(days.length);
  if (freq === "day") {
    out.set(days);
    return out;
  }
  if (freq === "week") {
    for (let i = 0; i < days.length; i++) {
      const d = days[i]!;
      out[i] = d - ((weekdayOfDay(d) - weekStart + 7) % 7);
    }
    return out;
  }
  const cache = new Map<number, number>();
  for (let i = 0; i < days.length; i++) {
    const d = days[i]!;
    let m = cache.get(d);
    if (m === undefined) {
      const c = civilFromDay(d);
      m = dayFromCivil(c.year, c.month, 1);
      cache.set(d, m);
    }
    out[i] = m;
  }
  return out;
}

/** Days in the period that starts on `start`: 1, 7, or the days of that month. */
export function periodLength(start: number, freq: Freq): number {
  if (freq === "day") return 1;
  if (freq === "week") return 7;
  const c = civilFromDay(start);
  return daysInMonth(c.year, c.month);
}
