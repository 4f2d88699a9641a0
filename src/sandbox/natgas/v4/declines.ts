import { firstDayOfMonth, formatMonth, monthOfDay } from "../../core/dates";
import { forecastOf, runCutoff } from "../model/forecast";
import type { Well } from "../model/wells";
import type { NatgasEndpoint } from "../shared/endpoint";
import type { ParsedParams } from "../shared/params";
import { inRange } from "../shared/row-set";
import { aggregateBy } from "../v3/shared-params";
import { place, round2, WELL_DIMENSIONS } from "./forecasts";
import { wellMonthRange, v4Wells } from "./production-by-well";
import { groupV4 } from "./v4-aggregate";
import { DATE, LIST, MCF_PER_BCF, MONTH_INDEX, V4_LOCATION, WET_OVER_DRY, wellIdOf } from "./v4-params";
import { wellMonthRows } from "../shared/well-month-rows";

/** Months a state takes to publish a well's first production: wells younger than this are not state-reported. */
const STATE_REPORTING_LAG_MONTHS = 3;

/** Whether the state has published production for the well (its first month is old enough to be reported). */
function stateReported(w: Well, lastHistoryMonth: number): boolean {
  return w.firstProdMonth <= lastHistoryMonth - STATE_REPORTING_LAG_MONTHS;
}

/** The month range of a well under the month filters, narrowed by `modeled` (after the run's cutoff) and `production_month`. */
function monthsOf(params: ParsedParams, w: Well, last: number, cutoff: number): [number, number] {
  let [first, end] = wellMonthRange(params, w, last);
  const modeled = params.bools.get("modeled");
  if (modeled === true) first = Math.max(first, cutoff + 1);
  if (modeled === false) end = Math.min(end, cutoff);
  const listed = [...(params.lists.get("production_month") ?? [])].map(Number).filter(Number.isInteger);
  if (listed.length > 0) {
    first = Math.max(first, w.firstProdMonth + Math.min(...listed) - 1);
    end = Math.min(end, w.firstProdMonth + Math.max(...listed) - 1);
  }
  return [first, end];
}

/**
 * POST /v4/shorttermforecastdeclines: the latest run's decline curve of each well, month by month
 * from first production to 3 months after asOf; production_month counts from 1; count is 1 per record.
 * Filters (vendor's v4 page): first_production_month_min/max (the well's first month), production_month
 * (a list), modeled (true: months after the run's last known month, which the model fills),
 * state_reported (the state has published the well: first production 3 or more months before the last
 * history month). aggregate_by sums per month and chosen columns (also first_production_month,
 * production_month, modeled), `count` = wells; aggregation_type "avg" divides the sums by that count.
 */
export const v4ShortTermForecastDeclines: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: {
    well_id: LIST,
    ...V4_LOCATION,
    date_prod_min: DATE,
    date_prod_max: DATE,
    production_month_min: MONTH_INDEX,
    production_month_max: MONTH_INDEX,
    production_month: LIST,
    first_production_month_min: DATE,
    first_production_month_max: DATE,
    modeled: { kind: "bool" },
    state_reported: { kind: "bool" },
    aggregation_type: { kind: "str", values: ["sum", "avg"] },
    aggregate_by: aggregateBy(...WELL_DIMENSIONS, "first_production_month", "production_month", "modeled"),
  },
  answer(params, data) {
    const runDay = data.runDays[data.runDays.length - 1];
    if (runDay === undefined) return { rows: { count: 0, row: () => ({}) } };
    const cutoff = runCutoff(data, runDay);
    const reported = params.bools.get("state_reported");
    const months = params.lists.get("production_month");
    const byModeled = (params.listOrder.get("aggregate_by") ?? []).some((d) => d.toLowerCase() === "modeled");
    const wells = v4Wells(data.producingWells, params).filter(
      (w) =>
        w.firstProdMonth <= monthOfDay(runDay) &&
        inRange(params, "first_production_month_min", "first_production_month_max", firstDayOfMonth(w.firstProdMonth)) &&
        (reported === undefined || stateReported(w, data.lastHistoryMonth) === reported),
    );
    const rows = wellMonthRows(wells, (w) => monthsOf(params, w, data.asOfMonth + 3, cutoff), (w, month) => {
      const f = forecastOf(data.seed, w, runDay, cutoff, month);
      const row: Record<string, unknown> = {
        well_id: wellIdOf(w.api),
        county: w.county.name,
        date_prod: formatMonth(month),
        first_production_month: formatMonth(w.firstProdMonth),
        prod_wet_gas_mcf_day: round2(f.gas === null ? null : f.gas * MCF_PER_BCF * WET_OVER_DRY),
        count: 1,
        prod_oil_bbl_day: round2(f.oil),
        production_month: month - w.firstProdMonth + 1,
        ...place(w),
      };
      // The v4 record has no `modeled`; a row carries it only to be grouped by it.
      if (byModeled) row.modeled = month > cutoff;
      return row;
    });
    const picked = months === undefined ? rows : onlyMonths(rows, months);
    return {
      rows: groupV4(picked, params, {
        dateField: "date_prod",
        sumFields: ["prod_wet_gas_mcf_day", "prod_oil_bbl_day"],
        countField: "count",
        average: params.lists.get("aggregation_type")?.has("avg") === true,
      }),
    };
  },
};

/** Rows whose production_month is in the list (a list filter the month range cannot express). */
function onlyMonths(rows: { count: number; row(k: number): Record<string, unknown> }, months: ReadonlySet<string>) {
  const kept: Record<string, unknown>[] = [];
  for (let k = 0; k < rows.count; k++) {
    const r = rows.row(k);
    if (months.has(String(r.production_month))) kept.push(r);
  }
  return { count: kept.length, row: (k: number) => kept[k] };
}
