/**
 * Field activity per week (rigs, frac crews, completions) and fracked feet per day: the numbers
 * `activityChart` draws, computed here so that the chart only draws them.
 */
import { DataError, InvalidParamsError } from "../errors";
import { columnsOf, type FrameInput } from "../frame/columns";
import { isCalendarDate, isoFromMs, parseDateText } from "../table/dates";
import { toEpochMs } from "../table/instants";
import { slowNumber } from "../table/read-records";
import type { Table } from "../table/table";
import { groupRows } from "./group-keys";
import { sumByKeys } from "./key-sums";
import { outputTable, type OutputField } from "./output-table";
import { periodStarts } from "./periods";

/** What activity rows are. */
export type ActivityKind = "rigs" | "fraccrews" | "completions" | "fracked_feet";

/** Options of {@link weeklyActivity}. */
export interface WeeklyActivityOptions {
  /**
   * What the rows are. Default: inferred from the columns (`rigs_count`/`rig_class` -> rigs,
   * `frac_crews_count`/`frac_class` -> fraccrews, `completions_count`/`completion_class`/`end_date` ->
   * completions, `fracked_feet` -> fracked_feet); a DataError asks for it when the columns do not tell.
   */
  kind?: ActivityKind;
  /** Column that splits the counts (e.g. `"region"` or `"rig_class"`), kept in the output. Default: none. */
  by?: string;
  /**
   * The query's window (`start_date`, `end_date`: YYYY-MM-DD, UTC days, both included), the object the
   * activity endpoints take: the weeks it cuts are partial, and rows outside it are left out (and
   * counted in the notes): completions' `start_date` bounds the start of fracking, so ask them from
   * weeks earlier and give the window here. Without it, rigs and frac crews (a count every day) take the
   * data's first and last day as the window; completions take none (a week whose edge days have no
   * completion is not therefore cut). Default: none.
   */
  window?: { readonly start_date: string; readonly end_date: string };
}

/** The schema name of the table {@link weeklyActivity} returns (how `activityChart` recognises it). */
export const WEEKLY_ACTIVITY = "gasframes.weeklyActivity";

const FN = "weeklyActivity";
const KINDS: readonly ActivityKind[] = ["rigs", "fraccrews", "completions", "fracked_feet"];
const MS_PER_DAY = 86_400_000;
const MONDAY = 1;

const KIND_COLUMNS: Record<ActivityKind, { date: string; count?: string; measure: string }> = {
  rigs: { date: "date", count: "rigs_count", measure: "rigs" },
  fraccrews: { date: "date", count: "frac_crews_count", measure: "frac_crews" },
  completions: { date: "end_date", count: "completions_count", measure: "completions" },
  fracked_feet: { date: "date", measure: "fracked_feet" },
};

/**
 * Activity per week, Monday 00:00 UTC to the next Monday. Rigs and frac crews: the average daily count
 * over the days of the week that have data (one row per rig or crew, or the `*_count` of aggregated
 * rows). Completions: wells whose fracking ended (`end_date`) in the week. Fracked feet: per day (not
 * per week), summed over sub-regions unless `by` splits it.
 *
 * Columns out: `week_start`, `week_end` (ISO 8601 UTC), the `by` column, the measure (`rigs`,
 * `frac_crews` or `completions`), `days_with_data` and `partial` (the week is cut by the window); for
 * fracked feet `date`, the `by` column and `fracked_feet` (ft). Rows without a date (a completion still
 * in progress) and rows outside the window are counted in the notes (`notesOf(table)`:
 * `rows_without_date`, `rows_outside_window`), with `kind` and `partial_cause`.
 * @param input activity records, a danfojs DataFrame or a Result.
 * @param options kind, by and window; default: kind from the columns, no split, no window.
 * @throws InvalidParamsError for a bad option; DataError for a missing column or a value that is not a date or number.
 * @example
 * const rigs = await natgas.v3.rigs({ start_date: "2024-01-01", end_date: "2024-03-31" });
 * const weekly = weeklyActivity(rigs, { by: "region" });
 * activityChart(weekly);
 */
