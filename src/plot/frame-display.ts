/**
 * A frame (or records) as a notebook display: an HTML table of the first rows with the shape and the
 * units of the measures, and a plain-text fallback.
 */
import { unitsOf } from "../frame";
import { chartData, type ChartData } from "./chart-input";
import { escapeHtml } from "./standalone-html";

/** Options of a frame display. */
export interface FrameDisplayOptions {
  /** Rows shown. Default 10. */
  rows?: number;
}

/** `text/html` and `text/plain` for a frame, records or a Result. */
export function frameDisplay(input: unknown, options: FrameDisplayOptions = {}): { html: string; text: string } {
  const limit = Math.max(0, Math.floor(options.rows ?? 10));
  const { head, total, columns } = headOf(input, limit);
  const units = safeUnits(input);
  const shape = `${total} row${total === 1 ? "" : "s"} x ${columns.length} column${columns.length === 1 ? "" : "s"}`;
  const unitNote = Object.entries(units).map(([c, u]) => `${c}: ${u}`).join(", ");
  const cells = head.map((r) => columns.map((c) => cellText(r[c])));
  const more = total > head.length ? `first ${head.length} of ${total} rows` : "";

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

function headOf(input: unknown, limit: number): { head: readonly Record<string, unknown>[]; total: number; columns: readonly string[] } {
  const frame = input as { shape?: unknown; head?: unknown; $data?: unknown };
  if (typeof frame === "object" && frame !== null && "$data" in frame && Array.isArray(frame.shape) && typeof frame.head === "function") {
    const total = Number(frame.shape[0]);
    // danfo's head(0) throws; an empty head keeps the columns.
    const data: ChartData =
      total === 0 || limit === 0 ? { records: [], columns: chartData(input, "show").columns } : chartData((frame.head as (n: number) => unknown).call(frame, Math.min(limit, total)), "show");
    return { head: data.records, total, columns: data.columns };
  }
  const data = chartData(input, "show");
  return { head: data.records.slice(0, limit), total: data.records.length, columns: data.columns };
}

function safeUnits(input: unknown): Record<string, string> {
  try {
    const source = Array.isArray(input) ? input : (input as { records?: unknown }).records ?? input;
    return unitsOf(source as Parameters<typeof unitsOf>[0]);
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
