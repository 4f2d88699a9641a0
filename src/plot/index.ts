/**
 * Charts: Vega-Lite v5 builders for the views analysts draw every day, rendering to SVG/PNG/HTML in plain
 * Node, and rich notebook display.
 */
export type { VegaLiteSpec, ChartOptions } from "./spec";
export { VEGA_LITE_SCHEMA } from "./spec";
export type { ChartInput } from "./chart-input";
export { flowsChart, type FlowsChartOptions } from "./flows-chart";
export { productionChart, type ProductionChartOptions } from "./production-chart";
export { forecastChart, type ForecastChartInput, type ForecastChartOptions } from "./forecast-chart";
export { activityChart, type ActivityChartOptions, type ActivityKind } from "./activity-chart";
export { mapChart, type MapChartOptions } from "./map-chart";
export { voyagesChart, type VoyagesChartOptions } from "./voyages-chart";
export { toSvg } from "./to-svg";
export { toPng, type PngOptions } from "./to-png";
export { save } from "./save";
export { show, displayBundle, VEGA_LITE_MIME, type DisplayBundle, type ShowOptions } from "./show";
/** Options of a table's display (`show(table, { rows })`). */
export type { TableDisplayOptions as FrameDisplayOptions } from "../io/table-display";
