/**
 * The old API's `overview` report (voyage legs), rebuilt from v1 transactions.
 */
import type { FrameInput } from "../frame/columns";
import { toDayNumber } from "../table/dates";
import { InvalidParamsError } from "../errors";
import { voyageColumns } from "./derive-voyages";
import type { FieldSpec } from "../table/schema";
import type { Table } from "../table/table";
import { distinctVolumeUnits } from "../table/volume-unit";
import { recordsTable } from "./output-table";

/** One record of the old overview report. */
export interface LegacyVoyageRecord {
  imo: number;
  tx: number;
  start_date: string;
  end_date: string;
  start_country: unknown;
  start_terminal: unknown;
  end_country: unknown;
  end_terminal: unknown;
  voyage_status: string;
  type: unknown;
  voyage_tx: string;
  volume: number | null;
  units: unknown;
}

/** Options of `legacyOverview`. */
export interface LegacyOverviewOptions {
  /** Keep legs ending on or after this UTC day (YYYY-MM-DD), without renumbering `tx`. Default: no limit. */
  startDate?: string;
  /** Keep legs ending on or before this UTC day (YYYY-MM-DD), without renumbering `tx`. Default: no limit. */
  endDate?: string;
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, "0");
}

/** `YYYY-MM-DD HH:MM:SS+00`, the timestamp style of the old records (and of v1 transactions). */
export function formatLegacyTimestamp(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+00`;
}

function dayOption(value: string | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  const d = toDayNumber(value);
  if (Number.isNaN(d)) throw new InvalidParamsError("legacyOverview", [{ param, value, expected: "a date YYYY-MM-DD" }]);
  return d;
}

/** The fields of an old overview record, in the old report's order (timestamps are text in the old style). */
const FIELDS: readonly FieldSpec[] = [
  { name: "imo", type: "int" },
  { name: "tx", type: "int" },
  { name: "start_date", type: "string" },
  { name: "end_date", type: "string" },
  { name: "start_country", type: "string" },
  { name: "start_terminal", type: "string" },
  { name: "end_country", type: "string" },
  { name: "end_terminal", type: "string" },
  { name: "voyage_status", type: "string" },
  { name: "type", type: "string" },
  { name: "voyage_tx", type: "string" },
  { name: "volume", type: "float" },
  { name: "units", type: "string" },
];

/**
 * The old `overview` records from v1 transactions: the legs of `deriveVoyages` with the old field
 * names (`units` for `volume_unit`) and timestamps written `YYYY-MM-DD HH:MM:SS+00`, sorted by `imo`
 * then `tx`. Pass every transaction of a vessel from its first one: `tx` counts legs from the
 * first transaction given. The old report listed observed voyages only, so forecast transactions
 * (which `lng.transactions()` includes) are left out, as `deriveVoyages(..., { forecasts: "exclude" })`
 * does.
 * @param transactions v1 transaction records, a Result or Table of them, or a danfo frame.
 * @returns a Table of the old records (`rows()`, or `toJSON()` as the old report wrote them);
 *   `volume` has the unit the records name in `units`, when they name one.
  * @example
  * const legs = legacyOverview(await lng.transactions({ start_date: "2024-01-01" }));
 */
export function legacyOverview(transactions: FrameInput, options: LegacyOverviewOptions = {}): Table<LegacyVoyageRecord> {
  const from = dayOption(options.startDate, "startDate");
  const to = dayOption(options.endDate, "endDate");
  const v = voyageColumns(transactions, "exclude");
  const out: LegacyVoyageRecord[] = [];
  for (let i = 0; i < v.imo.length; i++) {
    const endDay = Math.floor(v.endMs[i]! / 86_400_000);
    if ((from !== undefined && endDay < from) || (to !== undefined && endDay > to)) continue;
    const volume = v.volume[i]!;
    out.push({
      imo: v.imo[i]!,
      tx: v.tx[i]!,
      start_date: formatLegacyTimestamp(v.startMs[i]!),
      end_date: formatLegacyTimestamp(v.endMs[i]!),
      start_country: v.start_country[i],
      start_terminal: v.start_terminal[i],
      end_country: v.end_country[i],
      end_terminal: v.end_terminal[i],
      voyage_status: v.voyage_status[i]!,
      type: v.type[i],
      voyage_tx: v.voyage_tx[i]!,
      volume: Number.isNaN(volume) ? null : volume,
      units: v.volume_unit[i],
    });
  }
  const units = distinctVolumeUnits(out.map((r) => (r.units === null || r.units === undefined ? r.units : String(r.units))));
  const fields = units.length === 1 ? FIELDS.map((f) => (f.name === "volume" ? { ...f, unit: units[0]! } : f)) : FIELDS;
  return recordsTable("gasframes.legacyOverview", out, fields);
}
