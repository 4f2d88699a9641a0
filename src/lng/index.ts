/**
 * LNG: the v1 client, the old job-based API client, and the old -> v1 migration maps.
 */
export { LngClient, type LngApi, type LngCallOptions, type LngClientOptions, type LngStreamOptions, type LngStreams } from "./lng-client";
export * from "./types";
export { LNG_V1, type LngMethod } from "./catalog/v1";
// Every record schema of the v1 catalog (VOLUME_FLOW_RECORD, TRANSACTION_RECORD, ...).
export * from "./catalog/records";
// The published pages and vendor code the catalog cites (DOC_*, CODE_*, the old API's documented URL).
export * from "./catalog/doc-pages";
export { FORECAST_RUN_AT_HINT } from "./catalog/params";
export { parseServiceTimestamp, tryParseServiceTimestamp } from "../table/dates";

export {
  LegacyLngClient,
  type LegacyLngClientOptions,
  type LegacyRoutePredictionsParams,
  type LegacyOverviewParams,
  type LegacyFlowTimeseriesParams,
  type LegacyTargetdQueryParams,
  type LegacyQueryAisParams,
  type LegacyApi,
  type LegacyMethod,
} from "./legacy/legacy-lng-client";
export { LegacyResult } from "./legacy/legacy-result";
export { LegacyJobFailedError, type LegacyJob } from "../client/job-response";
export { LEGACY_API, type LegacyEndpointSpec } from "./legacy/legacy-catalog";
export {
  ROUTE_PREDICTION_RECORD,
  OVERVIEW_RECORD,
  LIVE_STATUS_RECORD,
  FLOW_TIMESERIES_RECORD,
  TARGETED_QUERY_RECORD,
  QUERY_AIS_RECORD,
} from "./legacy/legacy-records";

export {
  LEGACY_REPORTS,
  LEGACY_SOURCES,
  LEGACY_FIELD_RENAMES,
  LEGACY_REPORT_FIELD_RENAMES,
  LEGACY_REMOVED_FIELDS,
  renameTargets,
  type LegacyRenameTarget,
  type LegacyReport,
  type LegacySource,
} from "./migrate/legacy-field-renames";
export { legacyRecordToV1, legacyRecordsToV1, type LegacyRecordToV1Options } from "./migrate/legacy-record-to-v1";
export { LEGACY_REPORT_REPLACEMENTS, type LegacyReplacement } from "./migrate/legacy-report-replacements";
