import { firstDayOfMonth, formatMonth } from "../../core/dates";
import { SandboxHttpError } from "../../core/types";
import { aggregateRows } from "../shared/aggregate";
import { FIRST_PRODUCTION_MONTH } from "../model/dataset";
import type { NatgasDataset } from "../model/dataset";
import { ROW_LIMIT } from "../shared/endpoint";
import type { NatgasEndpoint } from "../shared/endpoint";
import { PAIRS } from "../geo/geography";
import type { Pair } from "../geo/geography";
import { pairMonth } from "../model/pair-production";
import type { ParsedParams } from "../shared/params";
import { accepts, listRowSet } from "../shared/row-set";
import type { RowSet } from "../shared/row-set";
import { aggregateBy, DATE, LIST } from "./shared-params";

const DIMENSIONS = ["operator", "region", "state_code", "sub_region"];
const DIMENSION_FIELD: Record<string, string> = { operator: "operator_name", region: "region", state_code: "state_code", sub_region: "sub_region" };
const MEASURES = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"];

/** Months (month numbers) of the history that overlap [start_date, end_date]: a monthly date stands for its whole month. */
export function historyMonths(params: ParsedParams, data: NatgasDataset, startName = "start_date", endName = "end_date", first = FIRST_PRODUCTION_MONTH): number[] {
  const start = params.dates.get(startName);
  const end = params.dates.get(endName);
  const months: number[] = [];
  for (let m = first; m <= data.lastHistoryMonth; m++) {
    if (start !== undefined && firstDayOfMonth(m + 1) - 1 < start) continue;
    if (end !== undefined && firstDayOfMonth(m) > end) continue;
    months.push(m);
  }
  return months;
}

/** Pairs matching the operator / state / region / sub-region filters (named as in v3 or v4). */
export function matchingPairs(params: ParsedParams, names = { operator: "operator", state: "state_code", region: "region", subRegion: "sub_region", county: "county" }): Pair[] {
  return PAIRS.filter(
    (p) =>
      accepts(params, names.operator, p.operatorName) &&
      accepts(params, names.state, p.county.stateAb) &&
      accepts(params, names.region, p.county.region) &&
      accepts(params, names.subRegion, p.county.subRegion) &&
      accepts(params, names.county, p.county.name),
  );
}

/** Rows pair-by-month, month-major: row k is month k / pairs, pair k % pairs. */
function productionRows(data: NatgasDataset, pairs: readonly Pair[], months: readonly number[]): RowSet {
  const n = pairs.length;
  return {
    count: n * months.length,
    row(k) {
      const pair = pairs[k % n];
      const month = months[Math.floor(k / n)];
      const v = pairMonth(data.seed, pair, month);
      return {
        county: pair.county.name,
        date: formatMonth(month),
        gas_daily: v.gasDaily,
        gas_monthly: v.gasMonthly,
        oil_daily: v.oilDaily,
        oil_monthly: v.oilMonthly,
        operator_name: pair.operatorName,
        region: pair.county.region,
        state_code: pair.county.stateAb,
        sub_region: pair.county.subRegion,
        water_daily: v.waterDaily,
        water_monthly: v.waterMonthly,
      };
    },
  };
}

/** POST /v3/productionbycountyandoperator (deprecated in the service; still served). */
export const productionByCountyAndOperator: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: { operator: LIST, state_code: LIST, region: LIST, sub_region: LIST, start_date: DATE, end_date: DATE, aggregate_by: aggregateBy(...DIMENSIONS) },
  answer(params, data) {
    const pairs = matchingPairs(params, { operator: "operator", state: "state_code", region: "region", subRegion: "sub_region", county: "-" });
    const months = historyMonths(params, data);
    const rows = productionRows(data, pairs, months);
    if (rows.count > ROW_LIMIT) {
      throw new SandboxHttpError(
        400,
        `productionbycountyandoperator: the query matches ${rows.count} rows, more than the 1,000,000-row limit; add filters such as region, sub_region, state_code, operator, start_date or end_date`,
      );
    }
    const dims = params.listOrder.get("aggregate_by");
    if (!dims) return { rows };
    const fields = dims.map((d) => DIMENSION_FIELD[d.toLowerCase()]);
    const grouped = aggregateRows(iterate(rows), { dateField: "date", groupFields: fields, sumFields: MEASURES });
    const shaped = grouped.map((g) => ({
      aggregate_by: dims.map((d) => d.toLowerCase()).join(","),
      aggregate_by_filter_value: fields.map((f) => String(g[f])).join(","),
      date: g.date,
      ...Object.fromEntries(MEASURES.map((m) => [m, g[m]])),
    }));
    return { rows: listRowSet(shaped, (r) => r) };
  },
};

function* iterate(rows: RowSet): Generator<Record<string, unknown>> {
  for (let k = 0; k < rows.count; k++) yield rows.row(k);
}
