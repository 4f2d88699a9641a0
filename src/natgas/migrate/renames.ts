/**
 * Every v3 -> v4 rename, as data (spec: natgas-service.md, Versioning). The conversion functions,
 * `client.v4.asV3` and the migration table of docs/natural-gas.md are all driven by this table.
 */

/**
 * One renamed name. `convert`: `"id"` for api (int) <-> well_id (string); a number k for v4 = v3 x k (a
 * unit change); `"pyBool"` for a flag v3 takes as the vendor's Python client sends it (`"True"`/`"False"`)
 * and v4 as a JSON boolean.
 */
export interface Rename {
  readonly v3: string;
  readonly v4: string;
  readonly convert?: "id" | "pyBool" | number;
}

/**
 * A v3 field v4 no longer returns but that can be rebuilt from a v4 field:
 * - `monthFromDaily`: monthly total = daily rate x days in the month of `dateField` (rounded to an integer);
 * - `copy`: the same value under the v3 name (v3 ducsbyoperator `count` = `ducs_count`).
 * On the way to v4 a derived field is dropped (v4 has no place for it).
 */
export interface DerivedField {
  readonly v3: string;
  readonly kind: "monthFromDaily" | "copy";
  /** The v3 field it is computed from (after renaming back). */
  readonly from: string;
  /** For `monthFromDaily`: the v3 date field giving the month. */
  readonly dateField?: string;
}

/**
 * A v3 field that v3-shaped rows leave null: v4 has a value of that name's kind but not of its meaning
 * (v4 reports wet gas where v3 `gas_daily` is dry gas), and no conversion between the two is documented.
 */
export interface UnfilledField {
  readonly v3: string;
  /** Why, and where the v4 value went instead. */
  readonly reason: string;
}

/** A field v3-shaped rows add for a v4 value that has no v3 field of the same meaning. */
export interface AddedField {
  readonly name: string;
  readonly type: "float" | "int";
  readonly unit: string;
  readonly description: string;
}

/** How one v3 endpoint moves to v4. */
export interface EndpointMigration {
  /** v3 path (the endpoint may be one this client does not call, e.g. `/v3/operatorclassification`). */
  readonly v3Path: string;
  /** The v4 client method. */
  readonly v4: string;
  readonly v4Path: string;
  /** v3 request parameter -> v4 request parameter. */
  readonly params: readonly Rename[];
  /** v3 `aggregate_by` value -> v4 value. */
  readonly aggregateBy: readonly Rename[];
  /** v3 record field -> v4 record field (plain and aggregated rows). */
  readonly fields: readonly Rename[];
  readonly derived: readonly DerivedField[];
  /** v3 field names also accepted on the way to v4 (spec rule 4: `county_name` for `county`). */
  readonly v3Aliases?: Readonly<Record<string, string>>;
  /** v3 fields left null in v3-shaped rows: v4 has nothing of their meaning. */
  readonly unfilled?: readonly UnfilledField[];
  /** Fields v3-shaped rows add (after the v3 fields) for v4 values of another meaning. */
  readonly added?: readonly AddedField[];
  /** What a user should know. */
  readonly note?: string;
}

const MCF_PER_BCF = 1_000_000;

/**
 * v4 `prod_wet_gas_*` is wet gas; v3 `gas_daily`/`gas_monthly` is dry gas (v4 `longtermforecast`
 * `prod_dry_gas_bcf_day` "was gas_daily", spec). The spec gives no wet-to-dry factor (NGL shrink
 * varies by basin), so the wet values keep a wet name and the dry v3 fields stay null.
 */
const WET_REASON = (v4: string, instead: string): string =>
  `v4 reports wet gas (${v4}); v3 gas is dry gas and the spec documents no wet-to-dry conversion, so this stays null: the wet value is in ${instead}`;
