export * from "./resample-flows";
export * from "./derive-voyages";
export * from "./rollup";
export * from "./fleet-summary";
export * from "./daily-rate";
export * from "./forecast-vintages";
export type { Freq, WeekStart } from "./periods";
export * from "./legacy-overview";
export * from "./legacy-flow-timeseries";
