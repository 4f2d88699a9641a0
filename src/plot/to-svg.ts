import { isVegaLiteSpec, type VegaLiteSpec } from "./spec";
import { renderSvg } from "./vega-runtime";
import { DataError } from "../errors";

/**
 * Renders a Vega-Lite spec to SVG text in plain Node (vega View, renderer "none", `toSVG()`).
 * Text uses the spec's fonts (the builders set DejaVu Sans first). Throws DataError when the argument is
 * not a Vega-Lite spec or does not compile.
  * @example
  * const svg = await toSvg(flowsChart(flows));
 */
export async function toSvg(spec: VegaLiteSpec): Promise<string> {
  if (!isVegaLiteSpec(spec)) throw new DataError("toSvg: expected a Vega-Lite spec (an object whose $schema names vega-lite)");
  return renderSvg(spec, "toSvg");
}
