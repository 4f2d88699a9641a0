/**
 * Voyages (legs between consecutive transactions of a vessel) from v1 transaction records: what the
 * old API's overview report returned and v1 pushed to clients.
 */
import type { DataFrame } from "danfojs-node";
import { DataError } from "../errors";
import { requireColumns, toTypedColumns, type FrameInput } from "../frame/columns";
import { isoFromMs, parseTimestampMs, toDayNumber } from "../frame/dates";
import { frameFromColumns } from "../frame/from-columns";
import { attachNotes } from "../frame/notes";
import { distinctVolumeUnits } from "../frame/volume-unit";

/** Voyage legs as columns (the legacy overview reuses them). */
export interface VoyageColumns {
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
  readonly report: VoyageReport;
}

/** What `deriveVoyages` left out, also readable from its frame with `notesOf(frame)`. */
export interface VoyageReport {
  /** Records without an `imo`. */
  readonly dropped_no_imo: number;
  /** Records with an `imo` but without a `destination_timestamp`. */
  readonly dropped_no_destination_timestamp: number;
  /** Records replaced by a later-modified record with the same `imo` and `transaction_number`. */
  readonly duplicates_removed: number;
  /** Transactions the legs were built from. */
  readonly transactions_used: number;
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
 * - of records sharing `imo` and a non-null `transaction_number`, the one with the latest
 *   `modified_at` is kept (a tie keeps the later record);
 * - a transaction happens at its destination (terminal, country, `destination_timestamp`); per vessel
 *   transactions are ordered by that time, ties by `transaction_number` (nulls last), then input order;
 * - every two consecutive transactions of a vessel make one leg, numbered `tx` = 1, 2, ...;
 * - `voyage_tx` is "L" (loading) or "R" (offloading) of each end ("L to R", "R to L", "R to R",
 *   "L to L"; "?" for any other type); `voyage_status` is "Ballast" for "R to L", else "Laden";
 * - `volume` is the second transaction's volume when it is an offloading, else the first's when it is
 *   a loading, else 0, with that transaction's `volume_unit`; `forecasted` if either was forecasted.
 * Sorted by `imo`, then `tx`. What was dropped is readable with `notesOf(frame)`.
 * @param transactions v1 transaction records (or a frame of them).
 */
export function deriveVoyages(transactions: FrameInput): DataFrame {
  const v = voyageColumns(transactions);
  const endDate = v.endMs.map(isoFromMs);
  // A vessel's legs chain (each starts where the one before it ended): that string is reused, which
  // halves the strings made (they were the largest allocation: npm run bench -- --only voyages).
  const startDate = v.startMs.map((ms, i) => (i > 0 && v.tx[i]! > 1 && v.endMs[i - 1] === ms ? endDate[i - 1]! : isoFromMs(ms)));
  const df = frameFromColumns([
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
  ]);
  return attachNotes(df, { ...v.report });
}

function unitOf(units: readonly unknown[]): { unit?: string } {
  const distinct = distinctVolumeUnits(units.map((u) => (u === null || u === undefined ? u : String(u))));
  return distinct.length === 1 ? { unit: distinct[0]! } : {};
}

/** `deriveVoyages` without the frame: the legs as columns, and the report. */
export function voyageColumns(transactions: FrameInput): VoyageColumns {
  requireColumns(transactions, ["imo", "destination_timestamp", "transaction_type"], "deriveVoyages");
  const t = toTypedColumns(transactions, { fn: "deriveVoyages", values: WANTED, numbers: ["imo", "transaction_number", "volume"] }, toDayNumber);
  const col = (name: string): readonly unknown[] => t.values.get(name)!;
  const imo = t.numbers.get("imo")!;
  const txNum = t.numbers.get("transaction_number")!;
  // Each step is its own small function so that V8 optimises each loop with full type feedback.
  const { time, keepRow, noImo, noTime } = destinationTimes(imo, col("destination_timestamp"));
  const duplicates = dropDuplicates(imo, txNum, keepRow, col("modified_at"));
  const order = sortTransactions(keepRow, imo, time, txNum);
  const legs = buildLegs(order, imo, time, t.numbers.get("volume")!, {
    terminal: col("destination_terminal"),
    country: col("destination_country"),
    ttype: col("transaction_type"),
    unit: col("volume_unit"),
    forecast: col("forecasted_transaction"),
  });
  return {
    ...legs,
    report: {
      dropped_no_imo: noImo,
      dropped_no_destination_timestamp: noTime,
      duplicates_removed: duplicates,
      transactions_used: order.length,
    },
  };
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

/** Latest modified_at wins per (imo, transaction_number); a missing modified_at counts as oldest. */
function dropDuplicates(imo: Float64Array, txNum: Float64Array, keepRow: Uint8Array, modified: readonly unknown[]): number {
  let duplicates = 0;
  const byImo = new Map<number, Map<number, number>>();
  const modMs = (i: number): number => {
    const ms = timeOf(modified[i], i, "modified_at");
    return Number.isNaN(ms) ? -Infinity : ms;
  };
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
    if (modMs(i) >= modMs(prev)) {
      keepRow[prev] = 0;
      seen.set(txNum[i]!, i);
    } else {
      keepRow[i] = 0;
    }
  }
  return duplicates;
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
}

/** One leg per consecutive pair of a vessel's ordered transactions. */
function buildLegs(order: Int32Array, imo: Float64Array, time: Float64Array, volume: Float64Array, src: LegSources) {
  const { terminal, country, ttype, unit, forecast } = src;
  const out = {
    imo: [] as number[], tx: [] as number[], startMs: [] as number[], endMs: [] as number[],
    start_terminal: [] as unknown[], start_country: [] as unknown[], end_terminal: [] as unknown[], end_country: [] as unknown[],
    type: [] as unknown[], voyage_tx: [] as string[], voyage_status: [] as string[], volume: [] as number[],
    volume_unit: [] as unknown[], forecasted: [] as boolean[],
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
    out.forecasted.push(forecast[a] === true || forecast[b] === true);
  }
  return out;
}
