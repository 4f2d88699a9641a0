/**
 * Calendar arithmetic on UTC day numbers (days since 1970-01-01), done with integers so that the
 * host time zone never matters: `new Date("2024-03-10")` and its local-time getters are the classic
 * source of off-by-one-day bugs in zones with daylight saving, so nothing here uses them.
 */
import { daysInMonth, isLeapYear } from "../util/calendar";

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

/**
 * Milliseconds since the epoch of a timestamp string, or NaN when it is not one. Accepts ISO 8601
 * (`2024-05-01T06:00:00Z`, `...+02:00`), the LNG detail form `2024-05-01 06:00:00.123456+00`, and a
 * bare date or date-time without offset, which is read as UTC (the services state all times in UTC).
 */
export function parseTimestampMs(text: string): number {
  const s = text.trim();
  if (s.length === 10) {
    const d = parseDateText(s);
    return Number.isNaN(d) ? NaN : d * MS_PER_DAY;
  }
  if (s.length < 16 || (s[10] !== "T" && s[10] !== " " && s[10] !== "t")) return NaN;
  if (isUtcTail(s)) {
    // Allocation-free path for the services' own forms (UTC, no offset arithmetic needed).
    const d = datePrefix(s);
    if (Number.isNaN(d)) return NaN;
    const mi = digits(s, 14, 16);
    const sec = s.charCodeAt(16) === 58 ? digits(s, 17, 19) : 0;
    if (mi > 59 || sec > 60) return NaN;
    let frac = 0;
    if (s.charCodeAt(19) === 46 || s.charCodeAt(19) === 44) {
      let scale = 100;
      for (let i = 20; i < s.length && scale >= 1; i++, scale /= 10) {
        const c = s.charCodeAt(i) - 48;
        if (c < 0 || c > 9) break;
        frac += c * scale;
      }
    }
    return d * MS_PER_DAY + ((digits(s, 11, 13) * 60 + mi) * 60 + sec) * 1000 + frac;
  }
  const day = parseDateText(s.slice(0, 10));
  if (Number.isNaN(day)) return NaN;
  const m = /^(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/.exec(s.slice(11));
  if (m === null) return NaN;
  const hh = Number(m[1]);
  const mi = Number(m[2]);
  const ss = m[3] === undefined ? 0 : Number(m[3]);
  if (hh > 24 || mi > 59 || ss > 60) return NaN;
  const frac = m[4] === undefined ? 0 : Math.floor(Number(`0.${m[4]}`) * 1000);
  let offsetMin = 0;
  const tz = m[5];
  if (tz !== undefined && tz !== "Z" && tz !== "z") {
    const sign = tz[0] === "-" ? -1 : 1;
    const body = tz.slice(1).replace(":", "");
    offsetMin = sign * (Number(body.slice(0, 2)) * 60 + (body.length > 2 ? Number(body.slice(2, 4)) : 0));
  }
  return day * MS_PER_DAY + ((hh * 60 + mi - offsetMin) * 60 + ss) * 1000 + frac;
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

/**
 * The UTC calendar day of a date or timestamp value, as a day number, or NaN when the value is not a
 * date. A timestamp with an offset is first moved to UTC. Accepts strings, `Date` objects and epoch
 * milliseconds.
 */
export function toDayNumber(value: unknown): number {
  if (typeof value === "string") {
    if (value.length <= 10) return parseDateText(value);
    if (isUtcTail(value)) return datePrefix(value);
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
 * Fast path for the common case: a `T`/space date-time in UTC (no offset, `Z`, `+00`, `+00:00`) whose
 * hour is not 24, so its calendar day is its date part. Anything else takes the full parse.
 */
function isUtcTail(s: string): boolean {
  const sep = s.charCodeAt(10);
  if ((sep !== 84 && sep !== 32) || s.length < 16 || s.charCodeAt(13) !== 58) return false;
  if (s.charCodeAt(11) === 50 && s.charCodeAt(12) === 52) return false;
  if (Number.isNaN(digits(s, 11, 13)) || Number.isNaN(digits(s, 14, 16))) return false;
  let i = 16;
  if (s.charCodeAt(i) === 58) {
    if (Number.isNaN(digits(s, 17, 19))) return false;
    i += 3;
    if (s.charCodeAt(i) === 46 || s.charCodeAt(i) === 44) {
      i++;
      while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    }
  }
  const rest = s.length - i;
  if (rest === 0) return true;
  if (rest === 1) return s.charCodeAt(i) === 90 || s.charCodeAt(i) === 122;
  if (s.charCodeAt(i) !== 43) return false;
  const tail = s.slice(i);
  return tail === "+00" || tail === "+00:00" || tail === "+0000";
}

/** ISO 8601 UTC (`2024-05-01T06:00:00.000Z`) of a timestamp value, or undefined when it is not one. */
export function toIsoTimestamp(value: unknown): string | undefined {
  let ms: number;
  if (typeof value === "string") ms = parseTimestampMs(value);
  else if (value instanceof Date) ms = value.getTime();
  else if (typeof value === "number") ms = value;
  else return undefined;
  if (!Number.isFinite(ms)) return undefined;
  return new Date(ms).toISOString();
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
