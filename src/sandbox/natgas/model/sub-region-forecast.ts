import { normal } from "../../core/hash";
import { expectedGas, expectedOil } from "./region-curve";

/** The error a run shares across a sub-region's wells in one month (forecast.ts): what survives in the sum. */
const RUN_ERROR = 0.01;

/**
 * A run's forecast of a whole sub-region in one month: the expected total the run's well forecasts are
 * scaled to, with the same shared run error they carry (same hash keys as forecastOf's), so a
 * sub-region sum of /v3/shorttermforecasthistory rows is this within the wells' own noise. Gas BCF/day
 * (dry, as the expected totals are), oil BBL/day.
 */
export function subRegionForecast(seed: number, sub: number, runDay: number, month: number): { gas: number; oil: number } {
  const error = 1 + RUN_ERROR * normal(seed, sub, runDay, month, 53);
  return { gas: expectedGas(sub, month) * error, oil: expectedOil(sub, month) * error };
}
