/**
 * v4 series by region and sub-region: fracked feet, daily production, DUCs, the long-term forecast.
 */
import type { EndpointSpec } from "../../../catalog/types";
import { v4Field as F, v4Measure as M } from "../shared/fields";
import { date, range, aggregateBy, county, operator, region_natgas, sub_region_natgas, state_code, post, SPEC, MIGRATION_GUIDE, excelPage } from "./params";

const date_observed = { name: "date_observed", type: "date" } as const;
const ducs_count = { name: "ducs_count", type: "int", description: "drilled but uncompleted wells" } as const;

/** Series by region and sub-region: fracked feet, daily production, DUCs, the long-term forecast. */
export const v4Series = {
  dailyFrackedFeet: {
    ...post,
    method: "dailyFrackedFeet",
    path: "/v4/dailyfrackedfeet",
    params: [date("date_frac_min"), date("date_frac_max"), region_natgas, sub_region_natgas],
    ranges: [range("date_frac_min", "date_frac_max")],
    record: {
      name: "natgas.v4.dailyFrackedFeet",
      fields: [{ name: "date_frac", type: "date" }, { name: "fracked_feet", type: "float", unit: "ft" }, F.region_natgas, F.sub_region_natgas],
    },
    source: { spec: SPEC, docs: [MIGRATION_GUIDE] },
  },
  dailyProduction: {
    ...post,
    method: "dailyProduction",
    path: "/v4/dailyproduction",
    params: [aggregateBy(["region_natgas", "sub_region_natgas", "date_prod"] as const), date("date_prod_min"), date("date_prod_max"), region_natgas, sub_region_natgas],
    ranges: [range("date_prod_min", "date_prod_max")],
    record: { name: "natgas.v4.dailyProduction", fields: [F.date_prod, M.prod_dry_gas_bcf_day, F.region_natgas, F.sub_region_natgas] },
    aggregatedRecord: { name: "natgas.v4.dailyProduction.aggregated", fields: [F.date_prod, M.prod_dry_gas_bcf_day] },
    source: {
      spec: SPEC,
      docs: [excelPage("dailyproduction"), MIGRATION_GUIDE],
      choice:
        "aggregate_by from the Excel page (its syntax names it; its example is \"date\"): the values are the record's region_natgas, sub_region_natgas and date_prod, as longtermforecast and lower_48_stf_filled; the daily rates are summed per day.",
    },
  },
  ducsByOperator: {
    ...post,
    method: "ducsByOperator",
    path: "/v4/ducsbyoperator",
    params: [
      aggregateBy(["county", "operator", "region_natgas", "state_code", "sub_region_natgas", "date_observed"] as const),
      county,
      operator,
      region_natgas,
      state_code,
      sub_region_natgas,
      date("date_observed_min"),
      date("date_observed_max"),
    ],
    ranges: [range("date_observed_min", "date_observed_max")],
    record: {
      name: "natgas.v4.ducsByOperator",
      fields: [F.county, date_observed, ducs_count, F.operator, F.region_natgas, F.state_code, F.sub_region_natgas],
    },
    aggregatedRecord: { name: "natgas.v4.ducsByOperator.aggregated", fields: [date_observed, { ...ducs_count, description: "DUCs summed over the group" }] },
    source: {
      spec: SPEC,
      docs: [excelPage("ducsbyoperator"), MIGRATION_GUIDE],
      choice: "aggregate_by values: the page names the parameter but not its values; gasframes takes the record's place columns and date_observed, and sums ducs_count (no count field: the spec removed it).",
    },
  },
  longTermForecast: {
    ...post,
    method: "longTermForecast",
    path: "/v4/longtermforecast",
    params: [aggregateBy(["region_natgas", "sub_region_natgas", "date_prod"] as const), date("date_prod_min"), date("date_prod_max"), region_natgas, sub_region_natgas],
    ranges: [range("date_prod_min", "date_prod_max")],
    record: {
      name: "natgas.v4.longTermForecast",
      fields: [F.date_prod, M.prod_dry_gas_bcf_day, M.prod_oil_bbl_day, F.region_natgas, F.sub_region_natgas],
    },
    aggregatedRecord: { name: "natgas.v4.longTermForecast.aggregated", fields: [F.date_prod, M.prod_dry_gas_bcf_day, M.prod_oil_bbl_day] },
    source: {
      spec: SPEC,
      docs: [excelPage("longtermforecast"), MIGRATION_GUIDE],
      choice: "aggregate_by values: region_natgas, sub_region_natgas and date_prod (the page's example); the rates are summed.",
    },
  },
} as const satisfies Record<string, EndpointSpec>;