export function weeklyActivity(input: FrameInput, options: WeeklyActivityOptions = {}): Table {
  if (options.kind !== undefined && !KINDS.includes(options.kind)) {
    throw new InvalidParamsError(FN, [{ param: "kind", value: options.kind, expected: KINDS.map((k) => `"${k}"`).join(", ") }]);
  }
  const window = options.window === undefined ? undefined : windowDays(options.window);
  const columns = columnsOf(input);
  const names = columns.names;
  const kind = options.kind ?? inferKind(names);
  const spec = KIND_COLUMNS[kind];
  const by = options.by;
  const needed = [spec.date, ...(kind === "fracked_feet" ? ["fracked_feet"] : []), ...(by === undefined ? [] : [by])];
  const missing = needed.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw new DataError(`${FN}: missing column${missing.length > 1 ? "s" : ""} ${missing.map((c) => `"${c}"`).join(", ")} (columns present: ${names.join(", ") || "none"})`);
  }
  const amountCol = kind === "fracked_feet" ? "fracked_feet" : spec.count !== undefined && names.includes(spec.count) ? spec.count : undefined;
  const date = columns.values(spec.date);
  const group = by === undefined ? undefined : columns.values(by);
  const amount = amountCol === undefined ? undefined : columns.values(amountCol);
  const times: number[] = [];
  const groups: string[] = [];
  const amounts: number[] = [];
  let withoutDate = 0;
  let outside = 0;
  for (let i = 0; i < columns.length; i++) {
    const t = timeAt(date[i], i, spec.date);
    if (t === null) {
      withoutDate++;
      continue;
    }
    if (window !== undefined && (t < window[0] || t >= window[1] + MS_PER_DAY)) {
      outside++;
      continue;
    }
    times.push(t);
    groups.push(group === undefined ? "all" : keyText(group[i]));
    amounts.push(amount === undefined ? 1 : numberAt(amount[i], i, amountCol!));
  }
  const partialCause = window !== undefined ? "query window" : "data's first or last day";
  const notes = { kind, date_column: spec.date, rows_without_date: withoutDate, rows_outside_window: outside, partial_cause: partialCause };
  const byColumn = (values: string[]): OutputField[] => (by === undefined ? [] : [{ name: by, values, type: "string" }]);

  if (kind === "fracked_feet") {
    const daily = sums<[number, string]>([times, groups], amounts).sort((a, b) => a.key[0] - b.key[0] || a.key[1].localeCompare(b.key[1]));
    return outputTable(WEEKLY_ACTIVITY, [
      { name: "date", values: daily.map((g) => isoFromMs(g.key[0])), type: "timestamp" },
      ...byColumn(daily.map((g) => g.key[1])),
      { name: "fracked_feet", values: daily.map((g) => g.sum ?? NaN), type: "float", unit: "ft" },
    ], daily.length, notes);
  }

  // Per (day, group): how many rigs/crews/wells; per (week, group): the sum of those; per week: the days with data.
  const daily = sums<[number, string]>([times, groups], amounts);
  const dailyWeeks = weekStarts(daily.map((g) => g.key[0]));
  const weekly = sums<[number, string]>([dailyWeeks, daily.map((g) => g.key[1])], daily.map((g) => g.sum ?? NaN))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1].localeCompare(b.key[1]));
  const distinctDays = groupRows([times], times.length).keys[0]! as number[];
  const daysInWeek = new Map(sums<[number]>([weekStarts(distinctDays)], distinctDays.map(() => 1)).map((g) => [g.key[0], g.sum!]));
  const partialWeeks = window !== undefined ? edgeWeeks(window) : kind === "completions" ? new Set<number>() : edgeWeeks(times);
  const measure = weekly.map(({ key: [week], sum }) => (sum === null ? NaN : kind === "completions" ? sum : sum / daysInWeek.get(week)!));
  return outputTable(WEEKLY_ACTIVITY, [
    { name: "week_start", values: weekly.map((g) => isoFromMs(g.key[0])), type: "timestamp" },
    { name: "week_end", values: weekly.map((g) => isoFromMs(g.key[0] + 7 * MS_PER_DAY)), type: "timestamp" },
    ...byColumn(weekly.map((g) => g.key[1])),
    { name: spec.measure, values: measure, type: "float" },
    { name: "days_with_data", values: weekly.map((g) => daysInWeek.get(g.key[0])!), type: "int" },
    { name: "partial", values: weekly.map((g) => partialWeeks.has(g.key[0])), type: "bool" },
  ], weekly.length, notes);
}

