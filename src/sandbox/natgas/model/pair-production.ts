import { daysInMonth, monthNumber } from "../../core/dates";
import { normal, unit } from "../../core/hash";
import { PAIRS, pairWeight, SUB_REGION_OF_COUNTY, SUB_REGIONS } from "../geo/geography";
import type { Pair } from "../geo/geography";
import { actualGas, actualOil } from "./region-curve";

/** Monthly production of one county-operator pair, in the service's units. */
export interface PairMonth {
  /** BCF/day. */
  readonly gasDaily: number | null;
  /** MCF in the month. */
  readonly gasMonthly: number | null;
  /** BBL/day. */
  readonly oilDaily: number | null;
  readonly oilMonthly: number | null;
  readonly waterDaily: number | null;
  readonly waterMonthly: number | null;
}

const shareCache = new Map<number, Float64Array>();

/** Share of each pair in its sub-region's output, per seed. */
function sharesOf(seed: number): Float64Array {
  let shares = shareCache.get(seed);
  if (!shares) {
    const totals = new Map<string, number>();
    const weights = PAIRS.map((p) => pairWeight(seed, p));
    PAIRS.forEach((p, i) => totals.set(p.county.subRegion, (totals.get(p.county.subRegion) ?? 0) + weights[i]));
    shares = Float64Array.from(PAIRS, (p, i) => weights[i] / (totals.get(p.county.subRegion) as number));
    shareCache.set(seed, shares);
  }
  return shares;
}

/** Share of a pair in its sub-region (sums to 1 over the sub-region's pairs). */
export function pairShare(seed: number, pair: Pair): number {
  return sharesOf(seed)[pair.index];
}

/** Water of a month's gas (BCF/day) and oil (BBL/day), BBL/day: the same rule for county rows and wells. */
export function waterOf(gas: number, oil: number): number {
  return oil * 2.4 + gas * 18_000;
}

/** Relative noise of a pair's month around its share. */
const NOISE = 0.04;
/** Only pairs with less than this share of their sub-region report nulls, so a null never removes a big operator. */
const NULL_SHARE_BELOW = 0.005;
const FIRST_MONTH = monthNumber(2000, 1);
const LAST_MONTH = monthNumber(2045, 12);
const MONTHS = LAST_MONTH - FIRST_MONTH + 1;

/** Pair indices of each sub-region (index in SUB_REGIONS). */
const PAIRS_OF_SUB: readonly number[][] = SUB_REGIONS.map((_, k) => PAIRS.filter((p) => SUB_REGION_OF_COUNTY[p.county.index] === k).map((p) => p.index));

const noiseMeanCache = new Map<number, Float64Array>();

function noiseMeanUncached(seed: number, sub: number, month: number, salt: number): number {
  const shares = sharesOf(seed);
  let mean = 0;
  for (const i of PAIRS_OF_SUB[sub]) mean += shares[i] * normal(seed, i, month, salt);
  return mean;
}

/**
 * Share-weighted mean of the pairs' noise draws in a sub-region-month (salt 41 gas, 42 oil). Each pair's
 * noise is taken relative to it, so the pairs of a sub-region add up to its total exactly (before nulls).
 */
function noiseMean(seed: number, sub: number, month: number, salt: 41 | 42): number {
  if (month < FIRST_MONTH || month > LAST_MONTH) return noiseMeanUncached(seed, sub, month, salt);
  let table = noiseMeanCache.get(seed);
  if (!table) {
    if (noiseMeanCache.size > 8) noiseMeanCache.clear();
    table = new Float64Array(SUB_REGIONS.length * MONTHS * 2).fill(NaN);
    noiseMeanCache.set(seed, table);
  }
  const i = ((sub * MONTHS + month - FIRST_MONTH) << 1) | (salt - 41);
  let v = table[i];
  if (Number.isNaN(v)) v = table[i] = noiseMeanUncached(seed, sub, month, salt);
  return v;
}

/**
 * Production of a pair in a month: the sub-region's actual total (region-curve.ts) times the pair's
 * share, with 4% noise that sums to zero over the sub-region. About 0.4% of values are null ("invalid or
 * does not exist"), daily and monthly together, only in pairs with less than 0.5% of their sub-region.
 */
export function pairMonth(seed: number, pair: Pair, month: number): PairMonth {
  const share = pairShare(seed, pair);
  const days = daysInMonth(month);
  const sub = SUB_REGION_OF_COUNTY[pair.county.index];
  const gasNoise = NOISE * (normal(seed, pair.index, month, 41) - noiseMean(seed, sub, month, 41));
  const oilNoise = NOISE * (normal(seed, pair.index, month, 42) - noiseMean(seed, sub, month, 42));
  const gas = actualGas(seed, sub, month) * share * (1 + gasNoise);
  const oil = actualOil(seed, sub, month) * share * (1 + oilNoise);
  const water = waterOf(gas, oil);
  const small = share < NULL_SHARE_BELOW;
  const nullGas = small && unit(seed, pair.index, month, 43) < 0.005;
  const nullOil = small && unit(seed, pair.index, month, 44) < 0.005;
  const nullWater = small && unit(seed, pair.index, month, 45) < 0.007;
  return {
    gasDaily: nullGas ? null : Number(gas.toPrecision(7)),
    gasMonthly: nullGas ? null : Math.round(gas * days * 1e6),
    oilDaily: nullOil ? null : Math.round(oil * 10) / 10,
    oilMonthly: nullOil ? null : Math.round(oil * days),
    waterDaily: nullWater ? null : Math.round(water * 10) / 10,
    waterMonthly: nullWater ? null : Math.round(water * days),
  };
}
