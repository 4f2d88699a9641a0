/**
 * The table every layer views: records with a schema (which holds the units), held as row objects or as
 * columns. Clients return it (as a `Result`), analysis functions compute on it and return it. Its views
 * stand above it and give it their methods when they load: frame/ (`toFrame()`), io/ (`toArrow()`,
 * `toParquet()`, the notebook display); see docs/results-and-frames.md.
 */
import { inspect } from "node:util";
import { DataError, GasframesError } from "../errors";
import { closeNames } from "../util/closest";
import { fieldTypeOf, type Column } from "./column";
import { columnsFromRecords, denseColumnsFromRecords } from "./columns-from-records";
import { COLUMN_SOURCE, RecordColumns } from "./record-columns";
import type { FieldSpec, FieldType, RecordSchema } from "./schema";
import { tableText, type TableDisplayOptions, type TableDisplayView } from "./table-text";
import { MIXED_UNITS, unitForField } from "./units";
import { distinctVolumeUnits } from "./volume-unit";

/** Options of `Table.fromRecords` and `Table.fromColumns`. */
export interface TableOptions {
  /** The record schema: field order, types (used by `toFrame()`) and units. Default none. */
  readonly schema?: RecordSchema;
  /**
   * Units of columns, which take precedence over the schema's and over the units known from field
   * names (`gas_daily` is BCF/day). They are kept in the table's schema (the one place a table holds
   * units): a field named here takes this unit, and a unit for a column the schema does not list adds
   * the data's columns to the schema, typed from their values (a schema named `""` when none was
   * given). Default none.
   */
  readonly units?: Readonly<Record<string, string>>;
}

/** Options of `Table.sortBy`. */
export interface SortOptions {
  /** Largest first; default false. Missing values (null, undefined, NaN) come last either way. */
  readonly descending?: boolean;
}

/** LNG columns measured in the row's `volume_unit` when no schema says otherwise. */
/** The key of `Table#[DISPLAY_VIEW]()`, what the text and notebook displays read of a table. */
export const DISPLAY_VIEW: unique symbol = Symbol("gasframes.tableDisplayView") as never;

const VOLUME_COLUMNS: Readonly<Record<string, string | undefined>> = {
  volume: "volume_unit",
  volume_std: "volume_unit",
  route_score_weighted_volume: "volume_unit",
};

/**
 * Records with their schema and units, held as named columns of equal length (see `Column`).
 *
 * A table made from records (`new Table(rows)`, `Table.fromRecords`) turns them into columns once, when
 * it is made, and keeps the records it was given as its row objects; a table made from columns
 * (`Table.fromColumns`, what the decoders give) builds row objects only when `rows()`, iteration or
 * `toJSON()` first asks for them, and keeps them. Either way the columns are the table's content:
 * changing a row object afterwards does not change `column()`, `toFrame()` or the tables derived from
 * it. Records that cannot be columns (values that are not objects, or records too sparse for columns:
 * a new field in nearly every record) are kept as they are, and read as records.
 *
 * @typeParam R the type of one record (`RigsRecord`); `rows()`, `get()`, `column()` and iteration are
 *   typed by it.
 * @example
 * const table = new Table([{ day: "2025-01-01", mmcf: 12.5 }, { day: "2025-01-02", mmcf: 13.1 }]);
 * table.print();
 * const high = table.filter((r) => r.mmcf > 13).column("day"); // ["2025-01-02"]
 */
export class Table<R = Record<string, unknown>> implements Iterable<R> {
  /** The record schema, where there is one: drives `toFrame()` column types, `names` order and `units`. */
  readonly schema?: RecordSchema;
  /** The columns: the table's content. */
  private readonly held: RecordColumns;
  /** Row objects, once made (or as given). */
  private madeRows: R[] | undefined;
  /** Records that cannot be columns, kept as given (`held` then has no columns). */
  private readonly plain: R[] | undefined;

