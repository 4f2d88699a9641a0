/**
 * The LNG v1 endpoint catalog, as data. Each entry names its source: the vendor's published reference
 * pages (`source.docs`), the spec (`source.spec`), or gasframes' own choice where neither says. Where
 * the pages document an endpoint, its parameters are the pages' table; the spec's parameter table is
 * the rule for the spec's endpoints. A parameter not listed is refused before any request is sent.
 * Endpoints no page documents follow the vendor's public Python client's OpenAPI document
 * (`source.code`); an entry neither confirms says what is unconfirmed in `source.unverified`.
 */
import type { EndpointSpec } from "../../catalog/types";
import {
  CODE_CLIENT_TYPES,
  DOC_MIGRATION_GUIDE,
  DOC_TRANSACTIONS,
  DOC_TRANSACTIONS_DETAILS,
  DOC_TRANSACTIONS_HISTORY,
  DOC_VOLUME_FLOWS,
  DOC_VOLUME_FLOWS_HISTORY,
  openapiShows,
} from "./doc-pages";
import {
  COUNTRY_FILTERS,
  DESTINATION_FILTERS,
  DESTINATION_TERMINAL_IDS,
  FORECAST_RUN_AT,
  FORECAST_RUN_AT_REQUIRED,
  IMOS,
  LOADING_ORIGIN_FILTERS,
  ORIGIN_FILTERS,
  ORIGIN_TERMINAL_IDS,
  TERMINAL_FILTERS,
  TIME_RANGE,
  TIME_RANGE_RULE,
  TRANSACTION_TYPE,
  VESSEL_FILTERS,
  VESSEL_QUERY_FILTERS,
} from "./params";
import {
  COUNTRY_RECORD,
  FORECAST_DETAIL_RECORD,
  FORECAST_DETAILS_RECORD,
  FORECAST_HISTORY_RECORD,
  FORECAST_RUN_RECORD,
  FORECAST_TRANSACTION_RECORD,
  HEALTHCHECK_RECORD,
  TERMINAL_RECORD,
  TRANSACTION_DETAIL_RECORD,
  TRANSACTION_HISTORY_RECORD,
  TRANSACTION_RECORD,
  VESSEL_DETAILS_RECORD,
  VESSEL_HISTORY_RECORD,
  VESSEL_RECORD,
  VOLUME_FLOW_HISTORY_RECORD,
  VOLUME_FLOW_RECORD,
} from "./records";

const base = { service: "lng", version: "v1", decoder: "array" } as const;

/**
 * What the vendor's OpenAPI document says of the transaction records that the catalog (the spec's
 * record) does not match: a doctor reports it, and the decoder keeps any field the answer has.
 */
const TRANSACTION_FIELDS_UNVERIFIED =
  "fields: the spec's transaction record; the vendor's OpenAPI schemas name the destination time `timestamp`, add `vessel_name` and `loading_origin_timestamp`, and have no origin_* or destination_timestamp fields";

/** The same for the vessel records. */
const VESSEL_FIELDS_UNVERIFIED =
  "fields: the spec's vessel record; the vendor's OpenAPI VesselInfo has no vessel_id. Parameters vessel_types and statuses are gasframes' (the OpenAPI VesselQuery has imos, mmsis, names, polygons)";

/**
 * The parameters of the published pages' transaction endpoints (transactions, transactions/history;
 * transactions/details adds forecast_run_at): every place filter but destination_terminal_ids, the time
 * window on destination_timestamp, imos and transaction_type.
 */
const DOCUMENTED_TRANSACTION_PARAMS = [
  ...DESTINATION_FILTERS,
  ...TIME_RANGE,
  ...IMOS,
  ...LOADING_ORIGIN_FILTERS,
  ...ORIGIN_FILTERS,
  ...ORIGIN_TERMINAL_IDS,
  ...TRANSACTION_TYPE,
] as const;

/** The filters of the forecast transactions (no published page: every filter of the transaction family, a sandbox choice). */
const FORECAST_TRANSACTION_PARAMS = [...DOCUMENTED_TRANSACTION_PARAMS, ...DESTINATION_TERMINAL_IDS] as const;

