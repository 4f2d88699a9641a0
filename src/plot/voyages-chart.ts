/**
 * Voyages as a Gantt view: one row per vessel, laden and ballast legs as coloured bars over time.
 */
import { DataError } from "../errors";
import { chartData, optionError, requireColumns, type ChartInput } from "./chart-input";
import { baseSpec, PALETTE, type ChartOptions, type VegaLiteSpec } from "./spec";
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
 */
export function voyagesChart(input: ChartInput, options: VoyagesChartOptions = {}): VegaLiteSpec {
  const data = chartData(input, CHART);
  const vessel = options.vessel ?? (data.columns.includes("vessel_name") ? "vessel_name" : "imo");
  const color = options.color ?? "voyage_status";
  if (typeof vessel !== "string" || vessel === "") throw optionError(CHART, "vessel", vessel, "a column name");
  requireColumns(data, [vessel, "start_date", "end_date", color], CHART);

  const legs = data.records.map((r, i) => {
    const start = timeAt(r, "start_date", i, CHART);
    if (start === null) throw new DataError(`${CHART}: row ${i}: start_date is missing`);
    const end = timeAt(r, "end_date", i, CHART);
    if (end !== null && end < start) {
      throw new DataError(`${CHART}: row ${i}: end_date ${String(r.end_date)} is before start_date ${String(r.start_date)}`);
    }
    return { r, i, start, end };
  });
  const latest = Math.max(...legs.map((l) => Math.max(l.start, l.end ?? -Infinity)));
  const values = legs.map(({ r, i, start, end }) => ({
    vessel: keyText(r[vessel]),
    start_date: isoUtc(start),
    end_date: isoUtc(end ?? latest),
    ongoing: end === null,
    [color]: keyText(r[color]),
    route: `${keyText(r.start_terminal)} -> ${keyText(r.end_terminal)}`,
    volume: data.columns.includes("volume") ? numberAt(r, "volume", i, CHART) : null,
  }));

  const vessels = new Set(values.map((v) => v.vessel)).size;
  const height = options.height ?? Math.max(160, 22 * vessels);
  const spec = baseSpec(options.title ?? "Voyages", { width: options.width ?? 640, height }, values);
  const statusColours =
    color === "voyage_status"
      ? { domain: ["Laden", "Ballast"], range: [PALETTE.laden, PALETTE.ballast] }
      : { scheme: "tableau10" };
  spec.mark = { type: "bar", cornerRadius: 2, height: { band: 0.7 } };
  spec.encoding = {
    y: { field: "vessel", type: "nominal", title: vessel === "imo" ? "Vessel (IMO)" : "Vessel", sort: "ascending" },
    x: { field: "start_date", type: "temporal", scale: { type: "utc" }, title: "Date (UTC)", axis: { format: "%Y-%m-%d", labelOverlap: true } },
    x2: { field: "end_date" },
    color: { field: color, type: "nominal", title: color, scale: statusColours },
    tooltip: [
      { field: "vessel", type: "nominal" },
      { field: color, type: "nominal" },
      { field: "route", type: "nominal" },
      { field: "start_date", type: "temporal", format: "%Y-%m-%d %H:%M" },
      { field: "end_date", type: "temporal", format: "%Y-%m-%d %H:%M" },
      { field: "ongoing", type: "nominal" },
      { field: "volume", type: "quantitative", format: ",.2f" },
    ],
  };
  return spec;
}