  /**
   * @param data the records (turned into columns now; the array is kept as the row objects), or the
   *   records as columns.
   * @param options schema and units; default none.
   */
  constructor(data: R[] | RecordColumns, options: TableOptions = {}) {
    if (Array.isArray(data)) {
      const cols = denseColumnsFromRecords(data);
      if (cols === undefined) this.plain = data;
      this.held = cols ?? new RecordColumns([], new Map(), data.length);
      this.madeRows = data;
    } else this.held = data;
    const schema = schemaWithUnits(options.schema, options.units ?? {}, this.plain ?? this.held);
    if (schema !== undefined) this.schema = schema;
  }

  /**
   * A table of records held as columns; row objects are built from them on first use.
   * @param columns the records as columns.
   * @param options schema and units; default none.
   */
  static fromColumns<R = Record<string, unknown>>(columns: RecordColumns, options?: TableOptions): Table<R> {
    return new Table<R>(columns, options);
  }

  /**
   * A table of these records: they are turned into columns once, and the array is kept (not copied) as
   * the table's row objects.
   * @param records the records.
   * @param options schema and units; default none.
   */
  static fromRecords<R = Record<string, unknown>>(records: readonly R[], options?: TableOptions): Table<R> {
    return new Table<R>(records as R[], options);
  }

  /** Number of records. */
  get length(): number {
    return this.held.length;
  }

  /** Whether no row objects have been made (or given) yet: the records are held only as columns. */
  get isColumnar(): boolean {
    return this.madeRows === undefined;
  }

  /**
   * Column names, in order: the schema's fields first (in the schema's order), then any other field
   * of the records, in first-seen order.
   */
  get names(): readonly string[] {
    const names: string[] = [];
    const seen = new Set<string>();
    const add = (name: string): void => {
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
    };
    for (const f of this.schema?.fields ?? []) add(f.name);
    if (this.plain === undefined) for (const name of this.held.names) add(name);
    else for (const r of this.plain) if (r !== null && typeof r === "object") for (const key in r) add(key);
    return names;
  }

  /**
   * The unit of each column that has one (`{ gas_daily: "BCF/day", volume: "gas_Bcf" }`). In order of
   * precedence: units given when the table was made; the schema's; for a measure whose unit is read
   * from another column of the row (`volume` and `volume_unit`), the one unit those rows name
   * (`"mixed"` when they name more than one; `gas_Bcf` and `bcf` are one unit); units known from the
   * field's name. Columns with no known unit are left out.
   */
  get units(): Readonly<Record<string, string>> {
    const out: Record<string, string> = {};
    const fields = this.fieldMap();
    const names = this.names;
    const present = new Set(names);
    for (const name of names) {
      const field = fields.get(name);
      let unit: string | undefined = field?.unit;
      if (unit === undefined) {
        const from: string | undefined = field?.unitField ?? VOLUME_COLUMNS[name];
        if (from !== undefined && present.has(from)) unit = this.unitFromLabels(from);
      }
      unit ??= unitForField(name);
      if (unit !== undefined) out[name] = unit;
    }
    return out;
  }

  /** The records, in order: the array given, or built once from the columns on first call; then the same array. */
  rows(): R[] {
    this.madeRows ??= this.held.toRecords() as unknown as R[];
    return this.madeRows;
  }

  /**
   * Record `i`: the row object where the table has made (or was given) them, else a fresh object built
   * from the columns (rows are not all built for one).
   * @param i the row, from 0 to `length - 1`.
   * @throws DataError when `i` is not an integer in that range.
   */
  get(i: number): R {
    const n = this.length;
    if (!Number.isInteger(i) || i < 0 || i >= n) {
      throw new DataError(`row ${String(i)} is out of range: the table has ${n} row${n === 1 ? "" : "s"}${n > 0 ? ` (0 to ${n - 1})` : ""}`);
    }
    return this.madeRows !== undefined ? this.madeRows[i]! : (this.held.record(i) as unknown as R);
  }

