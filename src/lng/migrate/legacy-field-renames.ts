/**
 * Field renames from the old job-based LNG API to v1, as data (the spec's migration section, change 3).
 */

/** The old reports of `POST /api/v2/analysis_report` (`req_report`). */
export const LEGACY_REPORTS = ["live_status", "route_predictions", "overview", "flow_timeseries"] as const;

/** An old report name. */
export type LegacyReport = (typeof LEGACY_REPORTS)[number];

/** Where an old record can come from: a report, or one of the two old query endpoints. */
export const LEGACY_SOURCES = [...LEGACY_REPORTS, "targetd_query", "queryAIS"] as const;

/** An old report or query endpoint. */
export type LegacySource = (typeof LEGACY_SOURCES)[number];

/**
 * Where an old field goes in v1: one v1 field, or the list of v1 fields the spec names for it
 * (`start_terminal_timestamp` -> origin_timestamp and destination_timestamp). In a list, the first
 * field takes the old value; the others are the v1 fields that replace the old one too but whose
 * values the old record does not carry.
 */
export type LegacyRenameTarget = string | readonly [string, ...string[]];

/**
 * The v1 fields an old field becomes (a list of one for a plain rename).
 * @example
 * renameTargets(LEGACY_FIELD_RENAMES.p_volume); // ["volume"]
 */
export function renameTargets(target: LegacyRenameTarget): readonly [string, ...string[]] {
  return typeof target === "string" ? [target] : target;
}

/**
 * Every rename the spec lists, old name -> v1 name, whatever the report:
 * p_volume -> volume, unit and units -> volume_unit, start_/end_terminal -> origin_/destination_terminal,
 * start_/end_country -> origin_/destination_country, start_terminal_timestamp -> origin_timestamp and
 * destination_timestamp, start_date/end_date -> origin_timestamp/destination_timestamp.
 */
export const LEGACY_FIELD_RENAMES = {
  p_volume: "volume",
  unit: "volume_unit",
  units: "volume_unit",
  start_terminal: "origin_terminal",
  end_terminal: "destination_terminal",
  start_country: "origin_country",
  end_country: "destination_country",
  // The old field is the departure from the start terminal; v1 splits the voyage's times in two.
  start_terminal_timestamp: ["origin_timestamp", "destination_timestamp"],
  start_date: "origin_timestamp",
  end_date: "destination_timestamp",
} as const satisfies Record<string, LegacyRenameTarget>;

/**
 * The renames per old report or query, for the fields its records carry. `overview` and
 * `targetd_query` also map `type` (the type of the transaction that ends the voyage) to
 * `transaction_type`: not in the spec's list, but it is the value v1 returns for that transaction
 * (gasframes' choice). queryAIS positions have no v1 counterpart (v1 vessels give the latest only).
 */
/** The transaction reports' renames: overview and targetd_query name their fields alike. */
const TRANSACTION_REPORT_RENAMES = {
    start_date: "origin_timestamp",
    end_date: "destination_timestamp",
    start_country: "origin_country",
    start_terminal: "origin_terminal",
    end_country: "destination_country",
    end_terminal: "destination_terminal",
    type: "transaction_type",
    units: "volume_unit",
} as const;

export const LEGACY_REPORT_FIELD_RENAMES = {
  live_status: {},
  route_predictions: {
    p_volume: "volume",
    unit: "volume_unit",
    start_terminal_timestamp: ["origin_timestamp", "destination_timestamp"],
  },
  overview: TRANSACTION_REPORT_RENAMES,
  flow_timeseries: {
    unit: "volume_unit",
    units: "volume_unit",
  },
  targetd_query: TRANSACTION_REPORT_RENAMES,
  queryAIS: {},
} as const satisfies Record<LegacySource, Record<string, LegacyRenameTarget>>;

/**
 * Old fields v1 no longer returns (spec changes 5 and 6), per report. `legacyRecordToV1` keeps them
 * under their old names unless asked to drop them; the analysis helpers rebuild them from v1 data.
 */
export const LEGACY_REMOVED_FIELDS = {
  live_status: [
    "at_maintenance",
    "at_terminal",
    "balast",
    "datetime",
    "epoch",
    "inactive",
    "laden",
    "left_liquefaction_terminal",
    "left_regasification_terminal",
    "lng_fleet_size",
    "lng_volume",
    "lng_volume_unit",
  ],
  route_predictions: ["predicated_rate", "predicted_polygon", "start_polygon"],
  overview: ["tx", "voyage_status", "voyage_tx"],
  flow_timeseries: ["polygon_order", "aggregation", "details", "tx_type"],
  targetd_query: [],
  queryAIS: [],
} as const satisfies Record<LegacySource, readonly string[]>;
