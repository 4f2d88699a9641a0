import { daysInMonth, formatMonth, monthOfDay } from "../../core/dates";
import { SandboxHttpError } from "../../core/types";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasDataset } from "../model/dataset";
import { ROW_LIMIT } from "../shared/endpoint";
import type { NatgasEndpoint } from "../shared/endpoint";
import { wellMonth } from "../model/well-production";
import type { Well } from "../model/wells";
import type { ParsedParams } from "../shared/params";
import { accepts, listRowSet, rowsOf } from "../shared/row-set";
import { wellMonthRows } from "../shared/well-month-rows";
import { aggregateBy, DATE, LIST, V3_DIMENSION_FIELD, API } from "./shared-params";
import { matchingWells } from "./wells";

const MEASURES = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"];
const DIMENSION_FIELD: Record<string, string> = { ...V3_DIMENSION_FIELD, production_month: "production_month" };

/** Months of a well under start_date / end_date (a monthly date stands for its month) up to the last history month. */
function monthRange(params: ParsedParams, w: Well, lastMonth: number): [number, number] {
  const start = params.dates.get("start_date");
  const end = params.dates.get("end_date");
  return [Math.max(w.firstProdMonth, start === undefined ? -Infinity : monthOfDay(start)), Math.min(lastMonth, end === undefined ? Infinity : monthOfDay(end))];
}

/**
 * The v3 record of a well-month: the same well-month as v4 productionbywell, in v3 names and units
 * (gas BCF/day and MCF, dry like productionbycountyandoperator, so sums by county and operator agree
 * with it), null where the input was invalid.
 */
function productionRecord(data: NatgasDataset, w: Well, month: number): Record<string, unknown> {
  const days = daysInMonth(month);
  const v = wellMonth(data.seed, w, month);
  const value = (x: number, digits: number) => (v.invalid ? null : Math.round(x * 10 ** digits) / 10 ** digits);
  return {
    api: w.api,
    county: w.county.name,
    date: formatMonth(month),
    gas_daily: value(v.gas, 8),
    gas_monthly: v.invalid ? null : Math.round(v.gas * days * 1e6),
    oil_daily: value(v.oil, 2),
    oil_monthly: v.invalid ? null : Math.round(v.oil * days),
    water_daily: value(v.water, 2),
    water_monthly: v.invalid ? null : Math.round(v.water * days),
    operator_name: w.operatorName,
    production_month: month - w.firstProdMonth + 1,
    region: w.county.region,
    state_ab: w.county.stateAb,
    sub_region: w.county.subRegion,
    well_name: w.wellName,
  };
}

/**
 * POST /v3/productionbywell: monthly production of each producing well from its first month to the
 * month before asOf. `production_month` keeps the months whose index (1 = first) is listed. More than
 * 1,000,000 matching rows is refused, as the page says. `aggregate_by` sums by date and the chosen
 * columns, with `well_count` = wells summed.
 */
export const productionByWellV3: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: {
    aggregate_by: aggregateBy("county", "date", "operator", "production_month", "region", "state_code", "sub_region"),
    api: API,
    county: LIST,
    end_date: DATE,
    operator: LIST,
    production_month: LIST,
    region: LIST,
    start_date: DATE,
    state_code: LIST,
    sub_region: LIST,
  },
  answer(params, data) {
    const wells = matchingWells(data.producingWells, params).filter((w) => accepts(params, "api", w.api));
    const picked = params.lists.get("production_month");
    const months = picked ? [...picked].map(Number).filter((n) => Number.isSafeInteger(n) && n >= 1) : undefined;
    if (picked && months!.length !== picked.size) throw new SandboxHttpError(400, `/v3/productionbywell: "production_month" takes whole numbers >= 1, got ${[...picked].join(", ")}`);
    let rows = wellMonthRows(wells, (w) => monthRange(params, w, data.lastHistoryMonth), (w, m) => productionRecord(data, w, m));
    if (months) {
      const list = wells.flatMap((w) => {
        const [first, last] = monthRange(params, w, data.lastHistoryMonth);
        return months.map((n) => w.firstProdMonth + n - 1).filter((m) => m >= first && m <= last).sort((a, b) => a - b).map((m) => [w, m] as const);
      });
      rows = listRowSet(list, ([w, m]) => productionRecord(data, w, m));
    }
    if (rows.count > ROW_LIMIT) {
      throw new SandboxHttpError(
        400,
        `productionbywell: the query matches ${rows.count} rows, more than the 1,000,000-row limit; add filters such as api, county, operator, region, sub_region, state_code, production_month, start_date or end_date`,
      );
    }
    const dims = params.listOrder.get("aggregate_by");
    if (!dims) return { rows };
    const fields = dims.filter((d) => d.toLowerCase() !== "date").map((d) => DIMENSION_FIELD[d.toLowerCase()]);
    const grouped = aggregateRows(rowsOf(rows), { dateField: "date", groupFields: fields, sumFields: MEASURES, countField: "well_count" });
    return { rows: listRowSet(grouped, (r) => r) };
  },
};
