/**
 * An old-API record renamed to its v1 shape.
 */
import { DataError } from "../../errors";
import { tryParseServiceTimestamp } from "../../table/dates";
import { sameVolumeUnit } from "../../table/volume-unit";
import {
  LEGACY_REMOVED_FIELDS,
  LEGACY_REPORT_FIELD_RENAMES,
  LEGACY_SOURCES,
  renameTargets,
  type LegacyRenameTarget,
  type LegacySource,
} from "./legacy-field-renames";

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
 * `start_terminal_timestamp` (route_predictions) becomes origin_timestamp and destination_timestamp, as
 * the spec maps it: its value, the departure from the start terminal, is the origin_timestamp, and
 * destination_timestamp is null (the old record has no arrival time; it is never a copy of the departure).
 * `unit` and `units` agree when they name one unit in two spellings (`gas_Bcf`, `bcf`); the first is kept.
 *
 * @param report the old report the record came from (`route_predictions`, `overview`, `flow_timeseries`,
 *   `live_status`) or the old query endpoint (`targetd_query`, `queryAIS`)
 * @param record one record of that report
 * @param options see {@link LegacyRecordToV1Options}
 * @throws DataError for an unknown report, a record that is not an object, or two old fields that
 *   rename to the same v1 field with different values (`unit` and `units`): never silently one of them
  * @example
  * const v1 = legacyRecordToV1("route_predictions", oldRecord);
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
  const renames = LEGACY_REPORT_FIELD_RENAMES[report] as Record<string, LegacyRenameTarget>;
  const removed = new Set<string>(LEGACY_REMOVED_FIELDS[report]);
  const out: Record<string, unknown> = {};
  const from: Record<string, string> = {};
  // v1 fields set to null because the old record does not carry them: a real value may still arrive.
  const unknownYet = new Set<string>();
  for (const [key, raw] of Object.entries(record)) {
    if (options.dropRemoved && removed.has(key)) continue;
    const [target, ...alsoReplacedBy] = Object.prototype.hasOwnProperty.call(renames, key) ? renameTargets(renames[key]!) : [key];
    const value = TIMESTAMP_FIELDS.has(target) && target !== key ? tryParseServiceTimestamp(raw).value : raw;
    if (Object.prototype.hasOwnProperty.call(out, target) && !unknownYet.has(target) && !sameField(target, out[target], value)) {
      throw new DataError(
        `old ${report} record: ${from[target]} = ${JSON.stringify(out[target])} and ${key} = ${JSON.stringify(value)} both become ${target}`,
      );
    }
    unknownYet.delete(target);
    // The first spelling wins when two old fields agree (unit "gas_Bcf", units "bcf"): the service's own label.
    if (!Object.prototype.hasOwnProperty.call(out, target) || out[target] === null) {
      out[target] = value;
      from[target] = key;
    }
    for (const other of alsoReplacedBy) {
      if (Object.prototype.hasOwnProperty.call(out, other)) continue;
      out[other] = null;
      from[other] = key;
      unknownYet.add(other);
    }
  }
  return out;
}

/**
 * Converts every record of an old report (see {@link legacyRecordToV1}).
  * @example
  * const v1 = legacyRecordsToV1("route_predictions", oldRecords);
 */
export function legacyRecordsToV1(
  report: LegacySource,
  records: readonly Record<string, unknown>[],
  options: LegacyRecordToV1Options = {},
): Record<string, unknown>[] {
  return records.map((r) => legacyRecordToV1(report, r, options));
}

/** Whether two old fields renamed to one v1 field agree; unit labels agree when they name one unit (`gas_Bcf`, `bcf`). */
function sameField(target: string, a: unknown, b: unknown): boolean {
  if (target === "volume_unit" && typeof a === "string" && typeof b === "string") return sameVolumeUnit(a, b);
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
