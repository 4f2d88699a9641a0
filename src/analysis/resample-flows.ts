/**
 * LNG volume flows by week and month: the aggregation the v1 API dropped and pushed to clients.
 */
import { DataError } from "../errors";
import { hasColumn, requireColumns, toEngineArrays, type FrameInput } from "../frame/columns";
import { isoFromDay, toDayNumber } from "../table/dates";
import { groupCoded, sortedGroups } from "./group-keys";
import { parseFreq, parseWeekStart, periodLength, periodStarts, type Freq, type WeekStart } from "./periods";
import { distinctVolumeUnits, volumeUnitKey } from "../table/volume-unit";
import type { Table } from "../table/table";
import type { Codes } from "../table/column";
import { outputTable, type OutputField } from "./output-table";
import type { ResampledFlows } from "./resampled-flows";

export type { ResampledFlows } from "./resampled-flows";
import { isLakeSource, type LakeSource } from "../lake/lake-source";
import { lakeResampleFlowColumns, type LakeResampleOptions } from "./lake-resample-flows";

/** Options of `resampleFlows`. */
export interface ResampleFlowsOptions {
  /** `"week"` or `"month"` (`"day"` re-buckets by UTC day, checking units and duplicates). Required. */
  freq: "day" | "week" | "month";
  /** First day of a week: `"monday"` (default, ISO weeks), `"saturday"` (EIA-style weeks) or `"sunday"`. */
  weekStart?: WeekStart;
  /** Columns whose values split the output: one series per distinct tuple. Default none. */
  by?: string | readonly string[];
}

/**
 * One row of `resampleFlows`: the `by` columns (named by the option, first), then the period's
 * figures. `volume_std`, `count`, `count_std` and `count_missing` are there when the input has the
 * column they come from. A missing number (a period with no value) is null.
 */
export interface ResampledFlowRow {
  /** First day of the period, YYYY-MM-DD. */
  period: string;
  /** Sum of the daily volumes, in `volume_unit`; null when every day was null. */
  volume: number | null;
  /** Square root of the sum of the daily variances, in `volume_unit`. */
  volume_std?: number | null;
  /** Sum of the daily cargo counts. */
  count?: number | null;
  count_std?: number | null;
  volume_unit: string | null;
  /** Daily rows in the period. */
  days: number;
  /** Whether `days` equals the days of the period. */
  complete: boolean;
  /** Daily rows whose volume was null. */
  volume_missing: number;
  count_missing?: number;
  /** The `by` columns. */
  [by: string]: unknown;
}


/**
 * Daily LNG volume flows summed into weeks or calendar months.
 *
 * One output row per period (and per `by` tuple), sorted by the `by` values then `period`:
 * - `period`: first day of the period, YYYY-MM-DD; days are the UTC dates of `timestamp`.
 * - `volume`, `count`: sums of the daily values. A null daily value is skipped (never summed as 0)
 *   and counted in `volume_missing` / `count_missing`; a period with no value at all is NaN.
 * - `volume_std`, `count_std` (when the input has them): square root of the sum of the daily squares,
 *   i.e. the daily errors are taken as independent. Correlated errors would make the true spread larger.
 * - `volume_unit`: carried through; two units in one period is a DataError.
 * - `days`: daily rows in the period; `complete`: `days` equals the days of the period.
 * Two rows for the same UTC day (and `by` tuple) are a DataError: they would be double counted.
 * `volume` and `volume_std` have the unit the rows name (`units.volume`), when they name one.
 * @param flows volume_flows records, a Result or Table of them, or a danfo frame (`timestamp`,
 *   `volume`, `count`, `volume_unit`...).
 * @returns a Table of the periods (`toFrame()` gives the danfo frame).
  * @example
  * const weekly = resampleFlows(await lng.volumeFlows({ origin_country: ["United States"] }), { freq: "week" });
 */
export function resampleFlows(flows: FrameInput, options: ResampleFlowsOptions): Table<ResampledFlowRow>;
/**
 * The same over a lake dataset of volume flows (`lake.dataset("lng_v1_volume_flows")`): the sums run
 * as SQL in the lake's DuckDB and the promise resolves to the Table the in-memory path gives for the
 * same rows (docs/lake.md). A `by` column the dataset lacks, a `timestamp` that is not a DATE or
 * TIMESTAMP column or a `volume` that is not numeric is an InvalidParamsError before any query.
 */
export function resampleFlows(flows: LakeSource, options: ResampleFlowsOptions): Promise<Table<ResampledFlowRow>>;
export function resampleFlows(flows: FrameInput | LakeSource, options: ResampleFlowsOptions): Table<ResampledFlowRow> | Promise<Table<ResampledFlowRow>> {
  if (isLakeSource(flows)) {
    const shaped: LakeResampleOptions = options;
    return lakeResampleFlowColumns(flows, shaped).then((columns) => resampledToTable(columns));
  }
  return resampledToTable(resampleFlowColumns(flows, options));
}

