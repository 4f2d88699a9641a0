import { firstDayOfMonth, monthOfDay } from "../../core/dates";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasDataset } from "../model/dataset";
import type { NatgasEndpoint } from "../shared/endpoint";
import { forecastOf, runCutoff } from "../model/forecast";
import type { Well } from "../model/wells";
import type { ParsedParams } from "../shared/params";
import { listRowSet, rowsOf } from "../shared/row-set";
import type { RowSet } from "../shared/row-set";
import { v3ForecastRecord } from "./forecast-fields";
import { aggregateBy, DATE, LIST, V3_DIMENSION_FIELD } from "./shared-params";
import { matchingWells } from "./wells";

/** Months before asOf's month that the latest run fills in (state data lags), and months ahead it predicts. */
export const GAP_FILL_MONTHS = 5;
export const HORIZON_MONTHS = 3;

/** Months of the latest run overlapping [startName, endName]. */
export function forecastMonths(params: ParsedParams, data: NatgasDataset, startName: string, endName: string): number[] {
  const start = params.dates.get(startName);
  const end = params.dates.get(endName);
  const months: number[] = [];
  for (let m = data.asOfMonth - GAP_FILL_MONTHS; m <= data.asOfMonth + HORIZON_MONTHS; m++) {
    if (start !== undefined && firstDayOfMonth(m + 1) - 1 < start) continue;
    if (end !== undefined && firstDayOfMonth(m) > end) continue;
    months.push(m);
  }
  return months;
}

/** Rows well-major (API order within first-production order), then month, from the latest run. */
export function latestRunRows(
  data: NatgasDataset,
  wells: readonly Well[],
  months: readonly number[],
  toRecord: (well: Well, month: number, runDay: number, gas: number | null, oil: number | null) => Record<string, unknown>,
): RowSet {
  const runDay = data.runDays[data.runDays.length - 1];
  if (runDay === undefined || months.length === 0) return { count: 0, row: () => ({}) };
  const active = wells.filter((w) => w.firstProdMonth <= monthOfDay(runDay));
  const n = months.length;
  const cutoff = runCutoff(data, runDay);
  return {
    count: active.length * n,
    row(k) {
      const well = active[Math.floor(k / n)];
      const month = months[k % n];
      const f = forecastOf(data.seed, well, runDay, cutoff, month);
      return toRecord(well, month, runDay, f.gas, f.oil);
    },
  };
}

/** POST /v3/shorttermforecast: the latest run, 5 gap-filled months before asOf's month to 3 months ahead. */
export const shortTermForecast: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: {
    aggregate_by: aggregateBy("county", "date", "operator", "region", "state_code", "sub_region"),
    county: LIST,
    end_date: DATE,
    operator: LIST,
    region: LIST,
    start_date: DATE,
    state_code: LIST,
    sub_region: LIST,
  },
  answer(params, data) {
    const wells = matchingWells(data.producingWells, params);
    const rows = latestRunRows(data, wells, forecastMonths(params, data, "start_date", "end_date"), v3ForecastRecord);
    const dims = params.listOrder.get("aggregate_by");
    if (!dims) return { rows };
    const fields = dims.filter((d) => d.toLowerCase() !== "date").map((d) => V3_DIMENSION_FIELD[d.toLowerCase()]);
    const sums = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly"];
    const grouped = aggregateRows(rowsOf(rows), { dateField: "date", groupFields: fields, sumFields: sums, carryFields: ["forecast_run_date"] });
    return { rows: listRowSet(grouped, (r) => r) };
  },
};
