/**
 * Rigs, frac crews or wells as points (lat/long) over US state outlines shipped with the package.
 */
import { DataError } from "../errors";
import { chartData, optionError, requireColumns, type ChartData, type ChartInput } from "./chart-input";
import { baseSpec, chartSize, PALETTE, type ChartOptions, type VegaLiteSpec } from "./spec";
import { usStatesTopology } from "./us-states";
import { keyText, parseNumber } from "./values";

/** Options of {@link mapChart}. */
export interface MapChartOptions extends ChartOptions {
  /** Column that colours the points, e.g. `"rig_class"`, `"frac_class"` or `"operator_name"`. Default: none. */
  color?: string;
  /** A numeric column that sizes the points, or a fixed point area in square pixels. Default 18. */
  size?: string | number;
}

const CHART = "mapChart";

/**
 * Map of points over the US states (Albers USA projection). `lat` and `long` may be numbers or the
 * service's numeric strings. A row with a missing coordinate is not drawn and is counted in the subtitle;
 * a coordinate that is not a number, or is out of range, is a DataError naming the row.
 */
export function mapChart(input: ChartInput, options: MapChartOptions = {}): VegaLiteSpec {
  const data = chartData(input, CHART);
  const { color, size } = options;
  if (size !== undefined && !(typeof size === "string" || (typeof size === "number" && size > 0 && Number.isFinite(size)))) {
    throw optionError(CHART, "size", size, "a numeric column name or a positive point area");
  }
  requireColumns(data, ["lat", "long", ...(color ? [color] : []), ...(typeof size === "string" ? [size] : [])], CHART);

  let skipped = 0;
  const points: Record<string, unknown>[] = [];
  data.records.forEach((r, i) => {
    const lat = coordinate(r, "lat", i, 90);
    const long = coordinate(r, "long", i, 180);
    if (lat === null || long === null) {
      skipped += 1;
      return;
    }
    const p: Record<string, unknown> = { lat, long };
    if (color) p[color] = keyText(r[color]);
    if (typeof size === "string") p[size] = parseNumber(r[size]);
    for (const k of ["operator_name", "county", "state_ab", "date", "wellpad_id", "api"]) if (k in r) p[k] = r[k];
    points.push(p);
  });

  const text = options.title ?? defaultTitle(data);
  const title = skipped === 0 ? text : { text, subtitle: `${skipped} row${skipped > 1 ? "s" : ""} without coordinates not shown` };
  const spec = baseSpec(title, chartSize(options, 400), points);
  spec.projection = { type: "albersUsa" };
  const tooltip = ["operator_name", "county", "state_ab", "date"]
    .filter((k) => data.columns.includes(k))
    .map((k) => ({ field: k, type: "nominal" }));
  spec.layer = [
    {
      data: { values: usStatesTopology(), format: { type: "topojson", feature: "states" } },
      mark: { type: "geoshape", fill: PALETTE.states, stroke: PALETTE.stateBorder, strokeWidth: 0.6 },
    },
    {
      mark: { type: "circle", opacity: 0.75, ...(color ? {} : { color: PALETTE.laden }) },
      encoding: {
        longitude: { field: "long", type: "quantitative" },
        latitude: { field: "lat", type: "quantitative" },
        ...(color ? { color: { field: color, type: "nominal", title: color, scale: { scheme: "tableau10" } } } : {}),
        size: typeof size === "string" ? { field: size, type: "quantitative", title: size } : { value: size ?? 18 },
        ...(tooltip.length > 0 ? { tooltip } : {}),
      },
    },
  ];
  return spec;
}

function coordinate(r: Record<string, unknown>, column: string, i: number, limit: number): number | null {
  const v = parseNumber(r[column]);
  if (v === null) return null;
  if (Number.isNaN(v) || Math.abs(v) > limit) {
    throw new DataError(`${CHART}: row ${i}: ${column} = ${JSON.stringify(r[column])} is not a coordinate in decimal degrees (|${column}| <= ${limit})`);
  }
  return v;
}

function defaultTitle(data: ChartData): string {
  const has = (c: string): boolean => data.columns.includes(c);
  if (has("rig_class")) return "Rig locations";
  if (has("frac_class") || has("service_company")) return "Frac crew locations";
  if (has("wellbore_type") || has("spud_date")) return "Wells";
  return "Locations";
}
