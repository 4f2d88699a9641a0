/**
 * Record schemas of the old job-based LNG API (field names of the old API, as the spec lists them).
 */

/** route_predictions records. */
export const ROUTE_PREDICTION_RECORD = {
  name: "legacy.routePredictions",
  fields: [
    { name: "imo", type: "int" },
    { name: "p_volume", type: "float", unitField: "unit" },
    { name: "predicated_rate", type: "float" },
    { name: "predicted_polygon", type: "json" },
    { name: "start_polygon", type: "json" },
    { name: "start_terminal_timestamp", type: "timestamp" },
    { name: "unit", type: "string" },
  ],
} as const;

/** overview (s_voyage) records: one voyage leg each. */
export const OVERVIEW_RECORD = {
  name: "legacy.overview",
  fields: [
    { name: "imo", type: "int" },
    { name: "tx", type: "int" },
    { name: "start_date", type: "timestamp" },
    { name: "end_date", type: "timestamp" },
    { name: "start_country", type: "string" },
    { name: "start_terminal", type: "string" },
    { name: "end_country", type: "string" },
    { name: "end_terminal", type: "string" },
    { name: "voyage_status", type: "string", description: "Laden or Ballast" },
    { name: "type", type: "string" },
    { name: "voyage_tx", type: "string", description: "L to R, R to R, ..." },
    { name: "volume", type: "float", unitField: "units" },
    { name: "units", type: "string" },
  ],
} as const;

/** live_status: the fleet summary, one record. */
export const LIVE_STATUS_RECORD = {
  name: "legacy.liveStatus",
  fields: [
    { name: "at_maintenance", type: "int" },
    { name: "at_terminal", type: "int" },
    { name: "balast", type: "int" },
    { name: "datetime", type: "timestamp" },
    { name: "epoch", type: "float" },
    { name: "inactive", type: "int" },
    { name: "laden", type: "int" },
    { name: "left_liquefaction_terminal", type: "int" },
    { name: "left_regasification_terminal", type: "int" },
    { name: "lng_fleet_size", type: "int" },
    { name: "lng_volume", type: "float", unitField: "lng_volume_unit" },
    { name: "lng_volume_unit", type: "string" },
  ],
} as const;

/**
 * flow_timeseries: the rows of report_result.data, one per period, labelled by `date` (the first day
 * of the period), with one volume column per polygon of report_result.polygon_order; the report's
 * `volume_unit` is copied onto each row.
 */
export const FLOW_TIMESERIES_RECORD = {
  name: "legacy.flowTimeseries",
  fields: [
    { name: "date", type: "date", description: "first day of the period" },
    { name: "volume_unit", type: "string" },
  ],
} as const;

/** targetd_query records: observed transactions under the old names. */
export const TARGETED_QUERY_RECORD = {
  name: "legacy.targetdQuery",
  fields: [
    { name: "imo", type: "int" },
    { name: "start_date", type: "timestamp" },
    { name: "end_date", type: "timestamp" },
    { name: "start_terminal", type: "string" },
    { name: "start_country", type: "string" },
    { name: "end_terminal", type: "string" },
    { name: "end_country", type: "string" },
    { name: "type", type: "string" },
    { name: "volume", type: "float", unitField: "units" },
    { name: "units", type: "string" },
    { name: "transaction_number", type: "int" },
  ],
} as const;

/** queryAIS/query records: vessel positions. */
export const QUERY_AIS_RECORD = {
  name: "legacy.queryAis",
  fields: [
    { name: "imo", type: "int" },
    { name: "timestamp", type: "timestamp" },
    { name: "latitude", type: "float" },
    { name: "longitude", type: "float" },
    { name: "speed", type: "float" },
    { name: "heading", type: "float" },
    { name: "status", type: "string" },
  ],
} as const;
