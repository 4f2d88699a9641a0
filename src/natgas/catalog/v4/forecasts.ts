/**
 * v4 short-term forecasts: the latest forecast, its decline curves, its backcasts and their run dates.
 */
import type { EndpointSpec } from "../../../catalog/types";
import { kind, v4Field as F, v4Measure as M } from "../shared/fields";
import {
  date, int, bool, range, aggregateBy, county, operator, region_natgas, sub_region_natgas, state_code, well_id, ROW_LIMIT, post, get,
  SPEC, MIGRATION_GUIDE, excelPage,
} from "./params";

const PLACE_AND_MONTH = ["county", "operator", "region_natgas", "state_code", "sub_region_natgas", "date_prod"] as const;
const wellsSummed = { ...F.count, description: "wells summed" } as const;

/** Short-term forecasts: latest forecast, decline curves, backcasts, backcast run dates. */
export const v4Forecasts = {
  shortTermForecast: {
    ...post,
    method: "shortTermForecast",
    path: "/v4/shorttermforecast",
    params: [aggregateBy(PLACE_AND_MONTH), well_id, county, date("date_prod_min"), date("date_prod_max"), operator, region_natgas, state_code, sub_region_natgas],
    ranges: [range("date_prod_min", "date_prod_max")],
    record: {
      name: "natgas.v4.shortTermForecast",
      fields: [
        F.well_id, F.county, F.date_prod, F.date_forecast_run,
        M.prod_dry_gas_mcf_day, M.prod_dry_gas_mcf_month, M.prod_oil_bbl_day, M.prod_oil_bbl_month,
        F.operator, F.region_natgas, F.state_code, F.sub_region_natgas,
      ],
    },
    aggregatedRecord: {
      name: "natgas.v4.shortTermForecast.aggregated",
      fields: [F.date_prod, M.prod_dry_gas_mcf_day, M.prod_dry_gas_mcf_month, M.prod_oil_bbl_day, M.prod_oil_bbl_month, wellsSummed],
    },
    warnUnfiltered: true,
    source: {
      spec: SPEC,
      docs: [excelPage("shorttermforecast"), MIGRATION_GUIDE],
      choice: "aggregate_by values: the productionbywell set (place columns and date_prod); aggregated rows sum the rates and count the wells.",
    },
  },
  shortTermForecastDeclines: {
    ...post,
    method: "shortTermForecastDeclines",
    path: "/v4/shorttermforecastdeclines",
    params: [
      aggregateBy([...PLACE_AND_MONTH, "first_production_month", "production_month", "modeled"] as const),
      {
        name: "aggregation_type",
        type: { kind: "str", values: ["sum", "avg"] },
        description: "how aggregate_by combines the rates: sum (default) or avg, the mean per well",
      },
      well_id,
      county,
      date("date_prod_min"),
      date("date_prod_max"),
      date("first_production_month_min"),
      date("first_production_month_max"),
      bool("modeled", "true: only months whose numbers come from the forecast model; false: only reported ones"),
      operator,
      { name: "production_month", type: { kind: "intArr" }, description: "months since first production, 1 = the first" },
      int("production_month_min"),
      int("production_month_max"),
      region_natgas,
      state_code,
      bool("state_reported", "true: only wells the state has published production for; false: only wells it has not"),
      sub_region_natgas,
    ],
    ranges: [
      range("date_prod_min", "date_prod_max"),
      range("first_production_month_min", "first_production_month_max"),
      range("production_month_min", "production_month_max"),
    ],
    record: {
      name: "natgas.v4.shortTermForecastDeclines",
      fields: [
        F.well_id, F.county, F.date_prod, { name: "first_production_month", type: "date" },
        M.prod_wet_gas_mcf_day, F.count, M.prod_oil_bbl_day,
        F.operator, F.production_month, F.region_natgas, F.state_code, F.sub_region_natgas,
      ],
    },
    aggregatedRecord: {
      name: "natgas.v4.shortTermForecastDeclines.aggregated",
      // modeled is no field of the plain rows: declared here so that rows grouped by it read it as a bool.
      fields: [F.date_prod, M.prod_wet_gas_mcf_day, M.prod_oil_bbl_day, wellsSummed, { name: "modeled", type: "bool", description: "whether the month's numbers come from the forecast model" }],
    },
    warnUnfiltered: true,
    source: {
      spec: SPEC,
      docs: [excelPage("shorttermforecastdeclines"), "https://apidocs.synmax.com/references/shorttermforecastdeclines.html", MIGRATION_GUIDE],
      choice: "aggregate_by values: the v3 page's list under v4 names; aggregation_type values sum|avg (the page shows only \"sum\"); production_month is a list of integers as in v3.",
    },
  },
  shortTermForecastHistory: {
    ...post,
    method: "shortTermForecastHistory",
    path: "/v4/shorttermforecasthistory",
    params: [
      aggregateBy(PLACE_AND_MONTH),
      well_id,
      county,
      {
        name: "date_forecast_run",
        type: kind.wellBackcastRunDate,
        description:
          "the forecast run to replay (YYYY-MM-DD): the service answers the nearest run; absent, every run, " +
          "which unfiltered passes the 1,000,000-row limit (list the runs with shortTermForecastHistoryDates())",
      },
      date("date_prod_min"),
      { name: "date_prod_max", type: kind.backcastEndDate },
      operator,
      region_natgas,
      state_code,
      sub_region_natgas,
    ],
    ranges: [range("date_prod_min", "date_prod_max")],
    record: {
      name: "natgas.v4.shortTermForecastHistory",
      fields: [
        F.well_id, F.county, F.date_prod, F.date_forecast_run, M.prod_wet_gas_mcf_day, M.prod_oil_bbl_day,
        F.operator, F.region_natgas, F.state_code, F.sub_region_natgas,
      ],
    },
    aggregatedRecord: {
      name: "natgas.v4.shortTermForecastHistory.aggregated",
      fields: [F.date_prod, F.date_forecast_run, M.prod_wet_gas_mcf_day, M.prod_oil_bbl_day, wellsSummed],
    },
    warnUnfiltered: true,
    rowLimit: ROW_LIMIT,
    source: {
      spec: SPEC,
      docs: [excelPage("shorttermforecasthistory"), MIGRATION_GUIDE],
      choice:
        "date_forecast_run is optional (the page: \"date of nearest forecast\"): given, the nearest run; absent, every run, within the 1,000,000-row limit. " +
        "Aggregated rows are grouped by run as well as by aggregate_by, so runs are never summed together.",
    },
  },
  shortTermForecastHistoryDates: {
    ...get,
    // The spec says "object with date_forecast_run"; the transport takes one object or a list of them.
    decoder: "object",
    method: "shortTermForecastHistoryDates",
    path: "/v4/shorttermforecasthistorydates",
    record: { name: "natgas.v4.shortTermForecastHistoryDates", fields: [F.date_forecast_run] },
    source: { spec: SPEC, docs: [MIGRATION_GUIDE] },
  },
} as const satisfies Record<string, EndpointSpec>;
