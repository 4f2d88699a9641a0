import { daysInMonth, formatDay, formatMonth, monthOfDay } from "../../core/dates";
import { SandboxHttpError } from "../../core/types";
import type { NatgasDataset } from "../model/dataset";
import { ROW_LIMIT } from "../shared/endpoint";
import type { NatgasEndpoint } from "../shared/endpoint";
import { forecastOf, runCutoff } from "../model/forecast";
import type { Well } from "../model/wells";
import { backcastRows, selectRuns } from "../v3/backcast-rows";
import { forecastMonths, latestRunRows } from "../v3/short-term-forecast";
import { wellMonthRange, v4Wells } from "./production-by-well";
import { DATE, LIST, MCF_PER_BCF, MONTH_INDEX, V4_LOCATION, WET_OVER_DRY, wellIdOf } from "./v4-params";
import { wellMonthRows } from "../shared/well-month-rows";

function place(w: Well): Record<string, unknown> {
  return { operator: w.operatorName, region_natgas: w.county.region, state_code: w.county.stateAb, sub_region_natgas: w.county.subRegion };
}

const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/** POST /v4/shorttermforecast: as v3 (latest run, 5 months back to 3 ahead), dry gas in MCF. */
export const v4ShortTermForecast: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { well_id: LIST, ...V4_LOCATION, date_prod_min: DATE, date_prod_max: DATE },
  answer(params, data) {
    const wells = v4Wells(data.producingWells, params);
    const months = forecastMonths(params, data, "date_prod_min", "date_prod_max");
    return {
      rows: latestRunRows(data, wells, months, (w, month, runDay, gas, oil) => {
        const days = daysInMonth(month);
        const dry = gas === null ? null : gas * MCF_PER_BCF;
        return {
          well_id: wellIdOf(w.api),
          county: w.county.name,
          date_prod: formatMonth(month),
          date_forecast_run: formatDay(runDay),
          prod_dry_gas_mcf_day: round2(dry),
          prod_dry_gas_mcf_month: dry === null ? null : Math.round(dry * days),
          prod_oil_bbl_day: round2(oil),
          prod_oil_bbl_month: oil === null ? null : Math.round(oil * days),
          ...place(w),
        };
      }),
    };
  },
};

/**
 * POST /v4/shorttermforecasthistory: as v3, with `date_forecast_run` (nearest run; every run when
 * absent, which an unfiltered query exceeds the 1,000,000-row limit with) and wet gas in MCF/day.
 */
export const v4ShortTermForecastHistory: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { well_id: LIST, county: LIST, date_forecast_run: DATE, date_prod_min: DATE, date_prod_max: DATE, region_natgas: LIST, sub_region_natgas: LIST },
  answer(params, data) {
    const wells = v4Wells(data.producingWells, params);
    const runs = selectRuns(data, params.dates.get("date_forecast_run"));
    const rows = backcastRows(data, wells, runs, params.dates.get("date_prod_min"), params.dates.get("date_prod_max"), (w, month, runDay, gas, oil) => ({
      well_id: wellIdOf(w.api),
      county: w.county.name,
      date_prod: formatMonth(month),
      date_forecast_run: formatDay(runDay),
      prod_wet_gas_mcf_day: round2(gas === null ? null : gas * MCF_PER_BCF * WET_OVER_DRY),
      prod_oil_bbl_day: round2(oil),
      ...place(w),
    }));
    if (rows.count > ROW_LIMIT) {
      throw new SandboxHttpError(
        400,
        `shorttermforecasthistory: the query matches ${rows.count} rows, more than the 1,000,000-row limit; add filters such as date_forecast_run, well_id, county, region_natgas, sub_region_natgas, date_prod_min or date_prod_max`,
      );
    }
    return { rows };
  },
};

/** GET /v4/shorttermforecasthistorydates: every forecast run, `{date_forecast_run}` objects ascending. */
export const v4ShortTermForecastHistoryDates: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer(_params, data: NatgasDataset) {
    return { json: data.runDays.map((d) => ({ date_forecast_run: formatDay(d) })) };
  },
};

/**
 * POST /v4/shorttermforecastdeclines: the latest run's decline curve of each well, month by month
 * from first production to 3 months after asOf; production_month counts from 1; count is 1 per record.
 */
export const v4ShortTermForecastDeclines: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { well_id: LIST, ...V4_LOCATION, date_prod_min: DATE, date_prod_max: DATE, production_month_min: MONTH_INDEX, production_month_max: MONTH_INDEX },
  answer(params, data) {
    const runDay = data.runDays[data.runDays.length - 1];
    if (runDay === undefined) return { rows: { count: 0, row: () => ({}) } };
    const wells = v4Wells(data.producingWells, params).filter((w) => w.firstProdMonth <= monthOfDay(runDay));
    const cutoff = runCutoff(data, runDay);
    const rows = wellMonthRows(wells, (w) => wellMonthRange(params, w, data.asOfMonth + 3), (w, month) => {
      const f = forecastOf(data.seed, w, runDay, cutoff, month);
      return {
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
    });
    return { rows };
  },
};
