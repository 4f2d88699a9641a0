import { monthOfDay } from "../../core/dates";
import { normal, unit } from "../../core/hash";
import type { NatgasDataset } from "../dataset";
import { SUB_REGION_OF_COUNTY } from "../geo/geography";
import { wellScalesOf } from "./well-scale";
import type { Well } from "./wells";

/** Per-well error of a forecast (relative standard deviation). */
const WELL_ERROR = 0.07;
/** Error shared by a run's wells of one sub-region in one month: what survives in the sums. */
const RUN_ERROR = 0.012;

/**
 * The last month whose wells a run knows: its own month, or the last month of history when the run
 * is in asOf's month (wells first producing in asOf's month are not in the data yet).
 */
export function runCutoff(data: NatgasDataset, runDay: number): number {
  return Math.min(monthOfDay(runDay), data.lastHistoryMonth);
}

/**
 * A run's forecast of one well-month: gas BCF/day and oil BBL/day (0 before first production), or null
 * where the input was invalid (~0.5%). The run's wells (first production by `cutoff`) are scaled to
 * carry the sub-region's expected total, so a run's sum is that total within its error: per-well 7%,
 * and 1.2% shared by the sub-region's wells in that month (the actual total wiggles 1% around the
 * expected one, so forecast minus actual is about 1.6% in a sub-region sum).
 */
export function forecastOf(seed: number, well: Well, runDay: number, cutoff: number, month: number): { gas: number | null; oil: number | null } {
  const invalid = unit(seed, well.index, runDay, month, 51) < 0.005;
  if (invalid) return { gas: null, oil: null };
  if (month < well.firstProdMonth) return { gas: 0, oil: 0 };
  const sub = SUB_REGION_OF_COUNTY[well.county.index];
  const scales = wellScalesOf(seed, month);
  const error = 1 + WELL_ERROR * normal(seed, well.index, runDay, month, 52) + RUN_ERROR * normal(seed, sub, runDay, month, 53);
  const shape = scales.declineAt(sub, month - well.firstProdMonth) * error;
  return {
    gas: well.gasIp * shape * scales.forecastScale(sub, cutoff, month, 0),
    oil: well.oilIp * shape * scales.forecastScale(sub, cutoff, month, 1),
  };
}
