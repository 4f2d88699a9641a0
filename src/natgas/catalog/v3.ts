/**
 * The natural gas v3 endpoints as data (spec: natgas-service.md, Endpoints and Request parameters).
 * Drives validation, the client's methods and their types, frame schemas and the tests.
 */
import type { EndpointSpec } from "../../catalog/types";
import { kind, v3Field as F } from "./shared/fields";

const ROW_LIMIT = 1_000_000;

const county = { name: "county", type: kind.strArr } as const;
const operator = { name: "operator", type: kind.strArr } as const;
const region = { name: "region", type: kind.strArr } as const;
const sub_region = { name: "sub_region", type: kind.strArr } as const;
const state_code = { name: "state_code", type: kind.strArr } as const;
const start_date = { name: "start_date", type: kind.date } as const;
const end_date = { name: "end_date", type: kind.date } as const;
const dateRange = [{ start: "start_date", end: "end_date" }] as const;
const aggregateBy = <V extends readonly string[]>(values: V) => ({ name: "aggregate_by", type: { kind: "strArr", values } }) as const;

const post = { service: "natgas", version: "v3", httpMethod: "POST", response: "envelope-paged" } as const;
const get = { service: "natgas", version: "v3", httpMethod: "GET", response: "envelope", params: [] } as const;

