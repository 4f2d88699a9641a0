import { formatDay } from "../../core/dates";
import { pick } from "../../core/hash";
import type { NatgasDataset } from "../model/dataset";
import type { NatgasEndpoint } from "../shared/endpoint";
import { PAIR_COUNT, SUB_REGION_OF_COUNTY, SUB_REGIONS } from "../geo/geography";
import { wellScalesOf } from "../model/well-scale";
import { wellsOf } from "../model/wells";

/** Pads whose fracking ended up to this many days before asOf (or is under way) are reported. */
const WINDOW_DAYS = 150;
/** A pad waiting longer than this after its frac job for its turn-in-line is delayed (a DTIL). */
export const DTIL_AFTER_DAYS = 60;

/** A wellpad watched for its turn-in-line, as asOf sees it. */
export interface MonitoredPad {
  readonly bcfd: number;
  /** Last day of fracking, or null while fracking is under way. */
  readonly fracEnd: number | null;
  /** Turn-in-line day, or null while the wells wait. */
  readonly tilDay: number | null;
  readonly operatorName: string;
  readonly subRegion: string;
  readonly wellpadId: number;
  readonly wells: number;
  /** The turn-in-line is late: still waiting, or came, more than DTIL_AFTER_DAYS after fracking ended. */
  readonly delayed: boolean;
}

/**
 * Wellpads fracking at asOf or done within the window: fracking under way (fracEnd null), done and
 * waiting (tilDay null), or turned in line. `bcfd` is the pad's initial rate on the scale the
 * sub-region's producing wells have in the last history month.
 */
export function monitoredPads(data: NatgasDataset): MonitoredPad[] {
  const all = wellsOf(data.seed);
  const scales = wellScalesOf(data.seed, data.lastHistoryMonth);
  const pads: MonitoredPad[] = [];
  for (let padKey = 0; padKey < PAIR_COUNT * 2; padKey++) {
    const pair = padKey >> 1;
    const k = padKey & 1;
    const padWells = [0, 1, 2].map((t) => all[(k * 3 + t) * PAIR_COUNT + pair]);
    const fracStart = Math.min(...padWells.map((w) => w.fracStartDay));
    const fracEnd = Math.max(...padWells.map((w) => w.completionDay));
    if (fracStart > data.asOfDay || fracEnd < data.asOfDay - WINDOW_DAYS) continue;
    const tilDay = fracEnd + 20 + pick(90, data.seed, padKey, 91);
    const done = fracEnd <= data.asOfDay;
    const til = done && tilDay <= data.asOfDay ? tilDay : null;
    const sub = SUB_REGION_OF_COUNTY[padWells[0].county.index];
    pads.push({
      bcfd: Number(padWells.reduce((s, w) => s + w.gasIp * scales.actualScale(SUB_REGION_OF_COUNTY[w.county.index], data.lastHistoryMonth, 0), 0).toPrecision(6)),
      fracEnd: done ? fracEnd : null,
      tilDay: til,
      operatorName: padWells[0].operatorName,
      subRegion: SUB_REGIONS[sub].name,
      wellpadId: padWells[0].wellpadId,
      wells: padWells.length,
      delayed: done && (til ?? data.asOfDay) - fracEnd > DTIL_AFTER_DAYS,
    });
  }
  return pads;
}

const day = (d: number | null) => (d === null ? null : formatDay(d));

/** GET /v3/dtils: the monitored wellpads, with their DTIL wells. */
export const dtils: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer(_params, data) {
    const records = monitoredPads(data).map((p) => ({ bcfd: p.bcfd, frac_end: day(p.fracEnd), operator_name: p.operatorName, til_date: day(p.tilDay), wellpad_id: p.wellpadId, wells: p.wells }));
    return { json: { data: records } };
  },
};

/** GET /v3/til_monitoring: the same wellpads as /v3/dtils with their sub-region and whether the turn-in-line is delayed. */
export const tilMonitoring: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer(_params, data) {
    const records = monitoredPads(data).map((p) => ({
      bcfd: p.bcfd,
      dtil: p.delayed,
      frac_end: day(p.fracEnd),
      operator_name: p.operatorName,
      sub_region: p.subRegion,
      til_date: day(p.tilDay),
      wellpad_id: p.wellpadId,
      wells: p.wells,
    }));
    return { json: { data: records } };
  },
};
