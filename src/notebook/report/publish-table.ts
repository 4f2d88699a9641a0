import { isoFromDay, isoFromMs, parseTimestampMs } from "../../table/dates";
import { unitLabel } from "../../table/unit-label";
import { escapeHtml } from "./escape-html";

/**
 * Rewrites the `text/html` of a gasframes table display (src/io/table-display.ts) as a table to publish:
 * - units in the headers (`volume (Bcf)`), the notebook's column types dropped;
 * - identifier columns first (`wellpad_id`, `imo`, `operator_name`, `destination_country`, `region`), then
 *   dates, then the rest, each group in its own order;
 * - numbers right-aligned and rounded per column to the same decimals (more for small magnitudes),
 *   identifiers and years printed as digits;
 * - timestamps at midnight UTC as dates (`2026-01-03`), others to the minute (`2026-01-03 14:05`) with UTC
 *   in the header, never broken across lines;
 * - text allowed to wrap within a column, so a table of long names fits the page;
 * - columns with no value in the rows shown, and `<x>_unit` columns repeating the unit of `x`, left out and
 *   named under the table;
 * - long column names allowed to break after an underscore, so headers do not widen the table;
 * - the table in its own horizontally scrolling box.
 * Returns undefined for HTML that is not a gasframes table display (the caller shows it as it is).
 */
export function publishTable(html: string): string | undefined {
  const parsed = parseTableDisplay(html);
  if (!parsed) return undefined;
  const { caption, header, rows, totalRows } = parsed;
  const dataRows = rows.filter((r) => r !== GAP);
  const columns = header.map((h, j) => column(h, dataRows.map((r) => (r as string[])[j] ?? "")));
  const omitted: string[] = [];
  const kept = columns.filter((c) => {
    if (c.values.every((v) => v === "")) {
      omitted.push(`${c.name} (no values in the rows shown)`);
      return false;
    }
    const base = /^(.+)_unit$/.exec(c.name)?.[1];
    const unit = base === undefined ? undefined : header.find((h) => h.name === base)?.unit;
    if (unit !== undefined && c.values.every((v) => v !== "" && unitLabel(v) === unitLabel(unit))) {
      omitted.push(`${c.name} (the unit is in the ${base} header)`);
      return false;
    }
    return true;
  });
  const rank = (c: ShownField) => (IDENTIFIER.test(c.name) ? 0 : c.kind === "time" ? 1 : 2);
  const ordered = kept.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map(({ c }) => c);
  // Long names break after their underscores (volume_/missing), so a wide table's headers do not push it past the page.
  const th = ordered.map((c) => `<th class="${CELL_CLASS[c.kind]}">${escapeHtml(c.name).replace(/_(?=[^_])/g, "_<wbr>")}${c.unit ? `<span class="unit">${escapeHtml(c.unit)}</span>` : ""}</th>`);
  const shown = dataRows.length;
  const body: string[] = [];
  let k = 0;
  for (const r of rows) {
    if (r === GAP) {
      const hidden = totalRows !== undefined ? totalRows - shown : undefined;
      body.push(`<tr class="gap"><td colspan="${ordered.length}">${hidden !== undefined ? `… ${hidden.toLocaleString("en-US")} more rows …` : "…"}</td></tr>`);
      continue;
    }
    const i = k++;
    body.push(`<tr>${ordered.map((c) => `<td class="${CELL_CLASS[c.kind]}">${escapeHtml(c.cells[i]!)}</td>`).join("")}</tr>`);
  }
  const note = omitted.length > 0 ? `\n<p class="table-note">Not shown: ${escapeHtml(omitted.join("; "))}.</p>` : "";
  return [
    `<div class="table-box">`,
    caption ? `<p class="table-caption">${escapeHtml(caption)}</p>` : "",
    `<div class="table-scroll"><table class="data">`,
    `<thead><tr>${th.join("")}</tr></thead>`,
    `<tbody>\n${body.join("\n")}\n</tbody>`,
    `</table></div>${note}`,
    `</div>`,
  ].join("\n");
}

/** Columns that say which thing a row is about (ids, names, places): listed first. */
const IDENTIFIER = /(?:^|_)(?:id|imo|mmsi|code|fips|api|name|vessel|operator|country|region|terminal|state|state_ab|county|basin)$/i;
/** Whole numbers read as digits, never grouped by thousands (the table display's own list). */
const DIGITS = /(?:^|_)(?:id|imo|mmsi|year|code|fips|api|number)$/i;
/** Text that starts as an ISO date does (`2026-01-03`, `2026-01-03 14:05Z`), for the date codec to read. */
const INSTANT = /^\d{4}-\d{2}-\d{2}(?:$|[T ])/;
const MS_PER_DAY = 86_400_000;

