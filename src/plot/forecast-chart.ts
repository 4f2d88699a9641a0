/**
 * Forecast vs backcast vs actual gas production for a region: actual solid black, each forecast run
 * dashed, each backcast run dotted, runs told apart by shade (older lighter) and named by run date.
 */
import { DataError } from "../errors";
import { chartData, optionError, requireColumns, type ChartData, type ChartInput } from "./chart-input";
import { measureAxisTitle, measureScale } from "./measure-axis";
import { baseSpec, chartSize, PALETTE, utcTimeChannel, utcTooltip, type ChartOptions, type VegaLiteSpec } from "./spec";
import { axisDateFormat, cellValue, groupSums, isoUtc, numberAt, timeAt } from "./values";

/** The three data families a forecast chart compares; give at least one. */
export interface ForecastChartInput {
  /**
   * Actual production rows (`date`, `gas_daily`), e.g. productionbycountyandoperator; rows aggregated by
   * region (`aggregate_by` "region", `aggregate_by_filter_value`) are read as `region` rows.
   */
  actual?: ChartInput;
  /** Short-term forecast rows (`date`, `forecast_run_date`, `gas_daily`). */
  forecast?: ChartInput;
  /** Backcast rows from shorttermforecasthistory (`date`, `forecast_run_date`, `gas_daily`). */
  backcast?: ChartInput;
}

/** Options of {@link forecastChart}. */
export interface ForecastChartOptions extends ChartOptions {
  /** Keep only rows whose `region` equals this. Default: every row (the chart sums all regions). Give `actual` too: without it the chart has nothing to compare with. */
  region?: string;
  /** Keep only rows whose `sub_region` equals this. Default: every row. */
  subRegion?: string;
  /** The measure compared. Default `gas_daily` (BCF/day). */
  value?: string;
  /** Which forecast runs to draw: the latest `forecast_run_date` only, or each run. Default "latest". */
  forecastRuns?: "latest" | "all";
}

const CHART = "forecastChart";
const SERIES = ["actual", "forecast", "backcast"] as const;
type Series = (typeof SERIES)[number];

/**
 * Builds the forecast comparison chart. Rows are summed per date (and per run for forecast and backcast),
 * so well- or county-level rows add up to the region. Throws DataError naming a missing column.
  * @example
  * show(forecastChart({ actual, forecast, backcast }, { region: "west" }));
 */
export function forecastChart(input: ForecastChartInput, options: ForecastChartOptions = {}): VegaLiteSpec {
  if (typeof input !== "object" || input === null || !SERIES.some((s) => (input as ForecastChartInput)[s] !== undefined)) {
    throw new DataError(`${CHART}: expected { actual?, forecast?, backcast? } with at least one of them`);
  }
  const runs = options.forecastRuns ?? "latest";
  if (runs !== "latest" && runs !== "all") throw optionError(CHART, "forecastRuns", runs, '"latest" or "all"');
  const value = options.value ?? "gas_daily";
  const rows: { t: number; series: Series; run: number | null; sum: number | null }[] = [];
  let unit: string | undefined;
  for (const series of SERIES) {
    const part = input[series];
    if (part === undefined) continue;
    const label = `${CHART} (${series})`;
    const data = chartData(part, label);
    unit ??= data.units[value];
    const needed = ["date", value, ...(series === "actual" ? [] : ["forecast_run_date"])];
    if (options.region !== undefined && groupColumn(data, "region") === "region") needed.push("region");
    if (options.subRegion !== undefined && groupColumn(data, "sub_region") === "sub_region") needed.push("sub_region");
    requireColumns(data, needed, label);
    const sums = sumRows(data, series, value, options, label);
    const latest = Math.max(...sums.map((r) => r.run ?? -Infinity));
    for (const r of sums) if (!(series === "forecast" && runs === "latest" && r.run !== latest)) rows.push({ ...r, series });
  }
  const scale = measureScale(value, unit, rows.map((r) => r.sum));
  const lines = lineStyles(rows);
  const values = rows.map((r) => ({
    date: isoUtc(r.t),
    series: r.series,
    forecast_run_date: r.run === null ? null : isoUtc(r.run).slice(0, 10),
    line: lineName(r.series, r.run),
    [value]: r.sum === null ? null : r.sum * scale.factor,
  }));

  const where = options.subRegion ?? options.region;
  const title = options.title ?? `Forecast vs backcast vs actual${where === undefined ? "" : `: ${where}`}`;
  const present = new Set(rows.map((r) => r.series));
  const keys = [["actual", "solid: actual"], ["forecast", "dashed: forecast runs"], ["backcast", "dotted: backcast runs"]] as const;
  const subtitle = [...keys.filter(([s]) => present.has(s)).map(([, words]) => words), ...(lines.length > present.size ? ["darker: later run"] : [])].join("; ");
  const spec = baseSpec({ text: title, subtitle }, chartSize(options), values);
  const format = axisDateFormat(rows.map((r) => r.t));
  const monthly = format === "%b %Y";
  const dateTip = utcTooltip("date", monthly ? "Month" : "Date (UTC)", monthly ? "%b %Y" : "%Y-%m-%d");
  const yTitle = measureAxisTitle(value, scale.label);
  spec.transform = [dateTip.transform];
  spec.mark = { type: "line", point: { size: 18 }, strokeWidth: 1.8 };
  // Line symbols (the default for a line with points is a dashed circle outline), 20 px so the dashes show.
  const legend = { symbolType: "stroke", symbolOpacity: 1, symbolStrokeWidth: 2, symbolSize: 400, labelLimit: 260 };
  const domain = lines.map((l) => l.name);
  spec.encoding = {
    x: utcTimeChannel("date", monthly ? "Month" : "Date (UTC)", format),
    y: { field: value, type: "quantitative", title: yTitle, scale: { zero: false } },
    color: { field: "line", type: "nominal", title: null, sort: domain, scale: { domain, range: lines.map((l) => l.colour) }, legend },
    strokeDash: { field: "line", type: "nominal", title: null, sort: domain, scale: { domain, range: lines.map((l) => l.dash) }, legend },
    tooltip: [
      dateTip.tooltip,
      { field: "series", type: "nominal", title: "series" },
      { field: "forecast_run_date", type: "nominal", title: "run date" },
      { field: value, type: "quantitative", format: ",.2f", title: yTitle },
    ],
  };
  return spec;
}

