import { daysInMonth, formatDay, formatMonth } from "../../core/dates";
import type { Well } from "../model/wells";

/** The v3 forecast record fields of one well-month from one run (gas BCF/day to 1e-8, gas_monthly MCF, oil BBL). */
export function v3ForecastRecord(well: Well, month: number, runDay: number, gas: number | null, oil: number | null): Record<string, unknown> {
  const days = daysInMonth(month);
  return {
    api: well.api,
    county: well.county.name,
    date: formatMonth(month),
    forecast_run_date: formatDay(runDay),
    // 1e-8 BCF/day = 0.01 MCF/day, the rounding of v4's MCF rates: the same well-month is the same number in both
    gas_daily: gas === null ? null : Math.round(gas * 1e8) / 1e8,
    gas_monthly: gas === null ? null : Math.round(gas * days * 1e6),
    oil_daily: oil === null ? null : Math.round(oil * 100) / 100,
    oil_monthly: oil === null ? null : Math.round(oil * days),
    operator_name: well.operatorName,
    region: well.county.region,
    state_ab: well.county.stateAb,
    sub_region: well.county.subRegion,
  };
}
