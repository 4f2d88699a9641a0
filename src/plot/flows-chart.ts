/**
 * LNG volume flows over time: one line per `by` key, observed solid and forecast dashed, with a
 * +/- 1 standard deviation band.
 */
import { DataError } from "../errors";
import { chartData, firstColumn, optionError, requireColumns, type ChartInput } from "./chart-input";
import { baseSpec, chartSize, PALETTE, utcTimeChannel, type ChartOptions, type VegaLiteSpec } from "./spec";
import { axisDateFormat, isoUtc, keyText, numberAt, parseTime, timeAt } from "./values";
import { distinctVolumeUnits } from "../table/volume-unit";

/** Options of {@link flowsChart}. */
export interface FlowsChartOptions extends ChartOptions {
  /**
   * Column(s) that split the flows into one coloured line each (e.g. `"destination_country"`).
   * Default: none, one line.
   */
  by?: string | readonly string[];
  /**
   * Rows strictly after this instant are forecast. Default: a boolean `forecast` column when the data has
   * one; otherwise every row from the first time with `volume_std > 0` on (observed history has no spread).
   */
  asOf?: string | Date;
  /** Draw the +/- 1 standard deviation band (needs `volume_std`). Default: true when `volume_std` exists. */
  band?: boolean;
}

const CHART = "flowsChart";

/**
 * LNG flows chart. Accepts `volume_flows` records (`timestamp`, `volume`, `volume_std`, `volume_unit`) or
 * `resampleFlows` output (`period`, ...). The time column is `period` when present, else `timestamp`.
 * Throws DataError for a missing column, an unreadable value or mixed `volume_unit`s.
 */
