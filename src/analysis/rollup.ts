/**
 * Client-side group-by sums, as the natgas service's `aggregate_by` gives them, on columns.
 */
import { InvalidParamsError } from "../errors";
import { columnsOf, isDataFrame, requireColumns, toEngineArrays, type FrameInput } from "../frame/columns";
import { slowNumber } from "../table/read-records";
import { allNumbers } from "../table/engine-arrays";
import type { CodedColumn } from "../table/column";
import { isoFromDay, toDayNumber } from "../table/dates";
import { normaliseColumn } from "../table/normalise";
import { encodeInts, isDateLike, isTimeLike, mergeDates } from "./rollup-keys";
import { isDailyRateUnit, unitsOf } from "../frame/units";
import { groupCoded, sortedGroups } from "./group-keys";
import { codedGroupSums, frameGroupSums, type GroupSums } from "./rollup-kernel";
import { parseFreq, parseWeekStart, periodStarts, type Freq } from "./periods";
import { inferKeyType } from "./resample-flows";
import { outputTable, type OutputField } from "./output-table";
import { checkOutputNames, rollupNotes, inputDaysPerPeriod, parseAgg, parseCountPer, valuesPerGroup, type RollupAgg } from "./rollup-means";
import type { Table } from "../table/table";
import { isLakeSource, type LakeSource } from "../lake/lake-source";
import { lakeRollup, type LakeRollupOptions } from "./lake-rollup";

/** A grouping column, optionally bucketed into periods (`{ column: "date_prod", freq: "month" }`). */
export type RollupKey = string | { column: string; freq: "day" | "week" | "month"; weekStart?: "monday" | "saturday" | "sunday" };

/**
 * One row of `rollup`: the `by` columns (dates as YYYY-MM-DD), the measures (null where a group has
 * no value) and the row count, named by the options.
 */
export type RollupRow = Record<string, string | number | boolean | null>;

/** Options of `rollup`. */
export interface RollupOptions {
  /** Grouping columns (or period buckets of a date column). Required; `[]` sums everything into one row. */
  by: string | readonly RollupKey[];
  /** Columns to aggregate (see `agg`). Default: none (only the row count). */
  measures?: readonly string[];
  /**
   * How measures are aggregated: `"sum"` (default) or `"mean"` for every measure, or per measure
   * (`{ gas_daily: "mean" }`; a measure left out is summed). A mean is over the **rows** of the group
   * that have a value (a missing value is left out, not counted as 0), in the measure's unit.
   */
  agg?: RollupAgg | Readonly<Record<string, RollupAgg>>;
  /** Name of the row-count column. Default `"count"` (the service names it `rigs_count`, `frac_crews_count`...). */
  countAs?: string;
  /**
   * `"day"`: the count column is the mean over the days of each period of the daily number of rows
   * (monthly average rigs, not rig-days): rows in the group divided by the days of the period that the
   * input has (any row, any group, on that date). Needs a period key (`{ column, freq }`). Default:
   * the number of rows.
   */
  countPer?: "day";
  /** Unit of the count column (what a row is: `"rigs"`, `"frac crews"`). Default: none. */
  countUnit?: string;
}

/**
 * Group-by sums and means. One row per distinct tuple of `by` values (null is a value of its own),
 * sorted by those values; each measure is the sum of its non-null values (NaN when the group has
 * none: never 0), or with `agg: "mean"` their mean over the rows of the group that have one; `count`
 * is the number of rows in the group, or with `countPer: "day"` its mean per day of the period. Dates in `by` are normalised to YYYY-MM-DD
 * (the service's aggregated rows use M/D/YYYY).
 *
 * Measures whose unit (from `unitsOf`) is a daily rate (`BCF/day`, `MCF/day`, `BBL/day`) follow the
 * unit, so that it stays true:
 * - with a period key (`{ column, freq }`), a rate is the period's average daily rate: the sum of
 *   the group's values divided by the number of distinct dates of `column` on which the group has a
 *   value (the mean over those dates of the per-date sum; a date with no value is left out, not
 *   counted as 0). The notes (`notesOf`) name the measures averaged so;
 * - with a plain key holding dates (and no period key), each group is one date: the rate is summed;
 * - with no date among the keys, summing a rate over dates gives no rate: InvalidParamsError.
 * Other measures (volumes like `MCF`, counts, unknown units) are summed. A measure with `agg:
 * "mean"` is the mean of its rows whatever its unit (rates included), in that unit. Units of measures are kept
 * (`units` of the table, and `unitsOf(table.toFrame())`).
 * @param input records, a Table or Result, or a danfo frame.
 * @returns a Table of the groups (`toFrame()` gives the danfo frame); a missing measure is null in
 *   its rows and NaN in the frame.
 * @throws InvalidParamsError for a summed rate measure when no key is a date, a bad `agg`, or
 *   `countPer` without a period key.
  * @example
  * const weekly = rollup(production, { by: [{ column: "date", freq: "week" }, "region"], measures: ["gas_daily"] });
 */
