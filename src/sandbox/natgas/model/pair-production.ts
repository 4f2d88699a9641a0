import { daysInMonth } from "../../core/dates";
import { normal, unit } from "../../core/hash";
import { PAIRS, pairWeight } from "../geo/geography";
import type { Pair } from "../geo/geography";
import { seasonal, subRegionGas, subRegionOil } from "./basin-curves";

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

/**
 * Production of a pair in a month: the sub-region's curve times the pair's share, with seasonality and
 * noise. About 0.4% of values are null ("invalid or does not exist"), daily and monthly together.
 */
export function pairMonth(seed: number, pair: Pair, month: number): PairMonth {
  const share = pairShare(seed, pair);
  const days = daysInMonth(month);
  const sub = pair.county.subRegion;
  const noise = 1 + 0.04 * normal(seed, pair.index, month, 41);
  const gas = subRegionGas(sub, month) * share * seasonal(month) * noise;
  const oil = subRegionOil(sub, month) * share * (1 + 0.04 * normal(seed, pair.index, month, 42));
  const water = oil * 2.4 + gas * 18_000;
  const nullGas = unit(seed, pair.index, month, 43) < 0.004;
  const nullOil = unit(seed, pair.index, month, 44) < 0.004;
  const nullWater = unit(seed, pair.index, month, 45) < 0.006;
  return {
    gasDaily: nullGas ? null : Number(gas.toPrecision(7)),
    gasMonthly: nullGas ? null : Math.round(gas * days * 1e6),
    oilDaily: nullOil ? null : Math.round(oil * 10) / 10,
    oilMonthly: nullOil ? null : Math.round(oil * days),
    waterDaily: nullWater ? null : Math.round(water * 10) / 10,
    waterMonthly: nullWater ? null : Math.round(water * days),
  };
}
