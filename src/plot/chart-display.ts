/**
 * A chart as a notebook display: one bundle of `application/vnd.vegalite.v5+json` (the spec as a JSON
 * object, interactive in JupyterLab), `image/svg+xml` (the static export, for HTML exports and GitHub) and
 * `text/plain`. The chart builders give each spec this bundle under `Symbol.for("Jupyter.display")`
 * (not enumerable: it is not part of the JSON), so Deno's Jupyter kernel shows a chart that ends a cell.
 *
 * This file must not import spec.ts (which imports it): it reads a spec as plain JSON.
 */
import { VEGA_LITE_MIME, type DisplayBundle } from "../display/display-bundle";
import { JUPYTER_DISPLAY } from "../io/table-display";
import { renderSvg } from "./vega-runtime";

/** A Vega-Lite spec as this file reads it. */
type SpecJson = Record<string, unknown>;

/** The display bundle of a Vega-Lite spec. A spec that vega cannot render still shows as JSON and text. */
export async function chartBundle(spec: object, caller = "show"): Promise<DisplayBundle> {
  // A JSON copy: what goes over the wire is the spec's JSON, never its methods or vega's in-place tags.
  const json = JSON.parse(JSON.stringify(spec)) as SpecJson;
  return { [VEGA_LITE_MIME]: json, "image/svg+xml": await renderSvg(json, caller), "text/plain": chartSummary(json) };
}

/** Returns `spec` after giving it the display method (see the file comment). */
export function withChartDisplay<T extends object>(spec: T): T {
  Object.defineProperty(spec, JUPYTER_DISPLAY, {
    value: function display(this: object) {
      return chartBundle(this);
    },
    enumerable: false,
    writable: true,
    configurable: true,
  });
  return spec;
}

/** One line naming the chart: `Vega-Lite chart "LNG flows" (line + area, 120 rows)`. */
export function chartSummary(spec: SpecJson): string {
  const layers = Array.isArray(spec.layer) ? (spec.layer as { mark?: unknown }[]) : undefined;
  const marks = layers ? layers.map((l) => markType(l.mark)).join(" + ") : markType(spec.mark);
  const values = (spec.data as { values?: unknown } | undefined)?.values;
  const rows = Array.isArray(values) ? `, ${values.length} rows` : "";
  return `Vega-Lite chart "${titleText(spec.title) ?? "untitled"}" (${marks}${rows})`;
}

function titleText(t: unknown): string | undefined {
  const text = typeof t === "object" && t !== null && !Array.isArray(t) ? (t as { text?: unknown }).text : t;
  if (Array.isArray(text)) return text.join(" ");
  return typeof text === "string" ? text : undefined;
}

function markType(mark: unknown): string {
  if (typeof mark === "string") return mark;
  if (typeof mark === "object" && mark !== null && typeof (mark as { type?: unknown }).type === "string") return (mark as { type: string }).type;
  return "chart";
}
