/**
 * v3 production: monthly by county and operator (deprecated), monthly by well, and the daily
 * production model.
 */
import type { EndpointSpec } from "../../../catalog/types";
import { v3Field as F, v3PageField as P } from "../shared/fields";
import {
  aggregateBy,
  api,
  county,
  dateRange,
  end_date,
  operator,
  page,
  perMinute,
  post,
  production_month,
  region,
  ROW_LIMIT,
  SPEC_ENDPOINTS,
  SPEC_V4_CHANGES,
  source,
  start_date,
  state_code,
  sub_region,
} from "./params";

const MEASURES = [F.gas_daily, F.gas_monthly, F.oil_daily, F.oil_monthly, F.water_daily, F.water_monthly] as const;

/** Production endpoints by client method name. */
export const v3Production = {
  productionByCountyAndOperator: {
    ...post,
    method: "productionByCountyAndOperator",
    path: "/v3/productionbycountyandoperator",
    params: [operator, state_code, region, sub_region, start_date, end_date, aggregateBy(["operator", "region", "state_code", "sub_region"] as const)],
    ranges: dateRange,
    record: {
      name: "natgas.v3.productionByCountyAndOperator",
      fields: [F.county, F.date, F.gas_daily, F.gas_monthly, F.oil_daily, F.oil_monthly, F.operator_name, F.region, F.state_code, F.sub_region, F.water_daily, F.water_monthly],
    },
    aggregatedRecord: {
      name: "natgas.v3.productionByCountyAndOperator.aggregated",
      fields: [{ name: "aggregate_by", type: "string" }, { name: "aggregate_by_filter_value", type: "string" }, F.date, ...MEASURES],
    },
    // The sample labels the field table's state_code as state_ab: rows get the field table's name.
    fieldAliases: { state_ab: "state_code" },
    warnUnfiltered: true,
    rowLimit: ROW_LIMIT,
    deprecated: "use client.v4.productionByWell with aggregate_by instead (see docs/natural-gas.md, migrating from v3 to v4)",
    source: source({ spec: SPEC_ENDPOINTS }),
    description: "Monthly production by county and operator (deprecated).",
  },
  productionByWell: {
    ...post,
    method: "productionByWell",
    path: "/v3/productionbywell",
    params: [
      aggregateBy(["county", "date", "operator", "production_month", "region", "state_code", "sub_region"] as const),
      api,
      county,
      end_date,
      operator,
      production_month,
      region,
      start_date,
      state_code,
      sub_region,
    ],
    ranges: dateRange,
    record: {
      name: "natgas.v3.productionByWell",
      fields: [F.api, F.county, F.date, ...MEASURES, F.operator_name, P.production_month, F.region, F.state_ab, F.sub_region, P.well_name],
    },
    aggregatedRecord: {
      name: "natgas.v3.productionByWell.aggregated",
      fields: [F.county, F.date, F.operator_name, P.production_month, F.region, F.state_ab, F.sub_region, ...MEASURES, { name: "well_count", type: "int", description: "wells summed in the row" }],
    },
    warnUnfiltered: true,
    rowLimit: ROW_LIMIT,
    rateLimit: perMinute(300),
    source: source({
      docs: [page("productionbywell")],
      spec: SPEC_V4_CHANGES,
      choice: "fields are the v4 record under v3 names and v3 units (convention 7); aggregate_by values and the aggregated well_count are gasframes' choice, the page's table being cut off",
    }),
    description: "Monthly oil, gas and water production of each well (the replacement of productionByCountyAndOperator).",
  },
  dailyProduction: {
    ...post,
    method: "dailyProduction",
    path: "/v3/dailyproduction",
    params: [aggregateBy(["date", "region", "sub_region"] as const), end_date, region, start_date, sub_region],
    ranges: dateRange,
    record: {
      name: "natgas.v3.dailyProduction",
      fields: [F.date, { name: "dry_gas", type: "float", unit: "BCF/day", basis: "dry", description: "Modelled daily dry gas production" }, F.region, F.sub_region],
    },
    aggregatedRecord: {
      name: "natgas.v3.dailyProduction.aggregated",
      fields: [F.date, F.region, F.sub_region, { name: "dry_gas", type: "float", unit: "BCF/day", basis: "dry" }],
    },
    rateLimit: perMinute(300),
    source: source({
      docs: [page("dailyproduction")],
      spec: SPEC_V4_CHANGES,
      choice: "the field dry_gas is named by the spec's v4 table (prod_dry_gas_bcf_day, was dry_gas); aggregate_by values are gasframes' choice",
    }),
    description: "The daily gas production model for the lower 48, by sub-region.",
  },
} as const satisfies Record<string, EndpointSpec>;
