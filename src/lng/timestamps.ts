/**
 * One parser for every timestamp the LNG services send: ISO 8601 (`2024-05-01T00:00:00Z`), the
 * detail-record form `YYYY-MM-DD HH:MM:SS[.ffffff]+00`, the vessel form `YYYY-MM-DD HH:MM:SS` (no
 * zone: UTC) and plain dates (midnight UTC).
 */
import { daysInMonth } from "../util/calendar";
import { DataError } from "../errors";

const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Parses a service timestamp to ISO 8601 UTC: `YYYY-MM-DDTHH:MM:SS.sssZ`, the form of
 * `Date.prototype.toISOString`. Sub-millisecond digits the service sent (`.123456`) are kept
 * (`.123456Z`) when they are not zero, so no precision is lost; a value without a zone is UTC;
 * other offsets are converted to UTC.
 *
 * @param text the timestamp as the service sent it
 * @returns the normalised ISO 8601 UTC string
 * @throws DataError when the text is not a timestamp or not a real calendar time
 */
export function parseServiceTimestamp(text: string): string {
  const fast = parseUtcFast(text);
  if (fast !== undefined) return fast;
  const m = PATTERN.exec(text.trim());
  if (m === null) throw new DataError(`not a timestamp: ${JSON.stringify(text)} (expected ISO 8601 or YYYY-MM-DD HH:MM:SS[.ffffff]+00)`);
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = "", zone = "Z"] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    throw new DataError(`not a real calendar time: ${JSON.stringify(text)}`);
  }
  const offsetMinutes = parseOffset(zone);
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, ms);
  const iso = date.toISOString();
  const sub = frac.slice(3);
  if (/^0*$/.test(sub)) return iso;
  // Keep microseconds (and beyond): Date holds only milliseconds, the service's modified_at does not.
  return `${iso.slice(0, -1)}${sub.padEnd(sub.length <= 3 ? 3 : 6, "0")}Z`;
}

/**
 * Like {@link parseServiceTimestamp} but never throws: `null` and `undefined` stay `null`, and a
 * value that is not a timestamp is returned unchanged (so no data is lost) with `ok: false`.
 */
export function tryParseServiceTimestamp(value: unknown): { value: unknown; ok: boolean } {
  if (value === null || value === undefined) return { value: null, ok: true };
  if (typeof value !== "string") return { value, ok: false };
  try {
    return { value: parseServiceTimestamp(value), ok: true };
  } catch {
    return { value, ok: false };
  }
}

/**
 * The forms the service sends on every row (`YYYY-MM-DD HH:MM:SS[.ffffff]+00`, `...Z`, no zone), read
 * by position without a regex or a Date: responses can hold millions of timestamps. Anything else
 * (other offsets, missing seconds, bad values) returns undefined and takes the general path.
 */
function parseUtcFast(s: string): string | undefined {
  const n = s.length;
  if (n < 19 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return undefined;
  const sep = s.charCodeAt(10);
  if (sep !== 84 && sep !== 32) return undefined;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  const second = digits(s, 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  if (day > daysInMonth(year, month)) return undefined;
  let i = 19;
  let frac = "";
  if (i < n && s.charCodeAt(i) === 46) {
    let j = i + 1;
    while (j < n && j - i <= 9 && isDigit(s.charCodeAt(j))) j++;
    if (j === i + 1) return undefined;
    frac = s.slice(i + 1, j);
    i = j;
  }
  const zone = s.slice(i);
  if (zone !== "" && zone !== "Z" && zone !== "+00" && zone !== "+00:00" && zone !== "+0000") return undefined;
  const head = sep === 84 ? s.slice(0, 19) : `${s.slice(0, 10)}T${s.slice(11, 19)}`;
  if (frac.length <= 3) return `${head}.${frac.padEnd(3, "0")}Z`;
  const sub = frac.slice(3);
  const keep = isZeros(sub) ? "" : sub.padEnd(sub.length <= 3 ? 3 : 6, "0");
  return `${head}.${frac.slice(0, 3)}${keep}Z`;
}

function digits(s: string, from: number, count: number): number {
  let v = 0;
  for (let k = from; k < from + count; k++) {
    const c = s.charCodeAt(k);
    if (!isDigit(c)) return -1;
    v = v * 10 + (c - 48);
  }
  return v;
}

function isZeros(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) !== 48) return false;
  return true;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function parseOffset(zone: string): number {
  if (zone === "Z" || zone === "z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  return sign * (hours * 60 + minutes);
}

