/**
 * v4 series by region and sub-region: fracked feet, daily production, DUCs, the long-term forecast.
 */
import type { EndpointSpec } from "../../../catalog/types";
import { v4Field as F } from "../shared/fields";
import { date, range, county, operator, region_natgas, sub_region_natgas, state_code, post } from "./params";

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
  },
  dailyProduction: {
    ...post,
    method: "dailyProduction",
    path: "/v4/dailyproduction",
    params: [date("date_prod_min"), date("date_prod_max"), region_natgas, sub_region_natgas],
    ranges: [range("date_prod_min", "date_prod_max")],
    record: {
      name: "natgas.v4.dailyProduction",
      fields: [F.date_prod, { name: "prod_dry_gas_bcf_day", type: "float", unit: "BCF/day" }, F.region_natgas, F.sub_region_natgas],
    },
  },
  ducsByOperator: {
    ...post,
    method: "ducsByOperator",
    path: "/v4/ducsbyoperator",
    params: [county, operator, region_natgas, state_code, sub_region_natgas, date("date_observed_min"), date("date_observed_max")],
    ranges: [range("date_observed_min", "date_observed_max")],
    record: {
      name: "natgas.v4.ducsByOperator",
      fields: [F.county, { name: "date_observed", type: "date" }, { name: "ducs_count", type: "int" }, F.operator, F.region_natgas, F.state_code, F.sub_region_natgas],
    },
  },
  longTermForecast: {
    ...post,
    method: "longTermForecast",
    path: "/v4/longtermforecast",
    params: [date("date_prod_min"), date("date_prod_max"), region_natgas, sub_region_natgas],
    ranges: [range("date_prod_min", "date_prod_max")],
    record: {
      name: "natgas.v4.longTermForecast",
      fields: [
        F.date_prod,
        { name: "prod_dry_gas_bcf_day", type: "float", unit: "BCF/day" },
        { name: "prod_oil_bbl_day", type: "float", unit: "BBL/day" },
        F.region_natgas,
        F.sub_region_natgas,
      ],
    },
  },
} as const satisfies Record<string, EndpointSpec>;
