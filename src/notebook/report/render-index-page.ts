import { joinLines } from "../nbformat/notebook-file";
import type { Notebook } from "../nbformat/types";
import { escapeHtml } from "./escape-html";
import { renderInline } from "./render-markdown";
import { syntheticBanner } from "./render-notebook-page";
import { REPORT_CSS } from "./report-style";

/** One entry of the report index. */
export interface IndexEntry {
  href: string;
  title: string;
  notebook: Notebook;
}

/**
 * The first paragraph after a notebook's title, as HTML (the entry's summary). A paragraph that ends with
 * a colon introduces what follows ("Four questions, four endpoints:"): the list after it is kept, so the
 * summary is never cut off mid-thought.
 */
function summary(nb: Notebook): string {
  for (const c of nb.cells) {
    if (c.cell_type !== "markdown") continue;
    const blocks = joinLines(c.source).split(/\n\s*\n/).map((p) => p.trim());
    const at = blocks.findIndex((p) => p && !/^(#|\||[-*+] |\d+\. |```|>)/.test(p));
    if (at < 0) continue;
    const para = `<p class="summary">${renderInline(blocks[at]!.replace(/\s*\n\s*/g, " "))}</p>`;
    const next = blocks[at + 1];
    if (!blocks[at]!.endsWith(":") || next === undefined || !/^([-*+]|\d+\.) /.test(next)) return para;
    const ordered = /^\d+\. /.test(next);
    const items = next.split(/\n(?=\s*(?:[-*+]|\d+\.) )/).map((item) => `<li>${renderInline(item.replace(/^\s*(?:[-*+]|\d+\.) /, "").replace(/\s*\n\s*/g, " "))}</li>`);
    return `${para}\n<${ordered ? "ol" : "ul"} class="summary">${items.join("")}</${ordered ? "ol" : "ul"}>`;
  }
  return "";
}

/** Number of chart outputs (SVG or bitmap images) in a notebook. */
function chartCount(nb: Notebook): number {
  let n = 0;
  for (const c of nb.cells) {
    if (c.cell_type !== "code") continue;
    for (const o of c.outputs) {
      if ((o.output_type === "display_data" || o.output_type === "execute_result") && Object.keys(o.data).some((m) => m.startsWith("image/"))) n++;
    }
  }
  return n;
}

/**
 * The report's index page: one linked entry per notebook with its summary; `source` says where the data
 * came from, and `synthetic` (default false) puts the synthetic-data banner at the top.
 */
export function renderIndexPage(entries: IndexEntry[], source: string, synthetic = false): string {
  const items = entries.map((e) => {
    const code = e.notebook.cells.filter((c) => c.cell_type === "code").length;
    const charts = chartCount(e.notebook);
    return `<li><a href="${escapeHtml(e.href)}"><strong>${escapeHtml(e.title)}</strong></a>
${summary(e.notebook)}
<p class="summary">${code} code cells, ${charts} chart${charts === 1 ? "" : "s"}</p></li>`;
  });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>gasframes research report</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<main>
<h1>gasframes research report</h1>
${syntheticBanner(synthetic)}<p>Natural gas and LNG market data, pulled, framed, analysed and charted by the project's TypeScript notebooks, executed top to bottom. Data: ${escapeHtml(source)}.</p>
<ul class="notebooks">
${items.join("\n")}
</ul>
<footer>No network is needed to view these pages: the charts' one script is in <code>assets/</code>, and each chart shows as a static image when scripts are off.</footer>
</main>
</body>
</html>
`;
}
