/**
 * LNG volume flows over time: one line per `by` key, observed solid and forecast dashed, with a
 * +/- 1 standard deviation band; partial periods left out (or shown as hollow points).
 */
import { DataError } from "../errors";
import { toEpochMs } from "../table/instants";
import { MIXED_UNITS } from "../table/units";
import { distinctVolumeUnits } from "../table/volume-unit";
import { chartData, firstColumn, optionError, requireColumns, type ChartData, type ChartInput } from "./chart-input";
import { partialReason, periodEnd, periodWord, volumeAxisTitle, weekTicks } from "./flow-periods";
import { baseSpec, chartSize, PALETTE, utcTimeChannel, utcTooltip, type ChartOptions, type VegaLiteSpec } from "./spec";
import { axisDateFormat, isMissing, isoUtc, keyText, numberAt, timeAt } from "./values";

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
  /**
   * Resampled periods (a `period` column) that are partial: `complete` false (the data cover only some of
   * their days, e.g. the weeks cut by the query window) or straddling `asOf` (part observed, part
   * forecast). A partial total is smaller than a whole one and would read as a collapse. `"drop"` leaves
   * them out and says how many in the subtitle; `"show"` draws them as hollow points, off the lines, with
   * `partial` and the reason in the tooltip. Default `"drop"`.
   */
  partial?: "drop" | "show";
}

const CHART = "flowsChart";

/**
 * LNG flows chart. Accepts `volume_flows` records (`timestamp`, `volume`, `volume_std`, `volume_unit`) or
 * `resampleFlows` output (`period`, ...). The time column is `period` when present, else `timestamp`.
 * Throws DataError for a missing column, an unreadable value or mixed `volume_unit`s.
  * @example
  * const flows = await lng.volumeFlows({ origin_country: ["United States"] });
  * show(flowsChart(resampleFlows(flows, { freq: "week" })));
 */
