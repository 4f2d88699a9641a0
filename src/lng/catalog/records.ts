/**
 * Record schemas of the LNG v1 service, fields in the spec's order. Volumes carry no fixed unit: the
 * unit is read from `volume_unit` of the same row (the spec shows gas_Bcf, bcf and mcf).
 */

const volume = { name: "volume", type: "float", unitField: "volume_unit", nullable: true } as const;
const volumeUnit = { name: "volume_unit", type: "string", description: "unit of volume, per row" } as const;

/** Volume flow record (volume_flows and volume_flows/history). */
export const VOLUME_FLOW_RECORD = {
  name: "lng.v1.volumeFlows",
  fields: [
    { name: "timestamp", type: "timestamp", description: "UTC timestamp of the flow (one record per day)" },
    { ...volume, description: "mean volume of the flow" },
    { name: "count", type: "float", nullable: true, description: "mean count of the transactions" },
    volumeUnit,
    { name: "volume_std", type: "float", unitField: "volume_unit", nullable: true, description: "standard deviation of the volume" },
    { name: "count_std", type: "float", nullable: true, description: "standard deviation of the count" },
  ],
} as const;

/**
 * Volume flow history record: one per (day, forecast run); the history sample omits the two std
 * fields, and each record names its run in `forecast_run_at`.
 */
export const VOLUME_FLOW_HISTORY_RECORD = {
  name: "lng.v1.volumeFlowsHistory",
  fields: [
    { name: "timestamp", type: "timestamp", description: "UTC timestamp of the flow (one record per day and run)" },
    { name: "forecast_run_at", type: "timestamp", nullable: true, description: "the forecast run this version of the flow comes from" },
    { ...volume, description: "mean volume of the flow" },
    { name: "count", type: "float", nullable: true, description: "mean count of the transactions" },
    volumeUnit,
  ],
} as const;

function place<P extends string>(prefix: P) {
  return [
    { name: `${prefix}_terminal`, type: "string", nullable: true },
    { name: `${prefix}_terminal_id`, type: "string", nullable: true },
    { name: `${prefix}_country`, type: "string", nullable: true },
    { name: `${prefix}_country_code`, type: "string", nullable: true },
    { name: `${prefix}_timestamp`, type: "timestamp", nullable: true },
  ] as const;
}

const ORIGIN = place("origin");
const DESTINATION = place("destination");
const LOADING_ORIGIN = place("loading_origin");

/**
 * Transaction record (v1/transactions, v1/transactions/history and v1/transactions/forecast). On
 * v1/transactions, forecast records have `forecasted_transaction` true and their run in `forecast_run_at`.
 */
export const TRANSACTION_RECORD = {
  name: "lng.v1.transactions",
  fields: [
    { name: "imo", type: "int", description: "vessel IMO number" },
    ...ORIGIN,
    ...DESTINATION,
    ...LOADING_ORIGIN,
    volume,
    volumeUnit,
    { name: "forecasted_transaction", type: "bool" },
    { name: "transaction_number", type: "int", nullable: true },
    { name: "transaction_type", type: "string", description: "loading or offloading" },
    { name: "forecast_run_at", type: "timestamp", nullable: true },
    { name: "modified_at", type: "timestamp" },
  ],
} as const;

/**
 * Forecast transaction record (v1/transactions/forecast): the transaction fields, plus the forecast's
 * scores, which the spec describes for forecast transactions.
 */
export const FORECAST_TRANSACTION_RECORD = {
  name: "lng.v1.transactionsForecast",
  fields: [
    ...TRANSACTION_RECORD.fields,
    { name: "score", type: "float", nullable: true, description: "probability of a single forecast" },
    { name: "route_score", type: "float", nullable: true, description: "product of the forecast scores along the route" },
    { name: "route_score_weighted_volume", type: "float", unitField: "volume_unit", nullable: true, description: "volume x route_score" },
  ],
} as const;

