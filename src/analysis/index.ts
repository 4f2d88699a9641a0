export { resampleFlows, type ResampleFlowsOptions } from "./resample-flows";
export { deriveVoyages, type VoyageReport } from "./derive-voyages";
export { rollup, type RollupOptions, type RollupKey } from "./rollup";
export { fleetSummary, type FleetSummary, type FleetSummaryOptions } from "./fleet-summary";
export { addDailyRate, addMonthlyVolume, type RateOptions } from "./daily-rate";
export { compareForecastVintages, type ForecastVintageInputs, type ForecastVintageOptions } from "./forecast-vintages";
export { legacyOverview, type LegacyOverviewOptions, type LegacyVoyageRecord } from "./legacy-overview";
export {
  legacyFlowTimeseries,
  type LegacyAggregation,
  type LegacyFlowTimeseries,
  type LegacyFlowTimeseriesOptions,
} from "./legacy-flow-timeseries";
export type { Freq, WeekStart } from "./periods";
