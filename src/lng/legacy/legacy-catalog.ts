/**
 * The old job-based LNG API (`{legacy_base_url}/api/v2/`), as data. The spec names the endpoints and
 * the reports; their filters are not shown, so these follow the sandbox's choices (README).
 */
import type { EndpointSpec } from "../../catalog/types";
import { LEGACY_REPORTS } from "../migrate/legacy-field-renames";
import { FLOW_TIMESERIES_RECORD, LEGACY_QUERY_RECORD, LIVE_STATUS_RECORD, OVERVIEW_RECORD, ROUTE_PREDICTION_RECORD } from "./legacy-records";

const base = { service: "legacy", version: "legacy", response: "job" } as const;

const REQ_REPORT = {
  name: "req_report",
  type: { kind: "str", values: LEGACY_REPORTS },
  required: true,
  requiredHint: `one of ${LEGACY_REPORTS.join(", ")}`,
} as const;

const FILTERS = [
  { name: "imos", type: { kind: "intArr", check: "imo" } },
  { name: "from_date", type: { kind: "timestamp" } },
  { name: "to_date", type: { kind: "timestamp" } },
  { name: "terminals", type: { kind: "strArr" } },
  { name: "countries", type: { kind: "strArr" } },
] as const;

const FLOW_FILTERS = [
  { name: "aggregation", type: { kind: "str", values: ["daily", "weekly", "monthly"] } },
  { name: "tx_type", type: { kind: "str", values: ["loading", "offloading"] } },
  { name: "polygons", type: { kind: "polygons" } },
] as const;

const RANGE = [{ start: "from_date", end: "to_date" }] as const;

/** The old endpoints, keyed by client method name. */
export const LEGACY_API = {
  analysisReport: {
    ...base,
    method: "analysisReport",
    httpMethod: "POST",
    path: "/api/v2/analysis_report",
    params: [REQ_REPORT, ...FILTERS, ...FLOW_FILTERS],
    ranges: RANGE,
    record: LEGACY_QUERY_RECORD,
  },
  targetdQuery: {
    ...base,
    method: "targetdQuery",
    httpMethod: "POST",
    path: "/api/v2/targetd_query",
    params: [...FILTERS],
    ranges: RANGE,
    record: LEGACY_QUERY_RECORD,
  },
  queryAis: {
    ...base,
    method: "queryAis",
    httpMethod: "GET",
    path: "/api/v2/queryAIS/query",
    params: [...FILTERS],
    ranges: RANGE,
    record: LEGACY_QUERY_RECORD,
  },
  liveStatus: {
    ...base,
    method: "liveStatus",
    httpMethod: "GET",
    path: "/api/v2/live_status",
    params: [],
    record: LIVE_STATUS_RECORD,
  },
} as const satisfies Record<string, EndpointSpec>;

/** The record schema of each analysis report. */
export const LEGACY_REPORT_RECORDS = {
  live_status: LIVE_STATUS_RECORD,
  route_predictions: ROUTE_PREDICTION_RECORD,
  overview: OVERVIEW_RECORD,
  flow_timeseries: FLOW_TIMESERIES_RECORD,
} as const;
