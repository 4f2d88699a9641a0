import { daysInMonth, formatMonth, monthOfDay } from "../../core/dates";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasDataset } from "../model/dataset";
import type { NatgasEndpoint } from "../shared/endpoint";
import { wellMonth } from "../model/well-production";
import type { Well } from "../model/wells";
import type { ParsedParams } from "../shared/params";
import { listRowSet, rowsOf } from "../shared/row-set";
import { aggregateBy } from "../v3/shared-params";
import { matchingWells } from "../v3/wells";
import { acceptsWellId, DATE, LIST, MCF_PER_BCF, MONTH_INDEX, V4_LOCATION, V4_NAMES, WET_OVER_DRY, wellIdOf } from "./v4-params";
import { wellMonthRows } from "../shared/well-month-rows";
import { productionRowsWriter } from "./production-bytes";

/** Month range of a well under date_prod_min/max and production_month_min/max (1 = first productive month). */
export function wellMonthRange(params: ParsedParams, w: Well, lastMonth: number): [number, number] {
  return wellMonthRangeOf(params, lastMonth)(w);
}

/**
 * wellMonthRange with the query's bounds read once: a month's request (the lake sync asks month by
 * month) asks it of every producing well, and each call made two Dates to turn the date filters into
 * months.
 */
export function wellMonthRangeOf(params: ParsedParams, lastMonth: number): (w: Well) => [number, number] {
  const min = params.dates.get("date_prod_min");
  const max = params.dates.get("date_prod_max");
  const pmMin = params.ints.get("production_month_min");
  const pmMax = params.ints.get("production_month_max");
  const from = min === undefined ? -Infinity : monthOfDay(min);
  const to = max === undefined ? lastMonth : Math.min(lastMonth, monthOfDay(max));
  return (w) => {
    let first = Math.max(w.firstProdMonth, from);
    let last = to;
    if (pmMin !== undefined) first = Math.max(first, w.firstProdMonth + pmMin - 1);
    if (pmMax !== undefined) last = Math.min(last, w.firstProdMonth + pmMax - 1);
    return [first, last];
  };
}

const WELL_FILTERS = [...Object.values(V4_NAMES), "well_id"];

/** Wells passing the v4 location, operator and well_id filters (the list itself when none is given). */
export function v4Wells(wells: readonly Well[], params: ParsedParams): readonly Well[] {
  if (WELL_FILTERS.every((name) => !params.lists.has(name))) return wells;
  return matchingWells(wells, params, V4_NAMES).filter((w) => acceptsWellId(params, w));
}

/**
 * Per-month text and day counts and per-well ids, made once: a million-row NDJSON answer otherwise
 * formats the same few hundred months and 24,000 ids a million times (bench scenario sandbox-ndjson).
 */
const monthText = new Map<number, { readonly date: string; readonly days: number }>();
const wellIds = new Map<number, string>();

function monthOf(month: number): { readonly date: string; readonly days: number } {
  let m = monthText.get(month);
  if (m === undefined) monthText.set(month, (m = { date: formatMonth(month), days: daysInMonth(month) }));
  return m;
}

function wellIdText(api: number): string {
  let id = wellIds.get(api);
  if (id === undefined) wellIds.set(api, (id = wellIdOf(api)));
  return id;
}

/**
 * The v4 productionbywell record of a well-month (wet gas in MCF, oil and water in BBL; ~0.4% nulls).
 * production-bytes.ts writes the same record as bytes for NDJSON and JSON answers: change both.
 */
function productionRecord(data: NatgasDataset, w: Well, month: number): Record<string, unknown> {
  const { date, days } = monthOf(month);
  const v = wellMonth(data.seed, w, month);
  const invalid = v.invalid;
  const wet = v.gas * MCF_PER_BCF * WET_OVER_DRY;
  const oil = v.oil;
  const water = v.water;
  return {
    well_id: wellIdText(w.api),
    county: w.county.name,
    date_prod: date,
    prod_wet_gas_mcf_day: invalid ? null : Math.round(wet * 100) / 100,
    prod_wet_gas_mcf_month: invalid ? null : Math.round(wet * days),
    prod_oil_bbl_day: invalid ? null : Math.round(oil * 100) / 100,
    prod_oil_bbl_month: invalid ? null : Math.round(oil * days),
    operator: w.operatorName,
    production_month: month - w.firstProdMonth + 1,
    region_natgas: w.county.region,
    state_code: w.county.stateAb,
    sub_region_natgas: w.county.subRegion,
    prod_water_bbl_day: invalid ? null : Math.round(water * 100) / 100,
    prod_water_bbl_month: invalid ? null : Math.round(water * days),
    well_name: w.wellName,
  };
}

const MEASURES = ["prod_wet_gas_mcf_day", "prod_wet_gas_mcf_month", "prod_oil_bbl_day", "prod_oil_bbl_month", "prod_water_bbl_day", "prod_water_bbl_month"];

/**
 * POST /v4/productionbywell: monthly production of every producing well, from its first month to the
 * month before asOf. `aggregate_by` (county, operator, region_natgas, state_code, sub_region_natgas,
 * date_prod) sums by month and the chosen columns, with `count` = wells summed: the replacement of
 * the deprecated productionbycountyandoperator.
 */
export const productionByWell: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: {
    well_id: LIST,
    ...V4_LOCATION,
    date_prod_min: DATE,
    date_prod_max: DATE,
    production_month_min: MONTH_INDEX,
    production_month_max: MONTH_INDEX,
    aggregate_by: aggregateBy("county", "operator", "region_natgas", "state_code", "sub_region_natgas", "date_prod"),
  },
  answer(params, data) {
    const wells = v4Wells(data.producingWells, params);
    const range = wellMonthRangeOf(params, data.lastHistoryMonth);
    const rows = wellMonthRows(wells, range, (w, m) => productionRecord(data, w, m), productionRowsWriter(data));
    const dims = params.listOrder.get("aggregate_by");
    if (!dims) return { rows };
    const fields = dims.map((d) => d.toLowerCase()).filter((d) => d !== "date_prod");
    const grouped = aggregateRows(rowsOf(rows), { dateField: "date_prod", groupFields: fields, sumFields: MEASURES, countField: "count" });
    return { rows: listRowSet(grouped, (r) => r) };
  },
};
