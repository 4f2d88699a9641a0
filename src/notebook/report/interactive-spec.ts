/**
 * The report's interactive form of a chart. The chart builders make specs that also export to static SVG
 * and PNG, so interaction is added here, where the chart is embedded in a page with vega-embed: a spec
 * in a notebook output stays as the builder made it.
 */

type Json = Record<string, unknown>;

/** The name of the zoom/pan parameter the report adds to time-series charts. */
export const ZOOM_PARAM = "report_zoom_x";

/**
 * A copy of a Vega-Lite spec with tooltips on every data mark and zoom/pan on a time x axis:
 * - a mark without a tooltip gets one from its encoding (`tooltip: true`); the states layer of a map
 *   shows the state's name;
 * - a tooltip names a field as its axis or legend does (`Gas production (BCF/day)`, not `gas_daily`);
 * - a date in a tooltip is printed in UTC, as the axes print it (Vega-Lite formats a tooltip's date in the
 *   viewer's time zone unless the field def names a UTC scale, so the day before would show west of UTC);
 * - lines and areas get transparent points on their data, because vega's pointer picks a whole line
 *   path and would show its first point's values wherever the line is hovered;
 * - the first view whose x channel is temporal gets an interval selection bound to the scales on x
 *   (drag to pan, wheel to zoom, double-click to reset). Faceted and concatenated charts are left as they
 *   are: scales bound inside them would zoom one panel only.
 */
export function interactiveSpec(spec: Json): Json {
  const copy = structuredClone(spec);
  let zoomAdded = hasScaleBinding(copy);
  const visit = (view: Json, canZoom: boolean): void => {
    if (Array.isArray(view.layer)) {
      for (const layer of view.layer as Json[]) visit(layer, canZoom);
      return;
    }
    if (isObject(view.spec)) {
      visit(view.spec, false);
      return;
    }
    for (const key of ["hconcat", "vconcat", "concat"]) {
      if (Array.isArray(view[key])) for (const v of view[key] as Json[]) visit(v, false);
    }
    if (view.mark === undefined) return;
    addTooltip(view);
    if (canZoom && !zoomAdded && isTemporalX(view, copy)) {
      view.params = [...((view.params as unknown[] | undefined) ?? []), { name: ZOOM_PARAM, select: { type: "interval", encodings: ["x"] }, bind: "scales" }];
      zoomAdded = true;
    }
  };
  visit(copy, copy.facet === undefined && copy.repeat === undefined);
  return copy;
}

function addTooltip(view: Json): void {
  const mark: Json = typeof view.mark === "string" ? { type: view.mark } : { ...(view.mark as Json) };
  const encoding = (view.encoding as Json | undefined) ?? {};
  if (mark.type === "geoshape" && encoding.tooltip === undefined && mark.tooltip === undefined) {
    const feature = ((view.data as Json | undefined)?.format as Json | undefined)?.feature;
    if (feature === "states") view.encoding = { ...encoding, tooltip: [{ field: "properties.name", type: "nominal", title: "state" }] };
  } else if (encoding.tooltip === undefined && mark.tooltip === undefined) {
    if (encoding.y2 !== undefined || encoding.x2 !== undefined) view.encoding = { ...encoding, tooltip: rangeTooltip(encoding) };
    else mark.tooltip = true;
  }
  const channels = (view.encoding as Json | undefined) ?? {};
  const tooltip = channels.tooltip;
  for (const def of Array.isArray(tooltip) ? tooltip : [tooltip]) {
    if (!isObject(def)) continue;
    if (def.type === "temporal" && def.timeUnit === undefined && def.scale === undefined) def.scale = { type: "utc" };
    // A field shown on an axis or legend is named in the tooltip as there (with its unit), not by its column name.
    if (def.title === undefined) {
      const shown = Object.entries(channels).find(([k, c]) => k !== "tooltip" && isObject(c) && c.field === def.field && typeof c.title === "string" && c.aggregate === undefined);
      if (shown) def.title = (shown[1] as Json).title;
    }
  }
  if ((mark.type === "line" || mark.type === "area") && mark.point === undefined) {
    mark.point = { filled: false, opacity: 0, size: 90 };
  }
  view.mark = mark;
}

/**
 * The tooltip of a band or span (y with y2, or x with x2): Vega-Lite's own would show the low end under the
 * axis title, as if it were the value. Each end is shown under its field's name.
 */
function rangeTooltip(encoding: Json): Json[] {
  const out: Json[] = [];
  for (const channel of ["x", "x2", "y", "y2", "color", "detail"]) {
    const def = encoding[channel];
    if (!isObject(def) || typeof def.field !== "string" || out.some((t) => t.field === def.field)) continue;
    const paired = encoding[channel.length === 1 ? `${channel}2` : channel[0]!] !== undefined;
    const main = channel.length === 1 ? def : (encoding[channel[0]!] as Json | undefined) ?? {};
    const type = (def.type ?? main.type) as string | undefined;
    const tip: Json = { field: def.field, type: type ?? "nominal", title: paired ? def.field : (def.title ?? def.field) };
    if (tip.type === "temporal") {
      tip.scale = { type: "utc" };
      tip.format = ((main.axis as Json | undefined)?.format as string | undefined) ?? "%Y-%m-%d";
    } else if (tip.type === "quantitative") tip.format = ",.3~f";
    out.push(tip);
  }
  return out;
}

function isTemporalX(view: Json, root: Json): boolean {
  const encoding = { ...((root.encoding as Json | undefined) ?? {}), ...((view.encoding as Json | undefined) ?? {}) };
  if (encoding.row !== undefined || encoding.column !== undefined || encoding.facet !== undefined) return false;
  const x = encoding.x as Json | undefined;
  return isObject(x) && x.type === "temporal" && x.bin === undefined && x.aggregate === undefined;
}

function hasScaleBinding(spec: unknown): boolean {
  if (Array.isArray(spec)) return spec.some(hasScaleBinding);
  if (!isObject(spec)) return false;
  if (spec.bind === "scales") return true;
  // Inline data can be large and never holds a selection.
  return Object.entries(spec).some(([k, v]) => k !== "data" && typeof v === "object" && v !== null && hasScaleBinding(v));
}

function isObject(x: unknown): x is Json {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}
