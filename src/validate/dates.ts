/**
 * Calendar dates and UTC timestamps as the services take them.
 */

import { daysInMonth } from "../util/calendar";

export { daysInMonth };

/** Whether `text` is a real calendar date written YYYY-MM-DD (`2023-02-29` is not). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

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
  const m = TIMESTAMP.exec(input.trim());
  if (!m) return { ok: false, reason: "not ISO 8601 (YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fff]][Z|+HH:MM])" };
  const [, date, hh = "00", mm = "00", ss = "00", fraction, zone] = m;
  if (!isCalendarDate(date!)) return { ok: false, reason: `${date} is not a calendar date` };
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return { ok: false, reason: "time of day out of range" };
  let offsetMinutes = 0;
  if (zone !== undefined && zone.toUpperCase() !== "Z") {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    const hours = Number(z[2]);
    const minutes = Number(z[3] ?? "0");
    if (hours > 23 || minutes > 59) return { ok: false, reason: `offset ${zone} out of range` };
    offsetMinutes = (z[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
  }
  const [y, mo, d] = date!.split("-").map(Number) as [number, number, number];
  const utcMs = Date.UTC(y, mo - 1, d, Number(hh), Number(mm), Number(ss)) - offsetMinutes * 60_000;
  const iso = new Date(utcMs).toISOString().slice(0, 19);
  return { ok: true, value: `${iso}${fraction ? `.${fraction}` : ""}Z` };
}

/** Milliseconds since the epoch of a normalised timestamp, for comparing (fraction beyond ms ignored). */
export function timestampMs(normalised: string): number {
  return Date.parse(normalised.replace(/(\.\d{3})\d+Z$/, "$1Z"));
}