const wetGasDaily: AddedField = { name: "wet_gas_daily", type: "float", unit: "BCF/day", description: "Wet gas rate (BCF/day, wet basis: not v3's dry gas_daily), from v4 prod_wet_gas_mcf_day / 1,000,000" };
const wetGasMonthly = (from: string): AddedField => ({ name: "wet_gas_monthly", type: "int", unit: "MCF", description: `Wet gas in the month (MCF, wet basis: not v3's dry gas_monthly), ${from}` });
const wetUnfilled = (monthlyFrom: string): UnfilledField[] => [
  { v3: "gas_daily", reason: WET_REASON("prod_wet_gas_mcf_day", "wet_gas_daily") },
  { v3: "gas_monthly", reason: WET_REASON(monthlyFrom, "wet_gas_monthly") },
];

const regionParams: Rename[] = [
  { v3: "region", v4: "region_natgas" },
  { v3: "sub_region", v4: "sub_region_natgas" },
];
const dateParams = (min: string, max: string): Rename[] => [
  { v3: "start_date", v4: min },
  { v3: "end_date", v4: max },
];
/** Spec rule 3: renamed response fields. */
const commonFields: Rename[] = [
  { v3: "api", v4: "well_id", convert: "id" },
  { v3: "operator_name", v4: "operator" },
  { v3: "state_ab", v4: "state_code" },
  { v3: "region", v4: "region_natgas" },
  { v3: "sub_region", v4: "sub_region_natgas" },
];
const aggregateByRegions = (date: string): Rename[] => [{ v3: "date", v4: date }, ...regionParams];
const monthly = (v3: string, from: string): DerivedField => ({ v3, kind: "monthFromDaily", from, dateField: "date" });