/** Forecast transaction detail record (the spec's transactions/forecast/history/details). */
export const FORECAST_DETAIL_RECORD = {
  name: "lng.v1.transactionsForecastHistoryDetails",
  fields: [
    { name: "imo", type: "int", description: "vessel IMO number" },
    { name: "vessel_name", type: "string" },
    ...ORIGIN,
    ...DESTINATION,
    ...LOADING_ORIGIN,
    { ...volume, description: "forecast volume of LNG" },
    volumeUnit,
    { name: "score", type: "float", description: "probability of a single forecast" },
    { name: "route_score", type: "float", description: "product of the forecast scores along the route" },
    { name: "route_score_weighted_volume", type: "float", unitField: "volume_unit", description: "volume x route_score" },
    { name: "transaction_number", type: "int" },
    { name: "transaction_type", type: "string", description: "loading or offloading" },
    { name: "forecast_run_at", type: "timestamp", description: "UTC timestamp of the forecast run" },
    { name: "modified_at", type: "timestamp" },
  ],
} as const;

/**
 * Transaction detail record (v1/transactions/details, the published reference's forecast details with
 * their scores): the fields of the spec's forecast detail record.
 */
export const TRANSACTION_DETAIL_RECORD = { ...FORECAST_DETAIL_RECORD, name: "lng.v1.transactionsDetails" } as const;

/** Transaction record of v1/transactions/history: observed transactions only. */
export const TRANSACTION_HISTORY_RECORD = { ...TRANSACTION_RECORD, name: "lng.v1.transactionsHistory" } as const;

/** Vessel record (v1/vessels). */
export const VESSEL_RECORD = {
  name: "lng.v1.vessels",
  fields: [
    { name: "vessel_id", type: "string" },
    { name: "imo", type: "int" },
    { name: "mmsi", type: "int" },
    { name: "name", type: "string" },
    { name: "callsign", type: "string" },
    { name: "length", type: "float" },
    { name: "width", type: "float" },
    { name: "maximum_capacity", type: "float", unitField: "maximum_capacity_unit" },
    { name: "maximum_capacity_unit", type: "string", description: "e.g. CUBIC_METER" },
    { name: "latitude", type: "float" },
    { name: "longitude", type: "float" },
    { name: "last_ais_signal_timestamp", type: "timestamp" },
    { name: "captains_destination", type: "string" },
    { name: "captains_eta", type: "timestamp" },
    { name: "vessel_type", type: "string" },
    { name: "status", type: "string" },
    { name: "speed", type: "float" },
    { name: "heading", type: "float" },
    { name: "modified_at", type: "timestamp" },
    { name: "is_loaded", type: "bool", nullable: true },
    { name: "forecast_destination_terminal", type: "string", nullable: true },
    { name: "forecast_destination_terminal_id", type: "string", nullable: true },
    { name: "forecast_destination_timestamp", type: "timestamp", nullable: true },
    { name: "charterer", type: "string", nullable: true },
    { name: "flag_state", type: "string", nullable: true },
    { name: "first_active_date", type: "date", nullable: true },
    { name: "first_operation_date", type: "date", nullable: true },
  ],
} as const;

/**
 * Vessel details record (v1/vessels/details): the vessel fields plus build data, activity, cargo on
 * board and the last observed transaction. The spec names the endpoint only; these fields are the
 * sandbox's (documented in docs/sandbox.md).
 */
export const VESSEL_DETAILS_RECORD = {
  name: "lng.v1.vesselsDetails",
  fields: [
    ...VESSEL_RECORD.fields,
    { name: "owner", type: "string", nullable: true },
    { name: "builder", type: "string", nullable: true },
    { name: "build_year", type: "int", nullable: true },
    { name: "containment_system", type: "string", nullable: true },
    { name: "propulsion", type: "string", nullable: true },
    { name: "service_speed", type: "float", unit: "kn", nullable: true },
    { name: "activity", type: "string", nullable: true },
    { name: "cargo_on_board", type: "float", unitField: "cargo_on_board_unit", nullable: true },
    { name: "cargo_on_board_unit", type: "string", nullable: true },
    { name: "observed_transaction_count", type: "int", nullable: true },
    { name: "last_transaction_number", type: "int", nullable: true },
    { name: "last_transaction_type", type: "string", nullable: true },
    { name: "last_transaction_terminal", type: "string", nullable: true },
    { name: "last_transaction_timestamp", type: "timestamp", nullable: true },
  ],
} as const;

