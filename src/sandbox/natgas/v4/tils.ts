import { wellsOf } from "../model/wells";
import type { Well } from "../model/wells";
import type { NatgasEndpoint } from "../shared/endpoint";
import { dtils } from "../v3/dtils";
import { WET_OVER_DRY } from "./v4-params";

/**
 * GET /v4/tils: the wellpads /v3/dtils reports (same pads, dates and wells), under the v4 page's names:
 * date_frac_end, date_til, operator, prod_wet_gas_bcf_day (the pad's dry rate x the wet/dry factor every
 * v4 wet field uses), sub_region_natgas, wellpad_id (a string, as the page types it), wells.
 */
export const v4Tils: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer(params, data, req) {
    const v3 = dtils.answer(params, data, req);
    const pads = "json" in v3 ? ((v3.json as { data: Record<string, unknown>[] }).data ?? []) : [];
    const padWell = new Map<number, Well>();
    for (const w of wellsOf(data.seed)) if (!padWell.has(w.wellpadId)) padWell.set(w.wellpadId, w);
    return {
      json: pads.map((p) => ({
        date_frac_end: p.frac_end,
        date_til: p.til_date,
        operator: p.operator_name,
        prod_wet_gas_bcf_day: Number(((p.bcfd as number) * WET_OVER_DRY).toPrecision(6)),
        sub_region_natgas: padWell.get(p.wellpad_id as number)?.county.subRegion ?? null,
        wellpad_id: String(p.wellpad_id),
        wells: p.wells,
      })),
    };
  },
};
