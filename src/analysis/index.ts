export { resampleFlows, type ResampleFlowsOptions, type ResampledFlowRow } from "./resample-flows";
export { deriveVoyages, type VoyageReport, type VoyageRow, type DeriveVoyagesOptions, type VoyageForecasts } from "./derive-voyages";
export { rollup, type RollupOptions, type RollupKey, type RollupRow } from "./rollup";
export type { RollupAgg } from "./rollup-means";
export { flowsByCountry, type FlowsByCountryOptions, type CountryFlowsParams, type CountryFlowRow, type CountryFlowsClient, type FlowSide } from "./flows-by-country";
export { fleetSummary, type FleetSummary, type FleetSummaryOptions } from "./fleet-summary";
export { addDailyRate, addMonthlyVolume, type RateOptions } from "./daily-rate";
export { compareForecastVintages, type ForecastVintageInputs, type ForecastVintageOptions, type ForecastVintageRow } from "./forecast-vintages";
export { legacyOverview, type LegacyOverviewOptions, type LegacyVoyageRecord } from "./legacy-overview";
export {
  legacyFlowTimeseries,
  type LegacyAggregation,
  type LegacyFlowRow,
  type LegacyFlowTimeseries,
  type LegacyFlowTimeseriesOptions,
} from "./legacy-flow-timeseries";
export type { Freq, WeekStart } from "./periods";
export { weeklyActivity, type WeeklyActivityOptions, type ActivityKind } from "./weekly-activity";