interface Header {
  name: string;
  type: string;
  unit: string | undefined;
}
interface ShownField {
  name: string;
  unit: string | undefined;
  kind: "number" | "time" | "text";
  values: string[];
  cells: string[];
}

function column(h: Header, values: string[]): ShownField {
  const unit = h.unit === undefined ? undefined : unitLabel(h.unit);
  const present = values.filter((v) => v !== "");
  if ((h.type === "int" || h.type === "float") && present.every((v) => Number.isFinite(toNumber(v)))) {
    return { name: h.name, unit, kind: "number", values, cells: formatNumbers(h.name, values) };
  }
  // Read by the table's date codec: the display's `2026-01-03` and `2026-01-03 14:05Z`, and any ISO 8601
  // text (an offset is converted to UTC).
  const times = present.map((v) => (INSTANT.test(v) ? parseTimestampMs(v) : NaN));
  if (present.length > 0 && times.every(Number.isFinite)) {
    const midnight = times.every((ms) => ms % MS_PER_DAY === 0);
    const cells = values.map((v) => {
      const ms = v === "" ? NaN : parseTimestampMs(v);
      if (!Number.isFinite(ms)) return v;
      return midnight ? isoFromDay(Math.floor(ms / MS_PER_DAY)) : isoFromMs(ms).slice(0, 16).replace("T", " ");
    });
    return { name: h.name, unit: midnight ? unit : unit ? `${unit}, UTC` : "UTC", kind: "time", values, cells };
  }
  const kind = h.type === "date" || h.type === "timestamp" ? "time" : "text";
  return { name: h.name, unit, kind, values, cells: values };
}

function toNumber(text: string): number {
  return Number(text.replace(/,/g, ""));
}

/** One number of decimals for the whole column, from its largest magnitude: 1,234 / 123.4 / 12.34 / 0.123 / 0.00123. */
function formatNumbers(name: string, values: string[]): string[] {
  const nums = values.map((v) => (v === "" ? undefined : toNumber(v)));
  const present = nums.filter((n): n is number => n !== undefined);
  if (DIGITS.test(name) && present.every(Number.isInteger)) return values.map((v) => v.replace(/,/g, ""));
  const max = Math.max(0, ...present.map(Math.abs));
  const decimals = present.every(Number.isInteger) ? 0 : max >= 1000 ? 0 : max >= 100 ? 1 : max >= 1 ? 2 : Math.min(6, Math.max(3, 2 - Math.floor(Math.log10(max || 1))));
  return nums.map((n) => {
    if (n === undefined) return "";
    const text = n.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
  });
}

/** Cell classes: numbers right-aligned, dates kept on one line, text allowed to wrap (names of terminals, operators). */
const CELL_CLASS: Record<ShownField["kind"], string> = { number: "num", time: "time", text: "text" };

const GAP = Symbol("gap");

/** The parts of a table display's HTML, or undefined when it is not one. */
function parseTableDisplay(html: string): { caption: string; header: Header[]; rows: (string[] | typeof GAP)[]; totalRows: number | undefined } | undefined {
  const m = /^\s*<div class="gasframes-table">\s*<p[^>]*>([\s\S]*?)<\/p>\s*<table[^>]*>\s*<thead>\s*<tr>([\s\S]*?)<\/tr>\s*<\/thead>\s*<tbody>([\s\S]*?)<\/tbody>\s*<\/table>\s*<\/div>\s*$/.exec(html);
  if (!m) return undefined;
  const header: Header[] = [];
  for (const th of m[2]!.matchAll(/<th[^>]*>([\s\S]*?)<br><span[^>]*>([\s\S]*?)<\/span><\/th>/g)) {
    const [type, ...unit] = unescapeHtml(th[2]!).split(", ");
    header.push({ name: unescapeHtml(th[1]!), type: type!, unit: unit.length > 0 ? unit.join(", ") : undefined });
  }
  if (header.length === 0) return undefined;
  const rows: (string[] | typeof GAP)[] = [];
  for (const tr of m[3]!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)) {
    const cells = [...tr[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((td) => unescapeHtml(td[1]!));
    if (cells.length !== header.length) return undefined;
    rows.push(/text-align:center/.test(tr[1]!) && cells.every((c) => c === "…") ? GAP : cells);
  }
  const caption = unescapeHtml(m[1]!);
  const total = /([\d,]+) rows? [x×]/.exec(caption)?.[1];
  return { caption, header, rows, totalRows: total !== undefined ? Number(total.replace(/,/g, "")) : undefined };
}

function unescapeHtml(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
}