  /**
   * The values of one column, one per record (null where a record has no value).
   * @param name a column name (see `names`).
   * @throws DataError naming the closest column names when the table has no such column.
   */
  column<K extends keyof R & string>(name: K): Array<R[K]> {
    this.requireColumn(name, "column");
    if (this.plain === undefined) return this.held.values(name) as Array<R[K]>;
    const rows = this.plain;
    const out = new Array<R[K]>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as Record<string, unknown> | null;
      const v = r !== null && typeof r === "object" ? r[name] : undefined;
      out[i] = (v === undefined ? null : v) as R[K];
    }
    return out;
  }

  [Symbol.iterator](): Iterator<R> {
    return this.rows()[Symbol.iterator]();
  }

  /**
   * The records for which `pred` is true, in order, as a table with the same schema and units.
   * @param pred called with each record and its index.
   */
  filter(pred: (row: R, i: number) => boolean): Table<R> {
    // A table not yet holding row objects makes them for the predicate only: both tables stay columns.
    const records = this.madeRows ?? (this.held.toRecords() as unknown as R[]);
    const keep: number[] = [];
    for (let i = 0; i < records.length; i++) if (pred(records[i]!, i)) keep.push(i);
    return this.derive(keep);
  }

  /**
   * The records ordered by one or more columns, as a table with the same schema and units. The sort is
   * stable (records with equal keys keep their order) and missing values (null, undefined, NaN) come
   * last in either direction. Numbers compare as numbers, text by code point, false before true;
   * within one column numbers come before text.
   * @param keys a column name, or names compared in turn.
   * @param options `descending`; default ascending.
   * @throws DataError naming the closest column names for a name the table does not have.
   */
  sortBy(keys: (keyof R & string) | readonly (keyof R & string)[], options: SortOptions = {}): Table<R> {
    const list: readonly string[] = typeof keys === "string" ? [keys] : keys;
    for (const k of list) this.requireColumn(k, "sortBy");
    const sign = options.descending === true ? -1 : 1;
    const cols = list.map((k) => this.sortColumn(k));
    const order = Array.from({ length: this.length }, (_, i) => i);
    order.sort((a, b) => {
      for (const col of cols) {
        const c = compareCells(col[a], col[b], sign);
        if (c !== 0) return c;
      }
      return 0;
    });
    return this.derive(order);
  }

  /**
   * These columns only, in this order, as a table that keeps their units (and their schema fields).
   * @param names column names.
   * @throws DataError naming the closest column names for a name the table does not have.
   */
  select<K extends keyof R & string>(...names: K[]): Table<Pick<R, K>> {
    for (const name of names) this.requireColumn(name, "select");
    const units = this.units;
    const kept: Record<string, string> = {};
    for (const name of names) if (units[name] !== undefined) kept[name] = units[name];
    const options: TableOptions = { units: kept };
    if (this.schema !== undefined) {
      const fields = this.fieldMap();
      const schema: RecordSchema = { name: this.schema.name, fields: names.flatMap((n) => (fields.has(n) ? [fields.get(n)!] : [])) };
      Object.assign(options, { schema });
    }
    if (this.plain === undefined) return new Table<Pick<R, K>>(this.held.select(names), options);
    const rows = this.plain.map((r) => {
      const out: Record<string, unknown> = {};
      const rec = r as Record<string, unknown>;
      for (const name of names) {
        if (rec !== null && typeof rec === "object" && Object.prototype.hasOwnProperty.call(rec, name)) {
          Object.defineProperty(out, name, { value: rec[name], enumerable: true, writable: true, configurable: true });
        }
      }
      return out as Pick<R, K>;
    });
    return new Table<Pick<R, K>>(rows, options);
  }

  /**
   * The records as columns (numbers in Float64Arrays, strings dictionary-coded): the table's own, not
   * a copy (they must not be changed). Records that cannot be columns are built into columns (and not
   * kept) where they are objects.
   */
  columns(): RecordColumns {
    if (this.plain === undefined) return this.held;
    return columnsFromRecords(this.plain) ?? columnsFromRecords([])!;
  }

  /**
   * One column of the table (see `Column`: `length`, `type`, `at(i)`, and the arrays by `kind`), or
   * undefined when the table has no such column.
   * @param name a column name.
   */
  columnOf(name: string): Column | undefined {
    return this.columns().columns.get(name);
  }

  /** The records as columns, for the frame, analysis and chart functions (see `COLUMN_SOURCE`). */
  [COLUMN_SOURCE](): RecordColumns {
    return this.columns();
  }

  /** What the text and notebook displays read of the table (see `tableText`). */
  [DISPLAY_VIEW](): TableDisplayView {
    const plain = this.plain;
    const cols = this.held;
    const types = new Map<string, FieldType>();
    for (const f of this.schema?.fields ?? []) if (!types.has(f.name)) types.set(f.name, f.type);
    return {
      ...(this.schema === undefined ? {} : { title: this.schema.name }),
      names: this.names,
      length: this.length,
      units: this.units,
      types,
      valueAt: (name, i) => (plain === undefined ? cols.valueAt(name, i) : (plain[i] as Record<string, unknown> | null)?.[name]),
    };
  }

  /**
   * The table as aligned text: column names, a line of types and units, the first and last rows of a
   * long table around a `…` row, columns in the middle of a wide table left out, and the shape
   * `(rows × columns)`. Numbers are rounded for reading and instants shown as the date codec's display
   * form; the data are not changed.
   * @param options `rows` shown (default 10) and line `width` (default 120).
   */
  toText(options: TableDisplayOptions = {}): string {
    return tableText(this[DISPLAY_VIEW](), options);
  }

  /**
   * Prints the table to standard output as `toText` shows it.
   * @param rows rows shown: all when the table has at most this many, else the first and last half; default 10.
   */
  print(rows = 10): void {
    process.stdout.write(`${this.toText({ rows })}\n`);
  }

  /** `console.log(table)` and the Node REPL show the table as `toText()` does (ten rows at most). */
  [inspect.custom](): string {
    return this.toText();
  }

  /** JSON form: the records. */
  toJSON(): unknown {
    return this.rows();
  }

  /**
   * The table of the records at `order` (each a row index), with this table's schema and units: its
   * columns taken from this table's, and the row objects this table has made shared with it.
   */
  private derive(order: readonly number[]): Table<R> {
    const options: TableOptions = this.schema === undefined ? {} : { schema: this.schema };
    const rows = this.madeRows === undefined ? undefined : order.map((i) => this.madeRows![i]!);
    if (this.plain !== undefined) return new Table<R>(rows!, options);
    const out = new Table<R>(this.held.take(order), options);
    out.madeRows = rows;
    return out;
  }

  private fieldMap(): Map<string, FieldSpec> {
    const fields = new Map<string, FieldSpec>();
    for (const f of this.schema?.fields ?? []) if (!fields.has(f.name)) fields.set(f.name, f);
    return fields;
  }

  /** Whether the table has this column, without listing every name of a table held as records. */
  private hasColumn(name: string): boolean {
    if (this.schema?.fields.some((f) => f.name === name) === true) return true;
    if (this.plain === undefined) return this.held.columns.has(name);
    for (const r of this.plain) if (r !== null && typeof r === "object" && Object.prototype.hasOwnProperty.call(r, name)) return true;
    return false;
  }

  private requireColumn(name: unknown, method: string): void {
    if (typeof name === "string" && this.hasColumn(name)) return;
    const names = this.names;
    const close = typeof name === "string" ? closeNames(name, names) : [];
    const hint = close.length > 0 ? ` (did you mean ${close.map((c) => `"${c}"`).join(" or ")}?)` : "";
    const shown = names.length > 12 ? `${names.slice(0, 12).join(", ")}, ... (${names.length} in all)` : names.join(", ");
    throw new DataError(`${method}: the table has no column ${JSON.stringify(name) ?? String(name)}${hint}; its columns: ${shown || "(none)"}`);
  }

  /** A column's values for comparing: a Float64Array for numbers held as columns, else plain values. */
  private sortColumn(name: string): ArrayLike<unknown> {
    if (this.plain === undefined) return this.held.numbers(name) ?? this.held.values(name);
    return this.column(name as keyof R & string);
  }

  /** The one unit the labels of column `from` name, `"mixed"` for several, undefined for none. */
  private unitFromLabels(from: string): string | undefined {
    let labels: Iterable<unknown>;
    const coded = this.plain === undefined ? this.held.coded(from) : undefined;
    if (coded !== undefined) labels = coded.dict;
    else labels = this.column(from as keyof R & string);
    const units = distinctVolumeUnits(labels);
    return units.length === 1 ? units[0] : units.length > 1 ? MIXED_UNITS : undefined;
  }
}

