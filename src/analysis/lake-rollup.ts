/**
 * `rollup` over a lake dataset: the group-by runs as SQL in the lake's DuckDB, which reads only the
 * columns it needs and spills past its memory limit; only the groups come back, and they are shaped
 * into the Table the in-memory `rollup` returns (same columns, order, types, units, notes and sort).
 */
import { DataError, InvalidParamsError } from "../errors";
import { isDailyRateUnit, unitsOf } from "../frame/units";
import { quoteIdent, type LakeField, type LakeSource } from "../lake/lake-source";
import { isoFromDay } from "../table/dates";
import { Table } from "../table/table";
import { sortedGroups } from "./group-keys";
import { dayNumberSql, lakeColumn, numberSql, numbersOf, periodSql, utcDaySql } from "./lake-sql";
import { outputTable, type OutputField } from "./output-table";
import { parseFreq, parseWeekStart } from "./periods";
import { isDateLike, isTimeLike } from "./rollup-keys";
import { checkOutputNames, rollupNotes, parseAgg, parseCountPer } from "./rollup-means";
import { inferKeyType } from "./resample-flows";

/**
 * The options of `rollup`, restated by shape: rollup.ts imports this file to dispatch, so this file
 * must not import rollup.ts (no import cycles). `rollup` checks that its own options fit.
 */
export interface LakeRollupOptions {
  by: string | readonly (string | { column: string; freq: "day" | "week" | "month"; weekStart?: "monday" | "saturday" | "sunday" })[];
  measures?: readonly string[];
  agg?: "sum" | "mean" | Readonly<Record<string, "sum" | "mean">>;
  countAs?: string;
  countPer?: "day";
  countUnit?: string;
}
type RollupKey = Exclude<LakeRollupOptions["by"], string>[number];
type RollupRow = Record<string, string | number | boolean | null>;

/** One grouping key as SQL: the expression, and whether it is a period (a day number). */
interface KeySql {
  readonly name: string;
  readonly sql: string;
  readonly period: boolean;
}

/**
 * `rollup(lake.dataset(name), options)`. Every option is checked against the dataset's schema before
 * any query; a measure must be numeric and a period key a DATE or TIMESTAMP column (else
 * InvalidParamsError naming the option).
 */
export async function lakeRollup(source: LakeSource, options: LakeRollupOptions): Promise<Table<RollupRow>> {
  const fn = "rollup";
  if (options === null || typeof options !== "object" || options.by === undefined) {
    throw new InvalidParamsError(fn, [{ param: "by", expected: "a column name or a list of them" }]);
  }
  const keys: RollupKey[] = typeof options.by === "string" ? [options.by] : [...options.by];
  const keyNames = keys.map((k) => (typeof k === "string" ? k : k?.column));
  const measures = [...(options.measures ?? [])];
  const countAs = options.countAs ?? "count";
  const aggs = parseAgg(fn, options.agg, measures);
  checkOutputNames(fn, keyNames, measures, countAs);
  const periodKey = keys.find((k): k is Exclude<RollupKey, string> => typeof k !== "string");
  const countPer = parseCountPer(fn, options.countPer, periodKey !== undefined);
  const keySql: KeySql[] = keys.map((k, c) => {
    if (typeof k === "string") return { name: k, sql: quoteIdent(lakeColumn(fn, source, `by[${c}]`, k).name), period: false };
    if (k === null || typeof k !== "object") throw new InvalidParamsError(fn, [{ param: `by[${c}]`, value: k, expected: "a column name or { column, freq }" }]);
    const col = lakeColumn(fn, source, `by[${c}].column`, k.column, "date");
    const period = periodSql(utcDaySql(col), parseFreq(fn, k.freq, ["day", "week", "month"]), parseWeekStart(fn, k.weekStart));
    return { name: k.column, sql: dayNumberSql(period), period: true };
  });
  const measureCols = measures.map((m, j) => lakeColumn(fn, source, `measures[${j}]`, m, "number"));
  const periodCol = periodKey === undefined ? undefined : lakeColumn(fn, source, "by", periodKey.column, "date");

  const units = await unitsOfDataset(source, [...keyNames, ...measures]);
  const rates = measures.filter((m, j) => aggs[j] === "sum" && isDailyRateUnit(units[m]));
  const keyTypes = keySql.map((k) => (k.period ? "date" : source.columns.find((c) => c.name === k.name)!.type));
  // Decided from the schema where it can be (no text key), so the refusal comes before the group-by.
  if (rates.length > 0 && periodKey === undefined && !keyTypes.some((t) => t === "date" || t === "timestamp" || t === "string")) throw rateWithoutDate(fn, keyNames, rates, units);

  const select = keySql.map((k, c) => `${k.sql} AS k${c}`);
  select.push("count(*) AS n");
  measureCols.forEach((col, j) => {
    select.push(`sum(${numberSql(col)}) AS s${j}`, `count(${numberSql(col)}) AS c${j}`);
    if (periodCol !== undefined && rates.includes(measures[j]!)) select.push(`count(DISTINCT CASE WHEN ${numberSql(col)} IS NOT NULL THEN ${utcDaySql(periodCol)} END) AS d${j}`);
  });
  const groupBy = keySql.length === 0 ? "" : ` GROUP BY ${keySql.map((_, c) => c + 1).join(", ")}`;
  const answer = await source.lake.query(`SELECT ${select.join(", ")} FROM ${quoteIdent(source.view)}${groupBy}`);
  const counts = numbersOf(answer, "n");
  // With no key SQL answers one row even for no rows; the in-memory rollup answers none.
  const groups = keySql.length === 0 && counts[0] === 0 ? 0 : answer.length;
  const groupKeys = keySql.map((_, c) => answer.column(`k${c}`).slice(0, groups) as unknown[]);
  keySql.forEach((k, c) => {
    if (k.period && groupKeys[c]!.some((d) => typeof d !== "number" || !Number.isFinite(d))) throw noDate(fn, k.name);
  });
  if (rates.length > 0 && periodKey === undefined && !groupKeys.some((k) => isDateLike(k) || isTimeLike(k))) throw rateWithoutDate(fn, keyNames, rates, units);

  const order = sortedGroups({ groups, keys: groupKeys });
  const cols: OutputField[] = keySql.map((k, c) => {
    const vals = Array.from(order, (o) => groupKeys[c]![o]);
    if (k.period) return { name: k.name, values: vals.map((d) => isoFromDay(d as number)), type: "date" };
    const type = isDateLike(vals) ? "date" : inferKeyType(vals);
    return { name: k.name, values: type === "float" ? vals.map((v) => (v === null ? NaN : v)) : vals, type };
  });
  measures.forEach((m, j) => {
    const sums = numbersOf(answer, `s${j}`);
    const seen = numbersOf(answer, `c${j}`);
    const divisor = aggs[j] === "mean" ? seen : periodCol !== undefined && rates.includes(m) ? numbersOf(answer, `d${j}`) : undefined;
    const values = Array.from(order, (o) => (seen[o]! > 0 ? (divisor === undefined ? sums[o]! : sums[o]! / divisor[o]!) : NaN));
    const unit = units[m];
    cols.push(unit === undefined ? { name: m, values, type: "float" } : { name: m, values, type: "float", unit });
  });
  const countUnit = options.countUnit === undefined ? {} : { unit: options.countUnit };
  if (countPer === undefined) cols.push({ name: countAs, values: Array.from(order, (o) => counts[o]!), type: "int", ...countUnit });
  else {
    const p = keys.indexOf(periodKey!);
    const perPeriod = await daysPerPeriod(source, keySql[p]!.sql, periodCol!);
    cols.push({ name: countAs, values: Array.from(order, (o) => counts[o]! / perPeriod.get(groupKeys[p]![o] as number)!), type: "float", ...countUnit });
  }
  return outputTable<RollupRow>("gasframes.rollup", cols, groups, rollupNotes({ countAs, periodKey, countPerDay: countPer !== undefined, measures, aggs, rates, units }));
}

