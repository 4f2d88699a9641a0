/**
 * v4 short-term forecasts summed by sub-region: the aggregated backcast history and the filled Lower 48.
 */
import type { EndpointSpec } from "../../../catalog/types";
import { kind, v4Field as F, v4Measure as M } from "../shared/fields";
import { date, range, aggregateBy, region_natgas, sub_region_natgas, post, excelPage } from "./params";

/** Sub-region sums of the short-term forecast: its past runs, and the Lower 48 filled. */
export const v4StfAggregates = {
  stfAggregatedHistory: {
    ...post,
    method: "stfAggregatedHistory",
    path: "/v4/stfaggregatedhistory",
    params: [
      sub_region_natgas,
      {
        name: "date_forecast_run",
        type: kind.backcastRunDate,
        description: "the forecast run (YYYY-MM-DD): the service answers the nearest run; absent, every run since 2021-01-15",
      },
      date("date_prod_min"),
      { name: "date_prod_max", type: kind.backcastEndDate },
    ],
    ranges: [range("date_prod_min", "date_prod_max")],
    record: {
      name: "natgas.v4.stfAggregatedHistory",
      fields: [F.date_prod, F.date_forecast_run, F.sub_region_natgas, { ...M.prod_dry_gas_bcf_day, description: "the run's forecast for the month, dry basis" }],
    },
    source: {
      docs: [excelPage("stfaggregatedhistory"), "https://apidocs.synmax.com/references/stfaggregatedhistory.html"],
      choice:
        "The pages give the parameters and say production is on a dry basis, but not the v4 fields: gasframes names them as the other v4 " +
        "forecasts do (date_prod, date_forecast_run, sub_region_natgas, prod_dry_gas_bcf_day). Each run covers the backcast's six months.",
    },
  },
  lower48StfFilled: {
    ...post,
    method: "lower48StfFilled",
    path: "/v4/lower_48_stf_filled",
    params: [aggregateBy(["region_natgas", "sub_region_natgas", "date_prod"] as const), region_natgas, sub_region_natgas, date("date_prod_min"), date("date_prod_max")],
    ranges: [range("date_prod_min", "date_prod_max")],
    record: {
      name: "natgas.v4.lower48StfFilled",
      fields: [F.date_prod, F.region_natgas, F.sub_region_natgas, { ...M.prod_dry_gas_bcf_day, description: "short-term forecast production, filled by the pipeline-flow model where states do not report" }],
    },
    aggregatedRecord: { name: "natgas.v4.lower48StfFilled.aggregated", fields: [F.date_prod, M.prod_dry_gas_bcf_day] },
    source: {
      docs: [excelPage("lower_48_stf_filled")],
      choice:
        "The page gives the path, POST and the parameters, not the fields: gasframes answers monthly rows per sub-region with " +
        "prod_dry_gas_bcf_day (dry, as the short-term forecast), summed by aggregate_by (region_natgas, sub_region_natgas, date_prod).",
    },
  },
} as const satisfies Record<string, EndpointSpec>;