// The views' methods until the view's module loads (importing gasframes loads them all): code that
// imports the table alone gets an error that says what to load, not "toFrame is not a function".
for (const [method, view] of [["toFrame", "frame"], ["toArrow", "io"], ["toParquet", "io"]] as const) {
  Object.defineProperty(Table.prototype, method, {
    value(): never {
      throw new GasframesError(`table.${method}() comes from gasframes' ${view} view, which is not loaded: import from "gasframes" (or load src/${view})`);
    },
    writable: true,
    configurable: true,
  });
}

/**
 * Gives a table these units, in its schema (the one place a table holds units), and returns it: what
 * `withUnits(table, units)` does. Tables derived from it before keep their own schema.
 * @param table the table.
 * @param units column name -> unit.
 */
export function withTableUnits<T extends Table<unknown>>(table: T, units: Readonly<Record<string, string>>): T {
  const schema = schemaWithUnits(table.schema, units, table.columns());
  if (schema !== undefined) (table as { schema?: RecordSchema }).schema = schema;
  return table;
}

/**
 * The schema that holds the table's units: a field named in `units` takes that unit. A unit for a column
 * the schema does not list adds every other column of the data to the schema too (after its fields, in
 * the data's order, typed from their values), so that `names` keeps its order. Without units, the schema
 * as given.
 */