/** `resampleFlows` without the table: the columns, for reuse. */
export function resampleFlowColumns(flows: FrameInput, options: ResampleFlowsOptions): ResampledFlows {
  const fn = "resampleFlows";
  if (options === null || typeof options !== "object") {
    throw new DataError(`${fn}: options { freq: "week" | "month" } are required`);
  }
  const freq: Freq = parseFreq(fn, options.freq, ["day", "week", "month"]);
  const weekStart = parseWeekStart(fn, options.weekStart);
  const by = options.by === undefined ? [] : typeof options.by === "string" ? [options.by] : [...options.by];
  requireColumns(flows, ["timestamp", "volume", ...by], fn);
  // An empty input keeps the full volume_flows shape; otherwise std columns appear only when the
  // input has them (volume_flows/history omits them).
  const empty = Array.isArray(flows) && flows.length === 0;
  const withStd = empty || hasColumn(flows, "volume_std");
  const withCount = empty || hasColumn(flows, "count");
  const withCountStd = empty || hasColumn(flows, "count_std");
  const t = toEngineArrays(
    flows,
    { fn, days: ["timestamp"], codes: ["volume_unit", ...by], numbers: ["volume", "count", "volume_std", "count_std"] },
    toDayNumber,
  );
  const n = t.length;
  const days = t.days.get("timestamp")!;
  const starts = periodStarts(days, freq, weekStart);
  const volume = t.numbers.get("volume")!;
  const count = t.numbers.get("count")!;
  const vstd = t.numbers.get("volume_std")!;
  const cstd = t.numbers.get("count_std")!;
  const unitCoded = t.codes.get("volume_unit")!;
  const unitCodes = sameUnitCodes(unitCoded.dict, unitCoded.codes);
  const groups = groupCoded(by.map((b) => t.codes.get(b)!), n);
  const valueAt = (column: string, row: number): unknown => {
    const c = t.codes.get(column)!;
    return c.dict[c.codes[row]!];
  };

  const [minDay, maxDay] = dayRange(days);
  const span = n === 0 ? 0 : maxDay - minDay + 1;
  checkDuplicates(groups.ids, days, minDay, span, groups.groups, (i) => {
    const key = by.map((b) => `${b}=${JSON.stringify(valueAt(b, i))}`).join(", ");
    return `${fn}: two rows for the UTC day ${isoFromDay(days[i]!)}${key ? ` (${key})` : ""}; each day must appear once per series (split series with "by")`;
  });

  // Each hot loop lives in its own small function: V8 then optimises each with complete type
  // feedback, where one large function kept deoptimising as execution reached each new loop.
  const stride = span + 31;
  const { table, rowBucket, bGroup, bStart } = assignBuckets(groups.ids, starts, minDay, stride, groups.groups);
  const m = bGroup.length;
  const unitIsNull = Uint8Array.from(unitCoded.dict, (v) => (v === null ? 1 : 0));
  const acc = accumulate(rowBucket, m, volume, count, vstd, cstd, unitCodes, unitIsNull);
  if (acc.mixed !== undefined) {
    const { bucket, a, b } = acc.mixed;
    throw new DataError(
      `${fn}: the period starting ${isoFromDay(bStart[bucket]!)} mixes volume units ${JSON.stringify(unitCoded.dict[a])} and ${JSON.stringify(unitCoded.dict[b])}; convert them to one unit first (convertUnits)`,
    );
  }

  const order = bucketOrder(sortedGroups(groups), table, stride, groups.groups, bGroup, bStart);
  const out = buildOutput(order, acc, {
    by,
    keys: groups.keys,
    bGroup,
    bStart,
    unitValues: unitCoded.dict,
    freq,
    withStd,
    withCount,
    withCountStd,
  });
  return {
    ...out,
    firstDay: n === 0 ? null : isoFromDay(minDay),
    lastDay: n === 0 ? null : isoFromDay(maxDay),
  } as ResampledFlows;
}

/** Buckets in output order: by the groups' key order, then period. */
function bucketOrder(
  groupOrder: Int32Array,
  table: Int32Array | undefined,
  stride: number,
  groups: number,
  bGroup: readonly number[],
  bStart: readonly number[],
): Int32Array {
  const m = bGroup.length;
  const order = new Int32Array(m);
  if (table !== undefined) {
    // The dense table is already laid out by (group, period): walk it in key order.
    let k = 0;
    for (let r = 0; r < groupOrder.length; r++) {
      const base = groupOrder[r]! * stride;
      for (let off = 0; off < stride; off++) {
        const b = table[base + off]!;
        if (b >= 0) order[k++] = b;
      }
    }
    return order;
  }
  const rank = new Int32Array(groups);
  for (let r = 0; r < groupOrder.length; r++) rank[groupOrder[r]!] = r;
  for (let b = 0; b < m; b++) order[b] = b;
  return order.sort((x, y) => rank[bGroup[x]!]! - rank[bGroup[y]!]! || bStart[x]! - bStart[y]!);
}

