/**
 * The calls `gasframes doctor` makes: per service the cheapest documented call (a reference list or a
 * status), and one small answer per endpoint family to compare with the catalog. Each answer is kept
 * small by a short date window before the data's "today" (the sandbox's asOf, else the current date).
 */
import type { Connection } from "../connect/connect";
import type { Result } from "../table/result";
import type { ServiceName } from "../connect/connect";
import { toTimeMs } from "../table/dates";

/** One call of the doctor. */
export interface Probe {
  readonly service: ServiceName;
  /** What is called, as the user would write it (`natgas.v3.rigs`). */
  readonly label: string;
  /** The endpoint family it stands for (`natural gas v3 activity`). */
  readonly family: string;
  readonly call: (conn: Connection, days: DayWindow) => Promise<Result<unknown>>;
}

/** A few days before the data's "today", YYYY-MM-DD, and a month-long window for monthly data. */
export interface DayWindow {
  readonly from: string;
  readonly to: string;
  readonly monthFrom: string;
  readonly monthTo: string;
  /** The month after "today" (forecasts). */
  readonly nextMonthFrom: string;
  readonly nextMonthTo: string;
  /** ISO 8601 timestamps of `from` and `to` (LNG). */
  readonly fromTs: string;
  readonly toTs: string;
}

/**
 * The windows around `today` (YYYY-MM-DD): the week ending a week before it (daily data), the month three
 * months back (monthly data, settled), and the month after it (forecasts).
 */
export function dayWindow(today: string): DayWindow {
  const t = toTimeMs(today);
  const day = (n: number) => new Date(t - n * 86_400_000).toISOString().slice(0, 10);
  const month = new Date(t);
  month.setUTCDate(1);
  month.setUTCMonth(month.getUTCMonth() - 3);
  const monthFrom = month.toISOString().slice(0, 10);
  month.setUTCMonth(month.getUTCMonth() + 1);
  month.setUTCDate(0);
  const monthTo = month.toISOString().slice(0, 10);
  const next = new Date(t);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const nextMonthFrom = next.toISOString().slice(0, 10);
  next.setUTCMonth(next.getUTCMonth() + 1);
  next.setUTCDate(0);
  const nextMonthTo = next.toISOString().slice(0, 10);
  return { from: day(14), to: day(7), monthFrom, monthTo, nextMonthFrom, nextMonthTo, fromTs: `${day(14)}T00:00:00Z`, toTs: `${day(7)}T00:00:00Z` };
}

/** The cheapest documented call of each service: a status or reference list, no filters. */
export const HEALTH_PROBES: readonly Probe[] = [
  { service: "natgas", label: "natgas.v3.pipelineScrapeStatus()", family: "natural gas v3", call: (c) => c.natgas.v3.pipelineScrapeStatus() },
  { service: "natgas", label: "natgas.v4.regions()", family: "natural gas v4", call: (c) => c.natgas.v4.regions() },
  { service: "lng", label: "lng.healthcheck()", family: "LNG v1", call: (c) => c.lng.healthcheck() },
  { service: "legacy", label: "legacy.liveStatusReport()", family: "old LNG API", call: (c) => c.legacy.liveStatusReport() as Promise<Result<unknown>> },
];

/** One small answer per endpoint family, compared field by field with the catalog. */
export const DRIFT_PROBES: readonly Probe[] = [
  { service: "natgas", label: "natgas.v3.rigs", family: "natural gas v3 activity", call: (c, w) => c.natgas.v3.rigs({ start_date: w.from, end_date: w.to }) },
  { service: "natgas", label: "natgas.v3.dtils", family: "natural gas v3 reference", call: (c) => c.natgas.v3.dtils() },
  { service: "natgas", label: "natgas.v3.longTermForecast", family: "natural gas v3 forecasts", call: (c, w) => c.natgas.v3.longTermForecast({ start_date: w.nextMonthFrom, end_date: w.nextMonthTo }) },
  { service: "natgas", label: "natgas.v3.dailyProduction", family: "natural gas v3 production", call: (c, w) => c.natgas.v3.dailyProduction({ start_date: w.from, end_date: w.to }) },
  { service: "natgas", label: "natgas.v4.rigs", family: "natural gas v4 activity", call: (c, w) => c.natgas.v4.rigs({ date_observed_min: w.from, date_observed_max: w.to }) },
  { service: "natgas", label: "natgas.v4.regions", family: "natural gas v4 reference", call: (c) => c.natgas.v4.regions() },
  { service: "natgas", label: "natgas.v4.longTermForecast", family: "natural gas v4 forecasts", call: (c, w) => c.natgas.v4.longTermForecast({ date_prod_min: w.nextMonthFrom, date_prod_max: w.nextMonthTo }) },
  { service: "natgas", label: "natgas.v4.dailyProduction", family: "natural gas v4 production", call: (c, w) => c.natgas.v4.dailyProduction({ date_prod_min: w.from, date_prod_max: w.to }) },
  { service: "lng", label: "lng.volumeFlows", family: "LNG v1 volume flows", call: (c, w) => c.lng.volumeFlows({ from_timestamp: w.fromTs, to_timestamp: w.toTs }) },
  { service: "lng", label: "lng.transactions", family: "LNG v1 transactions", call: (c, w) => c.lng.transactions({ from_timestamp: w.fromTs, to_timestamp: w.toTs }) },
  { service: "lng", label: "lng.vessels", family: "LNG v1 vessels", call: (c) => c.lng.vessels() },
  { service: "lng", label: "lng.terminals", family: "LNG v1 reference", call: (c) => c.lng.terminals() },
];
