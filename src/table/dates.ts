/**
 * Calendar arithmetic on UTC day numbers (days since 1970-01-01), done with integers so that the
 * host time zone never matters: `new Date("2024-03-10")` and its local-time getters are the classic
 * source of off-by-one-day bugs in zones with daylight saving, so nothing here uses them.
 */
import { daysInMonth, isLeapYear } from "../util/calendar";
import { DataError } from "../errors";

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1-12). */
export function dayFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The year, month (1-12) and day of a UTC day number. */
export function civilFromDay(dayNumber: number): { year: number; month: number; day: number } {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export { isLeapYear, daysInMonth };

/** Day of week of a UTC day number: 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOfDay(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** The day number of the first day of the month holding `dayNumber`. */
export function monthStartOfDay(dayNumber: number): number {
  const { year, month } = civilFromDay(dayNumber);
  return dayFromCivil(year, month, 1);
}

const isoCache = new Map<number, string>();

/** YYYY-MM-DD of a UTC day number (cached: analysis outputs repeat a few thousand dates). */
export function isoFromDay(dayNumber: number): string {
  let s = isoCache.get(dayNumber);
  if (s === undefined) {
    const { year, month, day } = civilFromDay(dayNumber);
    s = `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
    if (isoCache.size < 200_000) isoCache.set(dayNumber, s);
  }
  return s;
}

function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    n = n * 10 + c;
  }
  return n;
}

function validDay(year: number, month: number, day: number): number {
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return NaN;
  return dayFromCivil(year, month, day);
}

/** Where a timestamp was read from, and what it says. */
export interface TimestampParts {
  /** Milliseconds since the epoch, in UTC (fraction digits beyond the millisecond dropped). */
  readonly ms: number;
  /** The digits of the seconds' fraction exactly as written (`"123456"`), `""` when there is none. */
  readonly fraction: string;
}

/** Options of `parseTimestamp`. */
export interface TimestampOptions {
  /**
   * Accept `24:00[:00]` as the end of the day (ISO 8601), i.e. midnight of the next day; default false
   * (a time of day is 00:00 to 23:59:59). Data readers accept it; parameters and service values do not.
   */
  readonly endOfDay?: boolean;
}

/**
 * The one timestamp parser. Reads ISO 8601 and the services' own forms, by position, without a regex
 * or a Date (responses hold millions of timestamps):
 * - `YYYY-MM-DD` (midnight UTC);
 * - `YYYY-MM-DD[T| ]HH:MM[:SS[.f...]]` with 1 to 9 fraction digits (`.` or `,`), `t` also taken for `T`;
 * - then an optional zone, after optional spaces: none (the services state all times in UTC), `Z`,
 *   `+HH`, `+HHMM`, `+HH:MM` (the LNG detail form `2024-05-01 06:00:00.123456+00` included); an offset
 *   is converted to UTC.
 * Returns undefined when the text is none of these or not a real calendar time (`2023-02-29`, `25:00`).
 * Surrounding whitespace is ignored.
 * @param text the timestamp.
 * @param options `endOfDay`; default none.
 */
export function parseTimestamp(text: string, options?: TimestampOptions): TimestampParts | undefined {
  const s = text.trim();
  const ms = scanTimestamp(s, options?.endOfDay === true);
  if (Number.isNaN(ms)) return undefined;
  return { ms, fraction: s.length > 19 && (s.charCodeAt(19) === 46 || s.charCodeAt(19) === 44) ? s.slice(20, fractionEnd(s, 20)) : "" };
}

/**
 * Milliseconds since the epoch of a date or timestamp string, or NaN when it is not one: any form of
 * `parseTimestamp` (with `24:00` as the end of the day), or a date `M/D/YYYY` (the aggregated v3 form).
 */
export function parseTimestampMs(text: string): number {
  const s = text.trim();
  if (s.length <= 10) {
    const d = parseDateText(s);
    return Number.isNaN(d) ? NaN : d * MS_PER_DAY;
  }
  return scanTimestamp(s, true);
}

/**
 * What the last successful `scanTimestamp` of a text with seconds found beyond the date: where the
 * seconds (and their fraction) end (0 when the text had no seconds), and the zone's offset in minutes.
 * Scratch values instead of a returned object: the scan runs once per value of million-row columns.
 */
let scanFractionEnd = 0;
let scanOffset = 0;

/**
 * `parseTimestamp`'s reading of a trimmed text, as epoch milliseconds, or NaN. Allocation-free: the
 * hot path of every date column of the analysis functions.
 */
function scanTimestamp(s: string, endOfDay: boolean): number {
  const n = s.length;
  scanFractionEnd = 0;
  const day = n >= 10 ? datePrefix(s) : NaN;
  if (Number.isNaN(day)) return NaN;
  if (n === 10) return day * MS_PER_DAY;
  const sep = s.charCodeAt(10);
  if ((sep !== 84 && sep !== 32 && sep !== 116) || n < 16 || s.charCodeAt(13) !== 58) return NaN;
  const hh = digits(s, 11, 13);
  const mi = digits(s, 14, 16);
  let sec = 0;
  let frac = 0;
  let zeroFraction = true;
  let i = 16;
  if (i < n && s.charCodeAt(i) === 58) {
    if (n < 19) return NaN;
    sec = digits(s, 17, 19);
    i = 19;
    if (i < n && (s.charCodeAt(i) === 46 || s.charCodeAt(i) === 44)) {
      const end = fractionEnd(s, i + 1);
      if (end === i + 1 || end - i - 1 > 9) return NaN;
      for (let k = i + 1, scale = 100; k < end; k++, scale /= 10) {
        const c = s.charCodeAt(k) - 48;
        if (c !== 0) zeroFraction = false;
        if (scale >= 1) frac += c * scale;
      }
      i = end;
    }
    scanFractionEnd = i;
  }
  if (!(mi <= 59 && sec <= 59 && (hh <= 23 || (endOfDay && hh === 24 && mi === 0 && sec === 0 && zeroFraction)))) return NaN;
  while (i < n && s.charCodeAt(i) === 32) i++;
  const offset = zoneOffsetMinutes(s, i);
  if (Number.isNaN(offset)) return NaN;
  scanOffset = offset;
  return day * MS_PER_DAY + ((hh * 60 + mi - offset) * 60 + sec) * 1000 + frac;
}

/** The offset in minutes of the zone at `s[i..]` (the rest of the text): none and `Z` are 0; NaN when it is not a zone. */
function zoneOffsetMinutes(s: string, i: number): number {
  const rest = s.length - i;
  if (rest === 0) return 0;
  const c = s.charCodeAt(i);
  if (rest === 1) return c === 90 || c === 122 ? 0 : NaN;
  if (c !== 43 && c !== 45) return NaN;
  const sign = c === 45 ? -1 : 1;
  const hours = digits(s, i + 1, i + 3);
  let minutes = 0;
  if (rest === 5) minutes = digits(s, i + 3, i + 5);
  else if (rest === 6 && s.charCodeAt(i + 3) === 58) minutes = digits(s, i + 4, i + 6);
  else if (rest !== 3) return NaN;
  if (!(hours <= 23 && minutes <= 59)) return NaN;
  return sign * (hours * 60 + minutes);
}

/** The end of the run of digits starting at `from`. */
function fractionEnd(s: string, from: number): number {
  let k = from;
  while (k < s.length && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) k++;
  return k;
}

function datePrefix(s: string): number {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return NaN;
  return validDay(digits(s, 0, 4), digits(s, 5, 7), digits(s, 8, 10));
}

/** Day number of `YYYY-MM-DD` or `M/D/YYYY` (the aggregated v3 form), or NaN. */
export function parseDateText(s: string): number {
  if (s.length === 10 && s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45) return datePrefix(s);
  const slash = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (slash !== null) return validDay(Number(slash[3]), Number(slash[1]), Number(slash[2]));
  return NaN;
}

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (`2023-02-29` is not). */
export function isCalendarDate(text: string): boolean {
  return text.length === 10 && !Number.isNaN(datePrefix(text));
}

/**
 * The UTC calendar day of a date or timestamp value, as a day number, or NaN when the value is not a
 * date. A timestamp with an offset is first moved to UTC. Accepts strings (`YYYY-MM-DD`, `M/D/YYYY`,
 * any timestamp `parseTimestampMs` reads), `Date` objects and epoch milliseconds.
 */
export function toDayNumber(value: unknown): number {
  if (typeof value === "string") {
    if (value.length <= 10) return parseDateText(value);
    const ms = parseTimestampMs(value);
    return Number.isNaN(ms) ? NaN : Math.floor(ms / MS_PER_DAY);
  }
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? NaN : Math.floor(ms / MS_PER_DAY);
  }
  if (typeof value === "number" && Number.isFinite(value)) return Math.floor(value / MS_PER_DAY);
  return NaN;
}

/**
 * Epoch milliseconds of a date or timestamp value (a string `parseTimestampMs` reads, a `Date`, or
 * epoch milliseconds), or NaN when the value is none of these.
 */
export function toTimeMs(value: unknown): number {
  if (typeof value === "string") return parseTimestampMs(value);
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return NaN;
}

/** ISO 8601 UTC (`2024-05-01T06:00:00.000Z`) of a timestamp value, or undefined when it is not one. */
export function toIsoTimestamp(value: unknown): string | undefined {
  const ms = toTimeMs(value);
  return Number.isFinite(ms) ? isoFromMs(ms) : undefined;
}

/**
 * A service timestamp as ISO 8601 UTC with every digit it had: `YYYY-MM-DDTHH:MM:SS.sssZ` (the form of
 * `Date#toISOString`), plus the digits beyond the millisecond when they are not zero
 * (`2024-05-01 12:30:05.123456+00` -> `2024-05-01T12:30:05.123456Z`), since the LNG service's
 * `modified_at` is in microseconds. Undefined when the text is not a timestamp (see `parseTimestamp`;
 * no `24:00`).
 */
export function preciseIsoTimestamp(text: string): string | undefined {
  const s = text.trim();
  const ms = scanTimestamp(s, false);
  if (Number.isNaN(ms)) return undefined;
  const end = scanFractionEnd;
  if (s.length === 10 || end === 0 || scanOffset !== 0) {
    const sub = end > 23 ? subMilliseconds(s.slice(23, end)) : "";
    const iso = isoFromMs(ms);
    return sub === "" ? iso : `${iso.slice(0, -1)}${sub}Z`;
  }
  // UTC with seconds (the service's own forms): the answer is the text's own digits, no arithmetic.
  const head = s.charCodeAt(10) === 84 ? s.slice(0, 19) : `${s.slice(0, 10)}T${s.slice(11, 19)}`;
  if (end <= 20) return `${head}.000Z`;
  if (end <= 23) return `${head}.${s.slice(20, end).padEnd(3, "0")}Z`;
  return `${head}.${s.slice(20, 23)}${subMilliseconds(s.slice(23, end))}Z`;
}

/** The fraction digits beyond the millisecond as written back: none when all zero, else padded to 3 or 6 digits. */
function subMilliseconds(sub: string): string {
  for (let k = 0; k < sub.length; k++) if (sub.charCodeAt(k) !== 48) return sub.padEnd(sub.length <= 3 ? 3 : 6, "0");
  return "";
}

const TWO = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/**
 * `2024-05-01T06:00:00.000Z` of epoch milliseconds, like `Date#toISOString` for years 0-9999 but
 * without allocating a Date (it dominated building large voyage tables).
 */
export function isoFromMs(ms: number): string {
  const day = Math.floor(ms / MS_PER_DAY);
  if (!Number.isFinite(ms) || day < -719_528 || day > 2_932_896) return new Date(ms).toISOString();
  let rest = ms - day * MS_PER_DAY;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const sec = rest % 60;
  rest = (rest - sec) / 60;
  const min = rest % 60;
  const hour = (rest - min) / 60;
  const mmm = milli < 10 ? `00${milli}` : milli < 100 ? `0${milli}` : String(milli);
  return `${isoFromDay(day)}T${TWO[hour]}:${TWO[min]}:${TWO[sec]}.${mmm}Z`;
}


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
  const iso = preciseIsoTimestamp(text);
  if (iso === undefined) {
    throw new DataError(`not a timestamp or not a real calendar time: ${JSON.stringify(text)} (expected ISO 8601 or YYYY-MM-DD HH:MM:SS[.ffffff]+00)`);
  }
  return iso;
}

/**
 * Like {@link parseServiceTimestamp} but never throws: `null` and `undefined` stay `null`, and a
 * value that is not a timestamp is returned unchanged (so no data is lost) with `ok: false`.
 */
export function tryParseServiceTimestamp(value: unknown): { value: unknown; ok: boolean } {
  if (value === null || value === undefined) return { value: null, ok: true };
  if (typeof value !== "string") return { value, ok: false };
  const iso = preciseIsoTimestamp(value);
  return iso === undefined ? { value, ok: false } : { value: iso, ok: true };
}

/**
 * An instant as people read it in a table (the display form of this codec): `2026-01-03` at midnight
 * UTC (the services' days), else `2026-01-03 14:05Z`, with seconds (`14:05:30Z`) when they are not zero.
 * Printed tables, notebook displays and published reports all use it.
 * @param ms milliseconds since the epoch.
 */
export function displayInstant(ms: number): string {
  const iso = isoFromMs(ms);
  if (iso.endsWith("T00:00:00.000Z")) return iso.slice(0, 10);
  const seconds = iso.slice(17, 23) === "00.000" ? "" : `:${iso.slice(17, 19)}`;
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${seconds}Z`;
}
