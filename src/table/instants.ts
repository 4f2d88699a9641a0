/**
 * Any date or timestamp value as an instant (epoch milliseconds), through the one date codec in
 * `./dates`. Moved down from the charts, which read values of every kind (`2024-05-01`, `5/1/2024`,
 * `2024-05-01 06:00:00.123456+00`, a `Date`, epoch milliseconds) and need the time of day, not only
 * the day. It belongs with the codec and moves with it.
 */
import { parseDateText, parseTimestampMs } from "./dates";

const MS_PER_DAY = 86_400_000;

/**
 * Epoch milliseconds of a date or timestamp value, or NaN when it is not one. Strings are read by the
 * codec after trimming: a date (`YYYY-MM-DD`, or `M/D/YYYY` with or without leading zeros) is midnight
 * UTC; a timestamp without an offset is UTC. A `Date` gives its time, a finite number is taken as epoch
 * milliseconds. Missing values (null, undefined, "") are not instants: NaN, like any other non-date.
 */
export function toEpochMs(value: unknown): number {
  if (typeof value === "string") {
    const s = value.trim();
    // Up to 10 characters is a date or nothing: `parseTimestampMs` reads M/D/YYYY only at full width.
    return s.length <= 10 ? parseDateText(s) * MS_PER_DAY : parseTimestampMs(s);
  }
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return Number.isFinite(value) ? value : NaN;
  return NaN;
}
