import { DataError } from "../errors";
import { optionError } from "./chart-input";
import { isVegaLiteSpec, type VegaLiteSpec } from "./spec";
import { renderSvg } from "./vega-runtime";

/** Options of {@link toPng}. */
export interface PngOptions {
  /** Pixel density: 2 draws a 640 px wide chart as 1280 px. Default 2. Between 0.1 and 10. */
  scale?: number;
  /** Extra font files (.ttf/.otf) to use, for systems without DejaVu Sans, Arial or Helvetica. Default none. */
  fontFiles?: readonly string[];
}

interface ResvgModule {
  Resvg: new (svg: string, options: Record<string, unknown>) => { render(): { asPng(): Buffer } };
}

/**
 * Renders a Vega-Lite spec to PNG bytes in plain Node: SVG from vega, rasterised by @resvg/resvg-js
 * with the system fonts loaded (so axis labels and titles appear) on a white background.
  * @example
  * const png = await toPng(flowsChart(flows), { scale: 2 });
 */
export async function toPng(spec: VegaLiteSpec, options: PngOptions = {}): Promise<Buffer> {
  if (!isVegaLiteSpec(spec)) throw new DataError("toPng: expected a Vega-Lite spec (an object whose $schema names vega-lite)");
  const scale = options.scale ?? 2;
  if (typeof scale !== "number" || !Number.isFinite(scale) || scale < 0.1 || scale > 10) {
    throw optionError("toPng", "scale", scale, "a number between 0.1 and 10");
  }
  const svg = await renderSvg(spec, "toPng");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Resvg } = require("@resvg/resvg-js") as ResvgModule;
  const resvg = new Resvg(svg, {
    fitTo: { mode: "zoom", value: scale },
    background: "white",
    font: {
      loadSystemFonts: true,
      fontFiles: [...(options.fontFiles ?? [])],
      defaultFontFamily: "DejaVu Sans",
      sansSerifFamily: "DejaVu Sans",
    },
  });
  return resvg.render().asPng();
}
