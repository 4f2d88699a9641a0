/**
 * `resampleFlows` over a lake dataset (LNG volume flows synced with `syncDataset`): the buckets of
 * (series, period) are summed as SQL in the lake's DuckDB, and only the buckets come back, as the
 * columns the in-memory path builds its Table from.
 */
import { DataError } from "../errors";
import { quoteIdent, type LakeField, type LakeSource } from "../lake/lake-source";
import { isoFromDay } from "../table/dates";
import { volumeUnitKey } from "../table/volume-unit";
import { compareKeys } from "./group-keys";
import { dayNumberSql, lakeColumn, numberSql, numbersOf, periodSql, utcDaySql } from "./lake-sql";
import { parseFreq, parseWeekStart, periodLength, type WeekStart } from "./periods";
import type { ResampledFlows } from "./resampled-flows";

/**
 * The options of `resampleFlows`, restated by shape: resample-flows.ts imports this file to dispatch,
 * so this file must not import it (no import cycles).
 */
export interface LakeResampleOptions {
  freq: "day" | "week" | "month";
  weekStart?: WeekStart;
  by?: string | readonly string[];
}

/** Separates the distinct unit labels of a bucket in one text (a control character no label holds). */
const SEP = "\u001f";

/**
 * `resampleFlows(lake.dataset(name), options)` as columns. Options are checked against the dataset's
 * schema before any query: `timestamp` must be a DATE or TIMESTAMP column, `volume` numeric.
 * Two rows for one UTC day of one series, and two volume units in one period, are DataErrors as in memory.
 */
export async function lakeResampleFlowColumns(source: LakeSource, options: LakeResampleOptions): Promise<ResampledFlows> {
  const fn = "resampleFlows";
  if (options === null || typeof options !== "object") throw new DataError(`${fn}: options { freq: "week" | "month" } are required`);
  const freq = parseFreq(fn, options.freq, ["day", "week", "month"]);
  const weekStart = parseWeekStart(fn, options.weekStart);
  const by = options.by === undefined ? [] : typeof options.by === "string" ? [options.by] : [...options.by];
  const byCols = by.map((b, c) => lakeColumn(fn, source, `by[${c}]`, b));
  const time = lakeColumn(fn, source, "timestamp", "timestamp", "date");
  const volume = lakeColumn(fn, source, "volume", "volume", "number");
  const optional = (name: string): LakeField | undefined => (source.columns.some((c) => c.name === name) ? lakeColumn(fn, source, name, name, "number") : undefined);
  const count = optional("count");
  const vstd = optional("volume_std");
  const cstd = optional("count_std");
  const unit = source.columns.find((c) => c.name === "volume_unit");

  const day = utcDaySql(time);
  const keys = byCols.map((c, i) => `${quoteIdent(c.name)} AS k${i}`);
  const groupBy = [...byCols.map((_, i) => i + 1), byCols.length + 1].join(", ");
  const sums = (col: LakeField | undefined, name: string, square = false): string[] => {
    if (col === undefined) return [];
    const x = numberSql(col);
    return [`sum(${square ? `${x} * ${x}` : x}) AS s_${name}`, `count(${x}) AS c_${name}`];
  };
  const select = [
    ...keys,
    `${dayNumberSql(periodSql(day, freq, weekStart))} AS p`,
    "count(*) AS n",
    `count(DISTINCT ${day}) AS nd`,
    `min(${dayNumberSql(day)}) AS first_day`,
    `max(${dayNumberSql(day)}) AS last_day`,
    ...sums(volume, "v"),
    ...sums(count, "c"),
    ...sums(vstd, "vs", true),
    ...sums(cstd, "cs", true),
    unit === undefined ? "NULL AS units" : `string_agg(DISTINCT CAST(${quoteIdent(unit.name)} AS VARCHAR), chr(31)) AS units`,
  ];
  const answer = await source.lake.query(`SELECT ${select.join(", ")} FROM ${quoteIdent(source.view)} GROUP BY ${groupBy}`);
  const m = answer.length;
  const n = numbersOf(answer, "n");
  const nd = numbersOf(answer, "nd");

  const keyValues = by.map((_, c) => answer.column(`k${c}`) as unknown[]);
  const start = numbersOf(answer, "p");
  if (start.some((d) => !Number.isFinite(d))) throw new DataError(`${fn}: column "timestamp": a row has null, which is not a date or timestamp`);
  if (n.some((rows, b) => rows !== nd[b])) throw await duplicateDay(fn, source, byCols, day);
  const order = Array.from({ length: m }, (_, b) => b).sort((x, y) => {
    for (const k of keyValues) {
      const d = compareKeys(k[x], k[y]);
      if (d !== 0) return d;
    }
    return start[x]! - start[y]!;
  });
  const labels = (answer.column("units") as unknown[]).map((joined) => (joined === null || joined === undefined || joined === "" ? [] : String(joined).split(SEP).sort()));
  const spelling = firstSpellings(labels.flat());
  const figure = (name: string, sqrt = false): Float64Array => {
    const s = numbersOf(answer, `s_${name}`);
    const c = numbersOf(answer, `c_${name}`);
    return Float64Array.from(order, (b) => (c[b]! > 0 ? (sqrt ? Math.sqrt(s[b]!) : s[b]!) : NaN));
  };
  const missing = (name: string): Int32Array => {
    const c = numbersOf(answer, `c_${name}`);
    return Int32Array.from(order, (b) => n[b]! - c[b]!);
  };
  const firstDays = numbersOf(answer, "first_day");
  const lastDays = numbersOf(answer, "last_day");
  const periodDay = Int32Array.from(order, (b) => start[b]!);
  const days = Int32Array.from(order, (b) => n[b]!);
  return {
    by,
    byValues: keyValues.map((k) => order.map((b) => k[b])),
    period: Array.from(periodDay, (d) => isoFromDay(d)),
    periodDay,
    volume: figure("v"),
    ...(vstd === undefined ? {} : { volumeStd: figure("vs", true) }),
    ...(count === undefined ? {} : { count: figure("c"), countMissing: missing("c") }),
    ...(cstd === undefined ? {} : { countStd: figure("cs", true) }),
    volumeUnit: order.map((b) => bucketUnit(fn, labels[b]!, start[b]!, spelling)),
    days,
    complete: Array.from(periodDay, (d, r) => days[r] === periodLength(d, freq)),
    volumeMissing: missing("v"),
    firstDay: m === 0 ? null : isoFromDay(firstDays.reduce((a, b) => Math.min(a, b), Infinity)),
    lastDay: m === 0 ? null : isoFromDay(lastDays.reduce((a, b) => Math.max(a, b), -Infinity)),
  };
}

