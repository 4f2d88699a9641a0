/**
 * A table as a notebook display: `text/html` and `text/plain` showing the shape, each column's type and
 * unit, and the rows (head and tail of a long table) with numbers formatted for reading. It lives with
 * the table so that `Table[Symbol.for("Jupyter.display")]` needs nothing above the table; `show()` and
 * the danfo frame display use it too, so a table looks the same however it reaches the notebook.
 */
import type { FieldType } from "./schema";
import { canonicalUnit } from "./units";

/**
 * The key under which Deno's Jupyter kernel looks for an object's display bundle (a method returning
 * `{ [mimeType]: data }`), called when the object is the last expression of a cell.
 */
export const JUPYTER_DISPLAY: unique symbol = Symbol.for("Jupyter.display") as never;

/** Options of a table display. */
export interface TableDisplayOptions {
  /** Rows shown: all rows when the table has at most this many, else the first and last half of it. Default 10. */
  rows?: number;
}

/** What the display reads of a table: its columns, their units and (where known) their types. */
export interface TableDisplayView {
  /** A title for the shape line (the schema name); default none. */
  readonly title?: string;
  readonly names: readonly string[];
  readonly length: number;
  /** The value in row `i` of column `name`. */
  valueAt(name: string, i: number): unknown;
  readonly units: Readonly<Record<string, string>>;
  /** Column types from a schema; a column without one is typed from its values. */
  readonly types?: ReadonlyMap<string, FieldType>;
}

