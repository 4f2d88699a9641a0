/**
 * Forecast vs backcast vs actual gas production for a region: actual solid, the short-term forecast
 * dashed, each backcast run a thin light line.
 */
import { DataError } from "../errors";
import { unitsOf } from "../frame/units";
import { chartData, optionError, requireColumns, type ChartData, type ChartInput } from "./chart-input";
import { baseSpec, chartSize, PALETTE, utcTimeChannel, type ChartOptions, type VegaLiteSpec } from "./spec";
import { measureTitle } from "./units";
import { axisDateFormat, cellValue, groupSums, isoUtc, numberAt, timeAt } from "./values";

/** The three data families a forecast chart compares; give at least one. */
export interface ForecastChartInput {
  /** Actual production rows (`date`, `gas_daily`), e.g. productionbycountyandoperator. */
  actual?: ChartInput;
  /** Short-term forecast rows (`date`, `forecast_run_date`, `gas_daily`). */
  forecast?: ChartInput;
  /** Backcast rows from shorttermforecasthistory (`date`, `forecast_run_date`, `gas_daily`). */
  backcast?: ChartInput;
}

/** Options of {@link forecastChart}. */
export interface ForecastChartOptions extends ChartOptions {
  /** Keep only rows whose `region` equals this. Default: every row (the chart sums all regions). */
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
 */
export function forecastChart(input: ForecastChartInput, options: ForecastChartOptions = {}): VegaLiteSpec {
  if (typeof input !== "object" || input === null || !SERIES.some((s) => (input as ForecastChartInput)[s] !== undefined)) {
    throw new DataError(`${CHART}: expected { actual?, forecast?, backcast? } with at least one of them`);
  }
  const runs = options.forecastRuns ?? "latest";
  if (runs !== "latest" && runs !== "all") throw optionError(CHART, "forecastRuns", runs, '"latest" or "all"');
  const value = options.value ?? "gas_daily";
  const values: Record<string, unknown>[] = [];
  const times: number[] = [];
  for (const series of SERIES) {
    const part = input[series];
    if (part === undefined) continue;
    const label = `${CHART} (${series})`;
    const data = chartData(part, label);
    const needed = ["date", value, ...(series === "actual" ? [] : ["forecast_run_date"])];
    if (options.region !== undefined) needed.push("region");
    if (options.subRegion !== undefined) needed.push("sub_region");
    requireColumns(data, needed, label);
    const rows = sumRows(data, series, value, options, label);
    const latest = Math.max(...rows.map((r) => r.run ?? -Infinity));
    for (const r of rows) {
      if (series === "forecast" && runs === "latest" && r.run !== latest) continue;
      times.push(r.t);
      values.push({
        date: isoUtc(r.t),
        series,
        forecast_run_date: r.run === null ? null : isoUtc(r.run).slice(0, 10),
        [value]: r.sum,
      });
    }
  }

  const where = options.subRegion ?? options.region;
  const title = options.title ?? `Forecast vs backcast vs actual${where === undefined ? "" : `: ${where}`}`;
  const spec = baseSpec(title, chartSize(options), values);
  const present = SERIES.filter((s) => values.some((v) => v.series === s));
  const colours: Record<Series, string> = { actual: PALETTE.actual, forecast: PALETTE.forecast, backcast: PALETTE.backcast };
  const dashes: Record<Series, number[]> = { actual: [1, 0], forecast: [6, 4], backcast: [2, 2] };
  const format = axisDateFormat(times);
  spec.mark = { type: "line", point: { size: 18 }, strokeWidth: 1.8 };
  // Line symbols (the default for a line with points is a dashed circle outline), 20 px so the dashes show.
  const legend = { symbolType: "stroke", symbolOpacity: 1, symbolStrokeWidth: 2, symbolSize: 400 };
  spec.encoding = {
    x: utcTimeChannel("date", format === "%b %Y" ? "Month" : "Date (UTC)", format),
    y: { field: value, type: "quantitative", title: measureTitle(value, unitOf(input, value)), scale: { zero: false } },
    color: { field: "series", type: "nominal", title: null, scale: { domain: present, range: present.map((s) => colours[s]) }, legend },
    strokeDash: { field: "series", type: "nominal", title: null, scale: { domain: present, range: present.map((s) => dashes[s]) }, legend },
    detail: { field: "forecast_run_date", type: "nominal" },
    tooltip: [
      { field: "date", type: "temporal", format: "%Y-%m" },
      { field: "series", type: "nominal" },
      { field: "forecast_run_date", type: "nominal" },
      { field: value, type: "quantitative", format: ",.3f" },
    ],
  };
  return spec;
}

/** The unit of the measure, from the first of the inputs whose column has one (the frame layer's `unitsOf`). */
function unitOf(input: ForecastChartInput, value: string): string | undefined {
  for (const series of SERIES) {
    const part = input[series];
    const unit = part === undefined ? undefined : unitsOf(part)[value];
    if (unit !== undefined) return unit;
  }
  return undefined;
}

function sumRows(
  data: ChartData,
  series: Series,
  value: string,
  options: ForecastChartOptions,
  label: string,
): { t: number; run: number | null; sum: number | null }[] {
  const region = data.column("region");
  const subRegion = data.column("sub_region");
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
    const column = options.subRegion !== undefined ? "sub_region" : "region";
    const present = [...new Set(data.column(column).map((v) => String(cellValue(v))))].slice(0, 12).join(", ");
    throw new DataError(
      `${label}: no rows for ${column} = ${JSON.stringify(options.subRegion ?? options.region)} (present: ${present})`,
    );
  }
  return groupSums<[number, number | null]>([times, runs], amounts)
    .map(({ key: [t, run], sum }) => ({ t, run, sum }))
    .sort((a, b) => (a.run ?? 0) - (b.run ?? 0) || a.t - b.t);
}