/**
 * The filters of the vendor's OpenAPI `TransactionsForecastQuery` (transactions/forecast/details,
 * forecast/history, forecast/history/details): the destination and origin filters, origin_terminal_ids,
 * forecast_run_at, imos and transaction_type; no time window, no loading-origin filters.
 */
const FORECAST_QUERY_PARAMS = [...DESTINATION_FILTERS, ...IMOS, ...ORIGIN_FILTERS, ...ORIGIN_TERMINAL_IDS, ...TRANSACTION_TYPE] as const;

/** Every LNG v1 endpoint, keyed by client method name. */
export const LNG_V1 = {
  volumeFlows: {
    ...base,
    method: "volumeFlows",
    httpMethod: "POST",
    path: "/v1/volume_flows",
    params: [
      ...DESTINATION_FILTERS,
      ...DESTINATION_TERMINAL_IDS,
      ...FORECAST_RUN_AT,
      ...TIME_RANGE,
      ...ORIGIN_FILTERS,
      ...ORIGIN_TERMINAL_IDS,
      ...TRANSACTION_TYPE,
    ],
    ranges: TIME_RANGE_RULE,
    record: VOLUME_FLOW_RECORD,
    description: "Daily volume flows to destinations: observed before today, forecast after.",
    source: { docs: [DOC_VOLUME_FLOWS], spec: "lng-service.md#parameters" },
  },
  volumeFlowsHistory: {
    ...base,
    method: "volumeFlowsHistory",
    httpMethod: "POST",
    path: "/v1/volume_flows/history",
    params: [...DESTINATION_FILTERS, ...TIME_RANGE, ...ORIGIN_FILTERS, ...TRANSACTION_TYPE],
    ranges: TIME_RANGE_RULE,
    record: VOLUME_FLOW_HISTORY_RECORD,
    description: "Historic versions of the volume flows.",
    source: { docs: [DOC_VOLUME_FLOWS_HISTORY], spec: "lng-service.md#parameters" },
  },
  transactions: {
    ...base,
    method: "transactions",
    httpMethod: "POST",
    path: "/v1/transactions",
    params: DOCUMENTED_TRANSACTION_PARAMS,
    ranges: TIME_RANGE_RULE,
    record: TRANSACTION_RECORD,
    description:
      "Historic and forecast transactions: observed ones, then the latest forecast run's (forecasted_transaction true, forecast_run_at set). Observed only: transactionsHistory.",
    source: {
      unverified: TRANSACTION_FIELDS_UNVERIFIED,
      docs: [DOC_TRANSACTIONS, DOC_MIGRATION_GUIDE],
      choice: "A forecast transaction is answered once, on its most likely route; the alternatives with their scores are in transactionsDetails.",
    },
  },
  transactionsHistory: {
    ...base,
    method: "transactionsHistory",
    httpMethod: "POST",
    path: "/v1/transactions/history",
    params: DOCUMENTED_TRANSACTION_PARAMS,
    ranges: TIME_RANGE_RULE,
    record: TRANSACTION_HISTORY_RECORD,
    description: "Observed loading and offloading transactions only (no forecasts).",
    source: { unverified: TRANSACTION_FIELDS_UNVERIFIED, docs: [DOC_TRANSACTIONS_HISTORY] },
  },
  transactionsDetails: {
    ...base,
    method: "transactionsDetails",
    httpMethod: "POST",
    path: "/v1/transactions/details",
    params: [...DOCUMENTED_TRANSACTION_PARAMS, ...FORECAST_RUN_AT],
    ranges: TIME_RANGE_RULE,
    record: TRANSACTION_DETAIL_RECORD,
    description: "Forecast transaction details with their scores, of the run forecast_run_at (default: the latest run).",
    source: {
      unverified: TRANSACTION_FIELDS_UNVERIFIED,
      docs: [DOC_TRANSACTIONS_DETAILS],
      choice: "Without forecast_run_at, the latest run; records have the spec's forecast detail fields (volumes in mcf).",
    },
  },
  transactionsForecast: {
    ...base,
    method: "transactionsForecast",
    httpMethod: "POST",
    path: "/v1/transactions/forecast",
    params: FORECAST_TRANSACTION_PARAMS,
    ranges: TIME_RANGE_RULE,
    record: FORECAST_TRANSACTION_RECORD,
    description: "Forecast transactions of the latest forecast run, every alternative route with its scores.",
    source: {
      code: [openapiShows("POST /transactions/forecast (TransactionsForecastQuery -> ForecastTransaction)")],
      unverified: `parameters: the OpenAPI TransactionsForecastQuery has forecast_run_at and no from_timestamp, to_timestamp, destination_terminal_ids or loading_origin_* filters; ${TRANSACTION_FIELDS_UNVERIFIED}`,
      docs: [DOC_MIGRATION_GUIDE],
      spec: "lng-service.md#mapping-from-unversioned-to-v1",
      choice: "No page lists its parameters: the transaction filters, destination_terminal_ids and a time window on destination_timestamp.",
    },
  },
  transactionsForecastHistoryDetails: {
    ...base,
    method: "transactionsForecastHistoryDetails",
    httpMethod: "POST",
    path: "/v1/transactions/forecast/history/details",
    params: [
      ...DESTINATION_FILTERS,
      ...FORECAST_RUN_AT_REQUIRED,
      ...ORIGIN_FILTERS,
      ...ORIGIN_TERMINAL_IDS,
      ...IMOS,
      ...LOADING_ORIGIN_FILTERS,
      ...TRANSACTION_TYPE,
    ],
    record: FORECAST_DETAIL_RECORD,
    description: "Forecast transaction details, with their scores, of a past forecast run (forecast_run_at required).",
    source: {
      unverified: TRANSACTION_FIELDS_UNVERIFIED,
      spec: "lng-service.md#parameters",
      code: [openapiShows("POST /transactions/forecast/history/details (TransactionsForecastQuery -> TransactionForecastDetails)"), CODE_CLIENT_TYPES],
      choice: "Parameters are the spec's column (the OpenAPI query adds nothing the spec lacks but has no loading-origin filters); forecast_run_at is required, as the client's typed signature (.pyi) has it.",
    },
  },
  vessels: {
    ...base,
    method: "vessels",
    httpMethod: "POST",
    path: "/v1/vessels",
    params: [...VESSEL_QUERY_FILTERS, ...VESSEL_FILTERS],
    record: VESSEL_RECORD,
    description: "One record per vessel of the fleet.",
    source: {
      code: [openapiShows("POST /vessels (VesselQuery -> VesselInfo)")],
      unverified: VESSEL_FIELDS_UNVERIFIED,
      docs: [DOC_MIGRATION_GUIDE],
      spec: "lng-service.md#vessel-record-v1vessels",
      choice: "imos, mmsis, names and polygons (the OpenAPI VesselQuery), plus vessel_types and statuses, as the sandbox.",
    },
  },
  vesselsDetails: {
    ...base,
    method: "vesselsDetails",
    httpMethod: "POST",
    path: "/v1/vessels/details",
    params: [...VESSEL_QUERY_FILTERS, ...VESSEL_FILTERS],
    record: VESSEL_DETAILS_RECORD,
    description: "Vessel records with their details.",
    source: {
      code: [openapiShows("POST /vessels/details (VesselQuery -> VesselDetails)")],
      unverified: `${VESSEL_FIELDS_UNVERIFIED}; its VesselDetails adds score, route_score and route_score_weighted_volume, not the sandbox's build and cargo fields`,
      docs: [DOC_MIGRATION_GUIDE],
      spec: "lng-service.md#mapping-from-unversioned-to-v1",
      choice: "The parameters of vessels; fields: those of vessels, plus the sandbox's detail fields.",
    },
  },
  forecastRunAtTimestamps: {
    ...base,
    method: "forecastRunAtTimestamps",
    httpMethod: "GET",
    path: "/v1/forecast_run_at_timestamps",
    params: [],
    record: FORECAST_RUN_RECORD,
    // A plain list of timestamps is read as those records (an answer that lists the runs only).
    bareValuesAs: "forecast_run_at_timestamp",
    description: "The distinct timestamps and ids of all previous forecast runs; pass forecast_run_at_timestamp as forecast_run_at.",
    source: {
      spec: "lng-service.md#endpoints",
      code: [openapiShows("GET /forecast_run_at_timestamps, no parameters -> ForecastTimestamps"), CODE_CLIENT_TYPES],
    },
  },
  transactionsForecastDetails: {
    ...base,
    method: "transactionsForecastDetails",
    httpMethod: "POST",
    path: "/v1/transactions/forecast/details",
    params: [...FORECAST_QUERY_PARAMS, ...FORECAST_RUN_AT],
    record: FORECAST_DETAILS_RECORD,
    description: "Forecast transactions with a detailed route prediction breakdown (every route with its scores) of the run forecast_run_at (default: the latest run).",
    source: {
      unverified: TRANSACTION_FIELDS_UNVERIFIED,
      code: [openapiShows("POST /transactions/forecast/details (TransactionsForecastQuery -> TransactionForecastDetails)"), CODE_CLIENT_TYPES],
      choice: "Records are the forecast detail record of transactionsForecastHistoryDetails (the OpenAPI document gives both the same schema); without forecast_run_at, the latest run.",
    },
  },
  transactionsForecastHistory: {
    ...base,
    method: "transactionsForecastHistory",
    httpMethod: "POST",
    path: "/v1/transactions/forecast/history",
    params: [...FORECAST_QUERY_PARAMS, ...FORECAST_RUN_AT_REQUIRED],
    record: FORECAST_HISTORY_RECORD,
    description: "Forecast transactions of a past forecast run (forecast_run_at required), as transactionsForecast answers the latest.",
    source: {
      unverified: TRANSACTION_FIELDS_UNVERIFIED,
      code: [openapiShows("POST /transactions/forecast/history (TransactionsForecastQuery -> ForecastTransactionHistory)"), CODE_CLIENT_TYPES],
      choice: "forecast_run_at is required, as the client's typed signature (.pyi) has it; records are transactionsForecast's.",
    },
  },
  vesselsHistory: {
    ...base,
    method: "vesselsHistory",
    httpMethod: "POST",
    path: "/v1/vessels/history",
    params: [...VESSEL_QUERY_FILTERS, ...TIME_RANGE],
    ranges: TIME_RANGE_RULE,
    record: VESSEL_HISTORY_RECORD,
    description: "Vessel activity and position history: one vessel record per vessel and position in the time window.",
    source: {
      unverified: "fields: the vessels record; the vendor's OpenAPI VesselInfo has no vessel_id",
      code: [openapiShows("POST /vessels/history (VesselHistoryQuery -> VesselInfo)"), CODE_CLIENT_TYPES],
      choice: "Records are the vessels record (the OpenAPI VesselInfo); the sandbox answers one position per vessel and day, the last 7 days without a window.",
    },
  },
  countries: {
    ...base,
    method: "countries",
    httpMethod: "POST",
    path: "/v1/countries",
    params: COUNTRY_FILTERS,
    record: COUNTRY_RECORD,
    description: "ISO 3166 country names, alpha-2 codes and polygons (with their EEZ) of the countries the other endpoints filter on.",
    source: { code: [openapiShows("POST /countries (CountryQuery -> CountryInformation)"), CODE_CLIENT_TYPES] },
  },
  terminals: {
    ...base,
    method: "terminals",
    httpMethod: "POST",
    path: "/v1/terminals",
    params: TERMINAL_FILTERS,
    record: TERMINAL_RECORD,
    description: "Every liquefaction and regasification terminal, with its position, category and capacities.",
    source: { code: [openapiShows("POST /terminals (TerminalQuery -> TerminalInfo)"), CODE_CLIENT_TYPES] },
  },
  healthcheck: {
    ...base,
    method: "healthcheck",
    httpMethod: "GET",
    path: "/v1/healthcheck",
    params: [],
    decoder: "object",
    record: HEALTHCHECK_RECORD,
    description: "The health of the API: one record, status \"healthy\" when it is.",
    source: { code: [openapiShows("GET /healthcheck -> { status: \"healthy\" }, no security scheme"), CODE_CLIENT_TYPES] },
  },
} as const satisfies Record<string, EndpointSpec>;

/** A method name of the LNG v1 client. */
export type LngMethod = keyof typeof LNG_V1;