/**
 * The units the in-memory path would read from the same rows (`unitsOf` of a table with the view's
 * columns): those known from the columns' names, and a volume's from the labels of its `volume_unit`
 * column, when the dataset has one (one small query; none otherwise). Labels come in text order, so
 * of two spellings of one unit (`bcf`, `gas_Bcf`) the first in text order names it.
 */
export async function unitsOfDataset(source: LakeSource, names: readonly string[]): Promise<Record<string, string>> {
  const labelled = source.columns.some((c) => c.name === "volume_unit");
  const labels = labelled ? (await source.lake.query(`SELECT DISTINCT volume_unit FROM ${quoteIdent(source.view)} ORDER BY 1`)).column("volume_unit") : [];
  const fields = source.columns.map((c) => ({ name: c.name, type: c.type }));
  const sample = Table.fromRecords<Record<string, unknown>>(
    labels.map((label) => Object.fromEntries(source.columns.map((c) => [c.name, c.name === "volume_unit" ? label : null]))),
    { schema: { name: source.view, fields } },
  );
  const all = unitsOf(sample);
  return Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name)));
}

/** Per period start (a day number), the distinct days of the period column over all rows. */
async function daysPerPeriod(source: LakeSource, periodSqlText: string, col: LakeField): Promise<Map<number, number>> {
  const answer = await source.lake.query(`SELECT ${periodSqlText} AS p, count(DISTINCT ${utcDaySql(col)}) AS d FROM ${quoteIdent(source.view)} GROUP BY 1`);
  const p = numbersOf(answer, "p");
  const d = numbersOf(answer, "d");
  return new Map(Array.from(p, (start, i) => [start, d[i]!]));
}

/** As in memory: a row without a date cannot be put in a period. */
export function noDate(fn: string, column: string): DataError {
  return new DataError(`${fn}: column ${JSON.stringify(column)}: a row has null, which is not a date or timestamp`);
}

function rateWithoutDate(fn: string, keyNames: readonly string[], rates: readonly string[], units: Record<string, string>): InvalidParamsError {
  return new InvalidParamsError(fn, [
    {
      param: "by",
      value: keyNames,
      expected: `a date among the keys: ${rates.map((m) => `${m} (${units[m]})`).join(", ")} is a daily rate, and a sum of rates over dates is no rate; group by the date column, or by { column, freq } for a period's average daily rate`,
    },
  ]);
}
