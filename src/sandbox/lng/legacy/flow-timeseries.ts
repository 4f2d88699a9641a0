/**
 * The old `flow_timeseries` report, computed by the same code as /v1/volume_flows (latest forecast
 * run): one column per polygon, where a polygon is a destination terminal, country, country code or
 * region name. Daily rows equal the v1 daily volumes; weekly rows (weeks start on Monday, labelled
 * by the Monday) and monthly rows (labelled by the first of the month) are sums of the daily
 * volumes inside the requested range, so the first and last period may be partial (listed in
 * details.partial_periods).
 */
import { SandboxHttpError } from "../../core/types";
import type { LngDataset } from "../model/dataset";
import { FORECAST_HORIZON_DAYS } from "../model/forecasts";
import { TERMINALS, type Terminal } from "../model/terminals";
import { DAY_MS, formatDate, formatRecordTimestamp } from "../model/time";
import type { FilterableTransaction } from "../query/transaction-filter";
import { volumeFlowRecords } from "../query/volume-flows";
import type { LegacyParams } from "./legacy-params";

/** Parameters of the flow_timeseries report. */
export const FLOW_TIMESERIES_PARAMS = { aggregation: "string", polygons: "strings", tx_type: "string", start_date: "date", end_date: "date" } as const;

export type Aggregation = "daily" | "weekly" | "monthly";
const AGGREGATIONS: readonly Aggregation[] = ["daily", "weekly", "monthly"];
/** Column name when no polygon is given. */
export const ALL_POLYGONS = "Global";

function polygonMatcher(name: string): (t: Terminal) => boolean {
  const key = name.toLowerCase();
  const matches = (t: Terminal) =>
    t.name.toLowerCase() === key || t.country.toLowerCase() === key || t.countryCode.toLowerCase() === key || t.region.toLowerCase() === key;
  if (!TERMINALS.some(matches)) {
    throw new SandboxHttpError(400, `polygons: "${name}" is not a terminal, country, country code or region of the service (e.g. "Gate", "Japan", "JP", "Europe")`);
  }
  return matches;
}

/** Label of the period a day (days since the epoch) belongs to. */
export function periodLabel(day: number, aggregation: Aggregation): string {
  if (aggregation === "daily") return formatDate(day * DAY_MS);
  if (aggregation === "weekly") return formatDate((day - ((day + 3) % 7)) * DAY_MS);
  return `${formatDate(day * DAY_MS).slice(0, 7)}-01`;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** The flow_timeseries report_result. */
export function flowTimeseriesReport(dataset: LngDataset, params: LegacyParams): Record<string, unknown> {
  const aggregation = ((params.get("aggregation") as string | undefined) ?? "daily").toLowerCase() as Aggregation;
  if (!AGGREGATIONS.includes(aggregation)) {
    throw new SandboxHttpError(400, `aggregation expects one of ${AGGREGATIONS.join(", ")}; got ${JSON.stringify(params.get("aggregation"))}`);
  }
  const txType = ((params.get("tx_type") as string | undefined) ?? "offloading").toLowerCase();
  if (txType !== "loading" && txType !== "offloading") {
    throw new SandboxHttpError(400, `tx_type expects "loading" or "offloading"; got ${JSON.stringify(params.get("tx_type"))}`);
  }
  const latest = dataset.runs[dataset.runs.length - 1] as number;
  const startMs = (params.get("start_date") as number | undefined) ?? dataset.asOfMs - 365 * DAY_MS;
  const endMs = (params.get("end_date") as number | undefined) ?? dataset.asOfMs + (FORECAST_HORIZON_DAYS - 1) * DAY_MS;
  if (endMs < startMs) throw new SandboxHttpError(400, "end_date is before start_date");
  const range = { fromMs: Math.floor(startMs / DAY_MS) * DAY_MS, toMs: Math.floor(endMs / DAY_MS) * DAY_MS + DAY_MS };
  const names = [...new Set((params.get("polygons") as string[] | undefined) ?? [])];
  const columns = names.length > 0 ? names : [ALL_POLYGONS];
  const rows = new Map<string, Record<string, unknown>>();
  const daysPerPeriod = new Map<string, number>();
  columns.forEach((column, index) => {
    const matches = names.length > 0 ? polygonMatcher(column) : () => true;
    const predicate = (tx: FilterableTransaction) => tx.type === txType && matches(tx.destination);
    for (const record of volumeFlowRecords(dataset, predicate, latest, range)) {
      const day = Math.floor(Date.parse(record.timestamp as string) / DAY_MS);
      const label = periodLabel(day, aggregation);
      let row = rows.get(label);
      if (!row) rows.set(label, (row = { date: label }));
      row[column] = round6(((row[column] as number | undefined) ?? 0) + (record.volume as number));
      if (index === 0) daysPerPeriod.set(label, (daysPerPeriod.get(label) ?? 0) + 1);
    }
  });
  const partial = [...daysPerPeriod].filter(([label, days]) => days < periodDays(label, aggregation)).map(([label]) => label);
  return {
    data: [...rows.values()],
    polygon_order: columns,
    volume_unit: "bcf",
    aggregation,
    details: {
      start_date: formatDate(range.fromMs),
      end_date: formatDate(range.toMs - DAY_MS),
      first_forecast_date: formatDate(latest),
      forecast_run_at: formatRecordTimestamp(latest),
      week_start: "Monday",
      partial_periods: partial,
    },
    tx_type: txType,
  };
}

function periodDays(label: string, aggregation: Aggregation): number {
  if (aggregation === "daily") return 1;
  if (aggregation === "weekly") return 7;
  const [y, m] = label.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
