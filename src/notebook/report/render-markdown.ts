import { escapeHtml } from "./escape-html";

/**
 * Renders the Markdown that notebooks use to HTML, with no network and no dependency: ATX headings,
 * paragraphs, emphasis, inline code, links and images, fenced code, block quotes, nested bullet and
 * numbered lists, GitHub tables and rules. Raw HTML in the source is shown as text, never interpreted,
 * so a notebook cannot inject script into the report. Headings get ids (slugs) for in-page links.
 */
export function renderMarkdown(source: string): string {
  return renderBlocks(source.replace(/\r\n?/g, "\n").split("\n"));
}

const FENCE = /^\s{0,3}(```|~~~)\s*([\w+-]*)\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

function renderBlocks(lines: string[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++;
      const cls = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : "";
      out.push(`<pre><code${cls}>${escapeHtml(body.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      out.push(`<h${level} id="${slug(heading[2]!)}">${renderInline(heading[2]!)}</h${level}>`);
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push("<hr>");
      i++;
      continue;
    }
    if (/^\s{0,3}>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s{0,3}>/.test(lines[i]!)) body.push(lines[i++]!.replace(/^\s{0,3}>\s?/, ""));
      out.push(`<blockquote>${renderBlocks(body)}</blockquote>`);
      continue;
    }
    if (line.includes("|") && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]!)) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.includes("|") && lines[i]!.trim() !== "") rows.push(lines[i++]!);
      out.push(renderTable(rows));
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const items: string[] = [];
      const kind = listKind(line);
      const indent = line.length - line.trimStart().length;
      const sameList = (l: string) => !LIST_ITEM.test(l) || l.length - l.trimStart().length > indent || listKind(l) === kind;
      while (i < lines.length && sameList(lines[i]!) && (lines[i]!.trim() === "" ? nextIsListContinuation(lines, i) && sameList(lines[i + 1]!) : LIST_ITEM.test(lines[i]!) || /^\s+\S/.test(lines[i]!))) {
        items.push(lines[i++]!);
      }
      out.push(renderList(items));
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== "" && !startsBlock(lines, i)) para.push(lines[i++]!.trim());
    out.push(`<p>${renderInline(para.join("\n"))}</p>`);
  }
  return out.join("\n");
}

function startsBlock(lines: string[], i: number): boolean {
  const l = lines[i]!;
  return FENCE.test(l) || HEADING.test(l) || RULE.test(l) || /^\s{0,3}>/.test(l) || LIST_ITEM.test(l) || (l.includes("|") && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]!));
}

function listKind(line: string): "ol" | "ul" {
  return /^\s*\d/.test(line) ? "ol" : "ul";
}

function nextIsListContinuation(lines: string[], i: number): boolean {
  const next = lines[i + 1];
  return next !== undefined && (LIST_ITEM.test(next) || /^\s{2,}\S/.test(next));
}

/** A list: items at the smallest indent; deeper lines belong to the item above them (nested lists). */
function renderList(lines: string[]): string {
  const indentOf = (l: string) => l.length - l.trimStart().length;
  const base = Math.min(...lines.filter((l) => LIST_ITEM.test(l)).map(indentOf));
  const first = LIST_ITEM.exec(lines.find((l) => LIST_ITEM.test(l))!)!;
  const ordered = /\d/.test(first[2]!);
  const items: string[][] = [];
  for (const l of lines) {
    const m = LIST_ITEM.exec(l);
    if (m && indentOf(l) === base) items.push([m[3]!]);
    else if (items.length > 0) items[items.length - 1]!.push(l);
  }
  const start = ordered && parseInt(first[2]!, 10) !== 1 ? ` start="${parseInt(first[2]!, 10)}"` : "";
  const body = items.map(([head, ...rest]) => {
    const nested = rest.filter((l) => l.trim() !== "");
    const inner = nested.length > 0 && nested.some((l) => LIST_ITEM.test(l)) ? renderBlocks(nested.map((l) => l.slice(Math.min(indentOf(l), base + 2)))) : nested.length > 0 ? " " + renderInline(nested.map((l) => l.trim()).join("\n")) : "";
    return `<li>${renderInline(head!)}${inner}</li>`;
  });
  const tag = ordered ? "ol" : "ul";
  return `<${tag}${start}>\n${body.join("\n")}\n</${tag}>`;
}

function splitRow(row: string): string[] {
  const cells = row.trim().replace(/^\|/, "").replace(/(?<!\\)\|$/, "").split(/(?<!\\)\|/);
  return cells.map((c) => c.trim().replace(/\\\|/g, "|"));
}

function renderTable(rows: string[]): string {
  const head = splitRow(rows[0]!);
  const aligns = splitRow(rows[1]!).map((s) => (s.startsWith(":") && s.endsWith(":") ? "center" : s.endsWith(":") ? "right" : s.startsWith(":") ? "left" : ""));
  const cell = (tag: string, text: string, j: number) => `<${tag}${aligns[j] ? ` style="text-align:${aligns[j]}"` : ""}>${renderInline(text)}</${tag}>`;
  const body = rows.slice(2).map((r) => `<tr>${splitRow(r).map((c, j) => cell("td", c, j)).join("")}</tr>`);
  return `<table>\n<thead><tr>${head.map((h, j) => cell("th", h, j)).join("")}</tr></thead>\n<tbody>\n${body.join("\n")}\n</tbody>\n</table>`;
}

/** Inline Markdown: code spans first (their content is literal), then links, images, emphasis and line breaks. */
export function renderInline(text: string): string {
  const spans: string[] = [];
  const hold = (html: string) => `\u0000${spans.push(html) - 1}\u0000`;
  let s = text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_m, _t, code: string) => hold(`<code>${escapeHtml(code.trim())}</code>`));
  s = s.replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, (_m, c: string) => hold(escapeHtml(c)));
  s = escapeHtml(s);
  s = s.replace(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+&quot;[^&]*&quot;)?\)/g, (_m, alt: string, url: string) => hold(`<img src="${safeUrl(url)}" alt="${alt}">`));
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+&quot;[^&]*&quot;)?\)/g, (_m, label: string, url: string) => `<a href="${safeUrl(url)}">${label}</a>`);
  s = s.replace(/(^|[\s(])(https?:\/\/[^\s<)]+)/g, (_m, pre: string, url: string) => `${pre}<a href="${url}">${url}</a>`);
  s = s.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "<strong>$2</strong>");
  s = s.replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, "$1<em>$2</em>");
  s = s.replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, "$1<em>$2</em>");
  s = s.replace(/~~(?=\S)([\s\S]*?\S)~~/g, "<del>$1</del>");
  s = s.replace(/ {2,}\n/g, "<br>\n");
  return s.replace(/\u0000(\d+)\u0000/g, (_m, n: string) => spans[Number(n)]!);
}

function safeUrl(url: string): string {
  return /^\s*(javascript|vbscript|data:text\/html)/i.test(url) ? "#" : url;
}

/** A heading's anchor: lower case, punctuation dropped, spaces to dashes (as JupyterLab does). */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[`*_[\]()]/g, "").replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-");
}
