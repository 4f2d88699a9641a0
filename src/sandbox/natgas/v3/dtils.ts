import { formatDay } from "../../core/dates";
import { pick } from "../../core/hash";
import type { NatgasEndpoint } from "../shared/endpoint";
import { PAIR_COUNT, SUB_REGION_OF_COUNTY } from "../geo/geography";
import { wellScalesOf } from "../model/well-scale";
import { wellsOf } from "../model/wells";

/** Pads whose fracking ended up to this many days before asOf (or is under way) are reported. */
const WINDOW_DAYS = 150;

/**
 * GET /v3/dtils: wellpads with drilled-but-not-turned-in-line wells: fracking under way (frac_end null),
 * or done and waiting (til_date null), or turned in line within the window (til_date set). `bcfd` is
 * the pad's initial rate on the scale the sub-region's producing wells have in the last history month.
 */
export const dtils: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer(_params, data) {
    const all = wellsOf(data.seed);
    const scales = wellScalesOf(data.seed, data.lastHistoryMonth);
    const records = [];
    for (let padKey = 0; padKey < PAIR_COUNT * 2; padKey++) {
      const pair = padKey >> 1;
      const k = padKey & 1;
      const padWells = [0, 1, 2].map((t) => all[(k * 3 + t) * PAIR_COUNT + pair]);
      const fracStart = Math.min(...padWells.map((w) => w.fracStartDay));
      const fracEnd = Math.max(...padWells.map((w) => w.completionDay));
      if (fracStart > data.asOfDay || fracEnd < data.asOfDay - WINDOW_DAYS) continue;
      const tilDay = fracEnd + 20 + pick(90, data.seed, padKey, 91);
      records.push({
        bcfd: Number(padWells.reduce((s, w) => s + w.gasIp * scales.actualScale(SUB_REGION_OF_COUNTY[w.county.index], data.lastHistoryMonth, 0), 0).toPrecision(6)),
        frac_end: fracEnd <= data.asOfDay ? formatDay(fracEnd) : null,
        operator_name: padWells[0].operatorName,
        til_date: fracEnd <= data.asOfDay && tilDay <= data.asOfDay ? formatDay(tilDay) : null,
        wellpad_id: padWells[0].wellpadId,
        wells: padWells.length,
      });
    }
    return { json: { data: records } };
  },
};
