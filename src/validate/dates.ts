/**
 * Calendar dates and UTC timestamps as the services take them, read by the table's one date codec
 * (`src/table/dates.ts`).
 */
import { daysInMonth, isCalendarDate, isoFromMs, parseTimestamp, parseTimestampMs } from "../table/dates";

export { daysInMonth, isCalendarDate };

/** A timestamp normalised to UTC, or why it could not be. */
export type TimestampParse = { ok: true; value: string } | { ok: false; reason: string };

/**
 * Normalises an ISO 8601 timestamp to UTC, written `YYYY-MM-DDTHH:MM:SS[.fff...]Z`.
 * - A plain `YYYY-MM-DD` means midnight UTC.
 * - A time without an offset is taken as UTC (the services speak UTC only).
 * - An offset other than `Z`/`+00:00` is converted to UTC (`2024-05-01T02:00+02:00` -> `2024-05-01T00:00:00Z`);
 *   fractional seconds are kept to the digit.
 * - A `Date` is converted with its own instant.
 */
export function normaliseTimestamp(input: unknown): TimestampParse {
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) return { ok: false, reason: "an invalid Date" };
    return { ok: true, value: input.toISOString().replace(".000Z", "Z") };
  }
  if (typeof input !== "string") return { ok: false, reason: "not a string" };
  const p = parseTimestamp(input);
  if (p === undefined) {
    const date = input.trim().slice(0, 10);
    if (/^\d{4}-\d{2}-\d{2}$/.test(date) && !isCalendarDate(date)) return { ok: false, reason: `${date} is not a calendar date` };
    return { ok: false, reason: "not ISO 8601 (YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fff]][Z|+HH:MM]) or not a real time of day" };
  }
  return { ok: true, value: `${isoFromMs(p.ms).slice(0, 19)}${p.fraction === "" ? "" : `.${p.fraction}`}Z` };
}

/** Milliseconds since the epoch of a normalised timestamp, for comparing (fraction beyond ms ignored). */
export function timestampMs(normalised: string): number {
  return parseTimestampMs(normalised);
}