export function rollup(input: FrameInput, options: RollupOptions): Table<RollupRow>;
/**
 * The same over a lake dataset (`lake.dataset("natgas_v4_productionByWell")`): the group-by runs as SQL
 * in the lake's DuckDB and the promise resolves to the Table the in-memory path gives for the same rows
 * (docs/lake.md). A key or measure the dataset lacks, a measure that is not numeric or a period key
 * that is not a DATE or TIMESTAMP column is an InvalidParamsError (a rejected promise) before any query.
 */
export function rollup(input: LakeSource, options: RollupOptions): Promise<Table<RollupRow>>;
export function rollup(input: FrameInput | LakeSource, options: RollupOptions): Table<RollupRow> | Promise<Table<RollupRow>> {
  if (isLakeSource(input)) {
    const shaped: LakeRollupOptions = options;
    return lakeRollup(input, shaped) as Promise<Table<RollupRow>>;
  }
  const fn = "rollup";
  if (options === null || typeof options !== "object" || options.by === undefined) {
    throw new InvalidParamsError(fn, [{ param: "by", expected: "a column name or a list of them" }]);
  }
  const keys: RollupKey[] = typeof options.by === "string" ? [options.by] : [...options.by];
  const keyNames = keys.map((k) => (typeof k === "string" ? k : k.column));
  const measures = [...(options.measures ?? [])];
  const countAs = options.countAs ?? "count";
  const aggs = parseAgg(fn, options.agg, measures);
  checkOutputNames(fn, keyNames, measures, countAs);
  requireColumns(input, [...keyNames, ...measures], fn);
  const units = unitsOf(input);
  const rates = measures.filter((m, j) => aggs[j] === "sum" && isDailyRateUnit(units[m]));
  const periodKey = keys.find((k): k is Exclude<RollupKey, string> => typeof k !== "string");
  const countPer = parseCountPer(fn, options.countPer, periodKey !== undefined);
  // Means and counts per day need each row's group: only the general path keeps it.
  const needRows = countPer !== undefined || aggs.includes("mean");
  const fast = isDataFrame(input) && periodKey === undefined && !needRows ? frameSums(input, keyNames, measures) : undefined;
  const g: Sums = fast ?? generalSums(input, keys, measures, fn, rates, needRows);
  if (rates.length > 0 && periodKey === undefined && !g.keys.some((k) => isDateLike(k) || isTimeLike(k))) {
    throw new InvalidParamsError(fn, [
      {
        param: "by",
        value: keyNames,
        expected: `a date among the keys: ${rates.map((m) => `${m} (${units[m]})`).join(", ")} is a daily rate, and a sum of rates over dates is no rate; group by the date column, or by { column, freq } for a period's average daily rate`,
      },
    ]);
  }
  const keyIsPeriod = keys.map((k) => typeof k !== "string");
  const order = sortedGroups(g);
  const cols: OutputField[] = keys.map((_, c) => {
    const vals = Array.from(order, (o) => g.keys[c]![o]);
    if (keyIsPeriod[c]) return { name: keyNames[c]!, values: vals.map((d) => isoFromDay(d as number)), type: "date" };
    const type = isDateLike(vals) ? "date" : inferKeyType(vals);
    // A missing number is NaN in a numeric column (null in the rows, NaN in the frame).
    return { name: keyNames[c]!, values: type === "float" ? vals.map((v) => (v === null ? NaN : v)) : vals, type };
  });
  measures.forEach((m, j) => {
    const days = aggs[j] === "mean" ? valuesPerGroup(g.rows!.values[j]!, g.rows!.ids, g.groups) : g.rateDays?.[j];
    const values = Array.from(order, (o) => (g.seen[j]![o] ? (days === undefined ? g.sums[j]![o]! : g.sums[j]![o]! / days[o]!) : NaN));
    const unit = units[m];
    cols.push(unit === undefined ? { name: m, values, type: "float" } : { name: m, values, type: "float", unit });
  });
  if (countPer === undefined) cols.push({ name: countAs, values: Array.from(order, (o) => g.counts[o]!), type: "int", ...(options.countUnit === undefined ? {} : { unit: options.countUnit }) });
  else {
    const p = keys.indexOf(periodKey!);
    const perPeriod = inputDaysPerPeriod(g.rows!.days!, parseFreq(fn, periodKey!.freq, ["day", "week", "month"]), parseWeekStart(fn, periodKey!.weekStart));
    const values = Array.from(order, (o) => g.counts[o]! / perPeriod.get(g.keys[p]![o] as number)!);
    cols.push({ name: countAs, values, type: "float", ...(options.countUnit === undefined ? {} : { unit: options.countUnit }) });
  }
  return outputTable<RollupRow>("gasframes.rollup", cols, g.groups, rollupNotes({ countAs, periodKey, countPerDay: countPer !== undefined, measures, aggs, rates, units }));
}

