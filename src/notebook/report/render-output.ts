import { joinLines } from "../nbformat/notebook-file";
import type { MimeBundle, Output } from "../nbformat/types";
import { escapeHtml } from "./escape-html";
import { renderMarkdown } from "./render-markdown";

const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/**
 * One cell output as self-contained HTML. From a MIME bundle the richest static form is chosen:
 * SVG (as a data: image, so charts on one page cannot clash over element ids), PNG/JPEG, HTML, Markdown,
 * JSON, then plain text. Nothing refers to the network.
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
  if (data["image/svg+xml"] !== undefined) {
    const svg = text("image/svg+xml");
    return `<div class="out chart"><img alt="chart" src="data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}"${svgSize(svg)}></div>`;
  }
  for (const mime of ["image/png", "image/jpeg", "image/gif"]) {
    if (data[mime] !== undefined) return `<div class="out chart"><img alt="image" src="data:${mime};base64,${text(mime).replace(/\s+/g, "")}"></div>`;
  }
  if (data["text/html"] !== undefined) return `<div class="out html">${stripScripts(text("text/html"))}</div>`;
  if (data["text/markdown"] !== undefined) return `<div class="out markdown">${renderMarkdown(text("text/markdown"))}</div>`;
  const json = Object.keys(data).find((m) => m.endsWith("json"));
  if (json) return `<pre class="out json">${escapeHtml(JSON.stringify(data[json], null, 2))}</pre>`;
  if (data["text/plain"] !== undefined) return `<pre class="out text">${escapeHtml(text("text/plain").replace(ANSI, ""))}</pre>`;
  return `<p class="out missing">(output of type ${escapeHtml(Object.keys(data).join(", ") || "none")} cannot be shown statically)</p>`;
}

/** Keeps the SVG's own width/height on the <img> so charts are shown at their drawn size. */
function svgSize(svg: string): string {
  const open = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const w = /\swidth="([\d.]+)(?:px)?"/.exec(open)?.[1];
  const h = /\sheight="([\d.]+)(?:px)?"/.exec(open)?.[1];
  return w && h ? ` width="${w}" height="${h}"` : "";
}

/** The report is static: scripts in HTML outputs would need a live kernel or the network, so they are dropped. */
function stripScripts(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, "").replace(/\son\w+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "");
}
