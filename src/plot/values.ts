/**
 * Reading the services' values for charting: dates in their several spellings, numbers sent as
 * strings, and the week a date falls in. Times are handled in UTC throughout.
 */
import { DataError } from "../errors";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
// The LNG detail records write `2024-05-01 06:00:00.123456+00`.
const SPACED = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Milliseconds since the epoch for a date or timestamp value, `null` when the value is missing
 * (null, undefined, ""), `NaN` when it cannot be read. A timestamp without a zone is read as UTC.
 */
export function parseTime(v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  if (v instanceof Date) return v.getTime();
  if (typeof v === "number") return Number.isFinite(v) ? v : NaN;
  if (typeof v !== "string") return NaN;
  const s = v.trim();
  let m = DATE_ONLY.exec(s);
  if (m) return checkedUtc(+m[1]!, +m[2]!, +m[3]!);
  m = US_DATE.exec(s);
  if (m) return checkedUtc(+m[3]!, +m[1]!, +m[2]!);
  m = SPACED.exec(s);
  if (m) {
    const frac = m[3] ? m[3].slice(0, 4) : "";
    let zone = m[4] ?? "Z";
    if (/^[+-]\d{2}$/.test(zone)) zone += ":00";
    else if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
    const t = Date.parse(`${m[1]}T${m[2]}${frac}${zone}`);
    return Number.isNaN(t) ? NaN : t;
  }
  return NaN;
}

function checkedUtc(y: number, mo: number, d: number): number {
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return NaN;
  return t;
}

/** The time in row `i`'s column, or null when missing; a DataError naming row, column and value when unreadable. */
export function timeAt(row: Record<string, unknown>, column: string, i: number, chart: string): number | null {
  const t = parseTime(row[column]);
  if (t !== null && Number.isNaN(t)) {
    throw new DataError(
      `${chart}: row ${i}: ${column} = ${JSON.stringify(row[column])} is not a date (expected YYYY-MM-DD, M/D/YYYY or an ISO 8601 timestamp)`,
    );
  }
  return t;
}

/** A number from a number or numeric string; null when missing; NaN when unreadable. */
export function parseNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : v !== v ? null : NaN;
  if (typeof v === "string") {
    const n = Number(v.trim());
    return v.trim() !== "" && Number.isFinite(n) ? n : NaN;
  }
  if (typeof v === "bigint") return Number(v);
  return NaN;
}

/** The number in row `i`'s column, or null when missing; a DataError naming row, column and value when unreadable. */
export function numberAt(row: Record<string, unknown>, column: string, i: number, chart: string): number | null {
  const n = parseNumber(row[column]);
  if (n !== null && Number.isNaN(n)) {
    throw new DataError(`${chart}: row ${i}: ${column} = ${JSON.stringify(row[column])} is not a number`);
  }
  return n;
}

/** ISO 8601 UTC text for a time in milliseconds (what the specs carry, so Vega reads it the same in any zone). */
export function isoUtc(t: number): string {
  return new Date(t).toISOString();
}

/** The Monday 00:00 UTC that starts the week containing `t`. */
export function weekStart(t: number): number {
  const d = new Date(t);
  const day = d.getUTCDay();
  const back = (day + 6) % 7;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back);
}

/** Text for a group key (null and missing shown as "(none)", so a row without a key is still drawn). */
export function keyText(v: unknown): string {
  if (v === null || v === undefined || v === "") return "(none)";
  return String(v);
}

/** An axis date format that suits the times shown: "%b %Y" when every time is the 1st of a month, else "%Y-%m-%d". */
export function axisDateFormat(times: readonly number[]): string {
  const monthly = times.length > 0 && times.every((t) => {
    const d = new Date(t);
    return d.getUTCDate() === 1 && d.getUTCHours() === 0 && d.getUTCMinutes() === 0;
  });
  return monthly ? "%b %Y" : "%Y-%m-%d";
}
