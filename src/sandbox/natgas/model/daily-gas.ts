import { monthOfDay } from "../../core/dates";
import { normal } from "../../core/hash";
import { actualGas } from "./region-curve";

/**
 * Modelled dry gas of a sub-region on a day, BCF/day: the sub-region's actual monthly total (the one
 * production history distributes) with 1.5% day-to-day noise. The same keys as /v4/dailyproduction
 * uses, so v3 and v4 report the same numbers.
 */
export function dailyGas(seed: number, sub: number, day: number): number {
  return Number((actualGas(seed, sub, monthOfDay(day)) * (1 + 0.015 * normal(seed, day, sub, 87))).toPrecision(6));
}
