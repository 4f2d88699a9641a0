/**
 * Natural gas record fields, each defined once with its type and unit (spec: shared field
 * definitions and convention 7), and the request parameter kinds the endpoints share.
 */

import type { FieldType } from "../../frame/schema";

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

/** Parameter kinds. */
export const kind = {
  strArr: { kind: "strArr" },
  str: { kind: "str" },
  date: { kind: "date" },
  idArr: { kind: "idArr" },
  int: { kind: "int" },
  oilOrGas: { kind: "str", values: ["oil", "gas"] },
} as const;
