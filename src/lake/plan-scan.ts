/**
 * Read planning for a lake dataset: which month files a query can need, and the DuckDB read over them
 * with the catalog's schema (docs/lake.md, "Pruning" and "Schema evolution").
 *
 * - Pruning: a comparison or BETWEEN on the dataset's date column (`date_prod >= '2024-01-01'`) maps to
 *   a range of months, and only those months' files are read. A query whose shape the planner cannot
 *   prove safe (a join, a subquery, OR/NOT, a UNION, a comment, the date column renamed) reads every file.
 * - Schema: files are read with `union_by_name`, so a column added in a newer month reads as NULL in
 *   older files, and a column only old files hold stays queryable. A catalog column no chosen file holds
 *   is `CAST(NULL AS <the catalog's type>)`.
 */
import type { FieldType, RecordSchema } from "../table/schema";
import { toDayNumber } from "../table/dates";
import type { MonthKey } from "./lake-months";
import { quoteIdent } from "./lake-source";
import { DataError } from "../errors";

/** One file of a dataset's snapshot. */
export interface ScanFile {
  /** The file's month partition, `YYYY-MM`. */
  readonly month: MonthKey;
  /** Its absolute path. */
  readonly path: string;
  /** The columns it holds, when known (the `month` partition column excluded). */
  readonly columns?: readonly string[];
}

/** A date range on the dataset's date column, both ends inclusive: days (`YYYY-MM-DD`) or instants. */
export interface DateRange {
  readonly from?: string;
  readonly to?: string;
}

/** The months a filter can match, both ends inclusive; an open end is undefined. */
export interface MonthBounds {
  readonly min?: MonthKey;
  readonly max?: MonthKey;
}

/** What the planner knows of a dataset. */
export interface ScanDataset {
  /** The view's name (`natgas_v4_productionbywell`). */
  readonly view: string;
  readonly files: readonly ScanFile[];
  /** The catalog's record schema (the aggregated one for an aggregated lake); undefined when unknown. */
  readonly schema?: RecordSchema;
  /** The date column the months cut (`date_prod`), and whether it holds days or instants. */
  readonly dateField?: string;
  readonly dateKind?: "date" | "timestamp";
}

/** The DuckDB type a catalog field type is read as when no file holds the column. */
const DUCK_TYPE: Readonly<Record<FieldType, string>> = {
  int: "BIGINT",
  float: "DOUBLE",
  string: "VARCHAR",
  date: "DATE",
  timestamp: "TIMESTAMP WITH TIME ZONE",
  bool: "BOOLEAN",
  json: "VARCHAR",
};

/** The months of a structured date range; a bound that is not a date or instant is left open. */
export function monthBoundsOfRange(range: DateRange, kind: "date" | "timestamp" = "date"): MonthBounds {
  const lo = range.from === undefined ? -Infinity : dayOf(range.from, kind, -1);
  const hi = range.to === undefined ? Infinity : dayOf(range.to, kind, +1);
  return { ...(Number.isFinite(lo) ? { min: monthOfDay(lo) } : {}), ...(Number.isFinite(hi) ? { max: monthOfDay(hi) } : {}) };
}

/**
 * The files that may hold rows within `bounds`: a file listed under several months (a compacted
 * year's file, listed under each month it holds) is one file spanning its first to its last month,
 * picked once when that span meets `bounds`.
 */
export function pickFiles(files: readonly ScanFile[], bounds: MonthBounds): ScanFile[] {
  return fileSpans(files)
    .filter((f) => (bounds.min === undefined || f.last >= bounds.min) && (bounds.max === undefined || f.month <= bounds.max))
    .map((f) => f.file);
}

/** Each distinct file once (the first listing), with the span of months it is listed under. */
function fileSpans(files: readonly ScanFile[]): { file: ScanFile; month: MonthKey; last: MonthKey }[] {
  const byPath = new Map<string, { file: ScanFile; month: MonthKey; last: MonthKey }>();
  for (const f of files) {
    const seen = byPath.get(f.path);
    if (seen === undefined) byPath.set(f.path, { file: f, month: f.month, last: f.month });
    else {
      if (f.month < seen.month) seen.month = f.month;
      if (f.month > seen.last) seen.last = f.month;
    }
  }
  return [...byPath.values()];
}

