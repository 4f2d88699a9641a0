/**
 * The LNG v1 endpoint catalog, as data. Each entry names its source: the vendor's published reference
 * pages (`source.docs`), the spec (`source.spec`), or gasframes' own choice where neither says. Where
 * the pages document an endpoint, its parameters are the pages' table; the spec's parameter table is
 * the rule for the spec's endpoints. A parameter not listed is refused before any request is sent.
 * The spec's `transactions/forecast/history/details` and `forecast_run_at_timestamps` are not in the
 * published pages (which document `transactions/details` with an optional `forecast_run_at`): they
 * are kept, marked "spec only".
 */
import type { EndpointSpec } from "../../catalog/types";
import {
  DOC_MIGRATION_GUIDE,
  DOC_TRANSACTIONS,
  DOC_TRANSACTIONS_DETAILS,
  DOC_TRANSACTIONS_HISTORY,
  DOC_VOLUME_FLOWS,
  DOC_VOLUME_FLOWS_HISTORY,
} from "./doc-pages";
import {
  DESTINATION_FILTERS,
  DESTINATION_TERMINAL_IDS,
  FORECAST_RUN_AT,
  FORECAST_RUN_AT_REQUIRED,
  IMOS,
  LOADING_ORIGIN_FILTERS,
  ORIGIN_FILTERS,
  ORIGIN_TERMINAL_IDS,
  TIME_RANGE,
  TIME_RANGE_RULE,
  TRANSACTION_TYPE,
  VESSEL_FILTERS,
} from "./params";
import {
  FORECAST_DETAIL_RECORD,
  FORECAST_RUN_RECORD,
  FORECAST_TRANSACTION_RECORD,
  TRANSACTION_DETAIL_RECORD,
  TRANSACTION_HISTORY_RECORD,
  TRANSACTION_RECORD,
  VESSEL_DETAILS_RECORD,
  VESSEL_RECORD,
  VOLUME_FLOW_HISTORY_RECORD,
  VOLUME_FLOW_RECORD,
} from "./records";

const base = { service: "lng", version: "v1", response: "array" } as const;

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
    source: { docs: [DOC_TRANSACTIONS_HISTORY] },
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
    description: "Spec only: forecast transaction details of a past forecast run (forecast_run_at required). The published pages document transactionsDetails.",
    source: {
      spec: "lng-service.md#parameters",
      choice: "Spec only: not in the published pages, which give a past run's details as /v1/transactions/details with forecast_run_at; kept for code written to the spec.",
    },
  },
  vessels: {
    ...base,
    method: "vessels",
    httpMethod: "POST",
    path: "/v1/vessels",
    params: [...IMOS, ...VESSEL_FILTERS],
    record: VESSEL_RECORD,
    description: "One record per vessel of the fleet.",
    source: {
      docs: [DOC_MIGRATION_GUIDE],
      spec: "lng-service.md#vessel-record-v1vessels",
      choice: "No page lists its parameters: imos, vessel_types and statuses, as the sandbox.",
    },
  },
  vesselsDetails: {
    ...base,
    method: "vesselsDetails",
    httpMethod: "POST",
    path: "/v1/vessels/details",
    params: [...IMOS, ...VESSEL_FILTERS],
    record: VESSEL_DETAILS_RECORD,
    description: "Vessel records with their details.",
    source: {
      docs: [DOC_MIGRATION_GUIDE],
      spec: "lng-service.md#mapping-from-unversioned-to-v1",
      choice: "No page lists its parameters or fields: those of vessels, plus the sandbox's detail fields.",
    },
  },
  forecastRunAtTimestamps: {
    ...base,
    method: "forecastRunAtTimestamps",
    httpMethod: "POST",
    path: "/v1/transactions/forecast/forecast_run_at_timestamps",
    params: [...TIME_RANGE],
    ranges: TIME_RANGE_RULE,
    record: FORECAST_RUN_RECORD,
    // The service documents "the timestamps of past forecast runs": a plain list of them is taken too.
    bareValuesAs: "forecast_run_at",
    description: "Spec only: timestamps of past forecast runs, to pass as forecast_run_at.",
    source: {
      spec: "lng-service.md#endpoints",
      choice:
        "Spec only: the spec names the endpoint, not its path; the published pages have none and give runs in the forecast_run_at field of transactions and transactionsDetails records. POST with an optional time window.",
    },
  },
} as const satisfies Record<string, EndpointSpec>;

/** A method name of the LNG v1 client. */
export type LngMethod = keyof typeof LNG_V1;
