import { formatDay } from "../../core/dates";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasEndpoint } from "../shared/endpoint";
import { SUB_REGIONS } from "../geo/geography";
import { FIRST_ACTIVITY_DAY } from "../model/dataset";
import { dailyGas } from "../model/daily-gas";
import { accepts, listRowSet, rowsOf } from "../shared/row-set";
import { aggregateBy, DATE, LIST } from "./shared-params";

/**
 * POST /v3/dailyproduction: modelled dry gas per sub-region and day (BCF/day) from 2020-01-01 to the
 * day before asOf, day-major. `aggregate_by` region or sub_region sums by day and that column; date
 * alone gives the lower-48 total per day.
 */
export const dailyProduction: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: { aggregate_by: aggregateBy("date", "region", "sub_region"), end_date: DATE, region: LIST, start_date: DATE, sub_region: LIST },
  answer(params, data) {
    const subs = SUB_REGIONS.map((s, index) => ({ ...s, index })).filter((s) => accepts(params, "region", s.region) && accepts(params, "sub_region", s.name));
    const from = Math.max(FIRST_ACTIVITY_DAY, params.dates.get("start_date") ?? FIRST_ACTIVITY_DAY);
    const to = Math.min(data.asOfDay - 1, params.dates.get("end_date") ?? data.asOfDay - 1);
    const rows = {
      count: Math.max(0, to - from + 1) * subs.length,
      row(k: number) {
        const day = from + Math.floor(k / subs.length);
        const s = subs[k % subs.length];
        return { date: formatDay(day), dry_gas: dailyGas(data.seed, s.index, day), region: s.region, sub_region: s.name };
      },
    };
    const dims = params.listOrder.get("aggregate_by")?.map((d) => d.toLowerCase());
    if (!dims) return { rows };
    const fields = dims.filter((d) => d !== "date");
    return { rows: listRowSet(aggregateRows(rowsOf(rows), { dateField: "date", groupFields: fields, sumFields: ["dry_gas"] }), (r) => r) };
  },
};
