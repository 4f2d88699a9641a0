import { daysInMonth, formatMonth, monthOfDay } from "../../core/dates";
import { SandboxHttpError } from "../../core/types";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasEndpoint } from "../shared/endpoint";
import { forecastOf, runCutoff } from "../model/forecast";
import type { Well } from "../model/wells";
import { accepts, listRowSet, rowsOf } from "../shared/row-set";
import { wellMonthRows } from "../shared/well-month-rows";
import { HORIZON_MONTHS } from "./short-term-forecast";
import { aggregateBy, DATE, LIST, V3_DIMENSION_FIELD, API } from "./shared-params";
import { matchingWells } from "./wells";

const DIMENSION_FIELD: Record<string, string> = { ...V3_DIMENSION_FIELD, first_production_month: "first_production_month", modeled: "modeled", production_month: "production_month" };
const MEASURES = ["gas_daily", "gas_monthly", "oil_daily"];


/**
 * POST /v3/shorttermforecastdeclines: the latest run's decline curve of each well, month by month from
 * first production to 3 months after asOf (the same curve as v4's, in v3 names and units). `modeled`:
 * months after the last reported month come from the model; `state_reported` is its opposite.
 * `aggregate_by` sums by date and the chosen columns (`aggregation_type: "avg"`: the mean per well);
 * `num_records` counts the wells summed. `modeled`/`state_reported` take "True"/"False" (the vendor's
 * client) or JSON booleans.
 */
export const shortTermForecastDeclines: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: {
    aggregate_by: aggregateBy("county", "date", "first_production_month", "modeled", "operator", "production_month", "region", "state_code", "sub_region"),
    api: API,
    county: LIST,
    end_date: DATE,
    first_production_month_end: DATE,
    first_production_month_start: DATE,
    aggregation_type: { kind: "str", values: ["sum", "avg"] },
    modeled: { kind: "pyBool" },
    operator: LIST,
    production_month: LIST,
    region: LIST,
    start_date: DATE,
    state_code: LIST,
    sub_region: LIST,
    state_reported: { kind: "pyBool" },
  },
  answer(params, data) {
    const runDay = data.runDays[data.runDays.length - 1];
    if (runDay === undefined) return { rows: { count: 0, row: () => ({}) } };
    const cutoff = runCutoff(data, runDay);
    const fpmStart = params.dates.get("first_production_month_start");
    const fpmEnd = params.dates.get("first_production_month_end");
    const wells = matchingWells(data.producingWells, params).filter(
      (w) =>
        accepts(params, "api", w.api) &&
        w.firstProdMonth <= monthOfDay(runDay) &&
        (fpmStart === undefined || w.firstProdMonth >= monthOfDay(fpmStart)) &&
        (fpmEnd === undefined || w.firstProdMonth <= monthOfDay(fpmEnd)),
    );
    const picked = params.lists.get("production_month");
    const indexes = picked ? new Set([...picked].map(Number)) : undefined;
    if (indexes && [...indexes].some((n) => !Number.isSafeInteger(n) || n < 1)) {
      throw new SandboxHttpError(400, `/v3/shorttermforecastdeclines: "production_month" takes whole numbers >= 1, got ${[...picked!].join(", ")}`);
    }
    // modeled = the month is past the last reported one; state_reported = the month is reported.
    let modeled = params.bools.get("modeled");
    const reported = params.bools.get("state_reported");
    if (reported !== undefined) {
      if (modeled !== undefined && modeled === reported) return { rows: { count: 0, row: () => ({}) } };
      modeled = !reported;
    }
    const start = params.dates.get("start_date");
    const end = params.dates.get("end_date");
    const range = (w: Well): [number, number] => {
      let first = Math.max(w.firstProdMonth, start === undefined ? -Infinity : monthOfDay(start));
      let last = Math.min(data.asOfMonth + HORIZON_MONTHS, end === undefined ? Infinity : monthOfDay(end));
      if (modeled === true) first = Math.max(first, data.lastHistoryMonth + 1);
      if (modeled === false) last = Math.min(last, data.lastHistoryMonth);
      return [first, last];
    };
    const record = (w: Well, month: number) => {
      const f = forecastOf(data.seed, w, runDay, cutoff, month);
      const days = daysInMonth(month);
      return {
        api: w.api,
        county: w.county.name,
        date: formatMonth(month),
        first_production_month: formatMonth(w.firstProdMonth),
        gas_daily: f.gas === null ? null : Math.round(f.gas * 1e8) / 1e8,
        gas_monthly: f.gas === null ? null : Math.round(f.gas * days * 1e6),
        modeled: month > data.lastHistoryMonth,
        num_records: 1,
        oil_daily: f.oil === null ? null : Math.round(f.oil * 100) / 100,
        operator_name: w.operatorName,
        production_month: month - w.firstProdMonth + 1,
        region: w.county.region,
        state_ab: w.county.stateAb,
        sub_region: w.county.subRegion,
      };
    };
    let rows = wellMonthRows(wells, range, record);
    if (indexes) {
      const list = wells.flatMap((w) => {
        const [first, last] = range(w);
        return [...indexes].sort((a, b) => a - b).map((n) => w.firstProdMonth + n - 1).filter((m) => m >= first && m <= last).map((m) => [w, m] as const);
      });
      rows = listRowSet(list, ([w, m]) => record(w, m));
    }
    const dims = params.listOrder.get("aggregate_by")?.map((d) => d.toLowerCase());
    if (!dims) return { rows };
    const fields = dims.filter((d) => d !== "date").map((d) => DIMENSION_FIELD[d]);
    const grouped = aggregateRows(rowsOf(rows), { dateField: "date", groupFields: fields, sumFields: MEASURES, countField: "num_records" });
    // aggregation_type "avg": the mean per well of each summed rate (num_records = the wells in the group).
    if (params.lists.get("aggregation_type")?.has("avg")) {
      for (const r of grouped) {
        const n = r.num_records as number;
        for (const f of MEASURES) if (typeof r[f] === "number") r[f] = Number(((r[f] as number) / n).toPrecision(10));
      }
    }
    return { rows: listRowSet(grouped, (r) => r) };
  },
};
