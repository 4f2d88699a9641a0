import { formatDay, formatMonth, monthOfDay } from "../../core/dates";
import { normal } from "../../core/hash";
import { SUB_REGIONS } from "../geo/geography";
import { FIRST_ACTIVITY_DAY } from "../model/dataset";
import { runCutoff } from "../model/forecast";
import { actualGas } from "../model/region-curve";
import type { NatgasEndpoint } from "../shared/endpoint";
import type { ParsedParams } from "../shared/params";
import { accepts, monthOverlaps } from "../shared/row-set";
import type { RowSet } from "../shared/row-set";
import { BACKCAST_OFFSETS, selectRuns } from "../v3/backcast-rows";
import { aggregateBy } from "../v3/shared-params";
import { groupV4 } from "./v4-aggregate";
import { DATE, LIST } from "./v4-params";

/** A run's error on the sub-region sum: 0.4% for a month the run knew, then 1% more per month beyond. */
function runError(month: number, cutoff: number): number {
  return 0.004 + 0.01 * Math.max(0, month - cutoff);
}

/** Rows of `cells` x sub-regions, cell-major, sub-regions in geography order. */
function cellsBySubRegion<C>(cells: readonly C[], subs: readonly (typeof SUB_REGIONS)[number][], toRow: (cell: C, sub: (typeof SUB_REGIONS)[number]) => Record<string, unknown>): RowSet {
  return { count: cells.length * subs.length, row: (k) => toRow(cells[Math.floor(k / subs.length)], subs[k % subs.length]) };
}

const subRegionsOf = (params: ParsedParams) =>
  SUB_REGIONS.filter((s) => accepts(params, "region_natgas", s.region) && accepts(params, "sub_region_natgas", s.name));

/**
 * POST /v4/stfaggregatedhistory: each forecast run's sum per sub-region (dry gas, BCF/day) over the
 * backcast's six months (two before the run's month to three after). The value is the sub-region's
 * actual total (the one productionbywell and dailyproduction report) off by the run's error, which grows
 * past the last month the run knew. `date_forecast_run`: the nearest run; absent, every run.
 */
export const v4StfAggregatedHistory: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { sub_region_natgas: LIST, date_forecast_run: DATE, date_prod_min: DATE, date_prod_max: DATE },
  answer(params, data) {
    const cells: { runDay: number; cutoff: number; month: number }[] = [];
    for (const runDay of selectRuns(data, params.dates.get("date_forecast_run"))) {
      const cutoff = runCutoff(data, runDay);
      for (const o of BACKCAST_OFFSETS) {
        const month = monthOfDay(runDay) + o;
        if (monthOverlaps(params, "date_prod_min", "date_prod_max", month)) cells.push({ runDay, cutoff, month });
      }
    }
    const subs = subRegionsOf(params);
    return {
      rows: cellsBySubRegion(cells, subs, (c, s) => {
        const sub = SUB_REGIONS.indexOf(s);
        const gas = actualGas(data.seed, sub, c.month) * (1 + runError(c.month, c.cutoff) * normal(data.seed, sub, c.runDay, c.month, 93));
        return { date_prod: formatMonth(c.month), date_forecast_run: formatDay(c.runDay), sub_region_natgas: s.name, prod_dry_gas_bcf_day: Number(gas.toPrecision(6)) };
      }),
    };
  },
};

/**
 * POST /v4/lower_48_stf_filled: monthly dry gas per sub-region (BCF/day) from 2020-01 to three months
 * after asOf: the sub-region's actual total where history exists (what the states report, filled by
 * the model where they do not), then the latest run's forecast of it. aggregate_by (region_natgas,
 * sub_region_natgas, date_prod) sums per month and chosen columns.
 */
export const v4Lower48StfFilled: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { region_natgas: LIST, sub_region_natgas: LIST, date_prod_min: DATE, date_prod_max: DATE, aggregate_by: aggregateBy("region_natgas", "sub_region_natgas", "date_prod") },
  answer(params, data) {
    const lastRun = data.runDays[data.runDays.length - 1];
    const cutoff = lastRun === undefined ? data.lastHistoryMonth : runCutoff(data, lastRun);
    const months: number[] = [];
    for (let m = monthOfDay(FIRST_ACTIVITY_DAY); m <= data.asOfMonth + 3; m++) if (monthOverlaps(params, "date_prod_min", "date_prod_max", m)) months.push(m);
    const rows = cellsBySubRegion(months, subRegionsOf(params), (month, s) => {
      const sub = SUB_REGIONS.indexOf(s);
      const error = month <= cutoff ? 0 : runError(month, cutoff) * normal(data.seed, sub, lastRun ?? 0, month, 93);
      const gas = actualGas(data.seed, sub, month) * (1 + error);
      return { date_prod: formatMonth(month), region_natgas: s.region, sub_region_natgas: s.name, prod_dry_gas_bcf_day: Number(gas.toPrecision(6)) };
    });
    return { rows: groupV4(rows, params, { dateField: "date_prod", sumFields: ["prod_dry_gas_bcf_day"] }) };
  },
};
