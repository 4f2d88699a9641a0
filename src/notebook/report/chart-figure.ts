import { escapeHtml } from "./escape-html";
import { interactiveSpec, ZOOM_PARAM } from "./interactive-spec";

/** The MIME types of Vega-Lite specs the report embeds (v5, and v4 which Vega-Lite 5 reads). */
export const VEGA_LITE_MIMES = ["application/vnd.vegalite.v5+json", "application/vnd.vegalite.v4+json"] as const;

/**
 * A chart as a figure the report's script (see chart-loader.ts) makes interactive: the spec, made
 * interactive, as inline JSON; an empty element vega-embed draws into; and the static SVG as an image,
 * shown until the interactive view has rendered, and for good when scripts are off or vega fails.
 */
export function chartFigure(spec: Record<string, unknown>, svg: string | undefined): string {
  const live = interactiveSpec(spec);
  // "<" in the JSON could close the script element ("</script>") or open a comment; "\u003c" is the same string.
  const json = JSON.stringify(live).replace(/</g, "\\u003c");
  const fallback = svg !== undefined ? staticImage(svg).replace("<img ", '<img class="vega-static" ') : `<p class="out missing">(this chart needs scripts to be shown)</p>`;
  const zoom = JSON.stringify(live).includes(`"${ZOOM_PARAM}"`);
  const hint = `Hover a mark for its values${zoom ? "; drag to pan and scroll to zoom the time axis, double-click to reset" : ""}.`;
  return [
    `<figure class="out chart vega-chart">`,
    `<div class="vega-view"></div>`,
    fallback,
    `<figcaption class="hint" hidden>${escapeHtml(hint)}</figcaption>`,
    `<script type="application/json" class="vega-spec">${json}</script>`,
    `</figure>`,
  ].join("\n");
}

/** An SVG as a data: image (charts on one page cannot clash over element ids), at its drawn size. */
export function staticImage(svg: string): string {
  return `<img alt="chart" src="data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}"${svgSize(svg)}>`;
}

function svgSize(svg: string): string {
  const open = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const w = /\swidth="([\d.]+)(?:px)?"/.exec(open)?.[1];
  const h = /\sheight="([\d.]+)(?:px)?"/.exec(open)?.[1];
  return w && h ? ` width="${w}" height="${h}"` : "";
}