/** The hive partition key of a file path: `month` (`.../month=YYYY-MM/x.parquet`) or `year` (`.../year=YYYY/x.parquet`, the year layout, whose files hold `month` themselves). */
function hiveKeyOf(path: string): "month" | "year" {
  return /[\\/]year=\d{4}(?:-\d{4})?[\\/][^\\/]+$/.test(path) ? "year" : "month";
}

/** `path` as a DuckDB glob matching only itself (`[`, `*`, `?` each in a class), quoted for SQL. */
export function globLiteral(path: string): string {
  return path.replace(/[[*?]/g, (c) => `[${c}]`).replace(/'/g, "''");
}

/**
 * The SELECT reading `files` as the dataset's table: the catalog's columns first, in its order (NULL
 * of the catalog's type where no file holds one), then columns only the files hold, then `month`.
 * With no file, a query of no rows with the same columns (`union_by_name` needs at least one file, so
 * `fallback` is read with `WHERE false`).
 * @param files the files to read (their `columns` must be known).
 * @param schema the catalog's schema; undefined: the files' own columns only.
 * @param fallback any file of the dataset, read for its columns when `files` is empty.
 */
export function scanSelect(files: readonly ScanFile[], schema: RecordSchema | undefined, fallback?: ScanFile): string {
  const read = fileSpans(files.length > 0 ? files : fallback === undefined ? [] : [fallback]).map((f) => f.file);
  if (read.length === 0) throw new Error("scanSelect: no file to read");
  const keys = new Set(read.map((f) => hiveKeyOf(f.path)));
  // One dataset folder holds one layout (a compaction converts all of it in one commit): Spark and DuckDB refuse mixed hive keys.
  if (keys.size > 1) throw new DataError(`lake: the files of one dataset mix month= and year= folders (${read[0]!.path}); a compaction converts a dataset folder whole`);
  const key = [...keys][0]!;
  const held = new Set<string>();
  const heldOrder: string[] = [];
  for (const f of read) {
    for (const c of f.columns ?? []) {
      if (c === "month" || c === "year" || held.has(c)) continue;
      held.add(c);
      heldOrder.push(c);
    }
  }
  const select: string[] = [];
  const named = new Set<string>();
  for (const field of schema?.fields ?? []) {
    if (named.has(field.name) || field.name === "month") continue;
    named.add(field.name);
    select.push(held.has(field.name) ? quoteIdent(field.name) : `CAST(NULL AS ${DUCK_TYPE[field.type] ?? "VARCHAR"}) AS ${quoteIdent(field.name)}`);
  }
  for (const c of heldOrder) if (!named.has(c)) select.push(quoteIdent(c));
  select.push("month");
  const list = read.map((f) => `'${globLiteral(f.path)}'`).join(", ");
  const where = files.length === 0 ? " WHERE false" : "";
  return `SELECT ${select.join(", ")} FROM read_parquet([${list}], hive_partitioning = true, hive_types = {'${key}': VARCHAR}, union_by_name = true)${where}`;
}

/**
 * `sql` with the one dataset it reads narrowed to the months its WHERE clause allows on the dataset's
 * date column: the view is shadowed by a CTE of the same name over the chosen files. Returns `sql`
 * unchanged when no date bound is found, when the bounds keep every file, or when the query's shape is
 * not the simple one the planner can prove safe: one SELECT of one lake view (an optional alias), no
 * join, subquery, set operation, comment, OR or NOT, and the date column not renamed by an alias.
 */
export function pruneQuery(sql: string, datasets: readonly ScanDataset[]): { sql: string; dataset?: string; files?: number; of?: number } {
  const tokens = tokenize(sql);
  if (tokens === undefined) return { sql };
  const words = tokens.map((t) => (t.kind === "word" ? t.text.toLowerCase() : ""));
  if (words[0] !== "select" || words.filter((w) => w === "select").length !== 1) return { sql };
  if (words.some((w) => w === "union" || w === "intersect" || w === "except" || w === "join" || w === "or" || w === "not" || w === "with")) return { sql };
  const nameOf = (t: Token | undefined): string | undefined => (t === undefined ? undefined : t.kind === "word" ? t.text.toLowerCase() : t.kind === "ident" ? t.text : undefined);
  const refs = tokens.map((t, i) => ({ i, d: datasets.find((d) => d.view === nameOf(t)) })).filter((r) => r.d !== undefined && tokens[r.i + 1]?.text !== ".");
  if (refs.length !== 1) return { sql };
  const { i: at, d } = refs[0]! as { i: number; d: ScanDataset };
  if (d.dateField === undefined || words[at - 1] !== "from") return { sql };
  // After the view: nothing, or an alias, then WHERE or a clause that ends the FROM.
  let j = at + 1;
  let alias: string | undefined;
  if (words[j] === "as") j++;
  const END = new Set(["where", "group", "order", "limit", "having", "qualify", "window", "offset"]);
  if (j < tokens.length && !END.has(words[j]!) && tokens[j]!.text !== ";") {
    alias = nameOf(tokens[j]);
    if (alias === undefined) return { sql };
    j++;
  }
  if (j < tokens.length && !END.has(words[j]!) && tokens[j]!.text !== ";") return { sql };
  // `... AS date_prod` could make the WHERE read another value under the date column's name.
  for (let k = 0; k + 1 < tokens.length; k++) if (words[k] === "as" && nameOf(tokens[k + 1]) === d.dateField) return { sql };
  if (words[j] !== "where") return { sql };
  let end = j + 1;
  let depth = 0;
  for (; end < tokens.length; end++) {
    const t = tokens[end]!.text;
    if (t === "(") depth++;
    else if (t === ")") depth--;
    else if (depth === 0 && (END.has(words[end]!) || t === ";")) break;
  }
  const bounds = boundsOfWhere(tokens.slice(j + 1, end), d, alias);
  if (bounds.min === undefined && bounds.max === undefined) return { sql };
  const chosen = pickFiles(d.files, bounds);
  const of = fileSpans(d.files).length;
  if (chosen.length === of) return { sql };
  return { sql: `WITH ${quoteIdent(d.view)} AS (${scanSelect(chosen, d.schema, d.files[0])}) ${sql}`, dataset: d.view, files: chosen.length, of };
}

interface Token {
  readonly kind: "word" | "ident" | "string" | "number" | "punct";
  readonly text: string;
}

/** SQL as tokens (string literals unquoted), or undefined for text holding a comment or an open quote. */
function tokenize(sql: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "-" && sql[i + 1] === "-") {
      return undefined;
    } else if (c === "/" && sql[i + 1] === "*") {
      return undefined;
    } else if (c === "'" || c === '"') {
      let text = "";
      let k = i + 1;
      for (;;) {
        if (k >= sql.length) return undefined;
        if (sql[k] === c) {
          if (sql[k + 1] === c) {
            text += c;
            k += 2;
            continue;
          }
          break;
        }
        text += sql[k];
        k++;
      }
      out.push({ kind: c === "'" ? "string" : "ident", text });
      i = k + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i))![0];
      out.push({ kind: "word", text: m });
      i += m.length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9][0-9.eE_]*/.exec(sql.slice(i))![0];
      out.push({ kind: "number", text: m });
      i += m.length;
    } else {
      const two = sql.slice(i, i + 2);
      const op = two === ">=" || two === "<=" || two === "<>" || two === "!=" || two === "::" || two === "==" ? two : c;
      out.push({ kind: "punct", text: op });
      i += op.length;
    }
  }
  return out;
}

