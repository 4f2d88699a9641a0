/**
 * A table as text for people: what `console.log(table)`, `table.print()` and a notebook's `text/plain`
 * show. The rows shown (head and tail of a long table), each column's type and unit, and every cell are
 * chosen here once; the HTML display (io/table-display.ts) lays out the same cells.
 */
import { displayInstant, isCalendarDate, parseTimestamp, parseTimestampMs } from "./dates";
import type { FieldType } from "./schema";
import { unitLabel } from "./unit-label";

/** Options of a table's text and display. */
export interface TableDisplayOptions {
  /** Rows shown: all rows when the table has at most this many, else the first and last half of it. Default 10. */
  rows?: number;
  /**
   * Widest line of the text, in characters: columns in the middle of a wider table are left out (a `…`
   * column stands for them); at least the first column is always shown. Default 120. The HTML display
   * shows every column.
   */
  width?: number;
}

/** What the text and the display read of a table: its columns, their units and (where known) their types. */
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

/** One field as displayed (a description with its cell texts, not data): its type, unit label and the text of each shown cell. */
export interface DisplayField {
  readonly name: string;
  readonly type: FieldType;
  readonly unit: string | undefined;
  readonly cells: readonly string[];
  readonly align: "left" | "right";
}

/** The cells of a table as displayed: the rows shown, where the gap is, and the shape line. */
export interface DisplayCells {
  readonly columns: readonly DisplayField[];
  /** How many rows are shown. */
  readonly shown: number;
  /** The index (in shown rows) before which the hidden rows are, -1 when every row is shown. */
  readonly gapAt: number;
  /** `natgas.v3.rigs: 1,234 rows × 3 columns (first 5 and last 5 shown)`. */
  readonly shape: string;
}

/** The cells a display shows of a table (head and tail when it has more rows than `options.rows`). */
export function displayCells(view: TableDisplayView, options: TableDisplayOptions = {}): DisplayCells {
  const limit = Math.max(1, Math.floor(options.rows ?? 10));
  const n = view.length;
  const head = n <= limit ? n : Math.ceil(limit / 2);
  const tail = n <= limit ? 0 : limit - head;
  const shownRows = [...range(0, head), ...range(n - tail, n)];
  const columns = view.names.map((name): DisplayField => {
    const raw = shownRows.map((i) => view.valueAt(name, i));
    const type = view.types?.get(name) ?? inferType(raw);
    const unit = view.units[name];
    return { name, type, unit: unit === undefined ? undefined : unitLabel(unit), cells: raw.map((v) => formatCell(v, name, type)), align: type === "int" || type === "float" ? "right" : "left" };
  });
  const shape = `${view.title ? `${view.title}: ` : ""}${plural(n, "row")} × ${plural(columns.length, "column")}${tail > 0 ? ` (first ${head} and last ${tail} shown)` : ""}`;
  return { columns, shown: shownRows.length, gapAt: tail > 0 ? head : -1, shape };
}

/** Widest a column's text gets; longer cells end in `…`. */
const MAX_COLUMN_WIDTH = 28;

/**
 * A table as aligned text: a header of names, a line of types with units, a rule, the rows (a `…` row
 * where rows are left out), and the shape line `(rows × columns)`. Numbers are right-aligned and
 * rounded for reading; the data are not changed.
 */
export function tableText(view: TableDisplayView, options: TableDisplayOptions = {}): string {
  const { columns, gapAt, shown, shape } = displayCells(view, options);
  const heads = columns.map((c) => [c.name, c.unit === undefined ? c.type : `${c.type} [${c.unit}]`] as const);
  const widths = columns.map((c, j) => Math.min(MAX_COLUMN_WIDTH, Math.max(1, heads[j]![0].length, heads[j]![1].length, ...c.cells.map((s) => s.length))));
  const keep = keptColumns(widths, Math.max(1, Math.floor(options.width ?? 120)));
  const cell = (j: number, s: string): string => {
    if (j < 0) return "…";
    const w = widths[j]!;
    const text = s.length <= w ? s : `${s.slice(0, w - 1)}…`;
    return columns[j]!.align === "right" ? text.padStart(w) : text.padEnd(w);
  };
  const line = (text: (j: number) => string): string => keep.map((j) => cell(j, j < 0 ? "" : text(j))).join("  ").trimEnd();
  const lines = [line((j) => heads[j]![0]), line((j) => heads[j]![1]), line((j) => "-".repeat(widths[j]!))];
  for (let k = 0; k < shown; k++) {
    if (k === gapAt) lines.push(line(() => "…"));
    lines.push(line((j) => columns[j]!.cells[k]!));
  }
  if (columns.length === 0) lines.length = 0;
  lines.push(`(${shape})`);
  return lines.join("\n");
}

/**
 * The columns that fit in `width` characters: all when they fit, else the first and last ones that do
 * with -1 between them for the `…` column (left and right take turns, the left first).
 */
function keptColumns(widths: readonly number[], width: number): number[] {
  const all = widths.map((_, j) => j);
  const total = widths.reduce((s, w) => s + w, 0) + 2 * Math.max(0, widths.length - 1);
  if (total <= width) return all;
  const left: number[] = [];
  const right: number[] = [];
  let used = 1; // the `…` column
  for (let lo = 0, hi = widths.length - 1, turn = 0; lo <= hi; turn++) {
    const j = turn % 2 === 0 ? lo : hi;
    const need = widths[j]! + 2;
    if (used + need > width && left.length > 0) break;
    used += need;
    if (turn % 2 === 0) left.push(lo++);
    else right.unshift(hi--);
  }
  return [...left, -1, ...right];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

/** A column's type read from its shown values: the one kind they all share, else `json`. */
function inferType(values: readonly unknown[]): FieldType {
  const kinds = new Set<FieldType>();
  for (const v of values) {
    if (v === null || v === undefined || (typeof v === "number" && v !== v)) continue;
    if (typeof v === "number" || typeof v === "bigint") kinds.add(Number.isInteger(Number(v)) ? "int" : "float");
    else if (typeof v === "boolean") kinds.add("bool");
    else if (v instanceof Date) kinds.add("timestamp");
    else if (typeof v === "string") kinds.add(isCalendarDate(v) ? "date" : v.length > 10 && parseTimestamp(v) !== undefined ? "timestamp" : "string");
    else kinds.add("json");
  }
  if (kinds.size === 2 && kinds.has("int") && kinds.has("float")) return "float";
  return kinds.size === 1 ? [...kinds][0]! : kinds.size === 0 ? "string" : "json";
}

/** Identifiers and years read as digits, not as quantities: no thousands separators. */
const IDENTIFIER = /(?:^|_)(?:id|imo|mmsi|year|code|fips|api|number)$/i;

/**
 * A cell as text: missing as empty, instants (Dates, and the text of a `timestamp` column) in the date
 * codec's display form (`displayInstant`),
 * numbers grouped by thousands with at most 3 decimals (6 for small ones).
 */
export function formatCell(v: unknown, column: string, type?: FieldType): string {
  if (type === "timestamp" && typeof v === "string") {
    const ms = parseTimestampMs(v);
    if (Number.isFinite(ms)) return displayInstant(ms);
  }
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
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "Invalid Date" : displayInstant(v.getTime());
  if (typeof v === "object") return JSON.stringify(v) ?? String(v);
  return String(v);
}
