/**
 * v4 well-level production.
 */
import type { EndpointSpec } from "../../../catalog/types";
import { v4Field as F, v4Measure as M } from "../shared/fields";
import { date, int, range, aggregateBy, county, operator, region_natgas, sub_region_natgas, state_code, well_id, post, SPEC, MIGRATION_GUIDE } from "./params";

/** Well-level production. */
export const v4Wells = {
  productionByWell: {
    ...post,
    method: "productionByWell",
    path: "/v4/productionbywell",
    params: [
      aggregateBy(["county", "operator", "region_natgas", "state_code", "sub_region_natgas", "date_prod"] as const),
      well_id,
      county,
      operator,
      state_code,
      date("date_prod_min"),
      date("date_prod_max"),
      region_natgas,
      sub_region_natgas,
      int("production_month_min"),
      int("production_month_max"),
    ],
    ranges: [range("date_prod_min", "date_prod_max"), range("production_month_min", "production_month_max")],
    record: {
      name: "natgas.v4.productionByWell",
      fields: [
        F.well_id, F.county, F.date_prod,
        M.prod_wet_gas_mcf_day, M.prod_wet_gas_mcf_month, M.prod_oil_bbl_day, M.prod_oil_bbl_month,
        F.operator, F.production_month, F.region_natgas, F.state_code, F.sub_region_natgas,
        M.prod_water_bbl_day, M.prod_water_bbl_month, { name: "well_name", type: "string" },
      ],
    },
    aggregatedRecord: {
      name: "natgas.v4.productionByWell.aggregated",
      fields: [
        F.date_prod,
        M.prod_wet_gas_mcf_day, M.prod_wet_gas_mcf_month, M.prod_oil_bbl_day, M.prod_oil_bbl_month, M.prod_water_bbl_day, M.prod_water_bbl_month,
        { ...F.count, description: "wells summed" },
      ],
    },
    warnUnfiltered: true,
    source: { spec: SPEC, docs: [MIGRATION_GUIDE] },
  },
} as const satisfies Record<string, EndpointSpec>;
