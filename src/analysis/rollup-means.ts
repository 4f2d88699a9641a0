/**
 * The means of `rollup`: which measures are averaged (`agg`), over how many values, and the count per
 * day of a period (`countPer: "day"`).
 */
import { InvalidParamsError } from "../errors";
import { periodStarts, type Freq } from "./periods";

/** How a measure is aggregated: `"sum"` of its values, or their `"mean"` (over the rows of the group with a value). */
export type RollupAgg = "sum" | "mean";

const AGGS: readonly RollupAgg[] = ["sum", "mean"];

/**
 * Reads the `agg` option into one aggregation per measure: a single value applies to every measure;
 * an object names measures (`{ gas_daily: "mean" }`), the others are summed.
 */
export function parseAgg(fn: string, agg: unknown, measures: readonly string[]): RollupAgg[] {
  if (agg === undefined) return measures.map(() => "sum");
  if (typeof agg === "string") return measures.map(() => checkAgg(fn, "agg", agg));
  if (agg === null || typeof agg !== "object" || Array.isArray(agg)) {
    throw new InvalidParamsError(fn, [{ param: "agg", value: agg, expected: `"sum", "mean", or an object of measure names to "sum" or "mean"` }]);
  }
  const per = agg as Record<string, unknown>;
  for (const name of Object.keys(per)) {
    if (!measures.includes(name)) {
      const guess = measures.find((m) => m.toLowerCase() === name.toLowerCase()) ?? measures.find((m) => m.startsWith(name.slice(0, 3)));
      throw new InvalidParamsError(fn, [
        { param: `agg.${name}`, value: name, expected: `one of the measures (${measures.join(", ") || "none given"})`, ...(guess ? { suggestion: guess } : {}) },
      ]);
    }
  }
  return measures.map((m) => (per[m] === undefined ? "sum" : checkAgg(fn, `agg.${m}`, per[m])));
}

function checkAgg(fn: string, param: string, value: unknown): RollupAgg {
  if (typeof value === "string" && (AGGS as readonly string[]).includes(value.toLowerCase())) return value.toLowerCase() as RollupAgg;
  const guess = typeof value === "string" ? AGGS.find((a) => a.startsWith(value.toLowerCase().slice(0, 1))) : undefined;
  throw new InvalidParamsError(fn, [{ param, value, expected: `"sum" or "mean"`, ...(guess ? { suggestion: guess } : {}) }]);
}

/** Checks `countPer`: undefined (the count of rows) or `"day"` (needs a period key). */
export function parseCountPer(fn: string, countPer: unknown, hasPeriodKey: boolean): "day" | undefined {
  if (countPer === undefined) return undefined;
  if (countPer !== "day") {
    throw new InvalidParamsError(fn, [{ param: "countPer", value: countPer, expected: `"day" (or leave it out for the number of rows)`, suggestion: "day" }]);
  }
  if (!hasPeriodKey) {
    throw new InvalidParamsError(fn, [
      { param: "countPer", value: countPer, expected: `a period key in by ({ column, freq }) to count days of: countPer "day" averages the daily count over each period's days` },
    ]);
  }
  return "day";
}

/** Per group, the number of rows whose value is there (not null, NaN or ""): what a mean divides by. */
export function valuesPerGroup(values: Float64Array | readonly unknown[], ids: Int32Array, groups: number): Float64Array {
  const out = new Float64Array(groups);
  for (let i = 0; i < ids.length; i++) {
    const v = values[i];
    // Values were read (and refused if bad) by the sums: here only missing or not matters.
    if (v === null || v === undefined || v === "" || (typeof v === "number" && v !== v)) continue;
    out[ids[i]!]!++;
  }
  return out;
}

/**
 * Per period start (a day number), the distinct days of the input in that period, over every row
 * whatever its group: a day on which a group has no row counts as 0 for it, a day the input does
 * not reach (before its first date, after its last) is not counted.
 */
export function inputDaysPerPeriod(days: Int32Array, freq: Freq, weekStart: number): Map<number, number> {
  const starts = periodStarts(days, freq, weekStart);
  const seen = new Set<number>();
  const out = new Map<number, number>();
  for (let i = 0; i < days.length; i++) {
    const d = days[i]!;
    if (seen.has(d)) continue;
    seen.add(d);
    out.set(starts[i]!, (out.get(starts[i]!) ?? 0) + 1);
  }
  return out;
}

/**
 * Each output column of a rollup named once: the keys, the measures and the count.
 * @throws InvalidParamsError naming the repeated name.
 */
export function checkOutputNames(fn: string, keyNames: readonly unknown[], measures: readonly string[], countAs: string): void {
  const outNames = [...keyNames, ...measures, countAs];
  const repeated = outNames.find((name, i) => outNames.indexOf(name) !== i);
  if (repeated !== undefined) {
    throw new InvalidParamsError(fn, [{ param: "by/measures/countAs", value: repeated, expected: "each output column named once (a key, a measure or the count)" }]);
  }
}

/** The facts {@link rollupNotes} words: how each figure of a rollup was made. */
export interface RollupNoteFacts {
  readonly countAs: string;
  /** The period key, when the rollup groups by one. */
  readonly periodKey?: { readonly column: string; readonly freq: string };
  /** Whether the count is per day of the period (`countPer: "day"`). */
  readonly countPerDay: boolean;
  readonly measures: readonly string[];
  readonly aggs: readonly RollupAgg[];
  /** The measures summed as daily rates, and every measure's unit. */
  readonly rates: readonly string[];
  readonly units: Readonly<Record<string, string | undefined>>;
}

/** The notes of a rollup's table, in memory and over a lake alike: how the count, means and rates were made. */
export function rollupNotes(f: RollupNoteFacts): Record<string, unknown> | undefined {
  const notes: Record<string, unknown> = {};
  if (f.countPerDay && f.periodKey !== undefined) {
    notes.count_per_day = `${f.countAs}: rows per ${f.periodKey.column} date, averaged over the dates of each ${f.periodKey.freq} that the input has (a date on which a group has no row counts as 0)`;
  }
  const means = f.measures.filter((_, j) => f.aggs[j] === "mean");
  if (means.length > 0) notes.means = Object.fromEntries(means.map((m) => [m, "mean over the rows of each group that have a value"]));
  if (f.periodKey !== undefined && f.rates.length > 0) {
    const how = `mean over the ${f.periodKey.column} dates with a value in each ${f.periodKey.freq} of the sum on each date (a date without a value is left out)`;
    notes.daily_rates_averaged = Object.fromEntries(f.rates.map((m) => [m, `${f.units[m]}: ${how}`]));
  }
  return Object.keys(notes).length > 0 ? notes : undefined;
}
