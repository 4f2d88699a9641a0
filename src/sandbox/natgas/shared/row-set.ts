import { firstDayOfMonth } from "../../core/dates";
import type { SpareBuffers } from "../../core/byte-chunks";
import type { RowJoin } from "../../core/types";
import type { ParsedParams } from "./params";

/** Records a query matches, readable at any offset without generating the ones before it. */
export interface RowSet {
  readonly count: number;
  row(k: number): Record<string, unknown>;
  /**
   * Rows [from, to) as UTF-8 bytes, in buffers of whole rows of up to `chunkBytes` each: each row
   * exactly `JSON.stringify(row(k))`, joined by `join`. Present only where it is quicker than
   * stringifying the records (a million-row NDJSON answer). Buffers may come from `spare`.
   */
  byteChunks?(from: number, to: number, join: RowJoin, chunkBytes: number, spare?: SpareBuffers): Iterable<Buffer>;
}

/** A row set over an in-memory list. */
export function listRowSet<T>(items: readonly T[], toRow: (item: T) => Record<string, unknown>): RowSet {
  return { count: items.length, row: (k) => toRow(items[k]) };
}

/** Rows [from, to) of a row set, produced one at a time. */
export function* rowsOf(set: RowSet, from = 0, to = set.count): Generator<Record<string, unknown>> {
  for (let k = Math.max(0, from); k < Math.min(to, set.count); k++) yield set.row(k);
}

/** True when the list filter `name` is absent or contains `value` (case-insensitive). */
export function accepts(params: ParsedParams, name: string, value: string | number | null): boolean {
  const set = params.lists.get(name);
  if (!set) return true;
  return value !== null && set.has(String(value).toLowerCase());
}

/** True when `day` is at or after the date parameter `name` (absent = no bound). */
export function atOrAfter(params: ParsedParams, name: string, day: number): boolean {
  const min = params.dates.get(name);
  return min === undefined || day >= min;
}

/** True when `day` is at or before the date parameter `name` (absent = no bound). */
export function atOrBefore(params: ParsedParams, name: string, day: number): boolean {
  const max = params.dates.get(name);
  return max === undefined || day <= max;
}

/** True when `day` is inside the [min, max] of two date parameters (absent bound = open). */
export function inRange(params: ParsedParams, minName: string, maxName: string, day: number | null): boolean {
  const min = params.dates.get(minName);
  const max = params.dates.get(maxName);
  if (min === undefined && max === undefined) return true;
  if (day === null) return false;
  return (min === undefined || day >= min) && (max === undefined || day <= max);
}

/** True when month `m` (a monthly date standing for the whole month) overlaps [min, max] of two date parameters. */
export function monthOverlaps(params: ParsedParams, minName: string, maxName: string, m: number): boolean {
  const min = params.dates.get(minName);
  const max = params.dates.get(maxName);
  return (min === undefined || firstDayOfMonth(m + 1) - 1 >= min) && (max === undefined || firstDayOfMonth(m) <= max);
}