/** Each unit's label: of its spellings in the dataset (`bcf`, `gas_Bcf`), the first in text order. */
function firstSpellings(labels: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const label of [...new Set(labels)].sort()) {
    const key = volumeUnitKey(label) ?? label;
    if (!out.has(key)) out.set(key, label);
  }
  return out;
}

/** The one unit of a period's labels, null for none; two units are a DataError, as in memory. */
function bucketUnit(fn: string, labels: readonly string[], start: number, spelling: ReadonlyMap<string, string>): string | null {
  if (labels.length === 0) return null;
  const first = labels[0]!;
  const key = volumeUnitKey(first) ?? first;
  const other = labels.find((l) => (volumeUnitKey(l) ?? l) !== key);
  if (other !== undefined) {
    throw new DataError(
      `${fn}: the period starting ${isoFromDay(start)} mixes volume units ${JSON.stringify(first)} and ${JSON.stringify(other)}; convert them to one unit first (convertUnits)`,
    );
  }
  return spelling.get(key) ?? first;
}

/** The DataError for two rows on one UTC day of one series, naming the day and the series. */
async function duplicateDay(fn: string, source: LakeSource, byCols: readonly LakeField[], day: string): Promise<DataError> {
  const answer = await source.lake.query(
    `SELECT ${[...byCols.map((c, i) => `${quoteIdent(c.name)} AS k${i}`), `${dayNumberSql(day)} AS d`].join(", ")} FROM ${quoteIdent(source.view)} GROUP BY ALL HAVING count(*) > 1 ORDER BY d LIMIT 1`,
  );
  const found = answer.get(0);
  const key = byCols.map((c, i) => `${c.name}=${JSON.stringify(found[`k${i}`])}`).join(", ");
  return new DataError(`${fn}: two rows for the UTC day ${isoFromDay(Number(found.d))}${key ? ` (${key})` : ""}; each day must appear once per series (split series with "by")`);
}
