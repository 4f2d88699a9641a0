/**
 * An old-API record renamed to its v1 shape.
 */
import { DataError } from "../../errors";
import { tryParseServiceTimestamp } from "../timestamps";
import { LEGACY_REMOVED_FIELDS, LEGACY_REPORT_FIELD_RENAMES, LEGACY_SOURCES, type LegacySource } from "./legacy-field-renames";

/** Options of {@link legacyRecordToV1}. */
export interface LegacyRecordToV1Options {
  /**
   * Drop the old fields v1 no longer returns (`tx`, `voyage_tx`, `voyage_status`, `predicted_polygon`...).
   * Default `false`: they are kept under their old names, so nothing is lost.
   */
  dropRemoved?: boolean;
}

const TIMESTAMP_FIELDS = new Set(["origin_timestamp", "destination_timestamp"]);

/**
 * Converts one record of an old report to its v1 shape: each field the spec renames gets its v1 name
 * (`p_volume` -> `volume`, `units` -> `volume_unit`, `start_terminal` -> `origin_terminal`, ...), the
 * renamed timestamps are normalised like every v1 timestamp (ISO 8601 UTC), and the remaining fields
 * keep their names and values. Field order: renamed and kept fields in the record's own order.
 *
 * @param report the old report the record came from (`route_predictions`, `overview`, `flow_timeseries`,
 *   `live_status`) or the old query endpoint (`targetd_query`, `queryAIS`)
 * @param record one record of that report
 * @param options see {@link LegacyRecordToV1Options}
 * @throws DataError for an unknown report, a record that is not an object, or two old fields that
 *   rename to the same v1 field with different values (`unit` and `units`): never silently one of them
 */
export function legacyRecordToV1(
  report: LegacySource,
  record: Record<string, unknown>,
  options: LegacyRecordToV1Options = {},
): Record<string, unknown> {
  if (!(LEGACY_SOURCES as readonly string[]).includes(report)) {
    throw new DataError(`unknown old report ${JSON.stringify(report)}: expected one of ${LEGACY_SOURCES.join(", ")}`);
  }
  if (record === null || typeof record !== "object" || Array.isArray(record)) {
    throw new DataError(`an old ${report} record must be an object, got ${Array.isArray(record) ? "an array" : String(record)}`);
  }
  const renames = LEGACY_REPORT_FIELD_RENAMES[report] as Record<string, string>;
  const removed = new Set<string>(LEGACY_REMOVED_FIELDS[report]);
  const out: Record<string, unknown> = {};
  const from: Record<string, string> = {};
  for (const [key, raw] of Object.entries(record)) {
    if (options.dropRemoved && removed.has(key)) continue;
    const target = Object.prototype.hasOwnProperty.call(renames, key) ? renames[key]! : key;
    const value = TIMESTAMP_FIELDS.has(target) && target !== key ? tryParseServiceTimestamp(raw).value : raw;
    if (Object.prototype.hasOwnProperty.call(out, target) && !sameValue(out[target], value)) {
      throw new DataError(
        `old ${report} record: ${from[target]} = ${JSON.stringify(out[target])} and ${key} = ${JSON.stringify(value)} both become ${target}`,
      );
    }
    out[target] = value;
    from[target] = key;
  }
  return out;
}

/**
 * Converts every record of an old report (see {@link legacyRecordToV1}).
 */
export function legacyRecordsToV1(
  report: LegacySource,
  records: readonly Record<string, unknown>[],
  options: LegacyRecordToV1Options = {},
): Record<string, unknown>[] {
  return records.map((r) => legacyRecordToV1(report, r, options));
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
