/**
 * Calendar arithmetic in UTC on day and month numbers, so the synthetic data never depends on the
 * machine's time zone. A "day" is days since 1970-01-01; a "month" is year * 12 + (month - 1).
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number of a YYYY-MM-DD string, or undefined when it is not a real calendar date. */
export function parseDay(text: string): number | undefined {
  const m = DATE_RE.exec(text);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return Math.round(ms / 86_400_000);
}

/** Days 1970-01-01 to 2079-06-06 get their text once: the generators format the same few thousand days millions of times. */
const DAY_TEXT: (string | undefined)[] = new Array(40_000);

/** YYYY-MM-DD of a day number. */
export function formatDay(day: number): string {
  if (Number.isInteger(day) && day >= 0 && day < DAY_TEXT.length) return (DAY_TEXT[day] ??= new Date(day * 86_400_000).toISOString().slice(0, 10));
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** M/D/YYYY (no zero padding) of a day number, as the service's aggregated completions and rigs show. */
export function formatDayMdy(day: number): string {
  const d = new Date(day * 86_400_000);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

/** Month numbers of days 1970-01-01 to 2079-06-06, each worked out once (0: not yet; no such day is in month 0). */
const DAY_MONTH = new Int32Array(40_000);

/** Month number of a day number. */
export function monthOfDay(day: number): number {
  if (Number.isInteger(day) && day >= 0 && day < DAY_MONTH.length) return DAY_MONTH[day] || (DAY_MONTH[day] = monthOfDate(day));
  return monthOfDate(day);
}

function monthOfDate(day: number): number {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** First days of the months of years 1900 to 2199, each worked out once (NaN: not yet): the generators ask millions of times. */
const FIRST_MONTH = 1900 * 12;
const MONTH_FIRST_DAY = new Float64Array(300 * 12).fill(Number.NaN);

/** Day number of the first day of a month number. */
export function firstDayOfMonth(month: number): number {
  const i = month - FIRST_MONTH;
  if (Number.isInteger(i) && i >= 0 && i < MONTH_FIRST_DAY.length) {
    const known = MONTH_FIRST_DAY[i]!;
    return known === known ? known : (MONTH_FIRST_DAY[i] = firstDayOfDate(month));
  }
  return firstDayOfDate(month);
}

function firstDayOfDate(month: number): number {
  return Math.round(Date.UTC(Math.floor(month / 12), month % 12, 1) / 86_400_000);
}

/** Days in a month number. */
export function daysInMonth(month: number): number {
  return firstDayOfMonth(month + 1) - firstDayOfMonth(month);
}

/** YYYY-MM-01 of a month number (an unsynced monthly date). */
export function formatMonth(month: number): string {
  const y = Math.floor(month / 12);
  const mo = (month % 12) + 1;
  return `${y}-${mo < 10 ? "0" : ""}${mo}-01`;
}

/** Month number of a calendar year and month (1-12). */
export function monthNumber(year: number, month: number): number {
  return year * 12 + (month - 1);
}

