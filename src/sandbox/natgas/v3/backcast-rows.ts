import { firstDayOfMonth, monthOfDay } from "../../core/dates";
import { FIRST_RUN_DAY } from "../model/dataset";
import type { NatgasDataset } from "../model/dataset";
import { forecastOf, runCutoff } from "../model/forecast";
import type { Well } from "../model/wells";
import type { RowSet } from "../shared/row-set";

/** Months per API in a backcast: two before the run's month, the month, three after. */
export const BACKCAST_OFFSETS = [-2, -1, 0, 1, 2, 3] as const;

/**
 * The runs a backcast query reads: the run nearest to `wanted` (ties go to the earlier run; a date
 * before 2021-01-15 has no data), or every run when no date is given.
 */
export function selectRuns(data: NatgasDataset, wanted: number | undefined): number[] {
  if (wanted === undefined) return [...data.runDays];
  if (wanted < FIRST_RUN_DAY || data.runDays.length === 0) return [];
  let best = data.runDays[0];
  for (const day of data.runDays) if (Math.abs(day - wanted) < Math.abs(best - wanted)) best = day;
  return [best];
}

/**
 * Backcast rows, run-major, then wells (first-production order), then month. `wells` must be in
 * first-production order: the wells a run covers (producing by the run's month) are then a prefix,
 * so any offset is found by binary search over per-run prefix sums instead of enumeration.
 */
export function backcastRows(
  data: NatgasDataset,
  wells: readonly Well[],
  runs: readonly number[],
  startDay: number | undefined,
  endDay: number | undefined,
  toRecord: (well: Well, month: number, runDay: number, gas: number | null, oil: number | null) => Record<string, unknown>,
): RowSet {
  const firstProd = Int32Array.from(wells, (w) => w.firstProdMonth);
  const perRun = runs.map((runDay) => {
    const runMonth = monthOfDay(runDay);
    const months = BACKCAST_OFFSETS.map((o) => runMonth + o).filter(
      (m) => (startDay === undefined || firstDayOfMonth(m + 1) - 1 >= startDay) && (endDay === undefined || firstDayOfMonth(m) <= endDay),
    );
    return { runDay, cutoff: runCutoff(data, runDay), months, active: upperBound(firstProd, runMonth) };
  });
  const prefix = new Float64Array(perRun.length + 1);
  perRun.forEach((r, i) => (prefix[i + 1] = prefix[i] + r.active * r.months.length));
  return {
    count: prefix[perRun.length],
    row(k) {
      let lo = 0;
      let hi = perRun.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (prefix[mid] <= k) lo = mid;
        else hi = mid - 1;
      }
      const run = perRun[lo];
      const local = k - prefix[lo];
      const n = run.months.length;
      const well = wells[Math.floor(local / n)];
      const month = run.months[local % n];
      const f = forecastOf(data.seed, well, run.runDay, run.cutoff, month);
      return toRecord(well, month, run.runDay, f.gas, f.oil);
    },
  };
}

/** Number of entries <= value in an ascending array. */
function upperBound(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
