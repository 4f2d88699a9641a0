import type { VegaLiteSpec } from "./spec";

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The chart title as plain text (a title may be a string, an object with `text`, or a list of lines). */
export function chartTitle(spec: VegaLiteSpec): string | undefined {
  const t = spec.title;
  const text = typeof t === "object" && t !== null && !Array.isArray(t) ? t.text : t;
  if (Array.isArray(text)) return text.join(" ");
  return typeof text === "string" ? text : undefined;
}

/**
 * A self-contained HTML page: the chart as inline SVG (seen without scripts or network) and the Vega-Lite
 * spec embedded as JSON in `<script type="application/vnd.vegalite.v5+json" id="vega-lite-spec">`, so a tool
 * can make it interactive again.
 */
export function standaloneHtml(spec: VegaLiteSpec, svg: string): string {
  const title = escapeHtml(chartTitle(spec) ?? "Chart");
  // Any "<" could end or confuse the script element ("</script>", "<!--"); "\u003c" is the same JSON string.
  const json = JSON.stringify(spec).replace(/</g, "\\u003c");
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<title>${title}</title>`,
    "<style>body{margin:24px;font-family:'DejaVu Sans',Arial,Helvetica,sans-serif;background:#fff}</style>",
    "</head>",
    "<body>",
    `<figure>${svg}</figure>`,
    `<script type="application/vnd.vegalite.v5+json" id="vega-lite-spec">${json}</script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
