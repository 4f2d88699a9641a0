/**
 * Voyages (legs between consecutive transactions of a vessel) from v1 transaction records: what the
 * old API's overview report returned and v1 pushed to clients.
 */
import { DataError, InvalidParamsError } from "../errors";
import { closest } from "../util/closest";
import { requireColumns, toEngineArrays, type FrameInput } from "../frame/columns";
import { isoFromMs, parseTimestampMs, toDayNumber } from "../table/dates";
import { distinctVolumeUnits } from "../table/volume-unit";
import type { Table } from "../table/table";
import { outputTable, type OutputField } from "./output-table";

/** Voyage legs, one array per field (the legacy overview reuses them; `deriveVoyages` makes its table of them). */
export interface VoyageLegs {
  readonly imo: number[];
  readonly tx: number[];
  /** Leg start and end, epoch milliseconds (UTC). */
  readonly startMs: number[];
  readonly endMs: number[];
  readonly start_terminal: unknown[];
  readonly start_country: unknown[];
  readonly end_terminal: unknown[];
  readonly end_country: unknown[];
  readonly type: unknown[];
  readonly voyage_tx: string[];
  readonly voyage_status: string[];
  readonly volume: number[];
  readonly volume_unit: unknown[];
  readonly forecasted: boolean[];
  /** The end transaction's `route_score` (NaN where it has none: observed transactions). */
  readonly route_score: number[];
  /** Whether any transaction given had a `route_score` (forecasts): the frame then has that column. */
  readonly scored: boolean;
  readonly report: VoyageReport;
}

/** One voyage leg of `deriveVoyages`. */
export interface VoyageRow {
  imo: number;
  /** Leg number of the vessel, from 1. */
  tx: number;
  /** Leg start and end (the two transactions' `destination_timestamp`), ISO 8601 UTC. */
  start_date: string;
  end_date: string;
  start_terminal: string | null;
  start_country: string | null;
  end_terminal: string | null;
  end_country: string | null;
  /** The end transaction's `transaction_type`. */
  type: string | null;
  /** `"L to R"`, `"R to L"`, `"R to R"`, `"L to L"` (`"?"` for another type). */
  voyage_tx: string;
  /** `"Ballast"` for `"R to L"`, else `"Laden"`. */
  voyage_status: string;
  /** In `volume_unit`. */
  volume: number | null;
  volume_unit: string | null;
  forecasted: boolean;
  /** Only when the transactions carry route scores (forecasts): the end transaction's; null when it has none. */
  route_score?: number | null;
}

/** What `deriveVoyages` left out, also readable with `notesOf(table)` and `notesOf(table.toFrame())`. */
export interface VoyageReport {
  /** Records without an `imo`. */
  readonly dropped_no_imo: number;
  /** Records with an `imo` but without a `destination_timestamp`. */
  readonly dropped_no_destination_timestamp: number;
  /**
   * Records set aside for another with the same `imo` and `transaction_number`: a forecast's less
   * likely alternatives, or older versions of a transaction (see `deriveVoyages` for the rule).
   */
  readonly duplicates_removed: number;
  /** Transactions the legs were built from. */
  readonly transactions_used: number;
  /** With `{ forecasts: "exclude" }` only: forecast records left out (alternatives included). */
  readonly forecasts_excluded?: number;
}

/** What `deriveVoyages` does with forecast transactions. */
export type VoyageForecasts = "mark" | "exclude";

/** Options of `deriveVoyages`. */
export interface DeriveVoyagesOptions {
  /**
   * Forecast transactions (`forecasted_transaction` true, or a `route_score` on a record without that
   * field, as forecast detail records are): `"mark"` builds legs through them and marks every leg
   * touching one `forecasted: true`; `"exclude"` leaves them out before any leg is built, so the legs
   * are observed voyages only (counted in the report's `forecasts_excluded`). Default `"mark"`.
   */
  forecasts?: VoyageForecasts;
}

const FORECAST_MODES: readonly VoyageForecasts[] = ["mark", "exclude"];

