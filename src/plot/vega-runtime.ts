/**
 * vega and vega-lite are loaded on first render, not at import: most notebook cells never draw.
 */
import { DataError } from "../errors";

// A spec is taken as any object: spec.ts imports the chart display, which renders through this file.
type VegaLiteSpec = object;

// Only the few members used here are typed, so the public declarations never depend on vega's own types.
interface VegaView {
  toSVG(scaleFactor?: number): Promise<string>;
  finalize(): void;
}
interface VegaModule {
  parse(spec: unknown): unknown;
  View: new (runtime: unknown, options: { renderer: string; logLevel?: number }) => VegaView;
  Warn: number;
}
interface VegaLiteModule {
  compile(spec: unknown, options?: { logger?: unknown }): { spec: unknown };
}

let vega: VegaModule | undefined;
let vegaLite: VegaLiteModule | undefined;

function modules(): { vega: VegaModule; vegaLite: VegaLiteModule } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  vega ??= require("vega") as VegaModule;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  vegaLite ??= require("vega-lite") as VegaLiteModule;
  return { vega, vegaLite };
}

/** Compiles a Vega-Lite spec to a Vega spec. A spec Vega-Lite refuses becomes a DataError (cause kept). */
export function compileToVega(spec: VegaLiteSpec, caller: string): unknown {
  const { vegaLite: vl } = modules();
  try {
    return vl.compile(spec).spec;
  } catch (e) {
    throw new DataError(`${caller}: Vega-Lite could not compile the spec: ${(e as Error).message}`, { cause: e });
  }
}

/** Renders a Vega-Lite spec to SVG text with a headless vega View (no browser, no canvas). */
export async function renderSvg(spec: VegaLiteSpec, caller: string): Promise<string> {
  const { vega: vg } = modules();
  // vega tags inline data objects in place (a vega_id symbol); render a copy so the caller's spec stays as built.
  const vgSpec = compileToVega(structuredClone(spec), caller);
  let view: VegaView;
  try {
    view = new vg.View(vg.parse(vgSpec), { renderer: "none", logLevel: vg.Warn });
  } catch (e) {
    throw new DataError(`${caller}: vega could not parse the compiled spec: ${(e as Error).message}`, { cause: e });
  }
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
