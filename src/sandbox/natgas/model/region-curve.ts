import { monthNumber } from "../../core/dates";
import { normal } from "../../core/hash";
import { overBasins, SUB_REGIONS } from "../geo/geography";
import { basinGas, basinOil, seasonal } from "./basin-curves";

/**
 * The one "sub-region x month" total every natural-gas model distributes: county-operator production
 * rows, wells, backcasts, forecasts and daily production all scale their shares to it, so their sums
 * agree. Expected = the basin knots with seasonality (what forecasts aim at); actual = expected with a
 * small deterministic month-to-month wiggle (what history reports).
 */

const FIRST_MONTH = monthNumber(2000, 1);
const LAST_MONTH = monthNumber(2045, 12);
const MONTHS = LAST_MONTH - FIRST_MONTH + 1;
/** Relative standard deviation of the actual total around the expected one. */
const GAS_WIGGLE = 0.01;
const OIL_WIGGLE = 0.015;

/** Expected dry gas of a sub-region (index in SUB_REGIONS) in a month, BCF/day. */
export function expectedGas(sub: number, month: number): number {
  return overBasins(SUB_REGIONS[sub], (b) => basinGas(b, month)) * seasonal(month);
}

/** Expected oil of a sub-region in a month, BBL/day. */
export function expectedOil(sub: number, month: number): number {
  return overBasins(SUB_REGIONS[sub], (b) => basinOil(b, month));
}

interface Tables {
  readonly gas: Float64Array;
  readonly oil: Float64Array;
}

const cache = new Map<number, Tables>();

function tablesOf(seed: number): Tables {
  let t = cache.get(seed);
  if (!t) {
    if (cache.size > 8) cache.clear();
    const size = SUB_REGIONS.length * MONTHS;
    t = { gas: new Float64Array(size).fill(NaN), oil: new Float64Array(size).fill(NaN) };
    cache.set(seed, t);
  }
  return t;
}

function actualGasUncached(seed: number, sub: number, month: number): number {
  return expectedGas(sub, month) * (1 + GAS_WIGGLE * normal(seed, sub, month, 61));
}

function actualOilUncached(seed: number, sub: number, month: number): number {
  return expectedOil(sub, month) * (1 + OIL_WIGGLE * normal(seed, sub, month, 62));
}

/** Actual dry gas of a sub-region in a month, BCF/day: the total the history endpoints report. */
export function actualGas(seed: number, sub: number, month: number): number {
  if (month < FIRST_MONTH || month > LAST_MONTH) return actualGasUncached(seed, sub, month);
  const t = tablesOf(seed);
  const i = sub * MONTHS + (month - FIRST_MONTH);
  let v = t.gas[i];
  if (Number.isNaN(v)) v = t.gas[i] = actualGasUncached(seed, sub, month);
  return v;
}

/** Actual oil of a sub-region in a month, BBL/day. */
export function actualOil(seed: number, sub: number, month: number): number {
  if (month < FIRST_MONTH || month > LAST_MONTH) return actualOilUncached(seed, sub, month);
  const t = tablesOf(seed);
  const i = sub * MONTHS + (month - FIRST_MONTH);
  let v = t.oil[i];
  if (Number.isNaN(v)) v = t.oil[i] = actualOilUncached(seed, sub, month);
  return v;
}