/** The months a WHERE clause's top-level conjuncts on the date column allow (other conjuncts only narrow). */
function boundsOfWhere(where: readonly Token[], d: ScanDataset, alias: string | undefined): MonthBounds {
  let lo = -Infinity;
  let hi = Infinity;
  const kind = d.dateKind ?? "date";
  const isColumn = (k: number): number => {
    // `date_prod`, `"date_prod"`, `view.date_prod`, `alias.date_prod`: the index after it, or -1.
    const t = where[k];
    const name = t?.kind === "word" ? t.text.toLowerCase() : t?.kind === "ident" ? t.text : undefined;
    if (name === undefined) return -1;
    if (where[k + 1]?.text === ".") {
      const qualifier = name;
      if (qualifier !== d.view && qualifier !== alias) return -1;
      return isColumn(k + 2) === -1 ? -1 : k + 3;
    }
    return name === d.dateField?.toLowerCase() ? k + 1 : -1;
  };
  const literal = (k: number): { value: string; next: number } | undefined => {
    // '2024-01-01', DATE '2024-01-01', TIMESTAMP '...', '2024-01-01'::DATE
    let p = k;
    if (where[p]?.kind === "word" && /^(date|timestamp|timestamptz)$/i.test(where[p]!.text) && where[p + 1]?.kind === "string") p++;
    const t = where[p];
    if (t?.kind !== "string") return undefined;
    p++;
    if (where[p]?.text === "::" && where[p + 1]?.kind === "word") {
      p += 2;
      while (where[p]?.kind === "word" && /^(with|time|zone)$/i.test(where[p]!.text)) p++;
    }
    return { value: t.text, next: p };
  };
  const ends = (k: number): boolean => k >= where.length || where[k]?.kind === "word" && where[k]!.text.toLowerCase() === "and";
  const apply = (op: string, value: string, columnLeft: boolean): void => {
    const flipped = columnLeft ? op : ({ ">": "<", ">=": "<=", "<": ">", "<=": ">=" } as Record<string, string>)[op] ?? op;
    if (flipped === ">" || flipped === ">=" || flipped === "=" || flipped === "==") lo = Math.max(lo, dayOf(value, kind, -1));
    if (flipped === "<" || flipped === "<=" || flipped === "=" || flipped === "==") hi = Math.min(hi, dayOf(value, kind, +1));
  };
  let k = 0;
  while (k < where.length) {
    const col = isColumn(k);
    if (col !== -1 && where[col]?.kind === "word" && where[col]!.text.toLowerCase() === "between") {
      const a = literal(col + 1);
      const b = a !== undefined && where[a.next]?.text.toLowerCase() === "and" ? literal(a.next + 1) : undefined;
      if (a !== undefined && b !== undefined && ends(b.next)) {
        apply(">=", a.value, true);
        apply("<=", b.value, true);
        k = b.next;
      }
    } else if (col !== -1 && /^(>=|<=|>|<|=|==)$/.test(where[col]?.text ?? "")) {
      const v = literal(col + 1);
      if (v !== undefined && ends(v.next)) {
        apply(where[col]!.text, v.value, true);
        k = v.next;
      }
    } else {
      const v = literal(k);
      if (v !== undefined && /^(>=|<=|>|<|=|==)$/.test(where[v.next]?.text ?? "")) {
        const c = isColumn(v.next + 1);
        if (c !== -1 && ends(c)) {
          apply(where[v.next]!.text, v.value, false);
          k = c;
        }
      }
    }
    // On to the next top-level conjunct.
    let depth = 0;
    while (k < where.length) {
      const t = where[k]!.text;
      if (t === "(") depth++;
      else if (t === ")") depth--;
      else if (depth === 0 && where[k]!.kind === "word" && t.toLowerCase() === "and" && !afterBetween(where, k)) {
        k++;
        break;
      }
      k++;
    }
  }
  return { ...(Number.isFinite(lo) ? { min: monthOfDay(lo) } : {}), ...(Number.isFinite(hi) ? { max: monthOfDay(hi) } : {}) };
}

/** Whether the AND at `k` is the one of a `BETWEEN a AND b`. */
function afterBetween(where: readonly Token[], k: number): boolean {
  for (let p = k - 1; p >= 0; p--) {
    const w = where[p]!.kind === "word" ? where[p]!.text.toLowerCase() : "";
    if (w === "and") return false;
    if (w === "between") return true;
  }
  return false;
}

/**
 * The day number a bound names; NaN for text that is not a date. Instants are widened by a day in the
 * bound's direction: a literal without an offset is read by DuckDB in its session time zone.
 */
function dayOf(text: string, kind: "date" | "timestamp", widen: -1 | 1): number {
  const day = toDayNumber(text);
  if (Number.isNaN(day)) return widen < 0 ? -Infinity : Infinity;
  return kind === "timestamp" || text.length > 10 ? day + widen : day;
}

function monthOfDay(day: number): MonthKey {
  return new Date(day * 86_400_000).toISOString().slice(0, 7);
}
