import { key3, unitAfter } from "./keyed-noise";
import { SUB_REGION_OF_COUNTY } from "../geo/geography";
import { waterOf } from "./pair-production";
import { actualGas, actualOil } from "./region-curve";
import { wellScalesOf } from "./well-scale";
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
/** Numbers a month of wellMonthsInto: gas, oil, water, invalid. */
export const WELL_MONTH_NUMBERS = 4;
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
  const v = one;
  wellMonthsInto(seed, well, month, month, v);
  return { gas: v[0], oil: v[1], water: v[2], invalid: v[3] !== 0 };
}

/** wellMonth's numbers for one month (wellMonthsInto). */
const one = new Float64Array(WELL_MONTH_NUMBERS);
/** A well-month's scales, then its noise factors, [gas, oil] (WellScales' `...Into`): one array for all rows. */
const pair = new Float64Array(2);

/**
 * wellMonth of months [first, last] of a well written into `into`, WELL_MONTH_NUMBERS numbers a month
 * from index 0: gas, oil, water, and 1 where the record is invalid (else 0); all 0 before first
 * production. Numbers in a typed array, not objects: a row writer reads them without a number boxed
 * on the way, and this loop is optimized apart from the writer's.
 */
export function wellMonthsInto(seed: number, well: Well, first: number, last: number, into: Float64Array): void {
  const scales = wellScalesOf(seed, last);
  const sub = SUB_REGION_OF_COUNTY[well.county.index];
  const { gasIp, oilIp, firstProdMonth } = well;
  for (let month = first, at = 0; month <= last; month++, at += WELL_MONTH_NUMBERS) {
    if (month < firstProdMonth) {
      into.fill(0, at, at + WELL_MONTH_NUMBERS);
      continue;
    }
    const shape = scales.declineAt(sub, month - firstProdMonth);
    // The scales first: computing them draws the sub-region's noise of the month, which noisesInto then reads.
    scales.actualScalesInto(sub, month, pair);
    const gasScale = pair[0];
    const oilScale = pair[1];
    // The well-month's three draws share their first three keys.
    const key = key3(seed, well.index, month);
    scales.noisesInto(well, month, key, pair);
    const gas = gasIp * shape * pair[0] * gasScale;
    const oil = oilIp === 0 ? 0 : oilIp * shape * pair[1] * oilScale;
    into[at] = gas;
    into[at + 1] = oil;
    into[at + 2] = waterOf(gas, oil);
    into[at + 3] =
      unitAfter(key, 47) < 0.005 &&
      gas < INVALID_SHARE_BELOW * actualGas(seed, sub, month) &&
      oil <= INVALID_SHARE_BELOW * actualOil(seed, sub, month)
        ? 1
        : 0;
  }
}
