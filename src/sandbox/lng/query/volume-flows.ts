/**
 * Volume flows computed from the sandbox's own transactions. Observed days (before the forecast
 * run): the sum of the matching observed transaction volumes arriving that day, count = their
 * number, std 0. Forecast days (from the run's day on): the sum of route_score_weighted_volume of
 * the run's matching forecast transactions arriving that day, count = the sum of their route_score,
 * and standard deviations from the arrival-time uncertainty: each forecast transaction arrives on
 * its day with probability P under a normal arrival time (sigma grows with the lead time), and adds
 * w^2 P (1 - P) to the variance of every day it could land on (w = its weighted volume, or its
 * route_score for the count). The volume stays the point estimate the spec defines (the transactions
 * whose forecast arrival falls on the day), so a day with volume 0 next to likely arrivals has a
 * positive std: one of them may land on it. A day no potential arrival can reach (none within 5 sigma
 * of it) has variance 0 and std 0, like an observed day: nothing is uncertain about it. A day with any
 * variance never reports less than 1e-6, so rounding never turns an uncertain day into a certain one.
 */
import type { LngDataset } from "../model/dataset";
import { FORECAST_HORIZON_DAYS, type ForecastTransaction } from "../model/forecasts";
import type { FilterableTransaction } from "./transaction-filter";
import { DAY_MS, HOUR_MS, formatIso } from "../model/time";

/** Smallest std reported for a forecast day that some potential arrival can reach (days none can reach report 0). */
export const MIN_FORECAST_STD = 1e-6;

type Predicate = (tx: FilterableTransaction) => boolean;