/**
 * Group sums; `rateDays[j]` (for rate measures averaged over a period) counts each group's dates with
 * a value; `rows` (when asked for) keeps each row's group, the measures' values and the period column's days.
 */
type Sums = Omit<GroupSums, "distinct"> & {
  readonly rateDays?: readonly (Float64Array | undefined)[];
  readonly rows?: { readonly ids: Int32Array; readonly values: readonly (Float64Array | readonly unknown[])[]; readonly days?: Int32Array };
};

/** Group sums of a frame in one pass (see rollup-kernel), or undefined where that path does not apply. */
function frameSums(input: FrameInput, keyNames: readonly string[], measures: readonly string[]): Omit<GroupSums, "distinct"> | undefined {
  const table = columnsOf(input, [...new Set([...keyNames, ...measures])]);
  const sums = frameGroupSums(
    keyNames.map((k) => table.valuesView(k)),
    measures.map((m) => table.valuesView(m)),
    table.length,
  );
  if (sums === undefined) return undefined;
  const keys = sums.keys.slice();
  for (let c = 0; c < keyNames.length; c++) {
    if (!isDateLike(sums.distinct[c]!)) continue;
    const iso = normaliseColumn(keyNames[c]!, sums.distinct[c]!, "date");
    // Two spellings of one day (1/5/2024, 2024-01-05) would merge groups: the general path does that.
    if (new Set(iso).size < iso.length) return undefined;
    const to = new Map(sums.distinct[c]!.map((v, j) => [v, iso[j]]));
    keys[c] = keys[c]!.map((v) => to.get(v));
  }
  return { ...sums, keys };
}

