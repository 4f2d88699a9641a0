export * from "./resample-flows";
export type { Freq, WeekStart } from "./periods";
export * from "./derive-voyages";
