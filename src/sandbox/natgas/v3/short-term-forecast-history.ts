import { SandboxHttpError } from "../../core/types";
import { aggregateRows } from "../shared/aggregate";
import { ROW_LIMIT } from "../shared/endpoint";
import type { NatgasEndpoint } from "../shared/endpoint";
import { accepts, listRowSet, rowsOf } from "../shared/row-set";
import { backcastRows, selectRuns } from "./backcast-rows";
import { matchingWells } from "./wells";
import { v3ForecastRecord } from "./forecast-fields";
import { aggregateBy, DATE, LIST, V3_DIMENSION_FIELD, API } from "./shared-params";

/**
 * POST /v3/shorttermforecasthistory: backcasts. Six months per API around the month of the run nearest
 * to `forecast_run_date` (the page: "the closest forecast_run_date is returned"); without it, the latest
 * run. Runs every 3 days from 2021-01-15 up to asOf. `api` takes integers (the page's "integer array")
 * and digit strings (what older clients sent); `operator`, `state_code`, `region`, `sub_region` are the
 * Excel add-in page's filters.
 */
export const shortTermForecastHistory: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: {
    api: API,
    county: LIST,
    end_date: DATE,
    forecast_run_date: DATE,
    operator: LIST,
    region: LIST,
    start_date: DATE,
    state_code: LIST,
    sub_region: LIST,
    aggregate_by: aggregateBy("county", "date", "operator", "region", "state_code", "sub_region"),
  },
  answer(params, data) {
    const wells = matchingWells(data.producingWells, params).filter((w) => accepts(params, "api", w.api));
    const wanted = params.dates.get("forecast_run_date");
    const runs = wanted === undefined ? data.runDays.slice(-1) : selectRuns(data, wanted);
    const rows = backcastRows(data, wells, runs, params.dates.get("start_date"), params.dates.get("end_date"), v3ForecastRecord);
    if (rows.count > ROW_LIMIT) {
      throw new SandboxHttpError(
        400,
        `shorttermforecasthistory: the query matches ${rows.count} rows, more than the 1,000,000-row limit; add filters such as forecast_run_date, api, county, operator, sub_region, start_date or end_date`,
      );
    }
    const dims = params.listOrder.get("aggregate_by");
    if (!dims) return { rows };
    const fields = dims.filter((d) => d.toLowerCase() !== "date").map((d) => V3_DIMENSION_FIELD[d.toLowerCase()]);
    const grouped = aggregateRows(rowsOf(rows), {
      dateField: "date",
      groupFields: [...fields, "forecast_run_date"],
      sumFields: ["gas_daily", "gas_monthly"],
    });
    return { rows: listRowSet(grouped, (r) => r) };
  },
};
