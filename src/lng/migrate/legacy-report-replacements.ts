/**
 * For each old report, the v1 calls that replace it and the gasframes helper that rebuilds what v1
 * no longer returns (the spec's "Mapping from unversioned to v1").
 */
import type { LegacyReport } from "./legacy-field-renames";

/** How one old report is replaced. */
export interface LegacyReplacement {
  /** LngClient methods to call, the recommended one first. */
  readonly v1: readonly string[];
  /** gasframes analysis helpers that rebuild the old shape from v1 records. */
  readonly helpers: readonly string[];
  /** What changes for the user. */
  readonly note: string;
}

/** Old report -> v1 replacement. Old endpoints other than analysis_report are keyed by their path. */
export const LEGACY_REPORT_REPLACEMENTS = {
  live_status: {
    v1: ["vessels", "vesselsDetails"],
    helpers: ["fleetSummary"],
    note: "v1 returns one record per vessel instead of fleet summary counts; fleetSummary(vessels) rebuilds the counts v1 data supports.",
  },
  route_predictions: {
    v1: ["transactionsForecast", "vessels"],
    helpers: [],
    note: "forecast transactions (with score, route_score and route_score_weighted_volume) replace route predictions; p_volume is volume, unit is volume_unit.",
  },
  overview: {
    v1: ["transactions", "transactionsHistory", "vessels", "vesselsDetails"],
    helpers: ["deriveVoyages", "legacyOverview"],
    note:
      "v1 returns transactions, not voyages: deriveVoyages(transactions) rebuilds the legs (tx, voyage_tx, voyage_status); legacyOverview gives the old field names. " +
      "transactions includes forecasts (forecasted_transaction true): for observed voyages only, as the old report, use transactionsHistory or deriveVoyages(..., { forecasts: 'exclude' }).",
  },
  flow_timeseries: {
    v1: ["volumeFlows"],
    helpers: ["resampleFlows", "legacyFlowTimeseries"],
    note: "v1 flows are daily; resampleFlows(flows, { freq: 'week' | 'month' }) rebuilds weekly and monthly aggregation; polygon_order is gone.",
  },
} as const satisfies Record<LegacyReport, LegacyReplacement>;