/** v3 endpoints by client method name. */
export const v3 = {
  shortTermForecastHistory: {
    ...post,
    method: "shortTermForecastHistory",
    path: "/v3/shorttermforecasthistory",
    params: [
      { name: "api", type: kind.idArr, description: "well API numbers (sent as strings)" },
      county,
      { name: "end_date", type: kind.backcastEndDate },
      {
        name: "forecast_run_date",
        type: kind.backcastRunDate,
        required: true,
        requiredHint: "the date of the forecast run to replay, YYYY-MM-DD; the nearest run is used (runs every 3 days since 2021-01-15)",
      },
      start_date,
      aggregateBy(["county", "date", "operator", "region", "state_code", "sub_region"] as const),
    ],
    ranges: dateRange,
    record: {
      name: "natgas.v3.shortTermForecastHistory",
      fields: [F.api, F.county, F.date, F.forecast_run_date, F.gas_daily, F.gas_monthly, F.oil_daily, F.oil_monthly, F.operator_name, F.region, F.state_ab, F.sub_region],
    },
    aggregatedRecord: {
      name: "natgas.v3.shortTermForecastHistory.aggregated",
      fields: [F.county, F.date, F.forecast_run_date, F.gas_daily, F.gas_monthly],
    },
    warnUnfiltered: true,
    rowLimit: ROW_LIMIT,
    description: "Monthly gas production backcasts by well API: six months per API (two before, the month, three after).",
  },
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
      fields: [
        { name: "aggregate_by", type: "string" },
        { name: "aggregate_by_filter_value", type: "string" },
        F.date,
        F.gas_daily,
        F.gas_monthly,
        F.oil_daily,
        F.oil_monthly,
        F.water_daily,
        F.water_monthly,
      ],
    },
    // The sample labels the field table's state_code as state_ab: rows get the field table's name.
    fieldAliases: { state_ab: "state_code" },
    warnUnfiltered: true,
    rowLimit: ROW_LIMIT,
    deprecated: "use client.v4.productionByWell with aggregate_by instead (see docs/natural-gas.md, migrating from v3 to v4)",
    description: "Monthly production by county and operator (deprecated).",
  },
  shortTermForecast: {
    ...post,
    method: "shortTermForecast",
    path: "/v3/shorttermforecast",
    params: [aggregateBy(["county", "date", "operator", "region", "state_code", "sub_region"] as const), county, end_date, operator, region, start_date, state_code, sub_region],
    ranges: dateRange,
    record: {
      name: "natgas.v3.shortTermForecast",
      fields: [F.api, F.county, F.date, F.forecast_run_date, F.gas_daily, F.gas_monthly, F.oil_daily, F.oil_monthly, F.operator_name, F.region, F.state_ab, F.sub_region],
    },
    aggregatedRecord: {
      name: "natgas.v3.shortTermForecast.aggregated",
      fields: [F.county, F.date, F.forecast_run_date, F.gas_daily, F.gas_monthly, F.oil_daily, F.oil_monthly],
    },
    warnUnfiltered: true,
    description: "Short-term monthly forecasts by well API, up to three months ahead.",
  },
  fracCrews: {
    ...post,
    method: "fracCrews",
    path: "/v3/fraccrews",
    params: [
      aggregateBy(["county", "date", "operator", "region", "service_company", "state_code", "sub_region"] as const),
      county,
      end_date,
      { name: "frac_class", type: kind.oilOrGas },
      operator,
      region,
      { name: "service_company", type: kind.strArr },
      start_date,
      state_code,
      sub_region,
    ],
    ranges: dateRange,
    record: {
      name: "natgas.v3.fracCrews",
      fields: [
        F.county,
        F.date,
        { name: "frac_class", type: "string" },
        F.lat,
        F.long,
        F.operator_name,
        F.region,
        { name: "service_company", type: "string" },
        F.state_ab,
        F.sub_region,
        F.wellpad_id,
      ],
    },
    aggregatedRecord: { name: "natgas.v3.fracCrews.aggregated", fields: [F.county, F.date, { name: "frac_crews_count", type: "int" }] },
    warnUnfiltered: true,
    description: "Frac crew locations by wellpad and date.",
  },
  completions: {
    ...post,
    method: "completions",
    path: "/v3/completions",
    params: [
      aggregateBy(["county", "date", "end_date", "operator", "region", "state_code", "sub_region"] as const),
      { name: "completion_class", type: kind.oilOrGas },
      county,
      end_date,
      operator,
      region,
      start_date,
      state_code,
      sub_region,
    ],
    ranges: dateRange,
    record: {
      name: "natgas.v3.completions",
      fields: [
        F.api,
        { name: "completion_class", type: "string" },
        F.county,
        { name: "end_date", type: "date", description: "End of fracking" },
        F.operator_name,
        F.region,
        { name: "start_date", type: "date", description: "Start of fracking" },
        F.state_ab,
        F.sub_region,
        F.wellpad_id,
      ],
    },
    aggregatedRecord: {
      name: "natgas.v3.completions.aggregated",
      fields: [{ name: "completions_count", type: "int" }, F.county, { name: "end_date", type: "date" }],
    },
    warnUnfiltered: true,
    description: "Well completions (start_date and end_date: when fracking started and ended).",
  },
  rigs: {
    ...post,
    method: "rigs",
    path: "/v3/rigs",
    params: [
      aggregateBy(["county", "date", "operator", "region", "state_code", "sub_region"] as const),
      county,
      end_date,
      operator,
      region,
      { name: "rig_class", type: kind.oilOrGas },
      start_date,
      state_code,
      sub_region,
    ],
    ranges: dateRange,
    record: {
      name: "natgas.v3.rigs",
      fields: [F.county, F.date, F.lat, F.long, F.operator_name, F.region, { name: "rig_class", type: "string" }, F.sub_region, F.wellpad_id, F.state_ab],
    },
    aggregatedRecord: { name: "natgas.v3.rigs.aggregated", fields: [F.county, F.date, { name: "rigs_count", type: "int" }] },
    warnUnfiltered: true,
    description: "Rig locations by wellpad and date.",
  },
  wells: {
    ...post,
    method: "wells",
    path: "/v3/wells",
    params: [county, end_date, operator, region, start_date, state_code, sub_region],
    ranges: dateRange,
    record: {
      name: "natgas.v3.wells",
      fields: [
        F.api,
        { name: "completion_date", type: "date" },
        F.county,
        { name: "horizontal_length", type: "int", unit: "ft" },
        F.lat,
        F.long,
        { name: "measured_depth", type: "int", unit: "ft" },
        F.operator_name,
        { name: "permit_date", type: "date" },
        { name: "production_first_date", type: "date" },
        F.region,
        F.sub_region,
        F.state_ab,
        { name: "spud_date", type: "date" },
        { name: "total_vertical_depth", type: "int", unit: "ft" },
        { name: "wellbore_type", type: "string", description: "vertical, horizontal or directional" },
        F.wellpad_id,
        { name: "lat_bottomhole", type: "string", unit: "degrees" },
        { name: "lon_bottomhole", type: "string", unit: "degrees" },
      ],
    },
    warnUnfiltered: true,
    description: "Well-level attributes.",
  },
  longTermForecast: {
    ...post,
    method: "longTermForecast",
    path: "/v3/longtermforecast",
    params: [end_date, region, start_date, sub_region],
    ranges: dateRange,
    record: { name: "natgas.v3.longTermForecast", fields: [F.date, F.gas_daily, F.oil_daily, F.region, F.state_ab, F.sub_region] },
    description: "Long-term monthly forecast for the next 12 months, lower 48 and sub-regions.",
  },
  dailyFrackedFeet: {
    ...post,
    method: "dailyFrackedFeet",
    path: "/v3/dailyfrackedfeet",
    params: [end_date, region, start_date, sub_region],
    ranges: dateRange,
    record: {
      name: "natgas.v3.dailyFrackedFeet",
      fields: [F.date, F.region, F.sub_region, { name: "fracked_feet", type: "float", unit: "ft" }],
    },
    description: "Fracked feet per day by sub-region.",
  },
  pipelineScrapeStatus: {
    ...get,
    method: "pipelineScrapeStatus",
    path: "/v3/pipelinescrapestatus",
    record: {
      name: "natgas.v3.pipelineScrapeStatus",
      fields: [
        F.date,
        { name: "id1_pct", type: "float", unit: "%" },
        { name: "id2_pct", type: "float", unit: "%" },
        { name: "id3_pct", type: "float", unit: "%" },
        { name: "other_pct", type: "float", unit: "%" },
        { name: "points_reporting_pct", type: "int", unit: "%" },
        { name: "timely_pct", type: "float", unit: "%" },
      ],
    },
    description: "Pipeline flow data scrape status.",
  },
  dtils: {
    ...get,
    method: "dtils",
    path: "/v3/dtils",
    record: {
      name: "natgas.v3.dtils",
      fields: [
        { name: "bcfd", type: "float", unit: "BCF/day" },
        { name: "frac_end", type: "date" },
        F.operator_name,
        { name: "til_date", type: "date" },
        F.wellpad_id,
        { name: "wells", type: "int" },
      ],
    },
    description: "Drilled-but-turned-in-line-pending (DTIL) wells per wellpad.",
  },
} as const satisfies Record<string, EndpointSpec>;

/** The v3 catalog's type. */
export type V3Catalog = typeof v3;

/**
 * Service labels that mean a schema field, by endpoint (the entries' `fieldAliases`): the
 * productionbycountyandoperator sample labels the field table's `state_code` as `state_ab`; rows are
 * normalised to the field table's name.
 */
export const v3FieldAliases: Partial<Record<keyof V3Catalog, Readonly<Record<string, string>>>> = {
  productionByCountyAndOperator: v3.productionByCountyAndOperator.fieldAliases,
};
