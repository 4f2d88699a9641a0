import { formatMonth } from "../../core/dates";
import type { NatgasEndpoint } from "../shared/endpoint";
import { PAIRS, SUB_REGION_OF_COUNTY } from "../geo/geography";
import { expectedGas, expectedOil } from "../model/region-curve";
import { pairShare } from "../model/pair-production";
import { accepts, listRowSet, monthOverlaps } from "../shared/row-set";
import { DATE, LIST } from "./shared-params";

/** One long-term forecast series: a sub-region's part in one state. */
interface Series {
  readonly region: string;
  readonly subRegion: string;
  readonly stateAb: string;
  /** Index of the sub-region in SUB_REGIONS. */
  readonly sub: number;
  readonly share: number;
}

/** Sub-region x state series with their share of the sub-region (same shares as production by county). */
export function longTermSeries(seed: number): Series[] {
  const byKey = new Map<string, { region: string; subRegion: string; stateAb: string; sub: number; share: number }>();
  for (const pair of PAIRS) {
    const c = pair.county;
    const key = `${c.subRegion}|${c.stateAb}`;
    const s = byKey.get(key) ?? { region: c.region, subRegion: c.subRegion, stateAb: c.stateAb, sub: SUB_REGION_OF_COUNTY[c.index], share: 0 };
    s.share += pairShare(seed, pair);
    byKey.set(key, s);
  }
  return [...byKey.values()];
}

/**
 * Long-term forecast of a series in a month: gas BCF/day and oil BBL/day. The sub-region's expected
 * total (the curve the history wiggles around, region-curve.ts) times the series' share, so the
 * forecast continues the production history.
 */
export function longTermValues(series: Series, month: number): { gas: number; oil: number } {
  return {
    gas: Number((expectedGas(series.sub, month) * series.share).toPrecision(6)),
    oil: Math.round(expectedOil(series.sub, month) * series.share),
  };
}

/** POST /v3/longtermforecast: the next 12 months after asOf's month, by sub-region and state. */
export const longTermForecast: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: { end_date: DATE, region: LIST, start_date: DATE, sub_region: LIST },
  answer(params, data) {
    const series = longTermSeries(data.seed).filter((s) => accepts(params, "region", s.region) && accepts(params, "sub_region", s.subRegion));
    const items: { s: Series; m: number }[] = [];
    for (let m = data.asOfMonth + 1; m <= data.asOfMonth + 12; m++) {
      if (!monthOverlaps(params, "start_date", "end_date", m)) continue;
      for (const s of series) items.push({ s, m });
    }
    return {
      rows: listRowSet(items, ({ s, m }) => {
        const v = longTermValues(s, m);
        return { date: formatMonth(m), gas_daily: v.gas, oil_daily: v.oil, region: s.region, state_ab: s.stateAb, sub_region: s.subRegion };
      }),
    };
  },
};