export function flowsChart(input: ChartInput, options: FlowsChartOptions = {}): VegaLiteSpec {
  const data = chartData(input, CHART);
  const timeCol = firstColumn(data, ["period", "timestamp"], CHART, "the time");
  const by = options.by === undefined ? [] : typeof options.by === "string" ? [options.by] : [...options.by];
  requireColumns(data, ["volume", ...by], CHART);
  const hasStd = data.names.includes("volume_std");
  if (options.band === true && !hasStd) requireColumns(data, ["volume_std"], CHART);
  const band = options.band ?? hasStd;
  const unit = volumeUnit(data);
  const asOf = options.asOf === undefined ? undefined : asOfTime(options.asOf);
  const useFlag = asOf === undefined && data.names.includes("forecast");
  const partialOption = options.partial ?? "drop";
  if (partialOption !== "drop" && partialOption !== "show") throw optionError(CHART, "partial", options.partial, '"drop" or "show"', "drop");

  type Row = { t: number; series: string; volume: number | null; std: number | null; flag: boolean; partial?: string };
  const time = data.column(timeCol);
  const volume = data.column("volume");
  const std = data.column("volume_std");
  const flag = data.column("forecast");
  const byCols = by.map((c) => data.column(c));
  const complete = data.column("complete");
  const allRows: Row[] = [];
  for (let i = 0; i < data.length; i++) {
    const t = timeAt(time, i, timeCol, CHART);
    if (t === null) throw new DataError(`${CHART}: row ${i}: ${timeCol} is missing`);
    const s = hasStd ? numberAt(std, i, "volume_std", CHART) : null;
    allRows.push({
      t,
      series: byCols.map((col) => keyText(col[i])).join(" / ") || "all",
      volume: numberAt(volume, i, "volume", CHART),
      std: s,
      flag: useFlag ? flag[i] === true || flag[i] === "true" : false,
    });
  }
  const word = timeCol === "period" ? periodWord(allRows.map((r) => r.t)) : "d";
  if (timeCol === "period") allRows.forEach((r, i) => (r.partial = partialReason(r.t, periodEnd(r.t, word), complete[i], asOf)));
  const rows = allRows.filter((r) => r.partial === undefined);
  const partial = allRows.filter((r) => r.partial !== undefined);
  // Every period partial (a window shorter than a period): hollow points say more than an empty chart.
  const partialMode = rows.length === 0 && partial.length > 0 ? "show" : partialOption;
  let firstSpread = Infinity;
  for (const r of rows) if ((r.std ?? 0) > 0 && r.t < firstSpread) firstSpread = r.t;
  // A period (week, month) that starts on asOf is all forecast; a day is forecast after asOf, as the service says.
  const isForecast = (r: Row): boolean =>
    asOf !== undefined ? (timeCol === "period" ? r.t >= asOf : r.t > asOf) : useFlag ? r.flag : hasStd && r.t >= firstSpread;

  const values: Record<string, unknown>[] = [];
  // One line per series, in the order the series first appear.
  const bySeries = new Map<string, Row[]>();
  for (const r of rows) {
    const list = bySeries.get(r.series);
    if (list === undefined) bySeries.set(r.series, [r]);
    else list.push(r);
  }
  for (const list of bySeries.values()) {
    const series = list[0]!.series;
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
  if (partialMode === "show") for (const r of partial) values.push({ ...point(timeCol, r.series, r, "partial", false), partial: r.partial });

  const volumeTitle = volumeAxisTitle(unit, word);
  const allTimes = allRows.map((r) => r.t);
  const timeTitle = timeCol !== "period" ? "Date (UTC)" : word === "week" ? "Week starting (UTC)" : word === "month" ? "Month (UTC)" : "Period start (UTC)";
  const x = utcTimeChannel(timeCol, timeTitle, axisDateFormat(allTimes));
  // Weekly periods start on their week's first day: tick there, not on the month starts Vega would choose.
  if (word === "week" && timeCol === "period") (x.axis as Record<string, unknown>).values = weekTicks(allTimes);
  const timeTip = utcTooltip(timeCol, timeCol === "period" ? timeTitle : "Date (UTC)");
  const seriesTitle = by.join(" / ");
  // Only the segments drawn get a legend entry: no "forecast" key on a chart with no forecast.
  const drawn = (["observed", "forecast"] as const).filter((s) => values.some((v) => v.segment === s));
  const segments = drawn.length === 0 ? (["observed", "forecast"] as const) : drawn;
  const segmentScale = { domain: [...segments] };
  const color =
    by.length === 0
      ? { field: "segment", type: "nominal", title: null, scale: { ...segmentScale, range: segments.map((s) => PALETTE[s]) } }
      : { field: "series", type: "nominal", title: seriesTitle };
  // Symbols 20 px wide (size 400), so a [6, 4] dash shows as dashes in the legend and not as one short line.
  const lineLegend = { symbolType: "stroke", symbolOpacity: 1, symbolStrokeWidth: 2, symbolSize: 400, labelLimit: 280 };
  const lineColor = { ...color, legend: lineLegend };
  const layers: Record<string, unknown>[] = [];
  if (band && hasStd) {
    layers.push({
      transform: [{ filter: "!datum.bridge && datum.volume_low != null && datum.segment !== 'partial'" }],
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
  const tooltip = [
    timeTip.tooltip,
    ...(by.length > 0 ? [{ field: "series", type: "nominal", title: seriesTitle }] : []),
    { field: "volume", type: "quantitative", format: ",.3f", title: volumeTitle },
    ...(hasStd ? [{ field: "volume_std", type: "quantitative", format: ",.3f", title: "std" }] : []),
    { field: "segment", type: "nominal", title: "observed / forecast" },
  ];
  layers.push({
    ...(partial.length > 0 && partialMode === "show" ? { transform: [{ filter: "datum.segment !== 'partial'" }] } : {}),
    mark: { type: "line", strokeWidth: 1.8 },
    encoding: {
      x,
      y: { field: "volume", type: "quantitative", title: volumeTitle },
      color: lineColor,
      strokeDash: { field: "segment", type: "nominal", title: null, scale: { ...segmentScale, range: segments.map((s) => (s === "observed" ? [1, 0] : [6, 4])) }, legend: lineLegend },
      tooltip,
    },
  });
  if (partial.length > 0 && partialMode === "show") {
    layers.push({
      transform: [{ filter: "datum.segment === 'partial'" }],
      mark: { type: "point", filled: false, size: 50, strokeWidth: 1.5, ...(by.length === 0 ? { color: PALETTE.partial } : {}) },
      encoding: {
        x,
        y: { field: "volume", type: "quantitative", title: volumeTitle },
        ...(by.length === 0 ? {} : { color: { field: "series", type: "nominal", title: seriesTitle, legend: null } }),
        tooltip: [...tooltip.slice(0, -1), { field: "partial", type: "nominal", title: "partial" }],
      },
    });
  }
  const notes = [...(segments.includes("forecast") ? ["dashed: forecast"] : []), ...(band && hasStd ? ["band: +/- 1 std"] : [])];
  if (partial.length > 0) {
    const what = word === "week" ? "week" : word === "month" ? "month" : "period";
    const n = new Set(partial.map((r) => r.t)).size;
    notes.push(partialMode === "show" ? `hollow points: partial ${what}s` : `${n} partial ${what}${n === 1 ? "" : "s"} not shown`);
  }
  const text = options.title ?? "LNG flows";
  const spec = baseSpec(notes.length === 0 ? text : { text, subtitle: notes.join("; ") }, chartSize(options), values);
  spec.transform = [timeTip.transform];
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

/** The unit of `volume` (the table's); a DataError when the rows name more than one. */
function volumeUnit(data: ChartData): string | undefined {
  const unit = data.units.volume;
  if (unit !== MIXED_UNITS) return unit;
  const units = distinctVolumeUnits(data.column("volume_unit"));
  throw new DataError(`${CHART}: mixed volume_unit values (${units.join(", ")}); convert to one unit before charting`);
}

function asOfTime(v: string | Date): number {
  const t = isMissing(v) ? NaN : toEpochMs(v);
  if (Number.isNaN(t)) throw optionError(CHART, "asOf", v, "a date (YYYY-MM-DD) or an ISO 8601 timestamp");
  return t;
}
