import { daysInMonth, firstDayOfMonth, formatDay, formatMonth, monthOfDay } from "../../core/dates";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasEndpoint } from "../shared/endpoint";
import { SUB_REGIONS } from "../geo/geography";
import { subRegionForecast } from "../model/sub-region-forecast";
import { accepts, listRowSet, rowsOf } from "../shared/row-set";
import { BACKCAST_OFFSETS, selectRuns } from "./backcast-rows";
import { aggregateBy, DATE, LIST } from "./shared-params";

const MEASURES = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly"];

/**
 * POST /v3/stfaggregatedhistory: backcasts summed by sub-region, dry gas. Per run (the nearest to
 * `forecast_run_date`, every run when absent) the six months of a backcast, each sub-region. Rows are
 * run-major, then month, then sub-region; read at any offset without building the ones before.
 */
export const stfAggregatedHistory: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: {
    forecast_run_date: DATE,
    sub_region: LIST,
    start_date: DATE,
    end_date: DATE,
    aggregate_by: aggregateBy("sub_region", "date", "forecast_run_date"),
  },
  answer(params, data) {
    const runs = selectRuns(data, params.dates.get("forecast_run_date"));
    const subs = SUB_REGIONS.map((s, index) => ({ ...s, index })).filter((s) => accepts(params, "sub_region", s.name));
    const start = params.dates.get("start_date");
    const end = params.dates.get("end_date");
    const offsets = BACKCAST_OFFSETS.length;
    const inWindow = (m: number) => (start === undefined || firstDayOfMonth(m + 1) - 1 >= start) && (end === undefined || firstDayOfMonth(m) <= end);
    const cells: { run: number; month: number }[] = [];
    for (const run of runs) for (let i = 0; i < offsets; i++) if (inWindow(monthOfDay(run) + BACKCAST_OFFSETS[i])) cells.push({ run, month: monthOfDay(run) + BACKCAST_OFFSETS[i] });
    const rows = {
      count: cells.length * subs.length,
      row(k: number) {
        const { run, month } = cells[Math.floor(k / subs.length)];
        const s = subs[k % subs.length];
        const f = subRegionForecast(data.seed, s.index, run, month);
        return {
          date: formatMonth(month),
          forecast_run_date: formatDay(run),
          sub_region: s.name,
          gas_daily: Number(f.gas.toPrecision(8)),
          gas_monthly: Math.round(f.gas * daysInMonth(month) * 1e6),
          oil_daily: Math.round(f.oil * 100) / 100,
          oil_monthly: Math.round(f.oil * daysInMonth(month)),
        };
      },
    };
    const dims = params.listOrder.get("aggregate_by")?.map((d) => d.toLowerCase());
    if (!dims) return { rows };
    const fields = dims.filter((d) => d !== "date");
    return { rows: listRowSet(aggregateRows(rowsOf(rows), { dateField: "date", groupFields: fields, sumFields: MEASURES }), (r) => r) };
  },
};
