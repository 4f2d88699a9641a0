import { daysInMonth, formatDay, formatMonth } from "../../core/dates";
import { SandboxHttpError } from "../../core/types";
import type { NatgasDataset } from "../model/dataset";
import { ROW_LIMIT } from "../shared/endpoint";
import type { NatgasEndpoint } from "../shared/endpoint";
import type { Well } from "../model/wells";
import { backcastRows, selectRuns } from "../v3/backcast-rows";
import { forecastMonths, latestRunRows } from "../v3/short-term-forecast";
import { aggregateBy } from "../v3/shared-params";
import { v4Wells } from "./production-by-well";
import { groupV4 } from "./v4-aggregate";
import { DATE, LIST, MCF_PER_BCF, V4_LOCATION, WET_OVER_DRY, wellIdOf } from "./v4-params";

/** aggregate_by of the well-level forecasts: the place columns and the month. */
export const WELL_DIMENSIONS = ["county", "operator", "region_natgas", "state_code", "sub_region_natgas", "date_prod"];

export function place(w: Well): Record<string, unknown> {
  return { operator: w.operatorName, region_natgas: w.county.region, state_code: w.county.stateAb, sub_region_natgas: w.county.subRegion };
}

export const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/**
 * POST /v4/shorttermforecast: as v3 (latest run, 5 months back to 3 ahead), dry gas in MCF; aggregate_by
 * sums the rates and volumes per month and chosen columns, `count` = wells summed.
 */
export const v4ShortTermForecast: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { well_id: LIST, ...V4_LOCATION, date_prod_min: DATE, date_prod_max: DATE, aggregate_by: aggregateBy(...WELL_DIMENSIONS) },
  answer(params, data) {
    const wells = v4Wells(data.producingWells, params);
    const months = forecastMonths(params, data, "date_prod_min", "date_prod_max");
    const rows = latestRunRows(data, wells, months, (w, month, runDay, gas, oil) => {
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
    });
    return {
      rows: groupV4(rows, params, {
        dateField: "date_prod",
        sumFields: ["prod_dry_gas_mcf_day", "prod_dry_gas_mcf_month", "prod_oil_bbl_day", "prod_oil_bbl_month"],
        countField: "count",
      }),
    };
  },
};

/**
 * POST /v4/shorttermforecasthistory: as v3, with `date_forecast_run` (nearest run; every run when
 * absent, which an unfiltered query exceeds the 1,000,000-row limit with), operator and state_code
 * filters, and wet gas in MCF/day. aggregate_by sums per run, month and chosen columns (runs are never
 * summed together), `count` = wells summed; the row limit counts the rows matched before grouping.
 */
export const v4ShortTermForecastHistory: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { well_id: LIST, ...V4_LOCATION, date_forecast_run: DATE, date_prod_min: DATE, date_prod_max: DATE, aggregate_by: aggregateBy(...WELL_DIMENSIONS) },
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
        `shorttermforecasthistory: the query matches ${rows.count} rows, more than the 1,000,000-row limit; add filters such as date_forecast_run, well_id, county, operator, state_code, region_natgas, sub_region_natgas, date_prod_min or date_prod_max`,
      );
    }
    return {
      rows: groupV4(rows, params, { dateField: "date_prod", alwaysBy: ["date_forecast_run"], sumFields: ["prod_wet_gas_mcf_day", "prod_oil_bbl_day"], countField: "count" }),
    };
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