function inferKind(names: readonly string[]): ActivityKind {
  const has = (c: string): boolean => names.includes(c);
  if (has("fracked_feet")) return "fracked_feet";
  if (has("rigs_count") || has("rig_class")) return "rigs";
  if (has("frac_crews_count") || has("frac_class") || has("service_company")) return "fraccrews";
  if (has("completions_count") || has("completion_class") || has("end_date")) return "completions";
  throw new DataError(`${FN}: cannot tell rigs, frac crews, completions or fracked feet from the columns (${names.join(", ") || "none"}); pass options.kind`);
}

/** The window's first and last day (epoch ms, UTC midnight), checked. */
function windowDays(window: { readonly start_date: string; readonly end_date: string }): [number, number] {
  const day = (param: "start_date" | "end_date"): number => {
    const v = (window as Record<string, unknown> | null)?.[param];
    if (typeof v !== "string" || !isCalendarDate(v)) {
      throw new InvalidParamsError(FN, [{ param: `window.${param}`, value: v, expected: "a day as YYYY-MM-DD (the query's window)" }]);
    }
    return parseDateText(v) * MS_PER_DAY;
  };
  const [start, end] = [day("start_date"), day("end_date")];
  if (end < start) {
    throw new InvalidParamsError(FN, [{ param: "window.end_date", value: window.end_date, expected: `a day on or after window.start_date (${window.start_date})`, suggestion: window.start_date }]);
  }
  return [start, end];
}

/** The first and last week (Monday starts, epoch ms) when the first day is after its Monday or the last day before its Sunday. */
function edgeWeeks(times: readonly number[]): Set<number> {
  const out = new Set<number>();
  if (times.length === 0) return out;
  let first = Infinity;
  let last = -Infinity;
  for (const t of times) [first, last] = [Math.min(first, t), Math.max(last, t)];
  const [firstWeek, lastWeek] = weekStarts([first, last]) as [number, number];
  if (Math.floor(first / MS_PER_DAY) * MS_PER_DAY > firstWeek) out.add(firstWeek);
  if (Math.floor(last / MS_PER_DAY) * MS_PER_DAY < lastWeek + 6 * MS_PER_DAY) out.add(lastWeek);
  return out;
}

/** The Monday 00:00 UTC that starts the week holding each time. */
function weekStarts(times: readonly number[]): number[] {
  const days = Int32Array.from(times, (t) => Math.floor(t / MS_PER_DAY));
  return Array.from(periodStarts(days, "week", MONDAY), (d) => d * MS_PER_DAY);
}

function sums<K extends unknown[]>(keys: { [C in keyof K]: readonly K[C][] }, amounts: ArrayLike<number>): { key: K; sum: number | null }[] {
  const s = sumByKeys(keys as readonly (readonly unknown[])[], amounts);
  return Array.from({ length: s.groups }, (_, g) => ({ key: s.keys.map((column) => column[g]) as K, sum: Number.isNaN(s.sums[g]!) ? null : s.sums[g]! }));
}

function isMissing(v: unknown): boolean {
  return v === null || v === undefined || v === "" || (typeof v === "number" && v !== v);
}

function keyText(v: unknown): string {
  return isMissing(v) ? "(none)" : String(v);
}

function timeAt(v: unknown, i: number, column: string): number | null {
  if (isMissing(v)) return null;
  const t = toEpochMs(v);
  if (Number.isNaN(t)) throw new DataError(`${FN}: row ${i}: ${column} = ${JSON.stringify(v)} is not a date (expected YYYY-MM-DD, M/D/YYYY or an ISO 8601 timestamp)`);
  return t;
}

function numberAt(v: unknown, i: number, column: string): number {
  if (isMissing(v)) return NaN;
  let x = NaN;
  try {
    x = typeof v === "number" ? v : slowNumber(v, column, i);
  } catch (e) {
    if (!(e instanceof DataError)) throw e;
  }
  if (!Number.isFinite(x)) throw new DataError(`${FN}: row ${i}: ${column} = ${JSON.stringify(v)} is not a number`);
  return x;
}