const DASHES: Record<Series, number[]> = { actual: [1, 0], forecast: [6, 4], backcast: [2, 2] };
/** Shades per family, from the oldest run's (light) to the latest's (dark). */
const RAMPS: Record<Exclude<Series, "actual">, [string, string]> = { forecast: ["#fdbe85", "#d94801"], backcast: ["#9ecae1", "#08519c"] };

function lineName(series: Series, run: number | null): string {
  return run === null ? series : `${series}, run ${isoUtc(run).slice(0, 10)}`;
}

/** One legend entry per line (actual, then each forecast run, then each backcast run, oldest first), each with its colour and dash. */
function lineStyles(rows: readonly { series: Series; run: number | null }[]): { name: string; colour: string; dash: number[] }[] {
  const out: { name: string; colour: string; dash: number[] }[] = [];
  for (const series of SERIES) {
    const runs = [...new Set(rows.filter((r) => r.series === series).map((r) => r.run))].sort((a, b) => (a ?? 0) - (b ?? 0));
    runs.forEach((run, i) => {
      const colour = series === "actual" ? PALETTE.actual : mix(RAMPS[series][0], RAMPS[series][1], runs.length === 1 ? 1 : i / (runs.length - 1));
      out.push({ name: lineName(series, run), colour, dash: DASHES[series] });
    });
  }
  return out;
}

/** The colour a fraction `f` of the way from `a` to `b` (both #rrggbb). */
function mix(a: string, b: string, f: number): string {
  const channel = (hex: string, i: number): number => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * f).toString(16).padStart(2, "0")).join("")}`;
}

/** The column holding a region (or sub-region): its own, or an aggregated row's `aggregate_by_filter_value`. */
function groupColumn(data: ChartData, dimension: string): string {
  if (data.names.includes(dimension) || !data.names.includes("aggregate_by_filter_value")) return dimension;
  return data.column("aggregate_by").every((v) => v === dimension) ? "aggregate_by_filter_value" : dimension;
}

function sumRows(
  data: ChartData,
  series: Series,
  value: string,
  options: ForecastChartOptions,
  label: string,
): { t: number; run: number | null; sum: number | null }[] {
  const region = data.column(groupColumn(data, "region"));
  const subRegion = data.column(groupColumn(data, "sub_region"));
  const date = data.column("date");
  const runDate = data.column("forecast_run_date");
  const measure = data.column(value);
  const times: number[] = [];
  const runs: (number | null)[] = [];
  const amounts: number[] = [];
  for (let i = 0; i < data.length; i++) {
    if (options.region !== undefined && region[i] !== options.region) continue;
    if (options.subRegion !== undefined && subRegion[i] !== options.subRegion) continue;
    const t = timeAt(date, i, "date", label);
    if (t === null) throw new DataError(`${label}: row ${i}: date is missing`);
    times.push(t);
    runs.push(series === "actual" ? null : timeAt(runDate, i, "forecast_run_date", label));
    amounts.push(numberAt(measure, i, value, label) ?? NaN);
  }
  if (times.length === 0 && data.length > 0) {
    const column = groupColumn(data, options.subRegion !== undefined ? "sub_region" : "region");
    const present = [...new Set(data.column(column).map((v) => String(cellValue(v))))].slice(0, 12).join(", ");
    throw new DataError(
      `${label}: no rows for ${column} = ${JSON.stringify(options.subRegion ?? options.region)} (present: ${present})`,
    );
  }
  return groupSums<[number, number | null]>([times, runs], amounts)
    .map(({ key: [t, run], sum }) => ({ t, run, sum }))
    .sort((a, b) => (a.run ?? 0) - (b.run ?? 0) || a.t - b.t);
}