/**
 * One forecast run (`GET /v1/forecast_run_at_timestamps`), the vendor's OpenAPI `ForecastTimestamps`:
 * pass `forecast_run_at_timestamp` as `forecast_run_at`.
 */
export const FORECAST_RUN_RECORD = {
  name: "lng.v1.forecastRunAtTimestamps",
  fields: [
    { name: "forecast_run_at_timestamp", type: "timestamp", description: "UTC timestamp of the forecast run" },
    { name: "forecast_run_uuid", type: "string", nullable: true, description: "UUID of the forecast run" },
    { name: "forecast_model_package_version", type: "string", nullable: true, description: "version of the forecast service that made the run" },
    { name: "modified_at", type: "timestamp", nullable: true },
  ],
} as const;

/** A GeoJSON-like polygon: `{ type: "Polygon" | "MultiPolygon", coordinates }` (kept as JSON). */
const polygon = { name: "polygon", type: "json", nullable: true, description: "GeoJSON Polygon or MultiPolygon of [longitude, latitude]" } as const;

/** Country record (`POST /v1/countries`), the vendor's OpenAPI `CountryInformation`. */
export const COUNTRY_RECORD = {
  name: "lng.v1.countries",
  fields: [
    { name: "country_id", type: "string", description: "the country's identifier" },
    { name: "name", type: "string", description: "ISO 3166 country name (the United States: USA)" },
    { name: "code", type: "string", nullable: true, description: "ISO 3166-1 alpha-2 code" },
    { ...polygon, description: "the country's polygon including its EEZ" },
    { name: "modified_at", type: "timestamp" },
  ],
} as const;

/** Terminal record (`POST /v1/terminals`), the vendor's OpenAPI `TerminalInfo`. */
export const TERMINAL_RECORD = {
  name: "lng.v1.terminals",
  fields: [
    { name: "terminal_id", type: "string" },
    { name: "name", type: "string" },
    { name: "unrefcode", type: "string", description: "the terminal's UNREF code" },
    { name: "category", type: "string", description: "Liquefaction or Regasification" },
    { name: "country_code", type: "string", description: "ISO 3166-1 alpha-2" },
    { name: "country", type: "string" },
    { name: "longitude", type: "float" },
    { name: "latitude", type: "float" },
    { name: "berth_count", type: "int", nullable: true },
    { name: "captains_destination_names", type: "json", nullable: true, description: "captains' destination names that mean this terminal" },
    { name: "first_operation_year", type: "int", nullable: true },
    { name: "nameplate_capacity", type: "float", unitField: "nameplate_capacity_unit", nullable: true },
    { name: "nameplate_capacity_unit", type: "string", nullable: true },
    { name: "storage_capacity", type: "float", unitField: "storage_capacity_unit", nullable: true },
    { name: "storage_capacity_unit", type: "string", nullable: true },
    polygon,
    { name: "modified_at", type: "timestamp" },
  ],
} as const;

/** The health of the API (`GET /v1/healthcheck`): one record, `status` "healthy" when it is. */
export const HEALTHCHECK_RECORD = {
  name: "lng.v1.healthcheck",
  fields: [{ name: "status", type: "string", description: "\"healthy\" when the API is" }],
} as const;

/**
 * Vessel position history (`POST /v1/vessels/history`): the vendor's OpenAPI answers it with
 * `VesselInfo`, the vessel record, one per vessel and observed position.
 */
export const VESSEL_HISTORY_RECORD = { ...VESSEL_RECORD, name: "lng.v1.vesselsHistory" } as const;

/** Forecast transaction details of the latest or a given run (`POST /v1/transactions/forecast/details`). */
export const FORECAST_DETAILS_RECORD = { ...FORECAST_DETAIL_RECORD, name: "lng.v1.transactionsForecastDetails" } as const;

/** Forecast transactions of a past run (`POST /v1/transactions/forecast/history`). */
export const FORECAST_HISTORY_RECORD = { ...FORECAST_TRANSACTION_RECORD, name: "lng.v1.transactionsForecastHistory" } as const;