interface OutputContext {
  by: string[];
  keys: unknown[][];
  bGroup: readonly number[];
  bStart: readonly number[];
  unitValues: readonly unknown[];
  freq: Freq;
  withStd: boolean;
  withCount: boolean;
  withCountStd: boolean;
}

function buildOutput(order: Int32Array, acc: ReturnType<typeof accumulate>, ctx: OutputContext) {
  const m = order.length;
  const { by, keys, bGroup, bStart, unitValues, freq } = ctx;
  const { sumV, sumC, sqV, sqC, hasV, hasC, hasVs, hasCs, nDays, missV, missC, unit } = acc;
  const out = {
    by,
    byValues: by.map(() => new Array<unknown>(m)),
    period: new Array<string>(m),
    periodDay: new Int32Array(m),
    volume: new Float64Array(m),
    volumeStd: ctx.withStd ? new Float64Array(m) : undefined,
    count: ctx.withCount ? new Float64Array(m) : undefined,
    countStd: ctx.withCountStd ? new Float64Array(m) : undefined,
    volumeUnit: new Array<string | null>(m),
    days: new Int32Array(m),
    complete: new Array<boolean>(m),
    volumeMissing: new Int32Array(m),
    countMissing: ctx.withCount ? new Int32Array(m) : undefined,
  };
  const unitText = unitValues.map((u) => (u === null ? null : String(u)));
  for (let r = 0; r < m; r++) {
    const b = order[r]!;
    for (let c = 0; c < by.length; c++) out.byValues[c]![r] = keys[c]![bGroup[b]!];
    const start = bStart[b]!;
    out.periodDay[r] = start;
    out.period[r] = isoFromDay(start);
    out.volume[r] = hasV[b] ? sumV[b]! : NaN;
    if (out.volumeStd) out.volumeStd[r] = hasVs[b] ? Math.sqrt(sqV[b]!) : NaN;
    if (out.count) out.count[r] = hasC[b] ? sumC[b]! : NaN;
    if (out.countStd) out.countStd[r] = hasCs[b] ? Math.sqrt(sqC[b]!) : NaN;
    out.volumeUnit[r] = unit[b]! < 0 ? null : unitText[unit[b]!]!;
    out.days[r] = nDays[b]!;
    out.complete[r] = nDays[b] === periodLength(start, freq);
    out.volumeMissing[r] = missV[b]!;
    if (out.countMissing) out.countMissing[r] = missC[b]!;
  }
  return out;
}

function dayRange(days: Int32Array): [number, number] {
  let minDay = Infinity;
  let maxDay = -Infinity;
  for (let i = 0; i < days.length; i++) {
    const d = days[i]!;
    if (d < minDay) minDay = d;
    if (d > maxDay) maxDay = d;
  }
  return [minDay, maxDay];
}

/** (group, period) -> dense bucket id. Period offsets are relative to the earliest day (minus 31). */
function assignBuckets(ids: Int32Array, starts: Int32Array, minDay: number, stride: number, groups: number) {
  const n = ids.length;
  const cells = groups * stride;
  const table = cells <= 16_000_000 ? new Int32Array(cells).fill(-1) : undefined;
  const bucketOf = new Map<number, number>();
  const bGroup: number[] = [];
  const bStart: number[] = [];
  const rowBucket = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const code = ids[i]! * stride + (starts[i]! - minDay + 31);
    let b = table !== undefined ? table[code]! : (bucketOf.get(code) ?? -1);
    if (b < 0) {
      b = bGroup.length;
      if (table !== undefined) table[code] = b;
      else bucketOf.set(code, b);
      bGroup.push(ids[i]!);
      bStart.push(starts[i]!);
    }
    rowBucket[i] = b;
  }
  return { table, rowBucket, bGroup, bStart };
}