/** Every v3 endpoint that has a v4 counterpart, keyed by the v3 client method name. */
export const V3_TO_V4 = {
  rigs: {
    v3Path: "/v3/rigs",
    v4: "rigs",
    v4Path: "/v4/rigs",
    params: [...regionParams, ...dateParams("date_observed_min", "date_observed_max")],
    aggregateBy: aggregateByRegions("date_observed"),
    fields: [...commonFields, { v3: "date", v4: "date_observed" }, { v3: "rigs_count", v4: "count" }],
    derived: [],
  },
  fracCrews: {
    v3Path: "/v3/fraccrews",
    v4: "fracCrews",
    v4Path: "/v4/fraccrews",
    params: [...regionParams, ...dateParams("date_frac_min", "date_frac_max")],
    aggregateBy: aggregateByRegions("date_frac"),
    fields: [...commonFields, { v3: "date", v4: "date_frac" }, { v3: "frac_crews_count", v4: "count" }],
    derived: [],
  },
  completions: {
    v3Path: "/v3/completions",
    v4: "completions",
    v4Path: "/v4/completions",
    params: [...regionParams, ...dateParams("date_completion_start_min", "date_completion_end_max")],
    aggregateBy: [{ v3: "date", v4: "date_completion_end" }, { v3: "end_date", v4: "date_completion_end" }, ...regionParams],
    fields: [
      ...commonFields,
      { v3: "start_date", v4: "date_completion_start" },
      { v3: "end_date", v4: "date_completion_end" },
      { v3: "completions_count", v4: "count" },
    ],
    derived: [],
    note: "v3 start_date (fracking started on or after) becomes date_completion_start_min and v3 end_date (fracking ended on or before) becomes date_completion_end_max; v4 adds date_completion_start_max and date_completion_end_min. v3 aggregate_by date and end_date both group by the completion end date (date_completion_end), as the v3 aggregated rows show.",
  },
  dailyFrackedFeet: {
    v3Path: "/v3/dailyfrackedfeet",
    v4: "dailyFrackedFeet",
    v4Path: "/v4/dailyfrackedfeet",
    params: [...regionParams, ...dateParams("date_frac_min", "date_frac_max")],
    aggregateBy: [],
    fields: [...commonFields, { v3: "date", v4: "date_frac" }],
    derived: [],
  },
  longTermForecast: {
    v3Path: "/v3/longtermforecast",
    v4: "longTermForecast",
    v4Path: "/v4/longtermforecast",
    params: [...regionParams, ...dateParams("date_prod_min", "date_prod_max")],
    aggregateBy: [],
    fields: [
      ...commonFields,
      { v3: "date", v4: "date_prod" },
      { v3: "gas_daily", v4: "prod_dry_gas_bcf_day" },
      { v3: "oil_daily", v4: "prod_oil_bbl_day" },
    ],
    derived: [],
    note: "v4 rows carry no state: v3 state_ab has no v4 source (null in v3-shaped rows).",
  },
  shortTermForecast: {
    v3Path: "/v3/shorttermforecast",
    v4: "shortTermForecast",
    v4Path: "/v4/shorttermforecast",
    params: [...regionParams, ...dateParams("date_prod_min", "date_prod_max")],
    aggregateBy: aggregateByRegions("date_prod"),
    fields: [
      ...commonFields,
      { v3: "date", v4: "date_prod" },
      { v3: "forecast_run_date", v4: "date_forecast_run" },
      { v3: "gas_daily", v4: "prod_dry_gas_mcf_day", convert: MCF_PER_BCF },
      { v3: "gas_monthly", v4: "prod_dry_gas_mcf_month" },
      { v3: "oil_daily", v4: "prod_oil_bbl_day" },
      { v3: "oil_monthly", v4: "prod_oil_bbl_month" },
    ],
    derived: [],
    v3Aliases: { county_name: "county" },
    note: "gas_daily is BCF/day in v3 and prod_dry_gas_mcf_day MCF/day in v4 (x 1,000,000).",
  },
  shortTermForecastHistory: {
    v3Path: "/v3/shorttermforecasthistory",
    v4: "shortTermForecastHistory",
    v4Path: "/v4/shorttermforecasthistory",
    params: [
      { v3: "api", v4: "well_id", convert: "id" },
      { v3: "forecast_run_date", v4: "date_forecast_run" },
      ...regionParams,
      ...dateParams("date_prod_min", "date_prod_max"),
    ],
    aggregateBy: aggregateByRegions("date_prod"),
    fields: [
      ...commonFields,
      { v3: "date", v4: "date_prod" },
      { v3: "forecast_run_date", v4: "date_forecast_run" },
      { v3: "wet_gas_daily", v4: "prod_wet_gas_mcf_day", convert: MCF_PER_BCF },
      { v3: "oil_daily", v4: "prod_oil_bbl_day" },
    ],
    derived: [monthly("wet_gas_monthly", "wet_gas_daily"), monthly("oil_monthly", "oil_daily")],
    v3Aliases: { county_name: "county" },
    unfilled: wetUnfilled("prod_wet_gas_mcf_day x days in the month"),
    added: [wetGasDaily, wetGasMonthly("rebuilt as wet_gas_daily x days in the month")],
    note: "v4 returns daily rates only: oil_monthly (BBL) and wet_gas_monthly (MCF) are rebuilt as daily x days in the month. v4 gas is wet gas: it goes to wet_gas_daily / wet_gas_monthly, and v3's dry gas_daily / gas_monthly stay null (no documented wet-to-dry conversion).",
  },
  productionByCountyAndOperator: {
    v3Path: "/v3/productionbycountyandoperator",
    v4: "productionByWell",
    v4Path: "/v4/productionbywell",
    params: [...regionParams, ...dateParams("date_prod_min", "date_prod_max")],
    aggregateBy: regionParams,
    fields: [
      ...commonFields.filter((r) => r.v3 !== "state_ab"),
      { v3: "date", v4: "date_prod" },
      { v3: "wet_gas_daily", v4: "prod_wet_gas_mcf_day", convert: MCF_PER_BCF },
      { v3: "wet_gas_monthly", v4: "prod_wet_gas_mcf_month" },
      { v3: "oil_daily", v4: "prod_oil_bbl_day" },
      { v3: "oil_monthly", v4: "prod_oil_bbl_month" },
      { v3: "water_daily", v4: "prod_water_bbl_day" },
      { v3: "water_monthly", v4: "prod_water_bbl_month" },
    ],
    derived: [],
    unfilled: wetUnfilled("prod_wet_gas_mcf_month"),
    added: [wetGasDaily, wetGasMonthly("from v4 prod_wet_gas_mcf_month")],
    note: "Deprecated in v3; its rows carry state_code (the field table's name; the sample's state_ab is read as state_code). v4 productionbywell returns wells. Without aggregate_by, client.v4.asV3 sums the wells per county, operator and month to rebuild the v3 rows. v4 gas is wet gas: it goes to wet_gas_daily / wet_gas_monthly, and v3's dry gas_daily / gas_monthly stay null (no documented wet-to-dry conversion).",
  },
  operatorClassification: {
    v3Path: "/v3/operatorclassification",
    v4: "operatorClassification",
    v4Path: "/v4/operatorclassification",
    params: [],
    aggregateBy: [],
    fields: [{ v3: "operator_name", v4: "operator" }],
    derived: [],
  },
  dailyProduction: {
    v3Path: "/v3/dailyproduction",
    v4: "dailyProduction",
    v4Path: "/v4/dailyproduction",
    params: [...regionParams, ...dateParams("date_prod_min", "date_prod_max")],
    aggregateBy: aggregateByRegions("date_prod"),
    fields: [...commonFields, { v3: "date", v4: "date_prod" }, { v3: "dry_gas", v4: "prod_dry_gas_bcf_day" }],
    derived: [],
  },
  ducsByOperator: {
    v3Path: "/v3/ducsbyoperator",
    v4: "ducsByOperator",
    v4Path: "/v4/ducsbyoperator",
    params: [...regionParams, ...dateParams("date_observed_min", "date_observed_max")],
    aggregateBy: aggregateByRegions("date_observed"),
    fields: [...commonFields, { v3: "date", v4: "date_observed" }],
    derived: [{ v3: "count", kind: "copy", from: "ducs_count" }],
    note: "v3 count is gone: ducs_count holds the same number. v4 takes aggregate_by again (the vendor's v4 page): v3 date groups by date_observed, region and sub_region by region_natgas and sub_region_natgas; grouped rows sum ducs_count.",
  },
  shortTermForecastDeclines: {
    v3Path: "/v3/shorttermforecastdeclines",
    v4: "shortTermForecastDeclines",
    v4Path: "/v4/shorttermforecastdeclines",
    params: [
      { v3: "api", v4: "well_id", convert: "id" },
      ...regionParams,
      ...dateParams("date_prod_min", "date_prod_max"),
      { v3: "first_production_month_start", v4: "first_production_month_min" },
      { v3: "first_production_month_end", v4: "first_production_month_max" },
      { v3: "modeled", v4: "modeled", convert: "pyBool" },
      { v3: "state_reported", v4: "state_reported", convert: "pyBool" },
    ],
    aggregateBy: aggregateByRegions("date_prod"),
    fields: [...commonFields, { v3: "county_name", v4: "county" }, { v3: "date", v4: "date_prod" }, { v3: "num_records", v4: "count" }],
    derived: [],
    note: "v4 takes v3's filters again (the vendor's v4 page): first_production_month_start/end become first_production_month_min/max; modeled and state_reported keep their names, True/False strings in v3 (as the vendor's client sends them) and JSON booleans in v4; production_month keeps its name; aggregation_type is v4's only. aggregate_by date becomes date_prod, region and sub_region region_natgas and sub_region_natgas; county, operator, state_code, first_production_month, production_month and modeled stay.",
  },
  shortTermForecastHistoryDates: {
    v3Path: "/v3/shorttermforecasthistorydates",
    v4: "shortTermForecastHistoryDates",
    v4Path: "/v4/shorttermforecasthistorydates",
    params: [],
    aggregateBy: [],
    fields: [{ v3: "forecast_run_date", v4: "date_forecast_run" }],
    derived: [],
  },
  filterRegions: {
    v3Path: "/v3/filter_regions (POST)",
    v4: "regions",
    v4Path: "/v4/regions (GET, no filters: filter the rows instead)",
    params: [],
    aggregateBy: [],
    fields: [...commonFields],
    derived: [],
  },
} as const satisfies Record<string, EndpointMigration>;

/** v3 endpoints with a v4 counterpart, by v3 method name. */
export type MigratedEndpoint = keyof typeof V3_TO_V4;

/** v3 client methods that have no v4 counterpart in the spec. */
export const V3_WITHOUT_V4 = ["wells", "pipelineScrapeStatus", "dtils"] as const;
