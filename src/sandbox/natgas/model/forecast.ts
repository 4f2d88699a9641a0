import { monthOfDay } from "../../core/dates";
import { normal, unit } from "../../core/hash";
import type { NatgasDataset } from "./dataset";
import { SUB_REGION_OF_COUNTY } from "../geo/geography";
import { expectedGas, expectedOil } from "./region-curve";
import { wellScalesOf } from "./well-scale";
import type { Well } from "./wells";

/** Per-well error of a forecast (relative standard deviation). */
const WELL_ERROR = 0.07;
/** Error shared by a run's wells of one sub-region in one month: what survives in the sums. */
const RUN_ERROR = 0.01;
/** Share of records whose input was invalid (null values), among well-months small enough to be. */
const INVALID_RATE = 0.005;
/** Only well-months under this share of their sub-region's expected gas and oil are ever invalid. */
const INVALID_SHARE_BELOW = 0.005;
const INVALID = { gas: null, oil: null } as const;
const ZERO = { gas: 0, oil: 0 } as const;

/**
 * The last month whose wells a run knows: its own month, or the last month of history when the run
 * is in asOf's month (wells first producing in asOf's month are not in the data yet).
 */
export function runCutoff(data: NatgasDataset, runDay: number): number {
  return Math.min(monthOfDay(runDay), data.lastHistoryMonth);
}

/**
 * A run's forecast of one well-month: gas BCF/day and oil BBL/day (0 before first production), or null
 * where the input was invalid (~0.5%, never a big well). The run's wells (first production by
 * `cutoff`) are scaled to carry the sub-region's expected total, so a run's sum is that total within
 * its error: per-well 7%, and 1% shared by the sub-region's wells in that month (the actual total
 * wiggles 1% around the expected one, so a sub-region sum is typically within 1-2% of the actuals).
 */
export function forecastOf(seed: number, well: Well, runDay: number, cutoff: number, month: number): { gas: number | null; oil: number | null } {
  if (month < well.firstProdMonth) return unit(seed, well.index, runDay, month, 51) < INVALID_RATE ? INVALID : ZERO;
  const sub = SUB_REGION_OF_COUNTY[well.county.index];
  const scales = wellScalesOf(seed, month);
  const error = 1 + WELL_ERROR * normal(seed, well.index, runDay, month, 52) + RUN_ERROR * normal(seed, sub, runDay, month, 53);
  const shape = scales.declineAt(sub, month - well.firstProdMonth) * error;
  const gas = well.gasIp * shape * scales.forecastScale(sub, cutoff, month, 0);
  const oil = well.oilIp === 0 ? 0 : well.oilIp * shape * scales.forecastScale(sub, cutoff, month, 1);
  const invalid =
    unit(seed, well.index, runDay, month, 51) < INVALID_RATE &&
    gas < INVALID_SHARE_BELOW * expectedGas(sub, month) &&
    oil <= INVALID_SHARE_BELOW * expectedOil(sub, month);
  return invalid ? INVALID : { gas, oil };
}
