/**
 * Parameter specs of the LNG v1 filters, as data. Endpoint catalogs spread these groups so that each
 * endpoint's parameter list reads like its column of the spec's parameter table.
 */

const strArr = { kind: "strArr" } as const;
const countryCodes = { kind: "countryCodes" } as const;
const polygons = { kind: "polygons" } as const;
const timestamp = { kind: "timestamp" } as const;

/**
 * How to obtain a forecast_run_at value; shown when one is missing. The vendor's OpenAPI document
 * lists the runs at `GET /v1/forecast_run_at_timestamps`; forecast records name theirs in `forecast_run_at`.
 */
export const FORECAST_RUN_AT_HINT =
  "take one from the forecast_run_at_timestamp field of client.forecastRunAtTimestamps() records (one per past forecast run), or from the forecast_run_at field of client.transactions() or client.transactionsDetails() records, and pass it as forecast_run_at";

/** destination_countries, destination_country_codes, destination_polygons, destination_regions, destination_terminals. */
export const DESTINATION_FILTERS = [
  { name: "destination_countries", type: strArr, description: "ISO 3166 country names" },
  { name: "destination_country_codes", type: countryCodes, description: "ISO 3166-1 alpha-2 codes" },
  { name: "destination_polygons", type: polygons, description: "polygons: lists of closed rings of [longitude, latitude]" },
  { name: "destination_regions", type: strArr, description: "region names" },
  { name: "destination_terminals", type: strArr, description: "terminal names" },
] as const;

/** destination_terminal_ids (volume_flows only in the spec's table). */
export const DESTINATION_TERMINAL_IDS = [
  { name: "destination_terminal_ids", type: strArr, description: "terminal identifiers" },
] as const;

/** origin_countries, origin_country_codes, origin_polygons, origin_regions, origin_terminals. */
export const ORIGIN_FILTERS = [
  { name: "origin_countries", type: strArr, description: "ISO 3166 country names" },
  { name: "origin_country_codes", type: countryCodes, description: "ISO 3166-1 alpha-2 codes" },
  { name: "origin_polygons", type: polygons, description: "polygons: lists of closed rings of [longitude, latitude]" },
  { name: "origin_regions", type: strArr, description: "region names" },
  { name: "origin_terminals", type: strArr, description: "terminal names" },
] as const;

/** origin_terminal_ids. */
export const ORIGIN_TERMINAL_IDS = [{ name: "origin_terminal_ids", type: strArr, description: "terminal identifiers" }] as const;

/** The six loading-origin filters (forecast details only in the spec's table). */
export const LOADING_ORIGIN_FILTERS = [
  { name: "loading_origin_countries", type: strArr, description: "ISO 3166 country names" },
  { name: "loading_origin_country_codes", type: countryCodes, description: "ISO 3166-1 alpha-2 codes" },
  { name: "loading_origin_polygons", type: polygons, description: "polygons: lists of closed rings of [longitude, latitude]" },
  { name: "loading_origin_regions", type: strArr, description: "region names" },
  { name: "loading_origin_terminal_ids", type: strArr, description: "terminal identifiers" },
  { name: "loading_origin_terminals", type: strArr, description: "terminal names" },
] as const;

/** from_timestamp and to_timestamp (UTC ISO 8601; a plain date is midnight UTC). */
export const TIME_RANGE = [
  { name: "from_timestamp", type: timestamp, description: "start UTC timestamp" },
  { name: "to_timestamp", type: timestamp, description: "end UTC timestamp" },
] as const;

/** The from <= to rule. */
export const TIME_RANGE_RULE = [{ start: "from_timestamp", end: "to_timestamp" }] as const;

/** An optional forecast_run_at (transactions/details: the latest run without it). */
export const FORECAST_RUN_AT = [
  { name: "forecast_run_at", type: timestamp, description: "UTC timestamp of the forecast run", requiredHint: FORECAST_RUN_AT_HINT },
] as const;

/** A required forecast_run_at (forecast history details). */
export const FORECAST_RUN_AT_REQUIRED = [
  {
    name: "forecast_run_at",
    type: timestamp,
    required: true,
    requiredHint: FORECAST_RUN_AT_HINT,
    description: "UTC timestamp of the forecast run",
  },
] as const;

/** imos: integer IMO numbers, check digit verified (a wrong one warns). */
export const IMOS = [{ name: "imos", type: { kind: "intArr", check: "imo" }, description: "list of integer IMO numbers" }] as const;

/** transaction_type: loading or offloading. */
export const TRANSACTION_TYPE = [
  { name: "transaction_type", type: { kind: "str", values: ["loading", "offloading"] }, description: "loading or offloading" },
] as const;

/** Vessel filters (the spec shows none for /v1/vessels: gasframes and the sandbox chose these). */
export const VESSEL_FILTERS = [
  { name: "vessel_types", type: strArr, description: "vessel types, e.g. LNG_CARRIER, FSRU" },
  { name: "statuses", type: strArr, description: "vessel statuses, e.g. ACTIVE, INACTIVE" },
] as const;

/**
 * The vessel filters of the vendor's OpenAPI document (`VesselQuery`, `VesselHistoryQuery`): imos,
 * mmsis, names and polygons (a vessel's position inside one of them).
 */
export const VESSEL_QUERY_FILTERS = [
  ...IMOS,
  { name: "mmsis", type: { kind: "intArr" }, description: "list of integer MMSI numbers" },
  { name: "names", type: strArr, description: "vessel names" },
  { name: "polygons", type: polygons, description: "polygons the vessel's position lies in: lists of closed rings of [longitude, latitude]" },
] as const;

/** The filters of countries (`CountryQuery`): ids, names, polygons, unrefcodes. */
export const COUNTRY_FILTERS = [
  { name: "ids", type: strArr, description: "country ids (country_id)" },
  { name: "names", type: strArr, description: "country names" },
  { name: "polygons", type: polygons, description: "polygons a country's polygon intersects" },
  { name: "unrefcodes", type: strArr, description: "UN/LOCODE-style port codes (UNREF codes) of terminals in the country" },
] as const;

/** The terminal categories of `TerminalQuery.category`. */
export const TERMINAL_CATEGORIES = ["Liquefaction", "Regasification"] as const;

/** The filters of terminals (`TerminalQuery`). */
export const TERMINAL_FILTERS = [
  { name: "category", type: { kind: "str", values: TERMINAL_CATEGORIES }, description: "Liquefaction or Regasification" },
  { name: "countries", type: strArr, description: "ISO 3166 country names" },
  { name: "ids", type: strArr, description: "terminal ids (terminal_id)" },
  { name: "names", type: strArr, description: "terminal names" },
  { name: "polygons", type: polygons, description: "polygons the terminal's position lies in" },
  { name: "regions", type: strArr, description: "region names" },
  { name: "unrefcodes", type: strArr, description: "UNREF codes of terminals" },
] as const;
