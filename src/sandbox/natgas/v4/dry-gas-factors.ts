import { monthOfDay, formatMonth } from "../../core/dates";
import type { NatgasEndpoint } from "../shared/endpoint";
import { SUB_REGIONS } from "../geo/geography";
import { FIRST_ACTIVITY_DAY } from "../model/dataset";
import { accepts, listRowSet, monthOverlaps } from "../shared/row-set";
import { DATE, LIST, WET_OVER_DRY } from "./v4-params";

/**
 * The sandbox's dry gas factor: its v4 wet gas is 1.08 x dry gas everywhere, so dry = wet x this in every
 * sub-region and month (rounded to 6 decimals).
 */
export const DRY_GAS_FACTOR = Number((1 / WET_OVER_DRY).toFixed(6));

/**
 * POST /v4/drygasfactors: monthly dry gas factors by sub-region (the Excel add-in page: "monthly dry gas
 * factors by natgas subregion"; parameters sub_region_natgas, date_factor_min, date_factor_max), from
 * 2020-01 to the last month of history. Fields: date_factor (YYYY-MM-01), sub_region_natgas, dry_gas_factor.
 */
export const v4DryGasFactors: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { sub_region_natgas: LIST, date_factor_min: DATE, date_factor_max: DATE },
  answer(params, data) {
    const subs = SUB_REGIONS.filter((s) => accepts(params, "sub_region_natgas", s.name));
    const out: Record<string, unknown>[] = [];
    for (let m = monthOfDay(FIRST_ACTIVITY_DAY); m <= data.lastHistoryMonth; m++) {
      if (!monthOverlaps(params, "date_factor_min", "date_factor_max", m)) continue;
      for (const s of subs) out.push({ date_factor: formatMonth(m), sub_region_natgas: s.name, dry_gas_factor: DRY_GAS_FACTOR });
    }
    return { rows: listRowSet(out, (r) => r) };
  },
};
