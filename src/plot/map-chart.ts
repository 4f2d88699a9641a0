/**
 * Rigs, frac crews or wells as points (lat/long) over US state outlines shipped with the package.
 */
import { DataError } from "../errors";
import { chartData, optionError, requireColumns, type ChartData, type ChartInput } from "./chart-input";
import { baseSpec, chartSize, PALETTE, type ChartOptions, type VegaLiteSpec } from "./spec";
import { usStatesTopology } from "./us-states";
import { cellNumber, cellValue, keyText } from "./values";

/** Options of {@link mapChart}. */
export interface MapChartOptions extends ChartOptions {
  /** Column that colours the points, e.g. `"rig_class"`, `"frac_class"` or `"operator_name"`. Default: none. */
  color?: string;
  /** A numeric column that sizes the points, or a fixed point area in square pixels. Default 18. */
  size?: string | number;
}

const CHART = "mapChart";
/** Columns copied into each point when the data has them, for tooltips and for a user's own encodings. */
const TOOLTIP_FIELDS = ["operator_name", "county", "state_ab", "date", "wellpad_id", "api"];

/**
 * Map of points over the US states (Albers USA projection). `lat` and `long` may be numbers or the
 * service's numeric strings. A row with a missing coordinate is not drawn and is counted in the subtitle;
 * a coordinate that is not a number, or is out of range, is a DataError naming the row.
  * @example
  * show(mapChart(await natgas.v3.rigs({ start_date: "2024-05-01", end_date: "2024-05-01" }), { color: "rig_class" }));
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
  const [lat, long] = [data.column("lat"), data.column("long")];
  const colorValues = color ? data.column(color) : undefined;
  const sizeValues = typeof size === "string" ? data.column(size) : undefined;
  const shown = TOOLTIP_FIELDS.filter((k) => data.names.includes(k)).map((k) => [k, data.column(k)] as const);
  for (let i = 0; i < data.length; i++) {
    const y = coordinate(lat, i, "lat", 90);
    const x = coordinate(long, i, "long", 180);
    if (y === null || x === null) {
      skipped += 1;
      continue;
    }
    const p: Record<string, unknown> = { lat: y, long: x };
    if (colorValues) p[color!] = keyText(colorValues[i]);
    if (sizeValues) p[size as string] = cellNumber(sizeValues[i]);
    for (const [k, values] of shown) p[k] = cellValue(values[i]);
    points.push(p);
  }

  const text = options.title ?? defaultTitle(data);
  const title = skipped === 0 ? text : { text, subtitle: `${skipped} row${skipped > 1 ? "s" : ""} without coordinates not shown` };
  const spec = baseSpec(title, chartSize(options, 400), points);
  spec.projection = { type: "albersUsa" };
  const tooltip = ["operator_name", "county", "state_ab", "date"]
    .filter((k) => data.names.includes(k))
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

function coordinate(col: readonly unknown[], i: number, column: string, limit: number): number | null {
  const v = cellNumber(col[i]);
  if (v === null) return null;
  if (Number.isNaN(v) || Math.abs(v) > limit) {
    throw new DataError(`${CHART}: row ${i}: ${column} = ${JSON.stringify(col[i])} is not a coordinate in decimal degrees (|${column}| <= ${limit})`);
  }
  return v;
}

function defaultTitle(data: ChartData): string {
  const has = (c: string): boolean => data.names.includes(c);
  if (has("rig_class")) return "Rig locations";
  if (has("frac_class") || has("service_company")) return "Frac crew locations";
  if (has("wellbore_type") || has("spud_date")) return "Wells";
  return "Locations";
}