interface DayTotals {
  volume: number;
  count: number;
  volumeVar: number;
  countVar: number;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Standard normal CDF (Abramowitz-Stegun 7.1.26 erf, |error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** The reported std of a forecast day: 0 when no potential arrival can land on it, else at least {@link MIN_FORECAST_STD}. */
export function forecastStd(variance: number): number {
  return variance > 0 ? Math.max(MIN_FORECAST_STD, round6(Math.sqrt(variance))) : 0;
}

function totalsFor(map: Map<number, DayTotals>, day: number): DayTotals {
  let t = map.get(day);
  if (!t) {
    t = { volume: 0, count: 0, volumeVar: 0, countVar: 0 };
    map.set(day, t);
  }
  return t;
}

/**
 * Per-day totals of a run's matching forecast transactions, with variances, for the days in
 * [fromDay, endDay) that the run covers.
 */
export function forecastDayTotals(
  forecast: readonly ForecastTransaction[],
  predicate: Predicate,
  runAt: number,
  fromDay: number,
  endDay: number,
): Map<number, DayTotals> {
  const days = new Map<number, DayTotals>();
  const runDay = Math.floor(runAt / DAY_MS);
  const firstDay = Math.max(runDay, fromDay);
  const lastDay = Math.min(runDay + FORECAST_HORIZON_DAYS, endDay) - 1;
  for (const tx of forecast) {
    if (!predicate(tx)) continue;
    const day = Math.floor(tx.destinationTs / DAY_MS);
    const sigma = tx.sigmaHours * HOUR_MS;
    const reach = Math.ceil((5 * sigma) / DAY_MS) + 1;
    if (day + reach < firstDay || day - reach > lastDay) continue;
    const totals = totalsFor(days, day);
    totals.volume += tx.routeScoreWeightedVolumeBcf;
    totals.count += tx.routeScore;
    for (let k = Math.max(firstDay, day - reach); k <= Math.min(lastDay, day + reach); k++) {
      const p = normalCdf(((k + 1) * DAY_MS - tx.destinationTs) / sigma) - normalCdf((k * DAY_MS - tx.destinationTs) / sigma);
      if (p <= 0) continue;
      const spread = p * (1 - p);
      const t = totalsFor(days, k);
      t.volumeVar += tx.routeScoreWeightedVolumeBcf ** 2 * spread;
      t.countVar += tx.routeScore ** 2 * spread;
    }
  }
  return days;
}

export interface FlowRange {
  readonly fromMs: number;
  readonly toMs: number;
}

/** The day numbers (days since the epoch) a range covers: from the day containing fromMs, days starting before toMs. */
export function dayRange(range: FlowRange, minDay: number, maxDayExclusive: number): [number, number] {
  const first = Math.max(Math.floor(range.fromMs / DAY_MS), minDay);
  const end = Math.min(Math.ceil(range.toMs / DAY_MS), maxDayExclusive);
  return [first, end];
}

/**
 * Volume flow records as published by the forecast run `runAt`: observed before its day, its
 * forecast from its day to the end of its horizon. Days before the data start or past the horizon
 * are not returned.
 */
export function* volumeFlowRecords(dataset: LngDataset, predicate: Predicate, runAt: number, range: FlowRange): Generator<Record<string, unknown>> {
  const runDay = Math.floor(runAt / DAY_MS);
  const [first, end] = dayRange(range, Math.floor(dataset.dataStartMs / DAY_MS), runDay + FORECAST_HORIZON_DAYS);
  if (first >= end) return;
  const observed = new Map<number, DayTotals>();
  if (first < runDay) {
    for (const tx of dataset.observed) {
      if (tx.destinationTs >= runAt) break;
      if (tx.destinationTs < first * DAY_MS || !predicate(tx)) continue;
      const t = totalsFor(observed, Math.floor(tx.destinationTs / DAY_MS));
      t.volume += tx.volumeBcf;
      t.count += 1;
    }
  }
  const forecast = end > runDay ? forecastDayTotals(dataset.forecast(runAt), predicate, runAt, first, end) : new Map<number, DayTotals>();
  for (let day = first; day < end; day++) {
    const isForecast = day >= runDay;
    const t = (isForecast ? forecast : observed).get(day);
    yield {
      timestamp: formatIso(day * DAY_MS),
      volume: round6(t?.volume ?? 0),
      count: round6(t?.count ?? 0),
      volume_unit: "gas_Bcf",
      volume_std: isForecast ? forecastStd(t?.volumeVar ?? 0) : 0,
      count_std: isForecast ? forecastStd(t?.countVar ?? 0) : 0,
    };
  }
}

/**
 * Historic versions of the volume flows: one record per (day, forecast run) for every run whose
 * horizon covers the day, sorted by day then run; each record names its run in `forecast_run_at`.
 */
export function* volumeFlowHistoryRecords(
  dataset: LngDataset,
  predicate: Predicate,
  range: FlowRange,
  formatRun: (ms: number) => string,
): Generator<Record<string, unknown>> {
  const runs = dataset.runs;
  const firstRunDay = Math.floor((runs[0] as number) / DAY_MS);
  const lastRunDay = Math.floor((runs[runs.length - 1] as number) / DAY_MS);
  const [first, end] = dayRange(range, firstRunDay, lastRunDay + FORECAST_HORIZON_DAYS);
  if (first >= end) return;
  const totalsByRun = new Map<number, Map<number, DayTotals>>();
  for (const run of runs) {
    const runDay = Math.floor(run / DAY_MS);
    if (runDay >= end || runDay + FORECAST_HORIZON_DAYS <= first) continue;
    totalsByRun.set(run, forecastDayTotals(dataset.forecast(run), predicate, run, first, end));
  }
  for (let day = first; day < end; day++) {
    for (const [run, totals] of totalsByRun) {
      const runDay = Math.floor(run / DAY_MS);
      if (day < runDay || day >= runDay + FORECAST_HORIZON_DAYS) continue;
      const t = totals.get(day);
      yield {
        timestamp: formatIso(day * DAY_MS),
        forecast_run_at: formatRun(run),
        volume: round6(t?.volume ?? 0),
        count: round6(t?.count ?? 0),
        volume_unit: "gas_Bcf",
      };
    }
  }
}
