/**
 * Natural gas record fields, each defined once with its type and unit (spec: shared field
 * definitions and convention 7), and the request parameter kinds the endpoints share.
 */

import type { FieldType } from "../../../table/schema";

const f = <N extends string, T extends FieldType>(name: N, type: T, extra: { unit?: string; description?: string } = {}) =>
  ({ name, type, ...extra }) as { readonly name: N; readonly type: T; readonly unit?: string; readonly description?: string };

/** v3 record fields. */
export const v3Field = {
  api: f("api", "int", { description: "Unique, permanent numeric well identifier" }),
  county: f("county", "string"),
  operator_name: f("operator_name", "string"),
  region: f("region", "string"),
  sub_region: f("sub_region", "string"),
  state_ab: f("state_ab", "string"),
  state_code: f("state_code", "string"),
  wellpad_id: f("wellpad_id", "int"),
  lat: f("lat", "string", { unit: "degrees" }),
  long: f("long", "string", { unit: "degrees" }),
  date: f("date", "date"),
  forecast_run_date: f("forecast_run_date", "date"),
  gas_daily: f("gas_daily", "float", { unit: "BCF/day" }),
  gas_monthly: f("gas_monthly", "int", { unit: "MCF" }),
  oil_daily: f("oil_daily", "float", { unit: "BBL/day" }),
  oil_monthly: f("oil_monthly", "int", { unit: "BBL" }),
  water_daily: f("water_daily", "float", { unit: "BBL/day" }),
  water_monthly: f("water_monthly", "int", { unit: "BBL" }),
} as const;

/** v3 record fields of the endpoints only the vendor's published v3 pages describe (productionbywell, shorttermforecastdeclines). */
export const v3PageField = {
  well_name: f("well_name", "string"),
  production_month: f("production_month", "int", { description: "Months since first production, 1 = the first" }),
  first_production_month: f("first_production_month", "date", { description: "The well's first month of production" }),
} as const;

/** v4 record fields shared by several endpoints. */
export const v4Field = {
  well_id: f("well_id", "string", { description: "Well identifier (the v3 api, as a string)" }),
  county: f("county", "string"),
  operator: f("operator", "string"),
  region_natgas: f("region_natgas", "string"),
  sub_region_natgas: f("sub_region_natgas", "string"),
  state_code: f("state_code", "string"),
  wellpad_id: f("wellpad_id", "int"),
  lat: f("lat", "string", { unit: "degrees" }),
  long: f("long", "string", { unit: "degrees" }),
  count: f("count", "int"),
  date_prod: f("date_prod", "date"),
  date_forecast_run: f("date_forecast_run", "date"),
  production_month: f("production_month", "int"),
} as const;

const measure = <N extends string, U extends string, B extends "dry" | "wet" | undefined = undefined>(name: N, unit: U, basis?: B) =>
  (basis === undefined ? { name, type: "float", unit } : { name, type: "float", unit, basis }) as {
    readonly name: N;
    readonly type: "float";
    readonly unit: U;
    readonly basis?: "dry" | "wet";
  };

/**
 * v4 measures, each with its unit and, for gas, its basis: the vendor's v4 pages name dry gas
 * `prod_dry_gas_*` and wet gas `prod_wet_gas_*` (wet includes the natural gas liquids), and say the
 * aggregated forecast history is "reported on a dry basis". One definition per name, used by every v4 entry.
 */
export const v4Measure = {
  prod_dry_gas_bcf_day: measure("prod_dry_gas_bcf_day", "BCF/day", "dry"),
  prod_dry_gas_mcf_day: measure("prod_dry_gas_mcf_day", "MCF/day", "dry"),
  prod_dry_gas_mcf_month: measure("prod_dry_gas_mcf_month", "MCF", "dry"),
  prod_wet_gas_bcf_day: measure("prod_wet_gas_bcf_day", "BCF/day", "wet"),
  prod_wet_gas_mcf_day: measure("prod_wet_gas_mcf_day", "MCF/day", "wet"),
  prod_wet_gas_mcf_month: measure("prod_wet_gas_mcf_month", "MCF", "wet"),
  prod_oil_bbl_day: measure("prod_oil_bbl_day", "BBL/day"),
  prod_oil_bbl_month: measure("prod_oil_bbl_month", "BBL"),
  prod_water_bbl_day: measure("prod_water_bbl_day", "BBL/day"),
  prod_water_bbl_month: measure("prod_water_bbl_month", "BBL"),
} as const;

/** The first backcast forecast run: the spec says no backcast data exists before 2021-01-15. */
export const FIRST_BACKCAST_RUN = "2021-01-15";

/**
 * The first month any backcast covers: a run returns two months before its own month (spec: 6 months
 * per API, 2 before, the selected one, 3 after), so the first run reaches back to 2020-11.
 */
export const FIRST_BACKCAST_MONTH = "2020-11-01";

/** Parameter kinds. */
export const kind = {
  strArr: { kind: "strArr" },
  str: { kind: "str" },
  date: { kind: "date" },
  idArr: { kind: "idArr" },
  int: { kind: "int" },
  /** rig_class, frac_class, completion_class: "oil" or "gas", or a list of them as the vendor's client sends; sent as given. */
  oilOrGas: { kind: "str", values: ["oil", "gas"], orList: true },
  /** A backcast run date (v3 forecast_run_date, v4 date_forecast_run): none before the first run. */
  backcastRunDate: {
    kind: "date",
    notBefore: { date: FIRST_BACKCAST_RUN, why: "no backcast data exists before the first forecast run (the service would answer no rows)" },
  },
  /**
   * A well-level backcast run date (v3 shorttermforecasthistory forecast_run_date, v4 date_forecast_run):
   * none before the first run, and a warning for a run older than the two quarters the service is
   * understood to keep of well-level history (docs/conformance.md says where that comes from).
   */
  wellBackcastRunDate: {
    kind: "date",
    notBefore: { date: FIRST_BACKCAST_RUN, why: "no backcast data exists before the first forecast run (the service would answer no rows)" },
    keptMonths: {
      months: 6,
      why: "the service keeps about two quarters of well-level forecast history, so it may answer an older run's nearest kept run or no rows; stfAggregatedHistory keeps every run back to 2021-01-15 by sub-region",
    },
  },
  /** The end of a backcast's month window (v3 end_date, v4 date_prod_max): a window wholly before every backcast matches nothing. */
  backcastEndDate: {
    kind: "date",
    notBefore: {
      date: FIRST_BACKCAST_MONTH,
      why: `the earliest month any backcast covers is 2020-11 (two months before the first run, ${FIRST_BACKCAST_RUN}), so an earlier end matches no rows`,
    },
  },
} as const;