function schemaWithUnits(schema: RecordSchema | undefined, units: Readonly<Record<string, string>>, data: readonly unknown[] | RecordColumns): RecordSchema | undefined {
  const given = Object.keys(units);
  if (given.length === 0) return schema;
  const fields = (schema?.fields ?? []).map((f) => (Object.prototype.hasOwnProperty.call(units, f.name) ? { ...f, unit: units[f.name]! } : f));
  const listed = new Set(fields.map((f) => f.name));
  if (given.some((name) => !listed.has(name))) {
    const columns = Array.isArray(data) ? columnsFromRecords(data as readonly Record<string, unknown>[]) : (data as RecordColumns);
    for (const name of columns?.names ?? []) {
      if (listed.has(name)) continue;
      listed.add(name);
      const type = Array.isArray(data) ? fieldTypeOf(columns!.valuesView(name)) : columns!.columns.get(name)!.type;
      fields.push(Object.prototype.hasOwnProperty.call(units, name) ? { name, type, unit: units[name]! } : { name, type });
    }
  }
  return { name: schema?.name ?? "", fields };
}

/** Missing: null, undefined or NaN. */
function isMissing(v: unknown): boolean {
  return v === null || v === undefined || v !== v;
}

function rank(v: unknown): number {
  switch (typeof v) {
    case "number":
    case "bigint":
      return 0;
    case "string":
      return 1;
    case "boolean":
      return 2;
    default:
      return 3;
  }
}

/** Compares two cells: missing last whatever `sign`, present values ordered by `sign` (1 or -1). */
function compareCells(a: unknown, b: unknown, sign: number): number {
  const ma = isMissing(a);
  const mb = isMissing(b);
  if (ma || mb) return ma === mb ? 0 : ma ? 1 : -1;
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return (ra - rb) * sign;
  let c: number;
  if (ra === 3) {
    const ja = JSON.stringify(a) ?? "";
    const jb = JSON.stringify(b) ?? "";
    c = ja < jb ? -1 : ja > jb ? 1 : 0;
  } else c = (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  return c * sign;
}