/** Group sums through dictionary codes: any input, any keys (period buckets included). */
function generalSums(input: FrameInput, keys: readonly RollupKey[], measures: readonly string[], fn: string, rates: readonly string[], keepRows = false): Sums {
  const keyNames = keys.map((k) => (typeof k === "string" ? k : k.column));
  const stringKeys = keys.filter((k): k is string => typeof k === "string");
  const periodKeys = keys.filter((k): k is Exclude<RollupKey, string> => typeof k !== "string").map((k) => k.column);
  const distinctMeasures = [...new Set(measures)];
  // A frame's measure columns are summed where they are: copying six columns of a million rows into
  // Float64Arrays first costs more than the sums, and the extra memory wakes the garbage collector,
  // which then walks the whole frame (measured in `npm run bench -- --only rollup`).
  const frameInput = isDataFrame(input);
  const t = toEngineArrays(input, { fn, codes: stringKeys, days: periodKeys, numbers: frameInput ? [] : distinctMeasures }, toDayNumber);
  const frame = frameInput ? columnsOf(input, distinctMeasures) : undefined;
  const held: ReadonlyMap<string, Float64Array | readonly unknown[]> = frame !== undefined ? new Map(distinctMeasures.map((m) => [m, frame.valuesView(m)])) : t.numbers;
  const n = t.length;
  const coded = keys.map((k, c): CodedColumn => {
    if (typeof k === "string") {
      const col = t.codes.get(k)!;
      return isDateLike(col.dict) ? mergeDates(col, k) : col;
    }
    const freq: Freq = parseFreq(fn, k.freq, ["day", "week", "month"]);
    return encodeInts(periodStarts(t.days.get(keyNames[c]!)!, freq, parseWeekStart(fn, k.weekStart)));
  });
  const periodColumn = periodKeys[0];
  const measureArrays = measures.map((m) => held.get(m)!);
  if (periodColumn === undefined && !keepRows && measureArrays.every((a) => a instanceof Float64Array)) {
    const one = codedGroupSums(coded, measureArrays as Float64Array[], n);
    if (one !== undefined) return one;
  }
  const g = groupCoded(coded, n);
  const sums = measures.map(() => new Float64Array(g.groups));
  const seen = measures.map(() => new Uint8Array(g.groups));
  const counts = new Float64Array(g.groups);
  for (let i = 0; i < n; i++) counts[g.ids[i]!]!++;
  measures.forEach((m, j) => sumByGroup(held.get(m)!, g.ids, sums[j]!, seen[j]!, m));
  const days = periodColumn === undefined ? undefined : t.days.get(periodColumn)!;
  const rows = keepRows ? { rows: { ids: g.ids, values: measureArrays, ...(days === undefined ? {} : { days }) } } : {};
  if (days === undefined || rates.length === 0) return { groups: g.groups, keys: g.keys, counts, sums, seen, ...rows };
  const rateDays = measures.map((m) => (rates.includes(m) ? datesWithValue(held.get(m)!, g.ids, days, g.groups) : undefined));
  return { groups: g.groups, keys: g.keys, counts, sums, seen, rateDays, ...rows };
}

/** Per group, the number of distinct days on which the column has a value (not NaN or null). */
function datesWithValue(values: Float64Array | readonly unknown[], ids: Int32Array, days: Int32Array, groups: number): Float64Array {
  const out = new Float64Array(groups);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < days.length; i++) {
    if (days[i]! < min) min = days[i]!;
    if (days[i]! > max) max = days[i]!;
  }
  const span = max - min + 1;
  const pairs = new Set<number>();
  for (let i = 0; i < ids.length; i++) {
    const v = values[i];
    // Values were read (and refused if bad) by sumByGroup: here only missing or not matters.
    if (v === null || v === undefined || v === "" || (typeof v === "number" && v !== v)) continue;
    const key = ids[i]! * span + (days[i]! - min);
    if (pairs.has(key)) continue;
    pairs.add(key);
    out[ids[i]!]!++;
  }
  return out;
}

/**
 * Adds each row's value into its group's sum, skipping missing values (NaN, null), and marks groups
 * that got a value. A plain array is read as `numericColumn` would read it: numeric strings count,
 * anything else that is not a number is a DataError naming the column and row.
 */
function sumByGroup(values: Float64Array | readonly unknown[], ids: Int32Array, sums: Float64Array, seen: Uint8Array, name: string): void {
  if (values instanceof Float64Array) sumNumbers(values, ids, sums, seen);
  else sumValues(values, ids, sums, seen, name);
}

function sumNumbers(values: Float64Array, ids: Int32Array, sums: Float64Array, seen: Uint8Array): void {
  for (let i = 0; i < ids.length; i++) {
    const x = values[i]!;
    if (x === x) {
      sums[ids[i]!]! += x;
      seen[ids[i]!] = 1;
    }
  }
}

function sumValues(values: readonly unknown[], ids: Int32Array, sums: Float64Array, seen: Uint8Array, name: string): void {
  if (allNumbers(values)) {
    // `+` on a known number: the value stays unboxed (see allNumbers).
    for (let i = 0; i < ids.length; i++) {
      const x = +(values[i] as number);
      if (x === x) {
        sums[ids[i]!]! += x;
        seen[ids[i]!] = 1;
      }
    }
    return;
  }
  for (let i = 0; i < ids.length; i++) {
    const v = values[i];
    const x = typeof v === "number" ? v : slowNumber(v, name, i);
    if (x === x) {
      sums[ids[i]!]! += x;
      seen[ids[i]!] = 1;
    }
  }
}