/** Per-bucket sums, squares, counts and the unit code; `mixed` names the first bucket with two units. */
function accumulate(
  rowBucket: Int32Array,
  m: number,
  volume: Float64Array,
  count: Float64Array,
  vstd: Float64Array,
  cstd: Float64Array,
  unitCodes: Codes,
  unitIsNull: Uint8Array,
) {
  const sumV = new Float64Array(m);
  const sumC = new Float64Array(m);
  const sqV = new Float64Array(m);
  const sqC = new Float64Array(m);
  const hasV = new Uint8Array(m);
  const hasC = new Uint8Array(m);
  const hasVs = new Uint8Array(m);
  const hasCs = new Uint8Array(m);
  const nDays = new Int32Array(m);
  const missV = new Int32Array(m);
  const missC = new Int32Array(m);
  const unit = new Int32Array(m).fill(-1);
  let mixed: { bucket: number; a: number; b: number } | undefined;
  for (let i = 0; i < rowBucket.length; i++) {
    const b = rowBucket[i]!;
    nDays[b]!++;
    const v = volume[i]!;
    if (v !== v) missV[b]!++;
    else {
      sumV[b]! += v;
      hasV[b] = 1;
    }
    const c = count[i]!;
    if (c !== c) missC[b]!++;
    else {
      sumC[b]! += c;
      hasC[b] = 1;
    }
    const vs = vstd[i]!;
    if (vs === vs) {
      sqV[b]! += vs * vs;
      hasVs[b] = 1;
    }
    const cs = cstd[i]!;
    if (cs === cs) {
      sqC[b]! += cs * cs;
      hasCs[b] = 1;
    }
    const u = unitCodes[i]!;
    if (unitIsNull[u] === 0) {
      const prev = unit[b]!;
      if (prev < 0) unit[b] = u;
      else if (prev !== u && mixed === undefined) mixed = { bucket: b, a: prev, b: u };
    }
  }
  return { sumV, sumC, sqV, sqC, hasV, hasC, hasVs, hasCs, nDays, missV, missC, unit, mixed };
}

function checkDuplicates(
  ids: Int32Array,
  days: Int32Array,
  minDay: number,
  span: number,
  groups: number,
  message: (row: number) => string,
): void {
  const cells = span * groups;
  if (cells <= 64_000_000) {
    const seen = new Uint8Array(cells);
    for (let i = 0; i < ids.length; i++) {
      const k = ids[i]! * span + (days[i]! - minDay);
      if (seen[k] === 1) throw new DataError(message(i));
      seen[k] = 1;
    }
    return;
  }
  const seen = new Set<number>();
  for (let i = 0; i < ids.length; i++) {
    const k = ids[i]! * span + (days[i]! - minDay);
    if (seen.has(k)) throw new DataError(message(i));
    seen.add(k);
  }
}

/** The table `resampleFlows` returns, from its columns. */
export function resampledToTable(r: ResampledFlows): Table<ResampledFlowRow> {
  const cols: OutputField[] = r.by.map((name, c) => ({ name, values: r.byValues[c]!, type: inferKeyType(r.byValues[c]!) }));
  const unit = singleUnit(r.volumeUnit);
  const withUnit = (c: OutputField): OutputField => (unit === undefined ? c : { ...c, unit });
  cols.push({ name: "period", values: r.period, type: "date" });
  cols.push(withUnit({ name: "volume", values: r.volume, type: "float" }));
  if (r.volumeStd) cols.push(withUnit({ name: "volume_std", values: r.volumeStd, type: "float" }));
  if (r.count) cols.push({ name: "count", values: r.count, type: "float" });
  if (r.countStd) cols.push({ name: "count_std", values: r.countStd, type: "float" });
  cols.push({ name: "volume_unit", values: r.volumeUnit, type: "string" });
  cols.push({ name: "days", values: r.days, type: "int" });
  cols.push({ name: "complete", values: r.complete, type: "bool" });
  cols.push({ name: "volume_missing", values: r.volumeMissing, type: "int" });
  if (r.countMissing) cols.push({ name: "count_missing", values: r.countMissing, type: "int" });
  return outputTable<ResampledFlowRow>("gasframes.resampleFlows", cols, r.period.length);
}

function singleUnit(units: readonly (string | null)[]): string | undefined {
  const distinct = distinctVolumeUnits(units);
  return distinct.length === 1 ? distinct[0] : undefined;
}

/**
 * Unit codes where every spelling of one unit (`gas_Bcf`, `bcf`) takes the code of its first spelling,
 * so that a period is "mixed" only when it holds two units, and reports the label the service sent.
 */
function sameUnitCodes(values: readonly unknown[], codes: Codes): Codes {
  const first = new Map<string, number>();
  const map = Int32Array.from(values, (v, j) => {
    const key = volumeUnitKey(v);
    if (key === undefined) return j;
    if (!first.has(key)) first.set(key, j);
    return first.get(key)!;
  });
  if (map.every((to, j) => to === j)) return codes;
  const out = codes.slice();
  for (let i = 0; i < out.length; i++) out[i] = map[out[i]!]!;
  return out;
}

/** The type of a key column: numbers stay numbers, booleans booleans, everything else is text. */
export function inferKeyType(values: readonly unknown[]): "float" | "string" | "bool" {
  let numbers = 0;
  let bools = 0;
  let present = 0;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    present++;
    if (typeof v === "number") numbers++;
    else if (typeof v === "boolean") bools++;
  }
  if (present > 0 && numbers === present) return "float";
  if (present > 0 && bools === present) return "bool";
  return "string";
}