/** The `text/html` and `text/plain` of a table. */
export function tableDisplay(view: TableDisplayView, options: TableDisplayOptions = {}): { html: string; text: string } {
  const limit = Math.max(1, Math.floor(options.rows ?? 10));
  const n = view.length;
  const head = n <= limit ? n : Math.ceil(limit / 2);
  const tail = n <= limit ? 0 : limit - head;
  const shownRows = [...range(0, head), ...range(n - tail, n)];
  const columns = view.names.map((name) => {
    const raw = shownRows.map((i) => view.valueAt(name, i));
    const type = view.types?.get(name) ?? inferType(raw);
    const unit = view.units[name];
    return { name, type, unit: unit === undefined ? undefined : unitLabel(unit), cells: raw.map((v) => formatCell(v, name)) };
  });
  const shape = `${view.title ? `${view.title}: ` : ""}${plural(n, "row")} x ${plural(columns.length, "column")}${tail > 0 ? ` (first ${head} and last ${tail} shown)` : ""}`;
  const gapAt = tail > 0 ? head : -1;

  const th = columns
    .map((c) => `<th style="text-align:${alignOf(c.type)}">${esc(c.name)}<br><span style="font-weight:normal;color:#777">${esc(c.type)}${c.unit ? `, ${esc(c.unit)}` : ""}</span></th>`)
    .join("");
  const body: string[] = [];
  shownRows.forEach((i, k) => {
    if (k === gapAt) body.push(`<tr>${columns.map(() => '<td style="text-align:center">…</td>').join("")}</tr>`);
    body.push(`<tr>${columns.map((c) => `<td style="text-align:${alignOf(c.type)}">${esc(c.cells[k]!)}</td>`).join("")}</tr>`);
  });
  const html = [
    '<div class="gasframes-table">',
    `<p style="color:#555;margin:0 0 4px">${esc(shape)}</p>`,
    `<table border="1" class="dataframe"><thead><tr>${th}</tr></thead><tbody>`,
    ...body,
    "</tbody></table>",
    "</div>",
  ].join("\n");

  const heads = columns.map((c) => `${c.name}${c.unit ? ` [${c.unit}]` : ""}`);
  const widths = columns.map((c, j) => Math.min(28, Math.max(heads[j]!.length, ...c.cells.map((s) => s.length))));
  const line = (cells: string[]): string =>
    cells.map((s, j) => (alignOf(columns[j]!.type) === "right" ? clip(s, widths[j]!).padStart(widths[j]!) : clip(s, widths[j]!).padEnd(widths[j]!))).join("  ").trimEnd();
  const lines = [line(heads)];
  shownRows.forEach((_, k) => {
    if (k === gapAt) lines.push(line(columns.map(() => "...")));
    lines.push(line(columns.map((c) => c.cells[k]!)));
  });
  lines.push(`[${shape}]`);
  return { html, text: lines.join("\n") };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

/** Units as analysts write them, by the canonical name `canonicalUnit` gives (`gas_Bcf`, `bcf`, `BCF` are all `Bcf`). */
const ANALYST_UNITS: Readonly<Record<string, string>> = {
  BCF: "Bcf", MMCF: "MMcf", MCF: "Mcf",
  "BCF/day": "Bcf/d", "MMCF/day": "MMcf/d", "MCF/day": "Mcf/d",
  "BCF/month": "Bcf/month", "MMCF/month": "MMcf/month", "MCF/month": "Mcf/month",
  bcm: "bcm", mcm: "mcm", "bcm/day": "bcm/d", "mcm/day": "mcm/d", "bcm/month": "bcm/month", "mcm/month": "mcm/month",
  m3: "m³", tonnes: "t", Mt: "Mt", "Mt/month": "Mt/month", MMBtu: "MMBtu",
};

/**
 * The one spelling of a unit that gasframes shows to people (table headers, chart axes, tooltips):
 * `BCF/day` and `bcfd` as `Bcf/d`, `gas_Bcf` and `bcf` as `Bcf`, `MCF` as `Mcf`, `BBL/day` as `bbl/d`,
 * `m3` as `m³`. A unit it does not know (`ft`, `%`) is returned as given. Data keep the services' own
 * spellings; only what is displayed changes.
 */
export function unitLabel(unit: string): string {
  const canonical = canonicalUnit(unit);
  if (canonical !== undefined) return ANALYST_UNITS[canonical] ?? canonical;
  const oil = /^bbl(?:\s*\/\s*(day|d|month))?$/i.exec(unit.trim());
  if (oil !== null) return oil[1] === undefined ? "bbl" : oil[1].toLowerCase() === "month" ? "bbl/month" : "bbl/d";
  return unit;
}

/** A column's type read from its shown values: the one kind they all share, else `json`. */
function inferType(values: readonly unknown[]): FieldType {
  const kinds = new Set<FieldType>();
  for (const v of values) {
    if (v === null || v === undefined || (typeof v === "number" && v !== v)) continue;
    if (typeof v === "number" || typeof v === "bigint") kinds.add(Number.isInteger(Number(v)) ? "int" : "float");
    else if (typeof v === "boolean") kinds.add("bool");
    else if (v instanceof Date) kinds.add("timestamp");
    else if (typeof v === "string") kinds.add(/^\d{4}-\d{2}-\d{2}$/.test(v) ? "date" : /^\d{4}-\d{2}-\d{2}T/.test(v) ? "timestamp" : "string");
    else kinds.add("json");
  }
  if (kinds.size === 2 && kinds.has("int") && kinds.has("float")) return "float";
  return kinds.size === 1 ? [...kinds][0]! : kinds.size === 0 ? "string" : "json";
}

/** Identifiers and years read as digits, not as quantities: no thousands separators. */
const IDENTIFIER = /(?:^|_)(?:id|imo|mmsi|year|code|fips|api|number)$/i;

/** A UTC instant as short text: `2026-01-03` at midnight (the services' days), else `2026-01-03 14:05Z` (seconds when not zero). */
function shortInstant(ms: number): string {
  const iso = new Date(ms).toISOString();
  if (iso.endsWith("T00:00:00.000Z")) return iso.slice(0, 10);
  const seconds = iso.slice(17, 23) === "00.000" ? "" : `:${iso.slice(17, 19)}`;
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${seconds}Z`;
}

/** A cell as text: missing as empty, dates short, numbers grouped by thousands with at most 3 decimals (6 for small ones). */
export function formatCell(v: unknown, column: string): string {
  if (v === null || v === undefined || (typeof v === "number" && v !== v)) return "";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return String(v);
    if (IDENTIFIER.test(column) && Number.isInteger(v)) return String(v);
    const small = v !== 0 && Math.abs(v) < 0.01;
    const text = v.toLocaleString("en-US", { maximumFractionDigits: small ? 6 : 3 });
    // -0, and a tiny negative rounded away, would read as a sign without a value.
    return /^-0(?:\.0*)?$/.test(text) ? "0" : text;
  }
  if (typeof v === "bigint") return IDENTIFIER.test(column) ? v.toString() : v.toLocaleString("en-US");
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "Invalid Date" : shortInstant(v.getTime());
  if (typeof v === "object") return JSON.stringify(v) ?? String(v);
  return String(v);
}

function alignOf(type: FieldType): "left" | "right" {
  return type === "int" || type === "float" ? "right" : "left";
}

function clip(s: string, width: number): string {
  return s.length <= width ? s : `${s.slice(0, width - 1)}~`;
}

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
