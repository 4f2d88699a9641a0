/**
 * A frame (or records) as a notebook display: an HTML table of the first rows with the shape and the
 * units of the measures, and a plain-text fallback.
 */
import { unitsOf } from "../frame/units";
import { chartData } from "./chart-input";
import { escapeHtml } from "./standalone-html";
import { cellValue } from "./values";

/** Options of a frame display. */
export interface FrameDisplayOptions {
  /** Rows shown. Default 10. */
  rows?: number;
}

/** `text/html` and `text/plain` for a frame, records or a Result. */
export function frameDisplay(input: unknown, options: FrameDisplayOptions = {}): { html: string; text: string } {
  const limit = Math.max(0, Math.floor(options.rows ?? 10));
  const data = chartData(input, "show");
  const columns = data.names;
  const total = data.length;
  const shown = Math.min(limit, total);
  const units = safeUnits(input);
  const shape = `${total} row${total === 1 ? "" : "s"} x ${columns.length} column${columns.length === 1 ? "" : "s"}`;
  const unitNote = Object.entries(units).map(([c, u]) => `${c}: ${u}`).join(", ");
  const values = columns.map((c) => data.column(c));
  const cells = Array.from({ length: shown }, (_, i) => values.map((col) => cellText(cellValue(col[i]))));
  const more = total > shown ? `first ${shown} of ${total} rows` : "";

  const headRow = columns
    .map((c) => `<th>${escapeHtml(c)}${units[c] ? `<br><span style="font-weight:normal;color:#777">${escapeHtml(units[c]!)}</span>` : ""}</th>`)
    .join("");
  const bodyRows = cells.map((row) => `<tr>${row.map((v) => `<td>${escapeHtml(v)}</td>`).join("")}</tr>`).join("\n");
  const html = [
    '<div class="gasframes-frame">',
    `<table border="1" class="dataframe"><thead><tr>${headRow}</tr></thead><tbody>`,
    bodyRows,
    "</tbody></table>",
    `<p style="color:#555">${escapeHtml([shape, more, unitNote && `units: ${unitNote}`].filter(Boolean).join("; "))}</p>`,
    "</div>",
  ].join("\n");

  const widths = columns.map((c, j) => Math.min(24, Math.max(c.length, ...cells.map((row) => row[j]!.length))));
  const line = (vals: string[]): string => vals.map((v, j) => clip(v, widths[j]!).padEnd(widths[j]!)).join("  ").trimEnd();
  const text = [line([...columns]), ...cells.map(line), `[${[shape, more, unitNote && `units: ${unitNote}`].filter(Boolean).join("; ")}]`].join("\n");
  return { html, text };
}

function safeUnits(input: unknown): Record<string, string> {
  try {
    return unitsOf(input as Parameters<typeof unitsOf>[0]);
  } catch {
    // Units are a courtesy of the display; a frame whose units cannot be read still shows.
    return {};
  }
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function clip(v: string, width: number): string {
  return v.length <= width ? v : `${v.slice(0, width - 1)}~`;
}
