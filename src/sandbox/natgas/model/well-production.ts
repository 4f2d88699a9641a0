import { key3, unitAfter } from "./keyed-noise";
import { SUB_REGION_OF_COUNTY } from "../geo/geography";
import { waterOf } from "./pair-production";
import { actualGas, actualOil } from "./region-curve";
import { wellNoiseAt, wellScalesOf } from "./well-scale";
import type { Well } from "./wells";

/** A well's actual production in a month: gas BCF/day, oil and water BBL/day. */
export interface WellMonth {
  readonly gas: number;
  readonly oil: number;
  readonly water: number;
  /** The record is "invalid or does not exist" (null values): ~0.4%, only where the well is small. */
  readonly invalid: boolean;
}

const NONE: WellMonth = { gas: 0, oil: 0, water: 0, invalid: false };
/** Only well-months with less than this share of their sub-region's gas and oil are ever invalid. */
const INVALID_SHARE_BELOW = 0.005;

/**
 * A well's actual production in a month (0 before first production): its type curve with 6% noise,
 * scaled so that the sub-region's wells add up to the sub-region's actual total (well-scale.ts).
 * Water follows oil and gas as in productionbycountyandoperator, so water sums agree too. Nulls never
 * hit a big well, so a sum with nulls skipped stays within about 1% of the total.
 */
export function wellMonth(seed: number, well: Well, month: number): WellMonth {
  if (month < well.firstProdMonth) return NONE;
  const v: MutableWellMonth = { gas: 0, oil: 0, water: 0, invalid: false };
  wellMonthInto(seed, well, month, v);
  return v;
}

/** A WellMonth a writer fills again and again (wellMonthInto), so that a row makes no object. */
export interface MutableWellMonth {
  gas: number;
  oil: number;
  water: number;
  invalid: boolean;
}

/** wellMonth written into `v`, for a month at or after the well's first production month. */
export function wellMonthInto(seed: number, well: Well, month: number, v: MutableWellMonth): void {
  const scales = wellScalesOf(seed, month);
  const sub = SUB_REGION_OF_COUNTY[well.county.index];
  const shape = scales.declineAt(sub, month - well.firstProdMonth);
  // The scales first: computing them draws the sub-region's noise of the month, which noiseOf then keeps.
  const gasScale = scales.actualScale(sub, month, 0);
  const oilScale = well.oilIp === 0 ? 0 : scales.actualScale(sub, month, 1);
  // The well-month's three draws share their first three keys.
  const key = key3(seed, well.index, month);
  const gasNoise = scales.noiseOf(well, month, 21) || wellNoiseAt(key, 21);
  const gas = well.gasIp * shape * gasNoise * gasScale;
  const oil = well.oilIp === 0 ? 0 : well.oilIp * shape * (scales.noiseOf(well, month, 22) || wellNoiseAt(key, 22)) * oilScale;
  v.gas = gas;
  v.oil = oil;
  v.water = waterOf(gas, oil);
  v.invalid =
    unitAfter(key, 47) < 0.005 &&
    gas < INVALID_SHARE_BELOW * actualGas(seed, sub, month) &&
    oil <= INVALID_SHARE_BELOW * actualOil(seed, sub, month);
}