export function flowsChart(input: ChartInput, options: FlowsChartOptions = {}): VegaLiteSpec {
  const data = chartData(input, CHART);
  const timeCol = firstColumn(data, ["period", "timestamp"], CHART, "the time");
  const by = options.by === undefined ? [] : typeof options.by === "string" ? [options.by] : [...options.by];
  requireColumns(data, ["volume", ...by], CHART);
  const hasStd = data.columns.includes("volume_std");
  if (options.band === true && !hasStd) requireColumns(data, ["volume_std"], CHART);
  const band = options.band ?? hasStd;
  const unit = singleUnit(data.records);
  const asOf = options.asOf === undefined ? undefined : asOfTime(options.asOf);
  const useFlag = asOf === undefined && data.columns.includes("forecast");

  type Row = { t: number; series: string; volume: number | null; std: number | null; flag: boolean };
  const rows: Row[] = [];
  data.records.forEach((r, i) => {
    const t = timeAt(r, timeCol, i, CHART);
    if (t === null) throw new DataError(`${CHART}: row ${i}: ${timeCol} is missing`);
    const std = hasStd ? numberAt(r, "volume_std", i, CHART) : null;
    rows.push({
      t,
      series: by.map((k) => keyText(r[k])).join(" / ") || "all",
      volume: numberAt(r, "volume", i, CHART),
      std,
      flag: useFlag ? r.forecast === true || r.forecast === "true" : false,
    });
  });
  const firstSpread = Math.min(...rows.filter((r) => (r.std ?? 0) > 0).map((r) => r.t));
  const isForecast = (r: Row): boolean =>
    asOf !== undefined ? r.t > asOf : useFlag ? r.flag : hasStd && r.t >= firstSpread;

  const values: Record<string, unknown>[] = [];
  const bySeries = new Map<string, Row[]>();
  for (const r of rows) bySeries.set(r.series, [...(bySeries.get(r.series) ?? []), r]);
  for (const [series, list] of bySeries) {
    list.sort((a, b) => a.t - b.t);
    let lastObserved: Row | undefined;
    let bridged = false;
    for (const r of list) {
      const forecast = isForecast(r);
      if (forecast && !bridged && lastObserved !== undefined) {
        // The dashed forecast line starts at the last observed point so the two lines join.
        values.push(point(timeCol, series, lastObserved, "forecast", true));
        bridged = true;
      }
      if (!forecast) lastObserved = r;
      values.push(point(timeCol, series, r, forecast ? "forecast" : "observed", false));
    }
  }

  const volumeTitle = unit === undefined ? "Volume" : `Volume (${unit})`;
  const x = utcTimeChannel(timeCol, timeCol === "period" ? "Period start (UTC)" : "Date (UTC)", axisDateFormat(rows.map((r) => r.t)));
  const seriesTitle = by.join(" / ");
  const segmentScale = { domain: ["observed", "forecast"] };
  const color =
    by.length === 0
      ? { field: "segment", type: "nominal", title: null, scale: { ...segmentScale, range: [PALETTE.observed, PALETTE.forecast] } }
      : { field: "series", type: "nominal", title: seriesTitle };
  // Symbols 20 px wide (size 400), so a [6, 4] dash shows as dashes in the legend and not as one short line.
  const lineLegend = { symbolType: "stroke", symbolOpacity: 1, symbolStrokeWidth: 2, symbolSize: 400 };
  const lineColor = { ...color, legend: lineLegend };
  const layers: Record<string, unknown>[] = [];
  if (band && hasStd) {
    layers.push({
      transform: [{ filter: "!datum.bridge && datum.volume_low != null" }],
      mark: { type: "area", opacity: 0.18, interpolate: "linear" },
      encoding: {
        x,
        y: { field: "volume_low", type: "quantitative", title: volumeTitle },
        y2: { field: "volume_high" },
        color: { ...color, legend: null },
        detail: { field: "segment" },
      },
    });
  }
  layers.push({
    mark: { type: "line", strokeWidth: 1.8 },
    encoding: {
      x,
      y: { field: "volume", type: "quantitative", title: volumeTitle },
      color: lineColor,
      strokeDash: { field: "segment", type: "nominal", title: null, scale: { ...segmentScale, range: [[1, 0], [6, 4]] }, legend: lineLegend },
      tooltip: [
        { field: timeCol, type: "temporal", title: "time (UTC)", format: "%Y-%m-%d" },
        { field: "series", type: "nominal" },
        { field: "volume", type: "quantitative", format: ",.3f" },
        { field: "volume_std", type: "quantitative", format: ",.3f" },
        { field: "segment", type: "nominal" },
      ],
    },
  });
  const spec = baseSpec(
    { text: options.title ?? "LNG flows", subtitle: band && hasStd ? "dashed: forecast; band: +/- 1 std" : "dashed: forecast" },
    chartSize(options),
    values,
  );
  spec.layer = layers;
  // Legends stay with the line layer: shared with the band layer, its `legend: null` would drop the colour
  // legend. Kept together there, colour and dash on the same field (one series: `segment`) merge into ONE
  // legend whose symbols carry both; with `by` they stay two (series colours, observed/forecast dashes).
  spec.resolve = { legend: { color: "independent", strokeDash: "independent" } };
  return spec;
}

function point(timeCol: string, series: string, r: { t: number; volume: number | null; std: number | null }, segment: string, bridge: boolean): Record<string, unknown> {
  // Volumes are never negative, so the band stops at 0.
  const low = r.volume !== null && r.std !== null ? Math.max(0, r.volume - r.std) : null;
  const high = r.volume !== null && r.std !== null ? r.volume + r.std : null;
  return { [timeCol]: isoUtc(r.t), series, volume: r.volume, volume_std: r.std, volume_low: low, volume_high: high, segment, bridge };
}

function singleUnit(records: readonly Record<string, unknown>[]): string | undefined {
  const units = distinctVolumeUnits(records.map((r) => (r.volume_unit === null || r.volume_unit === undefined ? r.volume_unit : String(r.volume_unit))));
  if (units.length > 1) {
    throw new DataError(`${CHART}: mixed volume_unit values (${units.join(", ")}); convert to one unit before charting`);
  }
  return units[0];
}

function asOfTime(v: string | Date): number {
  const t = parseTime(v);
  if (t === null || Number.isNaN(t)) throw optionError(CHART, "asOf", v, "a date (YYYY-MM-DD) or an ISO 8601 timestamp");
  return t;
}