/** The `forecasts` option, checked; throws InvalidParamsError naming it. */
export function forecastMode(options: DeriveVoyagesOptions | undefined, fn: string): VoyageForecasts {
  const mode = options?.forecasts ?? "mark";
  if ((FORECAST_MODES as readonly unknown[]).includes(mode)) return mode;
  const suggestion = typeof mode === "string" ? closest(mode, FORECAST_MODES) : undefined;
  throw new InvalidParamsError(fn, [
    { param: "forecasts", value: mode, expected: '"mark" (default) or "exclude"', ...(suggestion === undefined ? {} : { suggestion }) },
  ]);
}

const WANTED = [
  "modified_at",
  "destination_timestamp",
  "destination_terminal",
  "destination_country",
  "transaction_type",
  "volume_unit",
  "forecasted_transaction",
];

function letter(type: unknown): string {
  if (type === "loading") return "L";
  if (type === "offloading") return "R";
  return "?";
}

function timeOf(v: unknown, row: number, column: string): number {
  if (v === null || v === undefined || v === "") return NaN;
  const ms = typeof v === "string" ? parseTimestampMs(v) : v instanceof Date ? v.getTime() : typeof v === "number" ? v : NaN;
  if (Number.isNaN(ms)) {
    throw new DataError(`deriveVoyages: column "${column}" row ${row}: ${JSON.stringify(v)} is not a timestamp`);
  }
  return ms;
}

/**
 * Voyage legs from transactions, by these rules:
 * - records with no `imo` or no `destination_timestamp` are dropped (counted in the report);
 * - of records sharing `imo` and a non-null `transaction_number` (a forecast's alternative routes, or
 *   versions of one transaction) one is kept: the highest `route_score`, then the highest `score`,
 *   then the latest `modified_at`, then the earliest `destination_timestamp`, then the smallest
 *   `destination_terminal`, `destination_country`, `transaction_type`, `volume_unit` (text order,
 *   missing last), then the largest `volume`, then a forecast over an observed record. A missing
 *   `route_score` or `score` counts as 1 on an observed record (it happened) and as below any score on
 *   a forecast; a missing `modified_at` as oldest. Records still tied are the same leg end, so the
 *   legs never depend on the order of the input rows;
 * - a transaction happens at its destination (terminal, country, `destination_timestamp`); per vessel
 *   transactions are ordered by that time, ties by `transaction_number` (nulls last), then input order;
 * - every two consecutive transactions of a vessel make one leg, numbered `tx` = 1, 2, ...;
 * - `voyage_tx` is "L" (loading) or "R" (offloading) of each end ("L to R", "R to L", "R to R",
 *   "L to L"; "?" for any other type); `voyage_status` is "Ballast" for "R to L", else "Laden";
 * - `volume` is the second transaction's volume when it is an offloading, else the first's when it is
 *   a loading, else 0, with that transaction's `volume_unit`; `forecasted` if either is a forecast
 *   (`forecasted_transaction` true, or, for forecast detail records, which have no such field, a
 *   `route_score`); when the transactions carry route scores (forecasts), a `route_score` column
 *   holds the second transaction's (NaN when it has none).
 * Sorted by `imo`, then `tx`. What was dropped is readable with `notesOf(legs)` (and on its frame).
 * `volume` has the unit the legs name (`units.volume`), when they name one.
 *
 * `lng.transactions()` answers observed and forecast transactions together: with the default
 * `{ forecasts: "mark" }` the legs run on into the forecast and those legs say `forecasted: true`;
 * `{ forecasts: "exclude" }` (or `lng.transactionsHistory()`) gives observed voyages only.
 * @param transactions v1 transaction records, a Result or Table of them, or a danfo frame.
 * @param options `forecasts`: `"mark"` (default) or `"exclude"`.
 * @returns a Table of the legs (`toFrame()` gives the danfo frame).
 * @throws InvalidParamsError for a `forecasts` that is neither, before reading any record.
  * @example
  * const voyages = deriveVoyages(await lng.transactions({ start_date: "2024-01-01" }));
  * show(voyagesChart(voyages));
 */
