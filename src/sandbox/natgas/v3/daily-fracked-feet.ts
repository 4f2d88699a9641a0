import { formatDay } from "../../core/dates";
import { normal } from "../../core/hash";
import type { NatgasDataset } from "../model/dataset";
import type { NatgasEndpoint } from "../shared/endpoint";
import { SUB_REGIONS } from "../geo/geography";
import { FRAC_FLEET, fleetOf } from "../model/fleets";
import type { ParsedParams } from "../shared/params";
import { accepts, listRowSet } from "../shared/row-set";
import { DATE, LIST } from "./shared-params";

/** Lateral feet one frac crew completes in a day, on average. */
const FEET_PER_CREW_DAY = 3200;

/** One fracked-feet record: a sub-region on a day. */
export interface FrackedFeetDay {
  readonly day: number;
  readonly subRegion: string;
  readonly region: string;
  readonly feet: number;
}

/**
 * Fracked feet per sub-region and day, from the same frac-crew fleet as /fraccrews: crews working in
 * the sub-region that day times about 3,200 ft, with noise. Day-major, sub-regions in catalogue order.
 */
export function frackedFeet(data: NatgasDataset, params: ParsedParams, names: { from: string; to: string; region: string; subRegion: string }): FrackedFeetDay[] {
  const fleet = fleetOf(data, FRAC_FLEET);
  const subs = SUB_REGIONS.map((s, i) => ({ ...s, i })).filter((s) => accepts(params, names.region, s.region) && accepts(params, names.subRegion, s.name));
  const from = Math.max(fleet.firstDay, params.dates.get(names.from) ?? fleet.firstDay);
  const to = Math.min(fleet.lastDay, params.dates.get(names.to) ?? fleet.lastDay);
  const out: FrackedFeetDay[] = [];
  const crews = new Int32Array(SUB_REGIONS.length);
  for (let day = from; day <= to; day++) {
    crews.fill(0);
    const units = fleet.unitsOn(day);
    for (let u = 0; u < units; u++) crews[fleet.subRegionOf(u)]++;
    for (const s of subs) {
      const feet = Math.max(0, crews[s.i] * FEET_PER_CREW_DAY * (1 + 0.12 * normal(data.seed, day, s.i, 83)));
      out.push({ day, subRegion: s.name, region: s.region, feet: Math.round(feet * 10) / 10 });
    }
  }
  return out;
}

/** POST /v3/dailyfrackedfeet. */
export const dailyFrackedFeet: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: { end_date: DATE, region: LIST, start_date: DATE, sub_region: LIST },
  answer(params, data) {
    const list = frackedFeet(data, params, { from: "start_date", to: "end_date", region: "region", subRegion: "sub_region" });
    return { rows: listRowSet(list, (r) => ({ date: formatDay(r.day), region: r.region, sub_region: r.subRegion, fracked_feet: r.feet })) };
  },
};
