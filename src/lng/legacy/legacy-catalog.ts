/**
 * The old job-based LNG API (`{legacy_base_url}/api/v2/`), as data: the client's methods are built
 * from it. The spec and the migration guide name the endpoints and the reports but not their filters;
 * these follow the sandbox's choices (docs/sandbox.md), and each entry's `source` says so.
 */
import type { EndpointSource, EndpointSpec } from "../../catalog/types";
import { DOC_MIGRATION_GUIDE } from "../catalog/doc-pages";
import type { LegacyReport, LegacySource } from "../migrate/legacy-field-renames";

/** An endpoint of the old API: the entry, and the old report or query its records come from (for `toV1()`). */
export interface LegacyEndpointSpec extends EndpointSpec {
  /** Which old report or endpoint this entry is (the migration to v1 is chosen by it). */
  readonly legacySource: LegacySource;
}
import {
  FLOW_TIMESERIES_RECORD,
  LIVE_STATUS_RECORD,
  OVERVIEW_RECORD,
  QUERY_AIS_RECORD,
  ROUTE_PREDICTION_RECORD,
  TARGETED_QUERY_RECORD,
} from "./legacy-records";

/** Where an old endpoint comes from: the guide and the spec name it; the filters are gasframes' choice. */
function guide(choice: string): EndpointSource {
  return { docs: [DOC_MIGRATION_GUIDE], spec: "lng-service.md#versioning", choice };
}

const report = { service: "legacy", version: "legacy", decoder: "job", httpMethod: "POST", path: "/api/v2/analysis_report" } as const;

const imos = { name: "imos", type: { kind: "intArr", check: "imo" }, description: "IMO numbers" } as const;
const startDate = { name: "start_date", type: { kind: "date" }, description: "first day, inclusive" } as const;
const endDate = { name: "end_date", type: { kind: "date" }, description: "last day, inclusive" } as const;
const txType = { name: "tx_type", type: { kind: "str", values: ["loading", "offloading"] }, description: "loading or offloading" } as const;
const DATES = [{ start: "start_date", end: "end_date" }] as const;

/** One report of `analysis_report`: `req_report` picks it, and its records are that report's. */
const reportOf = <R extends LegacyReport>(name: R) => ({ ...report, fixedParams: { req_report: name }, legacySource: name }) as const;

/**
 * The old endpoints. The four `analysis_report` reports are one entry each (sent with their
 * `req_report`), keyed by the report name; the other endpoints by their path's name.
 */
export const LEGACY_API = {
  live_status: {
    ...reportOf("live_status"),
    method: "liveStatusReport",
    params: [],
    record: LIVE_STATUS_RECORD,
    source: guide("No filters are documented; none are sent."),
  },
  route_predictions: {
    ...reportOf("route_predictions"),
    method: "routePredictions",
    params: [imos],
    record: ROUTE_PREDICTION_RECORD,
    source: guide("No filters are documented: imos, as the sandbox."),
  },
  overview: {
    ...reportOf("overview"),
    method: "overview",
    params: [imos, startDate, endDate],
    ranges: DATES,
    record: OVERVIEW_RECORD,
    source: guide("No filters are documented: imos and a start_date/end_date window on the leg's end, as the sandbox."),
  },
  flow_timeseries: {
    ...reportOf("flow_timeseries"),
    method: "flowTimeseries",
    params: [
      { name: "aggregation", type: { kind: "str", values: ["daily", "weekly", "monthly"] }, description: "daily (default), weekly (weeks start Monday) or monthly" },
      { name: "polygons", type: { kind: "strArr" }, description: "destination terminals, countries, country codes or regions; one volume column each" },
      txType,
      startDate,
      endDate,
    ],
    ranges: DATES,
    record: FLOW_TIMESERIES_RECORD,
    source: guide("The spec names daily, weekly and monthly aggregation; the other filters are the sandbox's."),
  },
  targetd_query: {
    service: "legacy",
    version: "legacy",
    decoder: "job",
    method: "targetdQuery",
    legacySource: "targetd_query",
    httpMethod: "POST",
    path: "/api/v2/targetd_query",
    params: [
      imos,
      { name: "terminals", type: { kind: "strArr" }, description: "destination terminal names" },
      { name: "countries", type: { kind: "strArr" }, description: "destination country names" },
      txType,
      startDate,
      endDate,
    ],
    ranges: DATES,
    record: TARGETED_QUERY_RECORD,
    source: guide("The guide's path keeps the old spelling targetd_query; its filters are the sandbox's."),
  },
  queryAIS: {
    service: "legacy",
    version: "legacy",
    decoder: "job",
    method: "queryAis",
    legacySource: "queryAIS",
    httpMethod: "GET",
    path: "/api/v2/queryAIS/query",
    params: [
      { name: "imo", type: { kind: "intArr", check: "imo" }, required: true, requiredHint: "one IMO number or a list (at most 50)" },
      startDate,
      endDate,
      { name: "interval_hours", type: { kind: "int" }, description: "hours between positions, 1-24 (default 6)" },
    ],
    ranges: DATES,
    record: QUERY_AIS_RECORD,
    source: guide("GET; its filters (imo required, at most 50) are the sandbox's, lists comma-separated in the query string."),
  },
  live_status_endpoint: {
    service: "legacy",
    version: "legacy",
    decoder: "job",
    method: "liveStatus",
    legacySource: "live_status",
    httpMethod: "GET",
    path: "/api/v2/live_status",
    params: [],
    record: LIVE_STATUS_RECORD,
    source: guide("GET without filters, answering the live_status report."),
  },
} as const satisfies Record<LegacySource | "live_status_endpoint", LegacyEndpointSpec>;