export function deriveVoyages(transactions: FrameInput, options: DeriveVoyagesOptions = {}): Table<VoyageRow> {
  const v = voyageColumns(transactions, forecastMode(options, "deriveVoyages"));
  const endDate = v.endMs.map(isoFromMs);
  // A vessel's legs chain (each starts where the one before it ended): that string is reused, which
  // halves the strings made (they were the largest allocation: npm run bench -- --only voyages).
  const startDate = v.startMs.map((ms, i) => (i > 0 && v.tx[i]! > 1 && v.endMs[i - 1] === ms ? endDate[i - 1]! : isoFromMs(ms)));
  const columns: OutputField[] = [
    { name: "imo", values: v.imo, type: "int" },
    { name: "tx", values: v.tx, type: "int" },
    { name: "start_date", values: startDate, type: "timestamp" },
    { name: "end_date", values: endDate, type: "timestamp" },
    { name: "start_terminal", values: v.start_terminal, type: "string" },
    { name: "start_country", values: v.start_country, type: "string" },
    { name: "end_terminal", values: v.end_terminal, type: "string" },
    { name: "end_country", values: v.end_country, type: "string" },
    { name: "type", values: v.type, type: "string" },
    { name: "voyage_tx", values: v.voyage_tx, type: "string" },
    { name: "voyage_status", values: v.voyage_status, type: "string" },
    { name: "volume", values: v.volume, type: "float", ...unitOf(v.volume_unit) },
    { name: "volume_unit", values: v.volume_unit, type: "string" },
    { name: "forecasted", values: v.forecasted, type: "bool" },
    ...(v.scored ? [{ name: "route_score", values: v.route_score, type: "float" as const }] : []),
  ];
  return outputTable<VoyageRow>("gasframes.deriveVoyages", columns, v.imo.length, { ...v.report });
}

function unitOf(units: readonly unknown[]): { unit?: string } {
  const distinct = distinctVolumeUnits(units.map((u) => (u === null || u === undefined ? u : String(u))));
  return distinct.length === 1 ? { unit: distinct[0]! } : {};
}

/**
 * `deriveVoyages` without the table: the legs as columns, and the report.
 * @param forecasts what to do with forecast transactions (see {@link DeriveVoyagesOptions}); default "mark".
 */
export function voyageColumns(transactions: FrameInput, forecasts: VoyageForecasts = "mark"): VoyageLegs {
  requireColumns(transactions, ["imo", "destination_timestamp", "transaction_type"], "deriveVoyages");
  const t = toEngineArrays(
    transactions,
    { fn: "deriveVoyages", values: WANTED, numbers: ["imo", "transaction_number", "volume", "route_score", "score"] },
    toDayNumber,
  );
  const col = (name: string): readonly unknown[] => t.values.get(name)!;
  const imo = t.numbers.get("imo")!;
  const txNum = t.numbers.get("transaction_number")!;
  const routeScore = t.numbers.get("route_score")!;
  const src: LegSources = {
    terminal: col("destination_terminal"),
    country: col("destination_country"),
    ttype: col("transaction_type"),
    unit: col("volume_unit"),
    forecast: col("forecasted_transaction"),
    routeScore,
  };
  // Each step is its own small function so that V8 optimises each loop with full type feedback.
  const { time, keepRow, noImo, noTime } = destinationTimes(imo, col("destination_timestamp"));
  const excluded = forecasts === "exclude" ? dropForecasts(keepRow, src) : undefined;
  const duplicates = dropDuplicates(imo, txNum, keepRow, {
    modified: col("modified_at"),
    time,
    volume: t.numbers.get("volume")!,
    score: t.numbers.get("score")!,
    src,
  });
  const order = sortTransactions(keepRow, imo, time, txNum);
  const legs = buildLegs(order, imo, time, t.numbers.get("volume")!, src);
  let scored = false;
  for (let i = 0; i < routeScore.length && !scored; i++) scored = routeScore[i] === routeScore[i];
  return {
    ...legs,
    scored,
    report: {
      dropped_no_imo: noImo,
      dropped_no_destination_timestamp: noTime,
      duplicates_removed: duplicates,
      transactions_used: order.length,
      ...(excluded === undefined ? {} : { forecasts_excluded: excluded }),
    },
  };
}

