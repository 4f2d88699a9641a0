import { joinLines } from "../nbformat/notebook-file";
import type { MimeBundle, Output } from "../nbformat/types";
import { chartFigure, staticImage, VEGA_LITE_MIMES } from "./chart-figure";
import { escapeHtml } from "./escape-html";
import { publishTable } from "./publish-table";
import { renderMarkdown } from "./render-markdown";

const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/**
 * One cell output as HTML that needs no network. From a MIME bundle the richest form is chosen: a Vega-Lite
 * spec as an interactive chart with its SVG as the fallback (see chart-figure.ts), SVG (as a data: image,
 * so charts on one page cannot clash over element ids), PNG/JPEG, HTML (a gasframes table rewritten to
 * publish, see publish-table.ts), Markdown, JSON, then plain text.
 */
export function renderOutput(o: Output): string {
  switch (o.output_type) {
    case "stream":
      return `<pre class="out ${o.name}">${escapeHtml(joinLines(o.text).replace(ANSI, ""))}</pre>`;
    case "error":
      return `<pre class="out error">${escapeHtml([`${o.ename}: ${o.evalue}`, ...o.traceback].join("\n").replace(ANSI, ""))}</pre>`;
    case "display_data":
    case "execute_result":
      return renderBundle(o.data);
  }
}

function renderBundle(data: MimeBundle): string {
  const text = (mime: string) => joinLines(data[mime]);
  const spec = vegaLiteSpec(data);
  if (spec !== undefined) return chartFigure(spec, data["image/svg+xml"] !== undefined ? text("image/svg+xml") : undefined);
  if (data["image/svg+xml"] !== undefined) return `<div class="out chart">${staticImage(text("image/svg+xml"))}</div>`;
  for (const mime of ["image/png", "image/jpeg", "image/gif"]) {
    if (data[mime] !== undefined) return `<div class="out chart"><img alt="image" src="data:${mime};base64,${text(mime).replace(/\s+/g, "")}"></div>`;
  }
  if (data["text/html"] !== undefined) {
    const html = text("text/html");
    const table = publishTable(html);
    return table !== undefined ? `<div class="out table">${table}</div>` : `<div class="out html">${stripScripts(html)}</div>`;
  }
  if (data["text/markdown"] !== undefined) return `<div class="out markdown">${renderMarkdown(text("text/markdown"))}</div>`;
  const json = Object.keys(data).find((m) => m.endsWith("json"));
  if (json) return `<pre class="out json">${escapeHtml(JSON.stringify(data[json], null, 2))}</pre>`;
  if (data["text/plain"] !== undefined) return `<pre class="out text">${escapeHtml(text("text/plain").replace(ANSI, ""))}</pre>`;
  return `<p class="out missing">(output of type ${escapeHtml(Object.keys(data).join(", ") || "none")} cannot be shown statically)</p>`;
}

/** The Vega-Lite spec of a bundle (a JSON object, or JSON text as some kernels send it), if it has one. */
export function vegaLiteSpec(data: MimeBundle): Record<string, unknown> | undefined {
  for (const mime of VEGA_LITE_MIMES) {
    let v: unknown = data[mime];
    if (typeof v === "string" || Array.isArray(v)) {
      try {
        v = JSON.parse(joinLines(v as string | string[]));
      } catch {
        continue;
      }
    }
    if (typeof v === "object" && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  }
  return undefined;
}

/** The report is static: scripts in HTML outputs would need a live kernel or the network, so they are dropped. */
function stripScripts(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, "").replace(/\son\w+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "");
}
