/**
 * Voyages as a Gantt view: one row per vessel, laden and ballast legs as coloured bars over time.
 */
import { DataError } from "../errors";
import { chartData, optionError, requireColumns, type ChartInput } from "./chart-input";
import { unitLabel } from "../table/unit-label";
import { baseSpec, PALETTE, utcTooltip, type ChartOptions, type VegaLiteSpec } from "./spec";
import { isoUtc, keyText, numberAt, timeAt } from "./values";

/** Options of {@link voyagesChart}. */
export interface VoyagesChartOptions extends ChartOptions {
  /** Column naming each vessel row. Default: `vessel_name` when the data has it, else `imo`. */
  vessel?: string;
  /** Column that colours the bars. Default `voyage_status` (Laden red, Ballast grey). */
  color?: string;
}

const CHART = "voyagesChart";

/**
 * Gantt chart of `deriveVoyages` output (imo, start_date, end_date, voyage_status, start_terminal,
 * end_terminal, volume). A voyage still under way (no `end_date`) is drawn to the latest time in the data
 * and marked `ongoing` in its tooltip. Height defaults to 22 px per vessel (at least 160).
  * @example
  * show(voyagesChart(deriveVoyages(transactions)));
 */
export function voyagesChart(input: ChartInput, options: VoyagesChartOptions = {}): VegaLiteSpec {
  const data = chartData(input, CHART);
  const vessel = options.vessel ?? (data.names.includes("vessel_name") ? "vessel_name" : "imo");
  const color = options.color ?? "voyage_status";
  if (typeof vessel !== "string" || vessel === "") throw optionError(CHART, "vessel", vessel, "a column name");
  requireColumns(data, [vessel, "start_date", "end_date", color], CHART);

  const starts = data.column("start_date");
  const ends = data.column("end_date");
  const legs: { i: number; start: number; end: number | null }[] = [];
  let latest = -Infinity;
  for (let i = 0; i < data.length; i++) {
    const start = timeAt(starts, i, "start_date", CHART);
    if (start === null) throw new DataError(`${CHART}: row ${i}: start_date is missing`);
    const end = timeAt(ends, i, "end_date", CHART);
    if (end !== null && end < start) {
      throw new DataError(`${CHART}: row ${i}: end_date ${String(ends[i])} is before start_date ${String(starts[i])}`);
    }
    legs.push({ i, start, end });
    latest = Math.max(latest, start, end ?? -Infinity);
  }
  const vessels = data.column(vessel);
  const colors = data.column(color);
  const from = data.column("start_terminal");
  const to = data.column("end_terminal");
  const volume = data.names.includes("volume") ? data.column("volume") : undefined;
  const values = legs.map(({ i, start, end }) => ({
    vessel: keyText(vessels[i]),
    start_date: isoUtc(start),
    end_date: isoUtc(end ?? latest),
    ongoing: end === null,
    [color]: keyText(colors[i]),
    route: `${keyText(from[i])} -> ${keyText(to[i])}`,
    volume: volume === undefined ? null : numberAt(volume, i, "volume", CHART),
  }));

  const vesselCount = new Set(values.map((v) => v.vessel)).size;
  const height = options.height ?? Math.max(160, 22 * vesselCount);
  const spec = baseSpec(options.title ?? "Voyages", { width: options.width ?? 640, height }, values);
  const statusColours =
    color === "voyage_status"
      ? { domain: ["Laden", "Ballast"], range: [PALETTE.laden, PALETTE.ballast] }
      : { scheme: "tableau10" };
  const volumeUnit = volume === undefined ? undefined : data.units.volume;
  const startTip = utcTooltip("start_date", "start (UTC)", "%Y-%m-%d %H:%M");
  const endTip = utcTooltip("end_date", "end (UTC)", "%Y-%m-%d %H:%M");
  spec.transform = [startTip.transform, endTip.transform];
  spec.mark = { type: "bar", cornerRadius: 2, height: { band: 0.7 } };
  spec.encoding = {
    y: { field: "vessel", type: "nominal", title: vessel === "imo" ? "Vessel (IMO)" : "Vessel", sort: "ascending" },
    x: { field: "start_date", type: "temporal", scale: { type: "utc" }, title: "Date (UTC)", axis: { format: "%Y-%m-%d", labelOverlap: true } },
    x2: { field: "end_date" },
    color: { field: color, type: "nominal", title: color, scale: statusColours },
    tooltip: [
      { field: "vessel", type: "nominal", title: "vessel" },
      { field: color, type: "nominal", title: color },
      { field: "route", type: "nominal", title: "route" },
      startTip.tooltip,
      endTip.tooltip,
      { field: "ongoing", type: "nominal", title: "ongoing" },
      { field: "volume", type: "quantitative", format: ",.2f", title: volumeUnit === undefined || volumeUnit === "mixed" ? "volume" : `volume (${unitLabel(volumeUnit)})` },
    ],
  };
  return spec;
}
