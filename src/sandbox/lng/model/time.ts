/**
 * UTC time helpers of the LNG sandbox. Everything is milliseconds since the epoch in UTC; the
 * local time zone of the process never enters.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Midnight UTC of a YYYY-MM-DD date, or undefined when it is not a real calendar date. */
export function parseDate(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  return utcOrUndefined(Number(m[1]), Number(m[2]), Number(m[3]), 0, 0, 0, 0);
}

function utcOrUndefined(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number | undefined {
  // Date.UTC maps years 0-99 to 1900-1999; set the year separately so "0001-01-01" stays year 1.
  const back = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, ms));
  back.setUTCFullYear(y, mo - 1, d);
  const t = back.getTime();
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  if (h > 23 || mi > 59 || s > 59) return undefined;
  return t;
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Parses a UTC timestamp as the LNG service accepts it: ISO 8601 with `T` or a space, optional
 * seconds and fraction, and `Z`, `+00`, `+00:00` or no zone (read as UTC). A bare date is midnight UTC.
 * Returns undefined for anything else, including impossible dates.
 */
export function parseTimestamp(text: string): number | undefined {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const frac = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const t = utcOrUndefined(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), frac);
  if (t === undefined) return undefined;
  const zone = m[8];
  if (!zone || zone.toUpperCase() === "Z") return t;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const offH = Number(digits.slice(0, 2));
  const offM = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (offH > 23 || offM > 59) return undefined;
  return t - sign * (offH * HOUR_MS + offM * 60_000);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** `YYYY-MM-DD` of a UTC instant. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM-DD HH:MM:SS` of a UTC instant (no zone, as the vessel records and the old API write it). */
export function formatPlain(ms: number): string {
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DD HH:MM:SS+00`: the timestamp style of the LNG transaction and detail records. */
export function formatRecordTimestamp(ms: number): string {
  return `${formatPlain(ms)}+00`;
}

/** `YYYY-MM-DDTHH:MM:SSZ`: the ISO 8601 style of volume flow timestamps. */
export function formatIso(ms: number): string {
  return `${formatPlain(ms).replace(" ", "T")}Z`;
}

/** Midnight UTC of the day containing the instant. */
export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}