/** Marks every forecast record dropped; returns how many were kept before. */
function dropForecasts(keepRow: Uint8Array, src: LegSources): number {
  let excluded = 0;
  for (let i = 0; i < keepRow.length; i++) {
    if (keepRow[i] === 1 && isForecast(i, src)) {
      keepRow[i] = 0;
      excluded++;
    }
  }
  return excluded;
}

/** Each record's destination instant; rows without imo or time are marked dropped and counted. */
function destinationTimes(imo: Float64Array, destTs: readonly unknown[]) {
  const n = imo.length;
  const time = new Float64Array(n);
  const keepRow = new Uint8Array(n);
  let noImo = 0;
  let noTime = 0;
  for (let i = 0; i < n; i++) {
    if (imo[i] !== imo[i]) {
      noImo++;
      continue;
    }
    const ms = timeOf(destTs[i], i, "destination_timestamp");
    if (ms !== ms) {
      noTime++;
      continue;
    }
    time[i] = ms;
    keepRow[i] = 1;
  }
  return { time, keepRow, noImo, noTime };
}

/** What decides between records sharing imo and transaction_number. */
interface DuplicateSources {
  modified: readonly unknown[];
  time: Float64Array;
  volume: Float64Array;
  score: Float64Array;
  src: LegSources;
}

/** One record per (imo, transaction_number), chosen by `preferred`; returns how many were set aside. */
function dropDuplicates(imo: Float64Array, txNum: Float64Array, keepRow: Uint8Array, d: DuplicateSources): number {
  let duplicates = 0;
  const byImo = new Map<number, Map<number, number>>();
  for (let i = 0; i < imo.length; i++) {
    if (keepRow[i] === 0 || txNum[i] !== txNum[i]) continue;
    let seen = byImo.get(imo[i]!);
    if (seen === undefined) {
      seen = new Map();
      byImo.set(imo[i]!, seen);
    }
    const prev = seen.get(txNum[i]!);
    if (prev === undefined) {
      seen.set(txNum[i]!, i);
      continue;
    }
    duplicates++;
    if (preferred(i, prev, d) > 0) {
      keepRow[prev] = 0;
      seen.set(txNum[i]!, i);
    } else {
      keepRow[i] = 0;
    }
  }
  return duplicates;
}

/** Whether row i is a forecast: `forecasted_transaction` true, or (detail records have no such field) a route_score. */
function isForecast(i: number, src: LegSources): boolean {
  const f = src.forecast[i];
  if (f === true) return true;
  if (f === false) return false;
  const rs = src.routeScore[i]!;
  return rs === rs;
}

/** A probability column's value for choosing: missing is 1 on an observed record, below any score on a forecast. */
function likelihood(p: Float64Array, i: number, src: LegSources): number {
  const x = p[i]!;
  if (x === x) return x;
  return isForecast(i, src) ? -Infinity : 1;
}

