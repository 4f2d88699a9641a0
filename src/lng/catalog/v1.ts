/**
 * The LNG v1 endpoint catalog, as data. The spec's parameter table is the rule: a parameter marked
 * "no" for an endpoint is not listed here, so it is refused before any request is sent. Paths and
 * parameters the spec leaves unsaid (transactions, vessels, forecast run timestamps) follow the
 * sandbox's choices, documented in docs/sandbox.md.
 */
import type { EndpointSpec } from "../../catalog/types";
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
  TRANSACTION_RECORD,
  VESSEL_DETAILS_RECORD,
  VESSEL_RECORD,
  VOLUME_FLOW_HISTORY_RECORD,
  VOLUME_FLOW_RECORD,
} from "./records";

const base = { service: "lng", version: "v1", response: "array" } as const;

/** Every LNG v1 endpoint, keyed by client method name. */
/** The filters of the observed and the forecast transaction endpoints (the same set: a sandbox choice, see docs/sandbox.md). */
const TRANSACTION_PARAMS = [
  ...DESTINATION_FILTERS,
  ...DESTINATION_TERMINAL_IDS,
  ...TIME_RANGE,
  ...ORIGIN_FILTERS,
  ...ORIGIN_TERMINAL_IDS,
  ...LOADING_ORIGIN_FILTERS,
  ...IMOS,
  ...TRANSACTION_TYPE,
] as const;

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
  },
  transactions: {
    ...base,
    method: "transactions",
    httpMethod: "POST",
    path: "/v1/transactions",
    params: TRANSACTION_PARAMS,
    ranges: TIME_RANGE_RULE,
    record: TRANSACTION_RECORD,
    description: "Observed loading and offloading transactions of vessels.",
  },
  transactionsForecast: {
    ...base,
    method: "transactionsForecast",
    httpMethod: "POST",
    path: "/v1/transactions/forecast",
    params: TRANSACTION_PARAMS,
    ranges: TIME_RANGE_RULE,
    record: FORECAST_TRANSACTION_RECORD,
    description: "Forecast transactions of the latest forecast run.",
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
    description: "Forecast transaction details of a past forecast run (forecast_run_at required).",
  },
  vessels: {
    ...base,
    method: "vessels",
    httpMethod: "POST",
    path: "/v1/vessels",
    params: [...IMOS, ...VESSEL_FILTERS],
    record: VESSEL_RECORD,
    description: "One record per vessel of the fleet.",
  },
  vesselsDetails: {
    ...base,
    method: "vesselsDetails",
    httpMethod: "POST",
    path: "/v1/vessels/details",
    params: [...IMOS, ...VESSEL_FILTERS],
    record: VESSEL_DETAILS_RECORD,
    description: "Vessel records with their details.",
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
    description: "Timestamps of past forecast runs, to pass as forecast_run_at.",
  },
} as const satisfies Record<string, EndpointSpec>;

/** A method name of the LNG v1 client. */
export type LngMethod = keyof typeof LNG_V1;
