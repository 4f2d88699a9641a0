/**
 * The Vega-Lite spec type the chart builders return, and the settings every chart shares.
 */
import { syntheticDataSeen } from "../util/synthetic-data";
import { withChartDisplay } from "./chart-display";

/** The Vega-Lite v5 JSON schema address every spec carries. */
export const VEGA_LITE_SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json";

/**
 * A Vega-Lite v5 spec: plain JSON. Typed loosely on purpose so a notebook user can tweak any part of it
 * (`spec.width = 900`, `spec.layer[0].mark.opacity = 0.5`) without casts.
 */
export interface VegaLiteSpec {
  $schema: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [key: string]: any;
}

/** Options every builder takes. */
export interface ChartOptions {
  /** Chart title. Default: a title naming the data shown (e.g. "LNG flows"). */
  title?: string;
  /** Plot width in pixels. Default 640. */
  width?: number;
  /** Plot height in pixels. Default 320 (maps: 400; voyages: 24 per vessel, at least 160). */
  height?: number;
}

/** The font list every chart uses: DejaVu Sans (most Linux systems), then common fallbacks; `toPng` loads system fonts. */
export const CHART_FONT = "DejaVu Sans, Arial, Helvetica, sans-serif";

/** Colours of the data families, fixed so that observed/forecast and laden/ballast read the same everywhere. */
export const PALETTE = {
  observed: "#1f77b4",
  forecast: "#ff7f0e",
  actual: "#222222",
  backcast: "#9ecae1",
  partial: "#555555",
  laden: "#d62728",
  ballast: "#7f7f7f",
  states: "#f2f2f2",
  stateBorder: "#bbbbbb",
} as const;

/** Shared configuration: explicit fonts (so PNG text renders), white background, quiet grid. */
export function chartConfig(): Record<string, unknown> {
  return {
    font: CHART_FONT,
    background: "white",
    title: { font: CHART_FONT, fontSize: 15, anchor: "start" },
    axis: { labelFont: CHART_FONT, titleFont: CHART_FONT, gridColor: "#e6e6e6" },
    legend: { labelFont: CHART_FONT, titleFont: CHART_FONT },
    header: { labelFont: CHART_FONT, titleFont: CHART_FONT },
    text: { font: CHART_FONT },
    view: { stroke: null },
  };
}

/** The line every chart drawn from synthetic data shows under its title. */
export const SYNTHETIC_DATA_MARK = "Synthetic data (gasframes sandbox), not market data";

/**
 * The frame of a spec: schema, title, size, config and inline data. In a process that has received
 * synthetic data (see `syntheticDataSeen`), the title carries {@link SYNTHETIC_DATA_MARK} as a red subtitle
 * line and `usermeta.gasframes.synthetic` is true.
 */
export function baseSpec(
  title: string | { text: string; subtitle?: string },
  size: { width: number; height: number },
  values: readonly Record<string, unknown>[],
): VegaLiteSpec {
  const synthetic = syntheticDataSeen();
  return withChartDisplay({
    $schema: VEGA_LITE_SCHEMA,
    title: synthetic ? markedTitle(title) : title,
    ...(synthetic ? { usermeta: { gasframes: { synthetic: true } } } : {}),
    width: size.width,
    height: size.height,
    config: chartConfig(),
    data: { values: values as Record<string, unknown>[] },
  });
}

function markedTitle(title: string | { text: string; subtitle?: string }): Record<string, unknown> {
  const t = typeof title === "string" ? { text: title } : title;
  const subtitle = t.subtitle === undefined ? SYNTHETIC_DATA_MARK : [t.subtitle, SYNTHETIC_DATA_MARK];
  return { ...t, subtitle, subtitleColor: "#b22222", subtitleFontWeight: "bold" };
}

/** Whether a value looks like a Vega-Lite spec (an object whose `$schema` names vega-lite). */
export function isVegaLiteSpec(x: unknown): x is VegaLiteSpec {
  return (
    typeof x === "object" &&
    x !== null &&
    typeof (x as { $schema?: unknown }).$schema === "string" &&
    (x as { $schema: string }).$schema.includes("vega-lite")
  );
}

/** Width and height from the options, with the builder's defaults. */
export function chartSize(options: ChartOptions, height = 320, width = 640): { width: number; height: number } {
  return { width: options.width ?? width, height: options.height ?? height };
}

/** A time axis channel read in UTC, so the chart shows the same dates in every time zone. */
export function utcTimeChannel(field: string, title: string, format = "%Y-%m-%d"): Record<string, unknown> {
  const axis: Record<string, unknown> = { format, labelOverlap: true, grid: false };
  // Monthly labels on ticks Vega places mid-month would print the same month twice: tick on months.
  if (format === "%b %Y") axis.tickCount = { interval: "month", step: 1 };
  return { field, type: "temporal", scale: { type: "utc" }, title, axis };
}

/**
 * A tooltip line showing a date field in UTC, and the transform that writes it. The data's dates are UTC
 * days, but a renderer formats a temporal tooltip in the viewer's zone (west of UTC, the day before), and
 * Vega-Lite's schema lets a tooltip name no UTC scale; so the text is made in the spec with `utcFormat`,
 * which JupyterLab's renderer and the report's vega-embed both run.
 */
export function utcTooltip(field: string, title: string, format = "%Y-%m-%d"): { transform: Record<string, unknown>; tooltip: Record<string, unknown> } {
  const as = `${field}_utc`;
  const value = `datum[${JSON.stringify(field)}]`;
  return {
    transform: { calculate: `isValid(${value}) ? utcFormat(toDate(${value}), ${JSON.stringify(format)}) : null`, as },
    tooltip: { field: as, type: "nominal", title },
  };
}
