/**
 * Timestamps the LNG services send (ISO 8601 `2024-05-01T00:00:00Z`, the detail-record form
 * `YYYY-MM-DD HH:MM:SS[.ffffff]+00`, the vessel form `YYYY-MM-DD HH:MM:SS` with no zone, plain dates),
 * read by the table's one date codec (`src/table/dates.ts`) and written as ISO 8601 UTC.
 */
import { DataError } from "../errors";
import { preciseIsoTimestamp } from "../table/dates";

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