function modifiedMs(modified: readonly unknown[], i: number): number {
  const ms = timeOf(modified[i], i, "modified_at");
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** Text order, a missing value last. */
function compareText(a: unknown, b: unknown): number {
  const ma = a === null || a === undefined;
  const mb = b === null || b === undefined;
  if (ma || mb) return ma === mb ? 0 : ma ? 1 : -1;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * > 0 when row i is to be kept over row j (the rule in `deriveVoyages`' doc). Only the row's content
 * decides, never its position: rows still tied at the end give the same leg end.
 */
function preferred(i: number, j: number, d: DuplicateSources): number {
  const { src } = d;
  const byRoute = likelihood(src.routeScore, i, src) - likelihood(src.routeScore, j, src);
  if (byRoute === byRoute && byRoute !== 0) return byRoute;
  const byScore = likelihood(d.score, i, src) - likelihood(d.score, j, src);
  if (byScore === byScore && byScore !== 0) return byScore;
  const byModified = modifiedMs(d.modified, i) - modifiedMs(d.modified, j);
  if (byModified === byModified && byModified !== 0) return byModified;
  if (d.time[i] !== d.time[j]) return d.time[j]! - d.time[i]!;
  const byText =
    compareText(src.terminal[j], src.terminal[i]) ||
    compareText(src.country[j], src.country[i]) ||
    compareText(src.ttype[j], src.ttype[i]) ||
    compareText(src.unit[j], src.unit[i]);
  if (byText !== 0) return byText;
  const vi = d.volume[i]!;
  const vj = d.volume[j]!;
  if (vi !== vj && (vi === vi || vj === vj)) return vj !== vj || vi > vj ? 1 : -1;
  return Number(isForecast(i, src)) - Number(isForecast(j, src));
}

/** Kept rows ordered by imo, time, transaction_number (nulls last), input order. */
function sortTransactions(keepRow: Uint8Array, imo: Float64Array, time: Float64Array, txNum: Float64Array): Int32Array {
  let m = 0;
  for (let i = 0; i < keepRow.length; i++) m += keepRow[i]!;
  const order = new Int32Array(m);
  for (let i = 0, k = 0; i < keepRow.length; i++) if (keepRow[i] === 1) order[k++] = i;
  return order.sort((a, b) => {
    const d = imo[a]! - imo[b]! || time[a]! - time[b]!;
    if (d !== 0) return d;
    const ta = txNum[a]!;
    const tb = txNum[b]!;
    if (ta !== ta || tb !== tb) return ta !== ta && tb !== tb ? a - b : ta !== ta ? 1 : -1;
    return ta - tb || a - b;
  });
}

const NOTATION: Record<string, Record<string, string>> = {};
for (const a of ["L", "R", "?"]) {
  NOTATION[a] = {};
  for (const b of ["L", "R", "?"]) NOTATION[a]![b] = `${a} to ${b}`;
}

interface LegSources {
  terminal: readonly unknown[];
  country: readonly unknown[];
  ttype: readonly unknown[];
  unit: readonly unknown[];
  forecast: readonly unknown[];
  routeScore: Float64Array;
}

/** One leg per consecutive pair of a vessel's ordered transactions. */
function buildLegs(order: Int32Array, imo: Float64Array, time: Float64Array, volume: Float64Array, src: LegSources) {
  const { terminal, country, ttype, unit, routeScore } = src;
  const out = {
    imo: [] as number[], tx: [] as number[], startMs: [] as number[], endMs: [] as number[],
    start_terminal: [] as unknown[], start_country: [] as unknown[], end_terminal: [] as unknown[], end_country: [] as unknown[],
    type: [] as unknown[], voyage_tx: [] as string[], voyage_status: [] as string[], volume: [] as number[],
    volume_unit: [] as unknown[], forecasted: [] as boolean[], route_score: [] as number[],
  };
  let legNo = 0;
  for (let k = 1; k < order.length; k++) {
    const a = order[k - 1]!;
    const b = order[k]!;
    if (imo[a] !== imo[b]) {
      legNo = 0;
      continue;
    }
    legNo++;
    const la = letter(ttype[a]);
    const lb = letter(ttype[b]);
    const notation = NOTATION[la]![lb]!;
    out.imo.push(imo[b]!);
    out.tx.push(legNo);
    out.startMs.push(time[a]!);
    out.endMs.push(time[b]!);
    out.start_terminal.push(terminal[a] ?? null);
    out.start_country.push(country[a] ?? null);
    out.end_terminal.push(terminal[b] ?? null);
    out.end_country.push(country[b] ?? null);
    out.type.push(ttype[b] ?? null);
    out.voyage_tx.push(notation);
    out.voyage_status.push(la === "R" && lb === "L" ? "Ballast" : "Laden");
    const from = lb === "R" ? b : la === "L" ? a : -1;
    out.volume.push(from < 0 ? 0 : volume[from]!);
    out.volume_unit.push((from < 0 ? (unit[b] ?? unit[a]) : unit[from]) ?? null);
    out.forecasted.push(isForecast(a, src) || isForecast(b, src));
    out.route_score.push(routeScore[b]!);
  }
  return out;
}
